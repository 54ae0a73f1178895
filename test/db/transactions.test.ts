import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { postgresDatabase } from '../../src/db/client.js'
import { copyOfTemplate } from '../support/databases.js'

/**
 * The pool under every transaction (src/db/client.ts, over drizzle's node-postgres session, patched in
 * patches/drizzle-orm+*.patch). A transaction that cannot start, or whose rollback fails, must not keep
 * or poison a connection: with a pool of one, the next query would wait forever, and the service's stop
 * (which waits for every connection to come back) would hang. That is how a service that had restarted
 * its embedded PostgreSQL once failed to stop within 25 s.
 */
describe('transactions on the pool', () => {
  let copy: Awaited<ReturnType<typeof copyOfTemplate>>
  beforeAll(async () => {
    copy = await copyOfTemplate(inject('dbServer'))
  })
  afterAll(async () => {
    await copy?.drop()
  })

  const poolOf = (db: unknown) => (db as { $client: pg.Pool }).$client
  const one = async <T>(database: ReturnType<typeof postgresDatabase>, query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]

  it('gives the connection back when BEGIN fails, so the next query runs and the pool closes', async () => {
    const database = postgresDatabase(copy.url, { poolSize: 1, queryTimeoutMs: 5_000 })
    try {
      // A connection that refuses BEGIN: left inside an aborted transaction. It stands in for one whose
      // server went away between checkout and BEGIN (a restarted database), which no test can time.
      const client = await poolOf(database.db).connect()
      await client.query('begin')
      await client.query('select 1/0').catch(() => {})
      client.release()

      await expect(database.db.transaction(async () => 'never')).rejects.toThrow(/begin/)
      expect(await one(database, sql`select 42 as answer`)).toEqual({ answer: 42 })
    } finally {
      await database.close()
    }
  })

  it('drops a connection whose rollback failed (a query timed out on the client) instead of reusing it, and reports the first error', async () => {
    const database = postgresDatabase(copy.url, { poolSize: 1, queryTimeoutMs: 300 })
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(1)`)
        }),
      ).rejects.toThrow(/pg_sleep/)
      expect(await one(database, sql`select 42 as answer`)).toEqual({ answer: 42 })
    } finally {
      await database.close()
    }
  })

  it('keeps the connection after an ordinary rollback (a refused change costs no reconnect)', async () => {
    const database = postgresDatabase(copy.url, { poolSize: 1, queryTimeoutMs: 5_000 })
    try {
      const pid = () => one<{ pid: number }>(database, sql`select pg_backend_pid() as pid`)
      const before = await pid()
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`)
          throw new Error('refused by a rule')
        }),
      ).rejects.toThrow('refused by a rule')
      expect(await pid()).toEqual(before)
    } finally {
      await database.close()
    }
  })
})
