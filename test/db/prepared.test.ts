import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { postgresDatabase } from '../../src/db/client.js'
import { preparedByKey } from '../../src/db/prepared.js'
import { departments } from '../../src/db/schema/index.js'
import { copyOfTemplate } from '../support/databases.js'

/**
 * `preparedByKey` (src/db/prepared.ts): a statement built once per key (a template's wording, say), with
 * placeholders filled per call, sent as a named prepared statement named by its text, so PostgreSQL
 * parses and plans it once per connection. On a pool of one connection, `pg_prepared_statements` shows
 * what that connection holds.
 */
describe('preparedByKey', () => {
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

  /** One statement per suffix: the suffix is written into the text, code and name are placeholders. */
  const builds: string[] = []
  const insert = preparedByKey<string, { code: string; name: string }>(
    'probe',
    (suffix) => suffix,
    (suffix) => {
      builds.push(suffix)
      return sql`insert into ${departments} (code, name)
        values (${sql.placeholder('code')}, concat(${sql.placeholder('name')}::text, ${sql.raw(`'${suffix}'`)}))
        returning code, name`
    },
  )

  it('builds once per key, prepares one statement per text and reuses it, in and out of a transaction; answers the rows', async () => {
    expect(await insert(database.db, '', { code: 'P1', name: 'Satu' })).toEqual([
      { code: 'P1', name: 'Satu' },
    ])
    await database.db.transaction(async (tx) => {
      await insert(tx, '', { code: 'P2', name: 'Dua' })
    })
    await insert(database.db, ' (lain)', { code: 'P3', name: 'Tiga' })

    const stored = await database.db
      .select({ code: departments.code, name: departments.name })
      .from(departments)
    expect(stored.filter((d) => d.code.startsWith('P'))).toEqual([
      { code: 'P1', name: 'Satu' },
      { code: 'P2', name: 'Dua' },
      { code: 'P3', name: 'Tiga (lain)' },
    ])
    expect(builds).toEqual(['', ' (lain)'])
    // Two texts, two statements on the one connection: the second call of the first text reused its own.
    const statements = await held()
    expect(statements).toHaveLength(2)
    expect(statements.map((s) => s.name).every((n) => /^probe_[\w-]{16}$/.test(n))).toBe(true)
    expect(statements[0]?.statement).toContain('insert into "departments" (code, name)')
  })

  it('answers an error as the unnamed statement would; in a transaction the connection keeps its statements', async () => {
    await insert(database.db, '', { code: 'Q1', name: 'Sekali' })
    const before = await held()
    // In a transaction, as the service runs it: the error rolls it back, and the connection keeps its
    // statements (a failed query outside one makes the pool drop its connection, named or not).
    await expect(
      database.db.transaction(async (tx) => {
        await insert(tx, '', { code: 'Q1', name: 'Dua kali' })
      }),
    ).rejects.toThrow(/duplicate key/)
    expect(await held()).toEqual(before)
    const stored = await database.db.select({ name: departments.name }).from(departments)
    expect(stored.filter((d) => d.name === 'Sekali' || d.name === 'Dua kali')).toEqual([{ name: 'Sekali' }])
  })

  it('keeps the last `keep` keys: a key let go is built again when it comes back, and runs as before', async () => {
    const built: string[] = []
    const select = preparedByKey<string, { label: string }>(
      'probe_kept',
      (label) => label,
      (label) => {
        built.push(label)
        return sql`select concat(${sql.raw(`'${label}'`)}, ${sql.placeholder('n')}::text) as label`
      },
      2,
    )
    for (const [label, n] of [
      ['a', 1],
      ['b', 2],
      ['a', 3],
      ['c', 4],
      ['b', 5],
      ['a', 6],
    ] as const)
      expect(await select(database.db, label, { n })).toEqual([{ label: `${label}${n}` }])
    // a and b kept; c lets a go (the first built); b is still kept; a is built again.
    expect(built).toEqual(['a', 'b', 'c', 'a'])
  })
})
