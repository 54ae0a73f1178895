import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import {
  aCandidate,
  anHrdWithVacancy,
  postResultForm,
  publishResults,
} from '../support/builders/selection.js'
import { tinyPdf } from '../support/multipart.js'

const t = useTestApp()

/**
 * A deleted vacancy's published results stay on HR's results page, marked as of a deleted vacancy, and an
 * acceptance among them still takes its decision letter. Before:
 *
 * HR publishes Andi's acceptance before his decision letter is signed (the flow docs/decisions.md supports:
 * "Lampirkan surat" later). Hiring done, HR deletes the vacancy to take it off the list; the dialog only says the
 * ongoing applications are closed. Andi stays accepted and placed, but the letter can never reach him: every
 * selection route now answers "Lamaran tidak ditemukan", and the results screen no longer lists the vacancy.
 * The acceptance letter is what he takes to the employer (and what the school files).
 */
describe('an acceptance published without its letter, the vacancy deleted afterwards', () => {
  it('still takes its decision letter, which the accepted learner can then download', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi' })
    const andi = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Andi Saputra' })
    expect(
      (await postResultForm(t, hrd, andi.application.id, { final_score: '88', decision: 'diterima' }))
        .statusCode,
    ).toBe(200)
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    expect((await call(t, 'DELETE', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).status).toBe(200)

    const letter = await postResultForm(t, hrd, andi.application.id, {
      decision_letter: { data: tinyPdf('SK Andi'), filename: 'SK Andi.pdf', contentType: 'application/pdf' },
    })
    expect(letter.statusCode).toBe(200)
    const mine = await call(t, 'GET', `/api/my-applications/${andi.application.id}`, { as: andi.learner })
    expect(mine.body.data.status).toBe('accepted')
    expect(mine.body.data.acceptanceLetterUrl).not.toBeNull()

    // HR finds it on the results page, marked; the deleted vacancy takes no other change.
    const list = await call(t, 'GET', '/api/hrd/selection-results', { as: hrd })
    const row = list.body.data.find((r: { applicationId: number }) => r.applicationId === andi.application.id)
    expect(row).toMatchObject({
      vacancy: { id: vacancy.id, title: 'Operator Produksi', deleted: true },
      isPublished: true,
      letter: { originalName: 'SK Andi.pdf' },
    })
    const rescored = await postResultForm(t, hrd, andi.application.id, { final_score: '90' })
    expect(rescored.statusCode).toBe(404)
  })

  it('a draft of a deleted vacancy is not listed (its application was closed)', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const budi = await aCandidate(t, vacancy.id, { reviewed: true })
    await postResultForm(t, hrd, budi.application.id, { final_score: '70', decision: 'diterima' })
    expect((await call(t, 'DELETE', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).status).toBe(200)
    const list = await call(t, 'GET', '/api/hrd/selection-results', { as: hrd })
    expect(list.body.data.map((r: { applicationId: number }) => r.applicationId)).not.toContain(
      budi.application.id,
    )
  })
})
