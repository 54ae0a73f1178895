import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, students } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent, unique } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, candidates, publishResults } from '../support/builders/selection.js'
import { eventsOf } from '../support/stored.js'

/**
 * The same action sent twice (a double click, a retry after a timeout, two tabs, two staff members):
 * what is stored and told must be what one action leaves.
 */

const t = useTestApp()

const decisionUrl = (id: number) => `/api/hrd/selection-results/${id}/decision`
const stagesOf = async (applicationId: number, stage: string) =>
  (await eventsOf(t, applicationId)).filter((e) => e.stage === stage)
const noticesOf = (userId: number, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('selection results saved twice', () => {
  it('the same decision saved twice is one "Keputusan seleksi diubah" row on the applicant\'s timeline', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
    const first = await call(t, 'PATCH', decisionUrl(application.id), {
      as: hrd,
      body: { decision: 'diterima' },
    })
    const again = await call(t, 'PATCH', decisionUrl(application.id), {
      as: hrd,
      body: { decision: 'diterima' },
    })
    expect([first.status, again.status]).toEqual([200, 200])
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)

    const mine = await call(t, 'GET', `/api/my-applications/${application.id}`, { as: learner })
    const decided = mine.body.data.timeline.filter((e: { stage: string }) => e.stage === 'selection_decision')
    // Before the fix: two identical rows "Keputusan seleksi diubah: diterima", though the decision changed once.
    expect(decided).toHaveLength(1)
  })

  it('the same scores saved twice at once are one "Nilai seleksi diisi" row', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
    const url = `/api/hrd/selection-results/${application.id}`
    const body = { final_score: 80, decision: 'cadangan' }
    const [a, b] = await Promise.all([
      call(t, 'POST', url, { as: hrd, body }),
      call(t, 'POST', url, { as: hrd, body }),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    // Before the fix: two selection_scored rows, both revealed to the applicant at publication.
    expect(await stagesOf(application.id, 'selection_scored')).toHaveLength(1)
  })

  it('a published "cadangan" saved again unchanged stays published: the applicant keeps it and is not told twice', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
    await call(t, 'PATCH', decisionUrl(application.id), { as: hrd, body: { decision: 'cadangan' } })
    expect((await publishResults(t, hrd, vacancy.id)).body.data.published).toBe(1)

    // HR opens the published result and saves it as it is (or a retried save arrives).
    const resave = await call(t, 'PATCH', decisionUrl(application.id), {
      as: hrd,
      body: { decision: 'cadangan' },
    })
    expect(resave.status).toBe(200)
    // Before the fix: isPublished false, and the applicant's result is gone from their page until HR publishes again.
    expect(resave.body.data.isPublished).toBe(true)
    const mine = await call(t, 'GET', `/api/my-applications/${application.id}`, { as: learner })
    expect(mine.body.data.result).toMatchObject({ decision: 'cadangan' })

    // Publishing the vacancy again (for other applicants) tells this one nothing new.
    await publishResults(t, hrd, vacancy.id)
    expect(await noticesOf(learner.id as number, 'selection.published')).toHaveLength(1)
    expect(await stagesOf(application.id, 'selection_published')).toHaveLength(1)
  })
})

describe('attendance validated twice', () => {
  it('a verified attendance verified again with a note adds no second "Kehadiran tes" row', async () => {
    const { company, vacancy } = await anHrdWithVacancy(t)
    const [c] = await candidates(t, vacancy.id, 1)
    const { participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [c.application.id],
      scheduledAt: hoursFromNow(-24),
    })
    const admin = await anAdmin(t)
    const other = await anAdmin(t)
    const url = `/api/admin/attendances/${participants[0].id}/validate`
    const first = await call(t, 'PATCH', url, {
      as: admin,
      body: { status: 'hadir', validation_status: 'verified' },
    })
    // A second staff member verifies the same record, adding a note.
    const second = await call(t, 'PATCH', url, {
      as: other,
      body: { status: 'hadir', validation_status: 'verified', notes: 'Sesuai daftar hadir' },
    })
    expect([first.status, second.status]).toEqual([200, 200])
    // Before the fix: two test_attendance rows "hadir" for one test on the applicant's timeline.
    expect(await stagesOf(c.application.id, 'test_attendance')).toHaveLength(1)
  })
})

describe('a unique field taken by two staff members at once', () => {
  it('two staff giving two learners the same NIS at once: the loser is told on nis, as one at a time is', async () => {
    const admin = await anAdmin(t)
    const x = await aStudent(t)
    const y = await aStudent(t)
    // In capitals, as the service stores every NIS (a NIS in another case would be another spelling, not a tie).
    const nis = unique('SAMA-').toUpperCase()
    let loser: Awaited<ReturnType<typeof call>> | undefined
    // Staff member one's change is written and not committed yet when staff member two sends theirs.
    await t.db.transaction(async (tx) => {
      await tx.update(students).set({ nis }).where(eq(students.id, x.studentId))
      const pending = call(t, 'PUT', `/api/admin/students/${y.studentId}`, { as: admin, body: { nis } })
      await sleep(500)
      pending.then((r) => {
        loser = r
      })
    })
    for (let i = 0; i < 50 && !loser; i++) await sleep(100)
    expect(loser?.status).toBe(409)
    // Before the fix: the generic 'Data yang sama sudah ada.' with no errors: the form could not say which field.
    expect(loser?.body).toMatchObject({
      message: 'Data yang sama sudah ada.',
      errors: { nis: ['sudah dipakai data lain'] },
    })
  })
})
