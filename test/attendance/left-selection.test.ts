import { readFileSync } from 'node:fs'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applicationEvents, testParticipants, testSchedules } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, aResult, publishResults } from '../support/builders/selection.js'

/**
 * A learner who left the selection before a test began (withdrew; was published accepted or rejected) took
 * no part in it: the test's cancellation reached them, and the career center has no attendance of theirs
 * to validate. Before, once the test's time came they waited in the validation queue (and the dashboard's
 * count) beside those who sat it, for good, unless staff recorded an absence for someone who had withdrawn.
 */
const t = useTestApp()

async function testAheadFor(names: string[]) {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Antrean', vacancyTitle: 'Operator' })
  const candidates = []
  for (const fullName of names) candidates.push(await aCandidate(t, vacancy.id, { fullName, reviewed: true }))
  const res = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancy.id,
      name: 'Psikotes',
      kind: 'psikotes',
      scheduled_at: '2099-07-15T01:00:00Z',
      location: 'Aula',
      duration_minutes: 60,
      application_ids: candidates.map((c) => c.application.id),
    },
  })
  expect(res.status).toBe(201)
  const scheduleId = res.body.data.id as number
  /** The test's time comes (a test cannot be scheduled in the past). */
  const takesPlace = () =>
    t.db
      .update(testSchedules)
      .set({ scheduledAt: new Date(Date.now() - 3_600_000) })
      .where(eq(testSchedules.id, scheduleId))
  return { hrd, vacancy, candidates, scheduleId, takesPlace }
}

async function queueOf(admin: Account, scheduleId: number) {
  const res = await call(t, 'GET', `/api/admin/attendances/queue?test_schedule_id=${scheduleId}`, {
    as: admin,
  })
  expect(res.status).toBe(200)
  return (res.body.data as { applicant: { fullName: string } }[]).map((r) => r.applicant.fullName)
}

describe('the validation queue and those who left the selection before the test', () => {
  it('a learner who withdrew before the test is not waiting for validation; those who stayed are', async () => {
    const admin = await anAdmin(t)
    const { candidates, scheduleId, takesPlace } = await testAheadFor(['Ayu Mundur', 'Budi Tetap'])
    const [ayu] = candidates
    const withdrawn = await call(t, 'PATCH', `/api/my-applications/${ayu.application.id}/withdraw`, {
      as: ayu.learner as Account,
    })
    expect(withdrawn.status).toBe(200)
    await takesPlace()
    expect(await queueOf(admin, scheduleId)).toEqual(['Budi Tetap'])
    const dashboard = await call(t, 'GET', '/api/admin/dashboard', { as: admin })
    expect(dashboard.body.data.attendanceAwaitingValidation).toBe(1)
  })

  it('a learner published rejected before the test is not waiting for validation', async () => {
    const admin = await anAdmin(t)
    const { hrd, vacancy, candidates, scheduleId, takesPlace } = await testAheadFor([
      'Citra Ditolak',
      'Dodi Lanjut',
    ])
    await aResult(t, candidates[0].application.id, { decision: 'tidak_diterima' })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    await takesPlace()
    expect(await queueOf(admin, scheduleId)).toEqual(['Dodi Lanjut'])
  })

  it('HR marking the one who withdrew as present anyway puts the mark in the queue', async () => {
    const admin = await anAdmin(t)
    const { hrd, candidates, scheduleId, takesPlace } = await testAheadFor(['Eka Datang', 'Fajar Hadir'])
    const [eka] = candidates
    await call(t, 'PATCH', `/api/my-applications/${eka.application.id}/withdraw`, {
      as: eka.learner as Account,
    })
    await takesPlace()
    const participants = await call(t, 'GET', `/api/hrd/test-schedules/${scheduleId}/participants`, {
      as: hrd,
    })
    const ekaRow = participants.body.data.find(
      (p: { applicationId: number }) => p.applicationId === eka.application.id,
    )
    const marked = await call(
      t,
      'PATCH',
      `/api/hrd/test-schedules/${scheduleId}/participants/${ekaRow.participantId}/attendance`,
      {
        as: hrd,
        body: { status: 'hadir' },
      },
    )
    expect(marked.status).toBe(200)
    expect(await queueOf(admin, scheduleId)).toEqual(['Eka Datang', 'Fajar Hadir'])
  })

  it('a learner who leaves the selection after the test took place keeps the attendance to validate', async () => {
    const admin = await anAdmin(t)
    const { candidates, scheduleId, takesPlace } = await testAheadFor(['Gita Sesudah'])
    await takesPlace()
    const [gita] = candidates
    const withdrawn = await call(t, 'PATCH', `/api/my-applications/${gita.application.id}/withdraw`, {
      as: gita.learner as Account,
    })
    expect(withdrawn.status).toBe(200)
    expect(await queueOf(admin, scheduleId)).toEqual(['Gita Sesudah'])
  })
})

describe('migration 0020', () => {
  it('marks released those who left the selection before their test under an older release, and no one else', async () => {
    const admin = await anAdmin(t)
    const { hrd, vacancy, candidates, scheduleId, takesPlace } = await testAheadFor([
      'Hana Mundur',
      'Indra Ditolak',
      'Joko Tetap',
    ])
    const [hana, indra] = candidates
    await call(t, 'PATCH', `/api/my-applications/${hana.application.id}/withdraw`, {
      as: hana.learner as Account,
    })
    await aResult(t, indra.application.id, { decision: 'tidak_diterima' })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    await takesPlace()
    // They left before the test's time (which takesPlace moved to an hour ago)...
    await t.db
      .update(applicationEvents)
      .set({ at: new Date(Date.now() - 2 * 3_600_000) })
      .where(inArray(applicationEvents.applicationId, [hana.application.id, indra.application.id]))
    // ... and an older release left them unreleased.
    await t.db
      .update(testParticipants)
      .set({ releasedAt: null })
      .where(eq(testParticipants.testScheduleId, scheduleId))
    expect(await queueOf(admin, scheduleId)).toEqual(['Hana Mundur', 'Indra Ditolak', 'Joko Tetap'])

    const migration = readFileSync(
      new URL('../../drizzle/0020_released_participants.sql', import.meta.url),
      'utf8',
    )
    const [, backfill] = migration.split('--> statement-breakpoint')
    await t.db.execute(sql.raw(backfill))
    expect(await queueOf(admin, scheduleId)).toEqual(['Joko Tetap'])
  })
})
