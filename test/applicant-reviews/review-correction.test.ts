import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { eventsOf, notificationsOf } from '../support/stored.js'

/**
 * HR ticks one row too many and presses "Tidak loloskan terpilih" (or "Tidak lolos" on the wrong page). The
 * document review is the first step: no test was held, nothing published, and a rejected application takes no
 * step. Yet a second review was 422 ("sudah direview") and applying again 409: the applicant was out for good.
 * POST …/{id}/correct-review passes it after all; a review (single or bulk) still takes pending ones only, so
 * two reviews sent at once never undo each other.
 */
const t = useTestApp()

async function rejectedByMistake() {
  const hrd = await anHrd(t)
  const vacancy = await aVacancy(t, { companyId: hrd.companyId })
  const good = await aStudent(t)
  const a = await anApplication(t, { vacancyId: vacancy.id, studentId: good.studentId })
  const bulk = await call(t, 'POST', '/api/hrd/applicant-reviews/bulk-review', {
    as: hrd,
    body: { application_ids: [a.id], decision: 'tidak_lolos', notes: 'Berkas tidak lengkap.' },
  })
  expect(bulk.body.data.succeeded).toBe(1)
  return { hrd, vacancy, good, a }
}

const stored = async (id: number) =>
  (await t.db.select().from(applications).where(eq(applications.id, id)))[0]

describe('a document review failed by mistake', () => {
  it('is passed after all: in the selection, on the timeline, the learner told', async () => {
    const { hrd, good, a } = await rejectedByMistake()
    const fix = await call(t, 'POST', `/api/hrd/applicant-reviews/${a.id}/correct-review`, {
      as: hrd,
      body: { notes: 'Salah centang, berkas lengkap.' },
    })
    expect(fix.status).toBe(200)
    expect(fix.body.message).toBe('Keputusan dikoreksi: pelamar lolos seleksi berkas.')
    expect(fix.body.data).toMatchObject({ status: 'in_progress', reviewDecision: 'lolos' })
    // Sent again (a double click): nothing left to correct.
    const again = await call(t, 'POST', `/api/hrd/applicant-reviews/${a.id}/correct-review`, {
      as: hrd,
      body: {},
    })
    expect(again.status).toBe(422)
    expect(await stored(a.id)).toMatchObject({
      status: 'in_progress',
      reviewDecision: 'lolos',
      reviewNotes: 'Salah centang, berkas lengkap.',
    })
    const reviews = (await eventsOf(t, a.id)).filter((e) => e.stage === 'document_review')
    expect(reviews.map((e) => e.status)).toEqual(['tidak_lolos', 'lolos'])
    const notices = await notificationsOf(t, good.id)
    expect(notices.filter((n) => n.kind === 'application.reviewed')).toHaveLength(2)
  })

  it('422 for notes past 2,000 characters, named at the field; the application stays rejected', async () => {
    const { hrd, a } = await rejectedByMistake()
    const res = await call(t, 'POST', `/api/hrd/applicant-reviews/${a.id}/correct-review`, {
      as: hrd,
      body: { notes: 'x'.repeat(5000) },
    })
    expect(res.status).toBe(422)
    expect(res.body.success).toBe(false)
    expect(res.body.errors).toEqual({ notes: ['maksimal 2000 karakter'] })
    expect((await stored(a.id)).status).toBe('rejected')
  })

  it('a review does not take it back, single or bulk (two reviews sent at once would undo each other)', async () => {
    const { hrd, a } = await rejectedByMistake()
    const single = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${a.id}/review`, {
      as: hrd,
      body: { decision: 'lolos' },
    })
    expect(single.status).toBe(422)
    const bulk = await call(t, 'POST', '/api/hrd/applicant-reviews/bulk-review', {
      as: hrd,
      body: { application_ids: [a.id], decision: 'lolos' },
    })
    expect(bulk.body.data).toMatchObject({ succeeded: 0, failed: 1 })
    expect((await stored(a.id)).status).toBe('rejected')
  })

  it('only a failed document review is corrected: not a pass, nor a published rejection (422); 404 unknown', async () => {
    const hrd = await anHrd(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId })
    const passed = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: (await aStudent(t)).studentId,
      status: 'in_progress',
      values: { reviewDecision: 'lolos' },
    })
    const published = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: (await aStudent(t)).studentId,
      status: 'rejected',
      values: { reviewDecision: 'lolos' },
    })
    const correct = (id: number) =>
      call(t, 'POST', `/api/hrd/applicant-reviews/${id}/correct-review`, { as: hrd, body: {} })
    const [again, decided, unknown] = [
      await correct(passed.id),
      await correct(published.id),
      await correct(2000000000),
    ]
    expect([again.status, decided.status, unknown.status]).toEqual([422, 422, 404])
    expect((await stored(passed.id)).status).toBe('in_progress')
    expect((await stored(published.id)).status).toBe('rejected')
  })
})
