import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/client.js'
import { applications } from '../../src/db/schema/index.js'
import { useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectCounters } from '../support/vacancy-counters.js'

/**
 * Migration 0034 marks `superseded` the applications the school withdrew that the learner followed with a new one
 * to the same vacancy (possible since 0033), and the vacancy's kept applicant count stops counting them: one person,
 * one applicant. Those applied again to before the upgrade are found by the later application.
 */
const t = useTestApp()

async function runMigrationAgain() {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
  const m = journal.entries.find((e: { tag: string }) => e.tag === '0034_superseded_applications')
  await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${m.when}`)
  await t.database.migrate()
}

describe('upgrading to migration 0034', () => {
  it('marks the withdrawn-by-school applications followed by another, recounts their vacancy; it may run again', async () => {
    const learner = await aStudent(t, { account: false })
    const vacancy = await aVacancy(t)
    const withdrawn = { status: 'withdrawn' as const, values: { withdrawnBySchool: true } }
    const old = await anApplication(t, { studentId: learner.studentId, vacancyId: vacancy.id, ...withdrawn })
    const again = await anApplication(t, { studentId: learner.studentId, vacancyId: vacancy.id })
    // Not followed by another: an applicant as any withdrawn application.
    const alone = await anApplication(t, { studentId: learner.studentId, ...withdrawn })
    // As before the upgrade: nothing superseded, each application counted on its vacancy.
    await t.db.update(applications).set({ superseded: false }).where(eq(applications.id, old.id))
    await expectCounters(t, vacancy.id, { applicants: 2, accepted: 0 })

    await runMigrationAgain()
    await runMigrationAgain()

    const rows = await t.db
      .select({ id: applications.id, superseded: applications.superseded })
      .from(applications)
      .where(inArray(applications.id, [old.id, again.id, alone.id]))
      .orderBy(applications.id)
    expect(rows).toEqual([
      { id: old.id, superseded: true },
      { id: again.id, superseded: false },
      { id: alone.id, superseded: false },
    ])
    await expectCounters(t, vacancy.id, { applicants: 1, accepted: 0 })
    await expectCounters(t, alone.jobVacancyId, { applicants: 1, accepted: 0 })
  })
})
