import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aSuperadmin } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import {
  aCandidate,
  anHrdWithVacancy,
  postResultForm,
  publishResults,
} from '../support/builders/selection.js'
import { type FormValue, tinyPdf } from '../support/multipart.js'

const t = useTestApp()

const letterForm = (name: string): [string, FormValue][] => [
  ['decision_letter', { data: tinyPdf(name), filename: `${name}.pdf`, contentType: 'application/pdf' }],
  ['final_score', '80'],
]

/**
 * A decision letter belongs to the company whose selection result it is attached to (the application's
 * vacancy's company), not to whichever company its uploader's account is linked to today (test/files/
 * download.test.ts has the other readers).
 */
describe('decision letters follow the company of the selection result', () => {
  it('HR moved to another company takes no letters along: the new company cannot read the old one’s letter', async () => {
    const superadmin = await aSuperadmin(t)
    const a = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, a.vacancy.id, { reviewed: true })
    const posted = await postResultForm(t, a.hrd, application.id, letterForm('SK-A'))
    expect(posted.statusCode).toBe(200)
    const letterUrl = posted.json().data.letter.downloadUrl as string

    // The learner also applied to company B.
    const b = await anHrdWithVacancy(t)
    await anApplication(t, { studentId: learner.studentId, vacancyId: b.vacancy.id })
    const colleagueA = await anHrd(t, { companyId: a.company.id })
    expect((await call(t, 'GET', letterUrl, { as: b.hrd })).status).toBe(404)
    expect((await call(t, 'GET', letterUrl, { as: colleagueA })).status).toBe(200)

    // The uploader is moved from A to B by the superadmin.
    const moved = await call(t, 'PUT', `/api/admin/users/${a.hrd.id}`, {
      as: superadmin,
      body: { company_id: b.company.id },
    })
    expect(moved.status).toBe(200)

    // Company B's HR must still not read company A's letter; company A's HR must still read it.
    expect((await call(t, 'GET', letterUrl, { as: b.hrd })).status).toBe(404)
    expect((await call(t, 'GET', letterUrl, { as: colleagueA })).status).toBe(200)
  })

  it('HR of the company keeps reading its letters after the colleague who uploaded them is deleted', async () => {
    const superadmin = await aSuperadmin(t)
    const a = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, a.vacancy.id, { reviewed: true })
    const posted = await postResultForm(t, a.hrd, application.id, letterForm('SK-gone'))
    expect(posted.statusCode).toBe(200)
    const letterUrl = posted.json().data.letter.downloadUrl as string
    const colleague = await anHrd(t, { companyId: a.company.id })
    expect((await call(t, 'GET', letterUrl, { as: colleague })).status).toBe(200)

    // The uploader leaves the company: the superadmin deletes the account (files.uploaded_by becomes null).
    const deleted = await call(t, 'DELETE', `/api/admin/users/${a.hrd.id}`, { as: superadmin })
    expect(deleted.status).toBe(200)

    // The result (and its letter) is still the company's: listed for the colleague …
    const list = await call(t, 'GET', '/api/hrd/selection-results', { as: colleague })
    const row = list.body.data.find((r: { applicationId: number }) => r.applicationId === application.id)
    expect(row?.letter?.downloadUrl).toBe(letterUrl)
    // … and must stay readable by them.
    expect((await call(t, 'GET', letterUrl, { as: colleague })).status).toBe(200)
  })
})

describe('a decision letter not ready when the acceptance was published', () => {
  it('is attached alone afterwards: the result stays published and the applicant downloads it', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
    const scored = await postResultForm(t, hrd, application.id, { final_score: '85', decision: 'diterima' })
    expect(scored.statusCode).toBe(200)
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    const before = await call(t, 'GET', `/api/my-applications/${application.id}`, { as: learner })
    expect(before.body.data).toMatchObject({ status: 'accepted', acceptanceLetterUrl: null })

    // Anything else is still refused: the published acceptance stands as it is.
    const changed = await postResultForm(t, hrd, application.id, letterForm('SK-late'))
    expect(changed.statusCode).toBe(422)
    expect(changed.json().message).toMatch(/surat keputusan masih dapat dilampirkan/)

    // Before: the same 422 for the letter alone, so an accepted applicant could never get one.
    const attached = await postResultForm(t, hrd, application.id, [letterForm('SK-late')[0]])
    expect(attached.statusCode).toBe(200)
    expect(attached.json().data).toMatchObject({ decision: 'diterima', isPublished: true, finalScore: 85 })
    const after = await call(t, 'GET', `/api/my-applications/${application.id}`, { as: learner })
    expect(after.body.data.result).toMatchObject({ decision: 'diterima' })
    const url = after.body.data.acceptanceLetterUrl as string
    expect(url).toBe(attached.json().data.letter.downloadUrl)
    const download = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: learner.authorization! },
    })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(tinyPdf('SK-late'))).toBe(true)
  })
})

describe('a decision letter for a published rejection or waiting-list place', () => {
  it('is attached alone afterwards; the result stays published and its applicant reads it', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const rejected = await aCandidate(t, vacancy.id, { reviewed: true })
    const waiting = await aCandidate(t, vacancy.id, { reviewed: true })
    for (const [c, decision] of [
      [rejected, 'tidak_diterima'],
      [waiting, 'cadangan'],
    ] as const)
      expect(
        (await postResultForm(t, hrd, c.application.id, { final_score: '60', decision })).statusCode,
      ).toBe(200)
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)

    for (const [c, decision] of [
      [rejected, 'tidak_diterima'],
      [waiting, 'cadangan'],
    ] as const) {
      // Before: 422 for the rejection; the waiting list's place became a draft again, hidden from its applicant.
      const attached = await postResultForm(t, hrd, c.application.id, [letterForm(`SK-${decision}`)[0]])
      expect(attached.statusCode, decision).toBe(200)
      expect(attached.json().data).toMatchObject({ decision, isPublished: true, finalScore: 60 })
      const seen = await call(t, 'GET', `/api/my-applications/${c.application.id}`, { as: c.learner })
      expect(seen.body.data.result, decision).toMatchObject({
        decision,
        letterUrl: attached.json().data.letter.downloadUrl,
      })
    }
    // A rejection takes nothing else: its scores stand.
    const changed = await postResultForm(t, hrd, rejected.application.id, letterForm('SK-lain'))
    expect(changed.statusCode).toBe(422)
  })
})
