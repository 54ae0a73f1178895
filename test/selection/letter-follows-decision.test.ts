import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files, selectionResults } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import {
  aCandidate,
  anHrdWithVacancy,
  postResultForm,
  publishResults,
} from '../support/builders/selection.js'
import { type FormValue, tinyPdf } from '../support/multipart.js'

const t = useTestApp()

const withLetter = (text: string, decision = 'diterima'): [string, FormValue][] => [
  ['final_score', '85'],
  ['decision', decision],
  [
    'decision_letter',
    { data: tinyPdf(text), filename: 'Surat Keputusan.pdf', contentType: 'application/pdf' },
  ],
]

const letterOf = async (applicationId: number) =>
  (
    await t.db
      .select({ letterFileId: selectionResults.letterFileId })
      .from(selectionResults)
      .where(eq(selectionResults.applicationId, applicationId))
  )[0].letterFileId

/**
 * A decision letter is written for one decision: a decision changed from another one without a new letter
 * leaves the old letter behind (its file row and bytes go). Before, HR scoring two finalists for one place,
 * each "diterima" with an acceptance letter, was told to make one "cadangan" before publishing; it did, and
 * the waiting-list applicant's page offered him the acceptance letter ("DITERIMA: Bayu").
 *
 * HR scores two finalists of a vacancy with one place, decides "diterima" for both and attaches each one's
 * acceptance letter. Publishing is refused: over the quota, "Ubah 1 keputusan "diterima" (misalnya menjadi
 * cadangan)". HR does as told: Bayu becomes "cadangan", and the results are published. Bayu's application
 * now says he is on the waiting list; the decision letter it offers him must not be the acceptance letter
 * written when the decision was "diterima" (he would read that he was accepted).
 */
describe('a decision letter attached under an earlier decision', () => {
  it('is not offered to the applicant once the decision was changed and published', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, {
      vacancyTitle: 'Teknisi Listrik',
      values: { quota: 1 },
    })
    const ayu = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Ayu Lestari' })
    const bayu = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Bayu Saputra' })
    expect((await postResultForm(t, hrd, ayu.application.id, withLetter('DITERIMA: Ayu'))).statusCode).toBe(
      200,
    )
    expect((await postResultForm(t, hrd, bayu.application.id, withLetter('DITERIMA: Bayu'))).statusCode).toBe(
      200,
    )

    const refused = await publishResults(t, hrd, vacancy.id)
    expect(refused.status).toBe(422)
    expect(refused.body.message).toMatch(/cadangan/)

    const changed = await call(t, 'PATCH', `/api/hrd/selection-results/${bayu.application.id}/decision`, {
      as: hrd,
      body: { decision: 'cadangan' },
    })
    expect(changed.status).toBe(200)
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)

    const mine = await call(t, 'GET', `/api/my-applications/${bayu.application.id}`, { as: bayu.learner })
    expect(mine.status).toBe(200)
    expect(mine.body.data.result).toMatchObject({ decision: 'cadangan' })
    const letterUrl = mine.body.data.result.letterUrl as string | null
    if (letterUrl) {
      const letter = await t.app.inject({
        method: 'GET',
        url: letterUrl,
        headers: { authorization: bayu.learner.authorization! },
      })
      // Observed: 200 with the acceptance letter ("DITERIMA: Bayu") on his waiting-list result.
      expect(letter.rawPayload.toString('latin1')).not.toContain('DITERIMA')
    }
    expect(letterUrl).toBeNull()
  })
  it('a waiting list turned into an acceptance leaves its waiting-list letter; a new letter with the change is kept', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { quota: 2 } })
    const [a, b] = [
      await aCandidate(t, vacancy.id, { reviewed: true }),
      await aCandidate(t, vacancy.id, { reviewed: true }),
    ]
    await postResultForm(t, hrd, a.application.id, withLetter('CADANGAN: A', 'cadangan'))
    await postResultForm(t, hrd, b.application.id, withLetter('CADANGAN: B', 'cadangan'))
    const aLetter = await letterOf(a.application.id)
    expect(aLetter).not.toBeNull()

    const turned = await call(t, 'PATCH', `/api/hrd/selection-results/${a.application.id}/decision`, {
      as: hrd,
      body: { decision: 'diterima' },
    })
    expect(turned.status).toBe(200)
    expect(turned.body.data).toMatchObject({ decision: 'diterima', letter: null })
    expect(await t.db.select().from(files).where(eq(files.id, aLetter!))).toEqual([])

    // Decided again in the dialog with the acceptance letter attached in the same save: that letter is kept.
    const withNew = await postResultForm(t, hrd, b.application.id, withLetter('DITERIMA: B'))
    expect(withNew.statusCode).toBe(200)
    expect(JSON.parse(withNew.body).data).toMatchObject({
      decision: 'diterima',
      letter: { originalName: 'Surat Keputusan.pdf' },
    })
  })

  it('a letter attached before any decision stays with the first decision made; a new score alone keeps it', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const a = await aCandidate(t, vacancy.id, { reviewed: true })
    await postResultForm(t, hrd, a.application.id, withLetter('SURAT', 'pending'))
    const letter = await letterOf(a.application.id)
    expect(letter).not.toBeNull()
    await call(t, 'PATCH', `/api/hrd/selection-results/${a.application.id}/decision`, {
      as: hrd,
      body: { decision: 'diterima' },
    })
    expect(await letterOf(a.application.id)).toBe(letter)
    const rescored = await postResultForm(t, hrd, a.application.id, [['final_score', '90']])
    expect(rescored.statusCode).toBe(200)
    expect(await letterOf(a.application.id)).toBe(letter)
  })
})
