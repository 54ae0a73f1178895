import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { aSchedule } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'

/**
 * A test's participants carried a `score` nothing ever wrote: the test page's "Nilai" read "–" for ever while HR
 * entered the psychotest score on the results page (found in a browser audit of HR's week). Now it is the score
 * HR entered in the selection result for the test's kind, and none for a kind the result has no score of.
 */
const t = useTestApp()

describe("a test's participants and their scores", () => {
  it('a psikotes shows the psychotest score, a wawancara the interview score, a written test none', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const ani = await aCandidate(t, vacancy.id, { reviewed: true })
    const budi = await aCandidate(t, vacancy.id, { reviewed: true })
    const ids = [ani.application.id, budi.application.id]
    const test = (kind: 'psikotes' | 'wawancara' | 'tes_tulis') =>
      aSchedule(t, { companyId: company.id, vacancyId: vacancy.id, applicationIds: ids, kind })
    const [psikotes, wawancara, tulis] = [
      await test('psikotes'),
      await test('wawancara'),
      await test('tes_tulis'),
    ]
    const scored = await call(t, 'POST', `/api/hrd/selection-results/${ani.application.id}`, {
      as: hrd,
      body: { psychotest_score: 88.5, interview_score: 72 },
    })
    expect(scored.status).toBe(200)

    const scores = async (id: number) => {
      const res = await call(t, 'GET', `/api/hrd/test-schedules/${id}/participants`, { as: hrd })
      expect(res.status).toBe(200)
      return Object.fromEntries(
        (res.body.data as { applicationId: number; score: number | null }[]).map((p) => [
          p.applicationId,
          p.score,
        ]),
      )
    }
    expect(await scores(psikotes.schedule.id)).toEqual({
      [ani.application.id]: 88.5,
      [budi.application.id]: null,
    })
    expect(await scores(wawancara.schedule.id)).toEqual({
      [ani.application.id]: 72,
      [budi.application.id]: null,
    })
    expect(await scores(tulis.schedule.id)).toEqual({
      [ani.application.id]: null,
      [budi.application.id]: null,
    })
  })
})
