import { readFileSync } from 'node:fs'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applicationEvents, applications, jobVacancies, testParticipants } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aResult, aTestAhead, publishResults } from '../support/builders/selection.js'
import { validationQueueOf } from '../support/stored.js'

/**
 * A learner who left the selection before a test began (withdrew; was published accepted or rejected) took
 * no part in it: the test's cancellation reached them, and the career center has no attendance of theirs
 * to validate. Before, once the test's time came they waited in the validation queue (and the dashboard's
 * count) beside those who sat it, for good, unless staff recorded an absence for someone who had withdrawn.
 */
const t = useTestApp()

const queueOf = (admin: Account, scheduleId: number) => validationQueueOf(t, admin, scheduleId)

describe('the validation queue and those who left the selection before the test', () => {
  it('a learner who withdrew before the test is not waiting for validation; those who stayed are', async () => {
    const admin = await anAdmin(t)
    const { candidates, scheduleId, takesPlace } = await aTestAhead(t, ['Ayu Mundur', 'Budi Tetap'])
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
    const { hrd, vacancy, candidates, scheduleId, takesPlace } = await aTestAhead(t, [
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
    const { hrd, candidates, scheduleId, takesPlace } = await aTestAhead(t, ['Eka Datang', 'Fajar Hadir'])
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
    const { candidates, scheduleId, takesPlace } = await aTestAhead(t, ['Gita Sesudah'])
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
    const { hrd, vacancy, candidates, scheduleId, takesPlace } = await aTestAhead(t, [
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

    await backfill()
    expect(await queueOf(admin, scheduleId)).toEqual(['Joko Tetap'])
  })

  it('releases those closed with a vacancy an older release deleted without cancelling its tests', async () => {
    // Releases before 3c47d66 left a deleted vacancy's tests scheduled; 0015 closed its applications (rejected,
    // a vacancy_closed row at the delete). Left out, they sat in the queue and the dashboard's count for good.
    const admin = await anAdmin(t)
    const { vacancy, candidates, scheduleId, takesPlace } = await aTestAhead(t, ['Rina Ditutup'])
    const [rina] = candidates
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
    await takesPlace()
    expect(await queueOf(admin, scheduleId)).toEqual(['Rina Ditutup'])
    await backfill()
    expect(await queueOf(admin, scheduleId)).toEqual([])
  })
})

/** Migration 0020's backfill, run again as an upgrade runs it. */
async function backfill() {
  const migration = readFileSync(
    new URL('../../drizzle/0020_released_participants.sql', import.meta.url),
    'utf8',
  )
  const [, statement] = migration.split('--> statement-breakpoint')
  await t.db.execute(sql.raw(statement))
}
