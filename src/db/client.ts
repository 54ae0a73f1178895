import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { type PgDatabase, type PgQueryResultHKT, QueryBuilder } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { type EmbeddedOptions, type EmbeddedServer, runningServerUrl, startEmbedded } from './embedded.js'
import * as schema from './schema/index.js'
import { connectionOptions, DEFAULT_SCHOOL_TIME_ZONE } from './school-day.js'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Anything queries can run on: the database or an open transaction. */
export type Conn = Db | Tx

export interface Database {
  db: Db
  /** `embedded`: the PostgreSQL this process started under DATA_DIR; `postgres`: DATABASE_URL's server. */
  kind: 'embedded' | 'postgres'
  /** The embedded server (embedded only). */
  server?: EmbeddedServer
  /** The pool `db` runs on, for a library that takes node-postgres itself (the shared rate limits). */
  pool: pg.Pool
  /** The connection string: the job queue opens its own small pool on it. */
  url: string
  /** The school's time zone every connection of the pool carries: the date rules in SQL follow it. */
  schoolTimeZone: string
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>
  migrate(): Promise<void>
  close(): Promise<void>
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle')

const casing = 'snake_case' as const

/** Builds statements without a connection (once per process: `preparedByKey`), with the pool's casing. */
export const queryBuilder = new QueryBuilder({ casing })

export interface PoolOptions {
  poolSize?: number
  /**
   * Bounds every query of the pool on the client side: a database that silently stops answering (a
   * network partition) then fails the request with 503 instead of holding it forever. Migrations run on a
   * connection of their own without it (waiting for another instance's lock is fine).
   */
  queryTimeoutMs?: number
  /** `SCHOOL_TIME_ZONE`: each connection starts with it (src/db/school-day.ts). */
  schoolTimeZone?: string
}

export function postgresDatabase(
  url: string,
  { poolSize = 10, queryTimeoutMs = 30_000, schoolTimeZone = DEFAULT_SCHOOL_TIME_ZONE }: PoolOptions = {},
): Database {
  const pool = new pg.Pool({
    ...withOptions(url, connectionOptions(schoolTimeZone)),
    max: poolSize,
    connectionTimeoutMillis: 5000,
    query_timeout: queryTimeoutMs,
  })
  // A dropped connection must not crash the process; the next query reports it. The pool listens for
  // errors on idle clients only: a client checked out (a transaction between two statements) that loses
  // its server (a restart, the embedded postmaster killed) would emit an unhandled 'error' and end the
  // process. Such a client is no longer queryable and is discarded when released.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = drizzlePg(pool, { schema, casing }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    pool,
    url,
    schoolTimeZone,
    async ping() {
      await pool.query('select 1')
    },
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it. In the school's zone, as
      // every connection: a migration that fills in a day reads it (0016).
      const client = new pg.Client({
        ...withOptions(url, connectionOptions(schoolTimeZone)),
        connectionTimeoutMillis: 5000,
      })
      await client.connect()
      try {
        await client.query('select pg_advisory_lock(7261001)')
        await migratePg(drizzlePg(client, { casing }), { migrationsFolder })
      } finally {
        await client.query('select pg_advisory_unlock(7261001)').catch(() => {})
        await client.end()
      }
    },
    async close() {
      await pool.end()
    },
  }
}

/**
 * A connection string with startup `options` added. node-postgres lets the string's own `options`
 * parameter override the pool's, so when it has one, ours are appended to it there.
 */
export function withOptions(url: string, options: string): pg.PoolConfig {
  const u = URL.canParse(url) ? new URL(url) : null
  const own = u?.searchParams.get('options')
  if (!u || !own) return { connectionString: url, options }
  u.searchParams.set('options', `${own} ${options}`)
  return { connectionString: u.toString() }
}

/**
 * `DATABASE_URL` set: that PostgreSQL server. Empty: the embedded PostgreSQL under `DATA_DIR` (started
 * here, stopped by `close()` after the pool).
 */
export async function openDatabase(
  opts: PoolOptions & {
    databaseUrl: string | null
    dataDir: string
    log?: EmbeddedOptions['onLog']
  },
): Promise<Database> {
  if (opts.databaseUrl) return postgresDatabase(opts.databaseUrl, opts)
  const server = await startEmbedded({
    dataDir: opts.dataDir,
    onLog: opts.log,
    onCrash: (code, signal) =>
      opts.log?.('error', `PostgreSQL exited unexpectedly (code ${code}, signal ${signal}); restarting it`),
  })
  const database = postgresDatabase(server.url(), opts)
  const close = database.close
  return {
    ...database,
    kind: 'embedded',
    server,
    async close() {
      await close()
      await server.stop()
    },
  }
}

/**
 * The database an operator's script works on (create-admin, disable-demo): `DATABASE_URL`'s server; else the
 * embedded server of the service running on `DATA_DIR`, through its socket as `npm run backup` does, so the
 * school's service keeps running; else the embedded server, started here. `running`: the service's own server,
 * which it migrated when it started (the script leaves the schema to it). With `existing`, a `DATA_DIR` that
 * holds no embedded database (a command pasted without `DATA_DIR`, a typo) is refused with its path, and
 * nothing is made there.
 */
export async function openForScript(
  opts: PoolOptions & { databaseUrl: string | null; dataDir: string; existing?: boolean },
): Promise<{ database: Database; running: boolean; where: string }> {
  if (opts.databaseUrl)
    return { database: postgresDatabase(opts.databaseUrl, opts), running: false, where: 'PostgreSQL' }
  const url = runningServerUrl(opts.dataDir)
  if (url)
    return {
      database: { ...postgresDatabase(url, opts), kind: 'embedded' },
      running: true,
      where: `the embedded PostgreSQL of the running service (${resolve(opts.dataDir)}/pg)`,
    }
  if (opts.existing && !existsSync(join(opts.dataDir, 'pg', 'PG_VERSION')))
    throw new Error(
      `there is no bursa data in DATA_DIR=${resolve(opts.dataDir)} (no embedded database in its pg folder). Set DATA_DIR to the service's data folder, or DATABASE_URL to its PostgreSQL.`,
    )
  return {
    database: await openDatabase(opts),
    running: false,
    where: `the embedded PostgreSQL (${resolve(opts.dataDir)}/pg)`,
  }
}

export { schema, sql }
