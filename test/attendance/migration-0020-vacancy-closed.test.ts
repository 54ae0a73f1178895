import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  applicationEvents,
  applications,
  jobVacancies,
  testParticipants,
  testSchedules,
} from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'

/**
 * Migration 0020 releases the participants who left the selection before their test by their timeline, by each
 * way an application leaves it: `withdrawn`, `selection_published`, and `vacancy_closed` (rejected), the older
 * data the project knows of: releases before 3c47d66 deleted a vacancy without cancelling its tests, and
 * migration 0015 closed those applications (rejected, a `vacancy_closed` row at the delete). Left out, once such
 * a test's time came its participants sat in the validation queue and the dashboard's count for good.
 */
const t = useTestApp()

async function queueOf(admin: Account, scheduleId: number) {
  const res = await call(t, 'GET', `/api/admin/attendances/queue?test_schedule_id=${scheduleId}`, {
    as: admin,
  })
  expect(res.status).toBe(200)
  return (res.body.data as { applicant: { fullName: string } }[]).map((r) => r.applicant.fullName)
}

describe('migration 0020 on a vacancy deleted under an older release', () => {
  it('releases the participants whose application was closed with the vacancy before the test', async () => {
    const admin = await anAdmin(t)
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const rina = await aCandidate(t, vacancy.id, { fullName: 'Rina Ditutup', reviewed: true })
    const res = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Psikotes',
        kind: 'psikotes',
        scheduled_at: '2099-07-15T01:00:00Z',
        location: 'Aula',
        application_ids: [rina.application.id],
      },
    })
    expect(res.status).toBe(201)
    const scheduleId = res.body.data.id as number
    // An older release: the vacancy deleted two hours ago without its test being cancelled; 0015 (or the
    // release that closed applications) closed the application at the delete.
    const deletedAt = new Date(Date.now() - 2 * 3_600_000)
    await t.db.update(jobVacancies).set({ deletedAt }).where(eq(jobVacancies.id, vacancy.id))
    await t.db
      .update(applications)
      .set({ status: 'rejected' })
      .where(eq(applications.id, rina.application.id))
    await t.db.insert(applicationEvents).values({
      applicationId: rina.application.id,
      stage: 'vacancy_closed',
      status: 'rejected',
      at: deletedAt,
    })
    // The test's time came an hour ago.
    await t.db
      .update(testSchedules)
      .set({ scheduledAt: new Date(Date.now() - 3_600_000) })
      .where(eq(testSchedules.id, scheduleId))
    expect(await queueOf(admin, scheduleId)).toEqual(['Rina Ditutup'])

    const migration = readFileSync(
      new URL('../../drizzle/0020_released_participants.sql', import.meta.url),
      'utf8',
    )
    const [, backfill] = migration.split('--> statement-breakpoint')
    await t.db.execute(sql.raw(backfill))

    const [p] = await t.db
      .select({ releasedAt: testParticipants.releasedAt })
      .from(testParticipants)
      .where(eq(testParticipants.testScheduleId, scheduleId))
    // Released at the delete, and the queue is empty, as for one who withdrew.
    expect(p.releasedAt).not.toBeNull()
    expect(await queueOf(admin, scheduleId)).toEqual([])
  })
})
