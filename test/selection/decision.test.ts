import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, aResult, storedSelection } from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

const url = (id: number) => `/api/hrd/selection-results/${id}/decision`

describe('PATCH /api/hrd/selection-results/:applicationId/decision', () => {
  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'PATCH', url(2000000000), ['hrd', 'admin'], { decision: 'diterima' })
  })

  it('sets the decision of an application without a result yet, as a hidden draft', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
    const res = await call(t, 'PATCH', url(application.id), {
      as: hrd,
      body: { decision: 'tidak_diterima', notes: 'Nilai praktik kurang' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Keputusan seleksi disimpan sebagai draf.')
    expect(res.body.data).toMatchObject({
      applicationId: application.id,
      status: 'in_progress',
      decision: 'tidak_diterima',
      notes: 'Nilai praktik kurang',
      finalScore: null,
      isPublished: false,
    })
    const s = await storedSelection(t, application.id, learner.id)
    expect(s.result).toMatchObject({ decision: 'tidak_diterima', isPublished: false, scoredBy: hrd.id })
    expect(s.application.status).toBe('in_progress')
    expect(s.events.at(-1)).toMatchObject({
      stage: 'selection_decision',
      status: 'tidak_diterima',
      notes: 'Nilai praktik kurang',
      visibleToApplicant: false,
    })
    expect(s.notifications).toEqual([])
  })

  it('keeps the scores and, without notes, the notes', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
    await aResult(t, application.id, { finalScore: 77.5, notes: 'Baik', decision: 'pending' })
    const res = await call(t, 'PATCH', url(application.id), { as: hrd, body: { decision: 'cadangan' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ finalScore: 77.5, notes: 'Baik', decision: 'cadangan' })
    const cleared = await call(t, 'PATCH', url(application.id), {
      as: hrd,
      body: { decision: 'cadangan', notes: null },
    })
    expect(cleared.body.data.notes).toBeNull()
  })

  it('422 for a missing or unknown decision', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
    const missing = await call(t, 'PATCH', url(application.id), { as: hrd, body: { notes: 'x' } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ decision: ['wajib diisi'] })
    const unknown = await call(t, 'PATCH', url(application.id), { as: hrd, body: { decision: 'lolos' } })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors.decision).toHaveLength(1)
    expect((await storedSelection(t, application.id)).result).toBeUndefined()
  })

  it('404 for another company’s application; 422 for one not in progress', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
    const stranger = await anHrd(t)
    const foreign = await call(t, 'PATCH', url(application.id), {
      as: stranger,
      body: { decision: 'diterima' },
    })
    expect(foreign.status).toBe(404)
    expect((await storedSelection(t, application.id)).result).toBeUndefined()
    const { application: rejected } = await aCandidate(t, vacancy.id, { reviewed: true, status: 'rejected' })
    await aResult(t, rejected.id, {
      decision: 'tidak_diterima',
      isPublished: true,
      publishedAt: new Date(),
    })
    const final = await call(t, 'PATCH', url(rejected.id), { as: hrd, body: { decision: 'diterima' } })
    expect(final.status).toBe(422)
    expect((await storedSelection(t, rejected.id)).result.decision).toBe('tidak_diterima')
  })

  it('a published cadangan becomes a draft diterima, hidden from the applicant until published again', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
    await aResult(t, application.id, {
      decision: 'cadangan',
      isPublished: true,
      publishedAt: new Date(),
    })
    const res = await call(t, 'PATCH', url(application.id), { as: hrd, body: { decision: 'diterima' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ decision: 'diterima', isPublished: false, publishedAt: null })
    const mine = await call(t, 'GET', `/api/my-applications/${application.id}`, { as: learner })
    expect(mine.body.data.result).toBeNull()
    expect(mine.body.data.status).toBe('in_progress')
  })
})
