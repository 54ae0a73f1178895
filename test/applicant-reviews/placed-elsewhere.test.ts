/**
 * A learner applied to companies A and B; A publishes their acceptance. B's HR, still reviewing and scheduling the
 * learner, reads on the applicant `placedElsewhere: true` ("Sudah diterima di perusahaan lain") on the applicants'
 * list and detail and on the selection results, never which company (docs/decisions.md, "Applicant review"). B's
 * application stays open: the learner may still prefer B.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications, placements } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aCandidate, anHrdWithVacancy, publishResults } from '../support/builders/selection.js'

const t = useTestApp()

/** What B's HR reads of the application: its row on the list, its detail, its row on the results page. */
async function asReadBy(hrd: Account, applicationId: number, vacancyId: number) {
  const list = await call(t, 'GET', '/api/hrd/applicant-reviews', {
    as: hrd,
    query: { job_vacancy_id: vacancyId },
  })
  const detail = await call(t, 'GET', `/api/hrd/applicant-reviews/${applicationId}`, { as: hrd })
  const results = await call(t, 'GET', '/api/hrd/selection-results', {
    as: hrd,
    query: { job_vacancy_id: vacancyId },
  })
  for (const res of [list, detail, results]) expect(res.status).toBe(200)
  const row = list.body.data.find((r: { id: number }) => r.id === applicationId)
  const result = results.body.data.find((r: { applicationId: number }) => r.applicationId === applicationId)
  return {
    flags: [row.placedElsewhere, detail.body.data.placedElsewhere, result.placedElsewhere],
    text: JSON.stringify([list.body, detail.body, results.body]),
  }
}

/** A learner in the selection at company A and at company B (both passed the document review). */
async function appliedToBoth() {
  const a = await anHrdWithVacancy(t, { companyName: 'PT Astra Cemerlang', vacancyTitle: 'Teknisi Astra' })
  const b = await anHrdWithVacancy(t, { companyName: 'PT Bintang Jaya' })
  const atA = await aCandidate(t, a.vacancy.id, { reviewed: true })
  const atB = await anApplication(t, {
    vacancyId: b.vacancy.id,
    studentId: atA.learner.studentId,
    status: 'in_progress',
    values: { reviewDecision: 'lolos', reviewedAt: new Date() },
  })
  return { a, b, atA: atA.application, atB, studentId: atA.learner.studentId }
}

async function acceptAtA(a: Awaited<ReturnType<typeof appliedToBoth>>['a'], applicationId: number) {
  const scored = await call(t, 'POST', `/api/hrd/selection-results/${applicationId}`, {
    as: a.hrd,
    body: { final_score: 90, decision: 'diterima' },
  })
  expect(scored.status).toBe(200)
  expect((await publishResults(t, a.hrd, a.vacancy.id)).status).toBe(200)
}

describe('an applicant another company accepted since they applied, as the second company reads them', () => {
  it('is flagged once A publishes the acceptance (not at the draft), A never named; B’s application stays open', async () => {
    const { a, b, atA, atB } = await appliedToBoth()
    expect((await asReadBy(b.hrd, atB.id, b.vacancy.id)).flags).toEqual([false, false, false])

    // A's draft decision is not an acceptance yet.
    await call(t, 'POST', `/api/hrd/selection-results/${atA.id}`, {
      as: a.hrd,
      body: { final_score: 90, decision: 'diterima' },
    })
    expect((await asReadBy(b.hrd, atB.id, b.vacancy.id)).flags).toEqual([false, false, false])

    expect((await publishResults(t, a.hrd, a.vacancy.id)).status).toBe(200)
    const read = await asReadBy(b.hrd, atB.id, b.vacancy.id)
    expect(read.flags).toEqual([true, true, true])
    expect(read.text).not.toContain('Astra')
    expect((await t.db.select().from(applications).where(eq(applications.id, atB.id)))[0].status).toBe(
      'in_progress',
    )
    // A reads its own hire without the flag (accepted there, no longer in a selection).
    const own = await call(t, 'GET', `/api/hrd/applicant-reviews/${atA.id}`, { as: a.hrd })
    expect(own.body.data).toMatchObject({ status: 'accepted', placedElsewhere: false })
  })

  it('not for an acceptance before applying (someone at work applying for a new job), nor once it ended', async () => {
    const { a, b, atA, atB, studentId } = await appliedToBoth()
    await acceptAtA(a, atA.id)
    expect((await asReadBy(b.hrd, atB.id, b.vacancy.id)).flags).toEqual([true, true, true])

    // The same learner applies to a third company after the acceptance: their own business.
    const later = await anHrdWithVacancy(t, { companyName: 'PT Cahaya Abadi' })
    const afterwards = await anApplication(t, {
      vacancyId: later.vacancy.id,
      studentId,
      status: 'in_progress',
      values: { reviewDecision: 'lolos', reviewedAt: new Date() },
    })
    expect((await asReadBy(later.hrd, afterwards.id, later.vacancy.id)).flags).toEqual([false, false, false])

    // The hire quit at A: no longer placed elsewhere.
    const [placement] = await t.db.select().from(placements).where(eq(placements.applicationId, atA.id))
    const quit = await call(t, 'PATCH', `/api/hrd/job-placements/${placement.id}`, {
      as: a.hrd,
      body: { status: 'resigned' },
    })
    expect(quit.status).toBe(200)
    expect((await asReadBy(b.hrd, atB.id, b.vacancy.id)).flags).toEqual([false, false, false])
  })
})
