import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobVacancies, placements } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anApplication } from '../support/builders/applications.js'
import {
  aCandidate,
  anHrdWithVacancy,
  aResult,
  publishResults,
  storedSelection,
} from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'

/**
 * DESIGN section 5: a waiting-list place (`cadangan`) becomes `accepted` "if a place frees", and the waiting list's
 * notice says the company may call when there is one. Nothing freed a place: the quota counted every acceptance,
 * whatever became of the placement, so a company whose hire declined (another company's offer), quit in the first
 * week or moved to another of its vacancies could not take the next person from its waiting list (the quota card
 * full, publishing refused), but by raising the quota, which showed learners a place that was not there (found by
 * an audit of quotas). Now a placement ended (`resigned`, `moved`) or deleted gives its place back
 * (`places_freed`, kept by a trigger on placements, migration 0026).
 */
const t = useTestApp()

describe('a place left by a hire who resigned', () => {
  it('frees the place for the waiting list: the quota card and publishing do not count a hire who left', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { quota: 1, title: 'Operator Produksi' } })
    const hired = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Andi Hired' })
    const reserve = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Budi Cadangan' })
    for (const [who, decision] of [
      [hired, 'diterima'],
      [reserve, 'cadangan'],
    ] as const) {
      const r = await call(t, 'POST', `/api/hrd/selection-results/${who.application.id}`, {
        as: hrd,
        body: { final_score: 80, decision },
      })
      expect(r.status).toBe(200)
    }
    expect((await publishResults(t, hrd, vacancy.id)).body.data).toMatchObject({ accepted: 1, waitlisted: 1 })

    // The hire takes another company's offer and never starts: HR records it on the placement.
    const [placement] = await t.db
      .select({ id: placements.id })
      .from(placements)
      .where(eq(placements.applicationId, hired.application.id))
    const resigned = await call(t, 'PATCH', `/api/hrd/job-placements/${placement.id}`, {
      as: hrd,
      body: { status: 'resigned', notes: 'Mengambil tawaran perusahaan lain, tidak pernah mulai bekerja.' },
    })
    expect(resigned.status).toBe(200)
    // The learner has no way to give the place back themselves.
    const withdraw = await call(t, 'PATCH', `/api/my-applications/${hired.application.id}/withdraw`, {
      as: hired.learner,
    })
    expect(withdraw.status).toBe(422)

    // HR moves the next person up from the waiting list.
    const moveUp = await call(t, 'PATCH', `/api/hrd/selection-results/${reserve.application.id}/decision`, {
      as: hrd,
      body: { decision: 'diterima', notes: 'Menggantikan yang mengundurkan diri' },
    })
    expect(moveUp.status).toBe(200)

    // What HR sees before publishing: nobody holds the one place any more.
    const list = await call(t, 'GET', '/api/hrd/selection-results', {
      as: hrd,
      query: { job_vacancy_id: vacancy.id },
    })
    expect(list.body.meta.quota, 'the results page quota card').toEqual({
      quota: 1,
      accepted: 1,
      freed: 1,
      draftAccepted: 1,
      draftRejected: 0,
      draftWaitlisted: 0,
      draftsVersion: expect.stringMatching(/^[0-9a-f]{32}$/),
      placesLeft: 0,
      overQuota: false,
    })

    const res = await publishResults(t, hrd, vacancy.id)
    expect(res.status).toBe(200)
    expect((await storedSelection(t, reserve.application.id)).application.status).toBe('accepted')
    // The place is taken again: nothing is left, for HR or for learners.
    const after = await call(t, 'GET', '/api/hrd/selection-results', {
      as: hrd,
      query: { job_vacancy_id: vacancy.id },
    })
    expect(after.body.meta.quota).toMatchObject({ accepted: 2, freed: 1, placesLeft: 0, overQuota: false })
    const stats = await call(t, 'GET', '/api/hrd/job-vacancies/statistics', { as: hrd })
    expect(stats.body.data.quota).toEqual({ total: 1, filled: 1 })
  })

  it("a hire's placement set back to active takes its place again; learners see the places left", async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { quota: 3 } })
    const [a, b] = [
      await aCandidate(t, vacancy.id, { reviewed: true }),
      await aCandidate(t, vacancy.id, { reviewed: true }),
    ]
    await aResult(t, a.application.id, { decision: 'diterima' })
    await aResult(t, b.application.id, { decision: 'diterima' })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    const [pa] = await t.db.select().from(placements).where(eq(placements.applicationId, a.application.id))
    const freedOf = async () =>
      (
        await t.db
          .select({ n: jobVacancies.placesFreed })
          .from(jobVacancies)
          .where(eq(jobVacancies.id, vacancy.id))
      )[0].n
    const patch = (status: string) =>
      call(t, 'PATCH', `/api/hrd/job-placements/${pa.id}`, { as: hrd, body: { status } })

    expect((await patch('resigned')).status).toBe(200)
    expect(await freedOf()).toBe(1)
    expect((await patch('moved')).status).toBe(200)
    expect(await freedOf()).toBe(1)
    const learnerView = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as: a.learner })
    expect(learnerView.body.data.quotaLeft).toBe(2)
    expect((await patch('active')).status).toBe(200)
    expect(await freedOf()).toBe(0)
    const list = await call(t, 'GET', '/api/hrd/selection-results', {
      as: hrd,
      query: { job_vacancy_id: vacancy.id },
    })
    expect(list.body.meta.quota).toMatchObject({ accepted: 2, freed: 0, placesLeft: 1 })
  })

  it('a hire who moved to another vacancy of the company, as the refusal tells HR to record, holds no place in the first', async () => {
    const {
      hrd,
      company,
      vacancy: first,
    } = await anHrdWithVacancy(t, { values: { quota: 1, title: 'Operator Gudang' } })
    const second = await aVacancy(t, { companyId: company.id, values: { quota: 1, title: 'Admin Gudang' } })
    const dimas = await aCandidate(t, first.id, { reviewed: true, fullName: 'Dimas Pratama' })
    const reserve = await aCandidate(t, first.id, { reviewed: true, fullName: 'Eka Cadangan' })
    await aResult(t, dimas.application.id, { decision: 'diterima' })
    await aResult(t, reserve.application.id, { decision: 'cadangan' })
    expect((await publishResults(t, hrd, first.id)).status).toBe(200)

    // Dimas is moved to the second vacancy: its publication first says he works there already, and tells HR to
    // change the old placement's status "bila ia pindah posisi"; HR does.
    const there = await anApplication(t, {
      vacancyId: second.id,
      studentId: dimas.learner.studentId,
      status: 'in_progress',
      values: { reviewDecision: 'lolos', reviewedAt: new Date() },
    })
    await aResult(t, there.id, { decision: 'diterima' })
    expect((await publishResults(t, hrd, second.id)).status).toBe(422)
    const [old] = await t.db
      .select({ id: placements.id })
      .from(placements)
      .where(eq(placements.applicationId, dimas.application.id))
    expect(
      (await call(t, 'PATCH', `/api/hrd/job-placements/${old.id}`, { as: hrd, body: { status: 'moved' } }))
        .status,
    ).toBe(200)
    expect((await publishResults(t, hrd, second.id)).status).toBe(200)

    // One person fills one place: the first vacancy's waiting list takes the place he left.
    const stats = await call(t, 'GET', '/api/hrd/job-vacancies/statistics', { as: hrd })
    expect(stats.body.data.quota, 'HR front page: quota filled').toEqual({ total: 2, filled: 1 })
    await call(t, 'PATCH', `/api/hrd/selection-results/${reserve.application.id}/decision`, {
      as: hrd,
      body: { decision: 'diterima' },
    })
    expect((await publishResults(t, hrd, first.id)).status).toBe(200)
    expect((await storedSelection(t, reserve.application.id)).application.status).toBe('accepted')
  })
})
