import { lt } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import ipaddr from 'ipaddr.js'
import type pg from 'pg'
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import type { Conn } from '../db/client.js'
import { rateLimits } from '../db/schema/index.js'
import { AppError } from './errors.js'
import { type Msg, msg } from './i18n.js'

/**
 * Where every rate limit of the service counts (`RATE_LIMIT_STORE`): in this instance's memory, or in the
 * database's `rate_limits` table, where every instance on the database sees the same counters and a
 * restart forgets none.
 */
export type RateLimitStore = { kind: 'memory' } | { kind: 'database'; pool: pg.Pool }

export type Limiter = RateLimiterAbstract

export interface LimitOptions {
  /** Names the limit: keys are `<keyPrefix>:<key>`. */
  keyPrefix: string
  points: number
  /** The window, in seconds, opened by the first point counted. */
  duration: number
}

/** One limit in the service's store. Every limit of the service is made here. */
export function limiter(store: RateLimitStore, opts: LimitOptions): Limiter {
  if (store.kind === 'memory') return new RateLimiterMemory(opts)
  return new RateLimiterPostgres({
    ...opts,
    storeClient: store.pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    // The table comes from the migrations; expired rows go in the service's own sweep (`sweepRateLimits`),
    // not in a timer per limit that outlives the app.
    tableCreated: true,
    clearExpiredByTimeout: false,
  })
}

/**
 * Deletes the rows whose window closed over an hour ago. A closed window's row is dead already (the key's
 * next request starts a new one over it); the hour leaves room for instances whose clocks differ.
 */
export async function sweepRateLimits(conn: Conn) {
  await conn.delete(rateLimits).where(lt(rateLimits.expire, Date.now() - 3600_000))
}

/**
 * What a limiter rejected with, when it is the limit: the store's own failures (the database unreachable)
 * are thrown on, to be answered as such, never taken for "too many".
 */
export function limitReached(err: unknown): RateLimiterRes {
  if (err instanceof RateLimiterRes) return err
  throw err
}

/**
 * The 429 of a limit reached, in the envelope with `Retry-After` (whole seconds, at least 1), its message
 * told those seconds; a store failure is thrown on as it is (`limitReached`). Every limit refuses through it.
 */
export function tooManyRequests(err: unknown, message: (seconds: number) => Msg): never {
  const seconds = Math.max(1, Math.ceil(limitReached(err).msBeforeNext / 1000))
  throw new AppError(429, message(seconds), undefined, { retryAfter: seconds })
}

/**
 * A per-account limit for one kind of request (applying, uploading), in the app's store. Use as the route's
 * `preHandler`: over the limit the route answers 429 in the envelope with `Retry-After`.
 */
export function perAccount(app: FastifyInstance, name: string, points: number, windowSeconds: number) {
  const limit = limiter(app.rateLimits, { keyPrefix: name, points, duration: windowSeconds })
  return async (req: FastifyRequest) => {
    try {
      await limit.consume(String(req.user.id))
    } catch (err) {
      tooManyRequests(err, (seconds) =>
        msg(
          `Terlalu banyak permintaan. Coba lagi dalam ${seconds} detik.`,
          `Too many requests. Try again in ${seconds} seconds.`,
        ),
      )
    }
  }
}

/**
 * The client a per-address limit counts: its IPv4 address (an IPv4-mapped IPv6 one read as such), or the /64
 * network of an IPv6 one. One home or mobile connection gets a whole /64 (2^64 addresses), so counting full
 * IPv6 addresses let one machine send any number of registrations or password guesses, a new address each.
 */
export function clientOf(req: FastifyRequest): string {
  if (!ipaddr.isValid(req.ip)) return req.ip
  const address = ipaddr.process(req.ip)
  if (address.kind() === 'ipv4') return address.toString()
  const bytes = address.toByteArray().slice(0, 8)
  return `${ipaddr.fromByteArray([...bytes, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`
}
