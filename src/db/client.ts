import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema/index.js'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Anything queries can run on: the database or an open transaction. */
export type Conn = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The embedded instance (PGlite only): the job queue talks to it directly. */
  pglite?: PGlite
  /** The connection string (PostgreSQL only): the job queue opens its own small pool. */
  url?: string
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>
  migrate(): Promise<void>
  close(): Promise<void>
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle')

const casing = 'snake_case' as const

/**
 * `queryTimeoutMs` bounds every query of the pool on the client side: a database that silently stops
 * answering (a network partition) then fails the request with 503 instead of holding it forever.
 * Migrations run on a connection of their own without it (waiting for another instance's lock is fine).
 */
export function postgresDatabase(url: string, poolSize = 10, queryTimeoutMs = 30_000): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    query_timeout: queryTimeoutMs,
  })
  // A dropped connection must not crash the process; the next query reports it.
  pool.on('error', () => {})
  const db = drizzlePg(pool, { schema, casing }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    url,
    async ping() {
      await pool.query('select 1')
    },
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
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

export function pgliteDatabase(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema, casing }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async ping() {
      await client.query('select 1')
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { casing }), { migrationsFolder })
    },
    async close() {
      await client.close()
      onClose?.()
    },
  }
}

/**
 * Two processes on one PGlite data folder corrupt it, so the folder is locked by a file holding
 * the owner's pid. A lock left by a process that no longer runs is taken over.
 */
function lockDataFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true })
  const lockFile = join(dir, 'bursa.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx')
      writeFileSync(fd, String(process.pid))
      closeSync(fd)
      return () => {
        try {
          unlinkSync(lockFile)
        } catch {}
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number(readFileSync(lockFile, 'utf8'))
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${pid}. Stop it first, or use DATABASE_URL to share a PostgreSQL server between processes.`,
        )
      }
      unlinkSync(lockFile)
    }
  }
  throw new Error(`Could not lock ${lockFile}`)
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export async function openDatabase(opts: {
  databaseUrl: string | null
  dataDir: string
  poolSize?: number
  queryTimeoutMs?: number
}) {
  if (opts.databaseUrl) return postgresDatabase(opts.databaseUrl, opts.poolSize, opts.queryTimeoutMs)
  const dir = resolve(opts.dataDir, 'db')
  const unlock = lockDataFolder(resolve(opts.dataDir))
  try {
    const fresh = !existsSync(join(dir, 'PG_VERSION'))
    if (fresh) mkdirSync(dir, { recursive: true })
    const client = await PGlite.create(dir)
    return pgliteDatabase(client, unlock)
  } catch (err) {
    unlock()
    throw err
  }
}

export { schema, sql }
