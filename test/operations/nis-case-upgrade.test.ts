import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/client.js'
import { students } from '../../src/db/schema/index.js'
import { useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'

/**
 * Migration 0032 stores NIS in capitals (a school's NIS is one identity whatever its case; the service keeps them
 * so from then on). A database that already holds two learners whose NIS differ only in case must upgrade all the
 * same: those stay as they are, for staff to find and merge (docs/operations.md, "NIS that differ only in case").
 */
const t = useTestApp()

async function runMigrationAgain() {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
  const m = journal.entries.find((e: { tag: string }) => e.tag === '0032_nis_case')
  await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${m.when}`)
  await t.database.migrate()
}

const nisOf = async (ids: number[]) =>
  (await t.db.select({ id: students.id, nis: students.nis }).from(students).where(inArray(students.id, ids)))
    .sort((a, b) => a.id - b.id)
    .map((r) => r.nis)

describe('upgrading to migration 0032', () => {
  it('puts lone NIS in capitals and leaves those that differ only in case, which staff then find', async () => {
    const learner = async (nis: string) => (await aStudent(t, { account: false, values: { nis } })).studentId
    const lone = await learner('2223/tkj/001')
    const digits = await learner('2223101002')
    const pair = [await learner('2223/tkj/002'), await learner('2223/TKJ/002')]
    const noCapitals = [await learner('2223/akl/003'), await learner('2223/Akl/003')]

    await runMigrationAgain()

    expect(await nisOf([lone, digits])).toEqual(['2223/TKJ/001', '2223101002'])
    expect(await nisOf(pair)).toEqual(['2223/tkj/002', '2223/TKJ/002'])
    expect(await nisOf(noCapitals)).toEqual(['2223/akl/003', '2223/Akl/003'])

    // docs/operations.md: the statement that lists them.
    const found = (await t.db.execute(sql`
      select upper(nis) as nis, string_agg(id || ' ' || nis, ', ' order by id) as learners
      from students group by upper(nis) having count(*) > 1 order by 1`)) as unknown as {
      rows: { nis: string; learners: string }[]
    }
    expect(found.rows).toEqual([
      { nis: '2223/AKL/003', learners: `${noCapitals[0]} 2223/akl/003, ${noCapitals[1]} 2223/Akl/003` },
      { nis: '2223/TKJ/002', learners: `${pair[0]} 2223/tkj/002, ${pair[1]} 2223/TKJ/002` },
    ])

    // One of a pair deleted (merged): the other is put in capitals by the migration run again (as by its next save).
    await t.db.delete(students).where(inArray(students.id, [noCapitals[1]]))
    await runMigrationAgain()
    expect(await nisOf([noCapitals[0]])).toEqual(['2223/AKL/003'])
  })
})
