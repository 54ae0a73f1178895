import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { aCandidate, anHrdWithVacancy, aResult, publishResults } from '../support/builders/selection.js'

/**
 * A waiting-list place (cadangan) is one while the application is in the selection. HR deleting the vacancy
 * closes it (rejected, "Lowongan ditutup perusahaan"); the learner's application then said rejected and on the
 * waiting list in the same answer.
 */
const t = useTestApp()

describe('a published waiting-list place', () => {
  it('shows while the application is in the selection, and no more once the vacancy is deleted', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const waiting = await aCandidate(t, vacancy.id, { reviewed: true })
    await aResult(t, waiting.application.id, { decision: 'cadangan' })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    const path = `/api/my-applications/${waiting.application.id}`
    const before = await call(t, 'GET', path, { as: waiting.learner })
    expect(before.body.data).toMatchObject({ status: 'in_progress', result: { decision: 'cadangan' } })

    expect((await call(t, 'DELETE', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).status).toBe(200)

    const detail = await call(t, 'GET', path, { as: waiting.learner })
    expect(detail.body.data).toMatchObject({ status: 'rejected', result: null })
    const list = await call(t, 'GET', '/api/my-applications', { as: waiting.learner })
    expect(list.body.data[0]).toMatchObject({ id: waiting.application.id, status: 'rejected', result: null })
    // The timeline keeps what happened: the place, then the vacancy closed.
    expect(detail.body.data.timeline.map((e: { stage: string }) => e.stage).slice(-2)).toEqual([
      'selection_published',
      'vacancy_closed',
    ])
  })
})
