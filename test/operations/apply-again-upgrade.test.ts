import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/client.js'
import { applications } from '../../src/db/schema/index.js'
import { useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { anApplication, anApplicationEvent } from '../support/builders/applications.js'

/**
 * Migration 0033 marks the applications the school withdrew (`withdrawn_by_school`: the learner was recorded as
 * having left school, "Keluar/Mutasi") so they no longer bar a new application to the same vacancy. Those
 * withdrawn so before the upgrade are told by their timeline row's note; one the learner withdrew herself is not.
 */
const t = useTestApp()

async function runMigrationAgain() {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
  const m = journal.entries.find((e: { tag: string }) => e.tag === '0033_apply_again_after_left')
  await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${m.when}`)
  await t.database.migrate()
}

describe('upgrading to migration 0033', () => {
  it('marks the applications the school withdrew, and only those; it may run again', async () => {
    const learner = await aStudent(t, { account: false })
    const bySchool = await anApplication(t, { studentId: learner.studentId, status: 'withdrawn' })
    await anApplicationEvent(t, {
      applicationId: bySchool.id,
      stage: 'withdrawn',
      status: 'withdrawn',
      notes: 'Ditutup BKK: siswa keluar/mutasi dari sekolah.',
    })
    const byHerself = await anApplication(t, { studentId: learner.studentId, status: 'withdrawn' })
    await anApplicationEvent(t, { applicationId: byHerself.id, stage: 'withdrawn', status: 'withdrawn' })
    const open = await anApplication(t, { studentId: learner.studentId })

    await runMigrationAgain()
    await runMigrationAgain()

    const rows = await t.db
      .select({ id: applications.id, bySchool: applications.withdrawnBySchool })
      .from(applications)
      .where(inArray(applications.id, [bySchool.id, byHerself.id, open.id]))
      .orderBy(applications.id)
    expect(rows).toEqual([
      { id: bySchool.id, bySchool: true },
      { id: byHerself.id, bySchool: false },
      { id: open.id, bySchool: false },
    ])
  })
})
