import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { postgresDatabase } from '../../src/db/client.js'
import { executeNamed } from '../../src/db/prepared.js'
import { departments } from '../../src/db/schema/index.js'
import { copyOfTemplate } from '../support/databases.js'

/**
 * `executeNamed` (src/db/prepared.ts): a statement built per call, sent as a named prepared statement
 * named by its text, so PostgreSQL parses and plans it once per connection. On a pool of one
 * connection, `pg_prepared_statements` shows what that connection holds.
 */
describe('executeNamed', () => {
  let copy: Awaited<ReturnType<typeof copyOfTemplate>>
  let database: ReturnType<typeof postgresDatabase>
  beforeAll(async () => {
    copy = await copyOfTemplate(inject('dbServer'))
    database = postgresDatabase(copy.url, { poolSize: 1, queryTimeoutMs: 5_000 })
  })
  afterAll(async () => {
    await database?.close()
    await copy?.drop()
  })

  const held = async () =>
    (
      (await database.db.execute(
        sql`select name, statement from pg_prepared_statements where name like 'probe%' order by statement`,
      )) as unknown as { rows: { name: string; statement: string }[] }
    ).rows

  const insert = (code: string, name: string, suffix: string) =>
    sql`insert into ${departments} (code, name) values (${code}, concat(${name}::text, ${sql.raw(`'${suffix}'`)}))`

  it('runs the statement, prepares one per text and reuses it, in and out of a transaction', async () => {
    await executeNamed(database.db, 'probe', insert('P1', 'Satu', ''))
    await database.db.transaction(async (tx) => {
      await executeNamed(tx, 'probe', insert('P2', 'Dua', ''))
    })
    await executeNamed(database.db, 'probe', insert('P3', 'Tiga', ' (lain)'))

    const stored = await database.db
      .select({ code: departments.code, name: departments.name })
      .from(departments)
    expect(stored.filter((d) => d.code.startsWith('P'))).toEqual([
      { code: 'P1', name: 'Satu' },
      { code: 'P2', name: 'Dua' },
      { code: 'P3', name: 'Tiga (lain)' },
    ])
    // Two texts, two statements on the one connection: the second call of the first text reused its own.
    const statements = await held()
    expect(statements).toHaveLength(2)
    expect(statements.map((s) => s.name).every((n) => /^probe_[\w-]{16}$/.test(n))).toBe(true)
    expect(statements[0]?.statement).toContain('insert into "departments" (code, name)')
  })

  it('answers an error as the unnamed statement would; in a transaction the connection keeps its statements', async () => {
    await executeNamed(database.db, 'probe', insert('Q1', 'Sekali', ''))
    const before = await held()
    // In a transaction, as the service runs it: the error rolls it back, and the connection keeps its
    // statements (a failed query outside one makes the pool drop its connection, named or not).
    await expect(
      database.db.transaction(async (tx) => {
        await executeNamed(tx, 'probe', insert('Q1', 'Dua kali', ''))
      }),
    ).rejects.toThrow(/duplicate key/)
    expect(await held()).toEqual(before)
    const stored = await database.db.select({ name: departments.name }).from(departments)
    expect(stored.filter((d) => d.name === 'Sekali' || d.name === 'Dua kali')).toEqual([{ name: 'Sekali' }])
  })
})
