import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * The rate limits' counters when `RATE_LIMIT_STORE=database` (src/http/rate-limit.ts): one row per limit and
 * key (`login-email-ip:ani@example.com 203.0.113.7`), in the shape rate-limiter-flexible's PostgreSQL store
 * reads and writes. Unlogged (migration 0010): counters need no WAL and no fsync; after a crash of the
 * database they start again from zero, as an instance's memory does after a restart.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  points: integer().notNull().default(0),
  /** Milliseconds since the epoch, by the clock of the instance that opened the window. */
  expire: bigint({ mode: 'number' }),
})
