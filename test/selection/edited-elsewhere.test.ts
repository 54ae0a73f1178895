/**
 * HR's score dialog (web/src/features/selection/score-modal.tsx) saved after a colleague changed the result
 * (docs/api.md, "Changing a record someone else changed"): the dialog sends every field it shows, so it sends
 * the result's `updatedAt` it read in `If-Match` (or `If-None-Match: *` when it read no result yet), and a save
 * is refused with 412 instead of turning a published result back into a draft. Without either header the last
 * write wins, as before.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files, selectionResults } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anHrd } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, publishResults } from '../support/builders/selection.js'
import { multipart, tinyPdf } from '../support/multipart.js'
import { eventsOf } from '../support/stored.js'

const t = useTestApp()

const EDITED_ELSEWHERE = {
  success: false,
  code: 'edited_elsewhere',
  message:
    'Data ini sudah diubah orang lain sejak Anda membukanya, jadi perubahan Anda belum disimpan. Muat ulang untuk melihat data terbaru, lalu ulangi perubahan Anda.',
  data: null,
}

const url = (id: number) => `/api/hrd/selection-results/${id}`

/** A row of the results page, as the score dialog is filled from. */
interface Row {
  psychotestScore: number | null
  interviewScore: number | null
  mcuScore: number | null
  finalScore: number | null
  notes: string | null
  decision: string
  updatedAt: string | null
}

/** What the score dialog sends with a form built from `row` (score-modal.tsx). */
const readAt = (row: Row): Record<string, string> =>
  row.updatedAt ? { 'if-match': `"${row.updatedAt}"` } : { 'if-none-match': '*' }

/** Every field the dialog shows, as it read them, with the changes the user made. */
const dialog = (row: Row, changes: Record<string, unknown>) => ({
  psychotest_score: row.psychotestScore,
  interview_score: row.interviewScore,
  mcu_score: row.mcuScore,
  final_score: row.finalScore,
  notes: row.notes,
  decision: row.decision,
  ...changes,
})

const stored = async (applicationId: number) =>
  (await t.db.select().from(selectionResults).where(eq(selectionResults.applicationId, applicationId)))[0]

/** A reviewed applicant of a new company's vacancy, and HR's colleague at that company. */
async function scenario() {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t)
  const colleague = await anHrd(t, { companyId: company.id })
  const c = await aCandidate(t, vacancy.id, { reviewed: true })
  return { hrd, colleague, vacancy, appId: c.application.id, studentId: c.learner.studentId }
}

/** The applicant's row of the results page, as `as` reads it now. */
async function rowOf(as: Account, vacancyId: number, appId: number) {
  const list = await call(t, 'GET', '/api/hrd/selection-results', {
    as,
    query: { job_vacancy_id: vacancyId },
  })
  expect(list.status).toBe(200)
  return list.body.data.find((r: { applicationId: number }) => r.applicationId === appId) as Row
}

describe('POST /api/hrd/selection-results/:applicationId from a dialog opened before a colleague’s change', () => {
  it('entering a score does not unpublish the waiting-list result the applicant was told of (412)', async () => {
    const { hrd, colleague, vacancy, appId } = await scenario()
    // The colleague opens the results page; the row of this applicant has no scores, decision pending.
    const row = await rowOf(colleague, vacancy.id, appId)
    expect(row).toMatchObject({ decision: 'pending', finalScore: null, isPublished: false, updatedAt: null })
    // HR scores, decides "cadangan" and publishes: the applicant is told they are on the waiting list.
    const scored = await call(t, 'POST', url(appId), {
      as: hrd,
      body: { final_score: 85, decision: 'cadangan' },
    })
    expect(scored.status).toBe(200)
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    const published = await stored(appId)
    // The colleague enters the MCU score in the dialog opened before: it sends every field it shows.
    const saved = await call(t, 'POST', url(appId), {
      as: colleague,
      headers: readAt(row),
      body: dialog(row, { mcu_score: 90 }),
    })
    expect(saved.status).toBe(412)
    expect(saved.body).toEqual(EDITED_ELSEWHERE)
    // The published decision and score stand; nothing of the dialog is stored.
    expect(await stored(appId)).toEqual(published)
    expect(published).toMatchObject({
      decision: 'cadangan',
      finalScore: 85,
      mcuScore: null,
      isPublished: true,
    })
  })

  it('412 for a dialog that read the draft before it was published (publishing changes the version)', async () => {
    const { hrd, colleague, vacancy, appId } = await scenario()
    const scored = await call(t, 'POST', url(appId), {
      as: hrd,
      body: { final_score: 85, decision: 'cadangan' },
    })
    expect(scored.status).toBe(200)
    const row = await rowOf(colleague, vacancy.id, appId)
    expect(row.updatedAt).toBe(scored.body.data.updatedAt)
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    expect((await rowOf(hrd, vacancy.id, appId)).updatedAt).not.toBe(row.updatedAt)
    const saved = await call(t, 'POST', url(appId), {
      as: colleague,
      headers: readAt(row),
      body: dialog(row, { mcu_score: 90 }),
    })
    expect(saved.status).toBe(412)
    expect(await stored(appId)).toMatchObject({ mcuScore: null, isPublished: true })
  })

  it('412 as multipart (what the dialog sends) after a colleague’s save; nothing stored, no letter kept', async () => {
    const { hrd, colleague, vacancy, appId, studentId } = await scenario()
    const row = await rowOf(colleague, vacancy.id, appId)
    expect(
      (await call(t, 'POST', url(appId), { as: hrd, body: { interview_score: 70, notes: 'Gugup.' } })).status,
    ).toBe(200)
    const form = multipart({
      psychotest_score: '',
      interview_score: '',
      mcu_score: '90',
      final_score: '',
      notes: '',
      decision: 'pending',
      decision_letter: { filename: 'surat.pdf', contentType: 'application/pdf', data: tinyPdf() },
    })
    const res = await t.app.inject({
      method: 'POST',
      url: url(appId),
      headers: { ...form.headers, ...readAt(row), authorization: colleague.authorization },
      payload: form.body,
    })
    expect(res.statusCode).toBe(412)
    expect(res.json()).toEqual(EDITED_ELSEWHERE)
    expect(await stored(appId)).toMatchObject({
      interviewScore: 70,
      mcuScore: null,
      notes: 'Gugup.',
      letterFileId: null,
    })
    expect(await t.db.select().from(files).where(eq(files.studentId, studentId))).toEqual([])
  })

  it('200 with the version as it stands, and with If-None-Match: * while there is no result: stored', async () => {
    const { hrd, colleague, vacancy, appId } = await scenario()
    const first = await rowOf(colleague, vacancy.id, appId)
    const created = await call(t, 'POST', url(appId), {
      as: colleague,
      headers: readAt(first),
      body: dialog(first, { psychotest_score: 75 }),
    })
    expect(created.status).toBe(200)
    const row = await rowOf(hrd, vacancy.id, appId)
    const saved = await call(t, 'POST', url(appId), {
      as: hrd,
      headers: readAt(row),
      body: dialog(row, { final_score: 80, decision: 'diterima' }),
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data.updatedAt).not.toBe(row.updatedAt)
    expect(await stored(appId)).toMatchObject({ psychotestScore: 75, finalScore: 80, decision: 'diterima' })
  })

  it('without If-Match the last write wins (documented): the published waiting list becomes a draft again', async () => {
    const { hrd, colleague, vacancy, appId } = await scenario()
    const row = await rowOf(colleague, vacancy.id, appId)
    await call(t, 'POST', url(appId), { as: hrd, body: { final_score: 85, decision: 'cadangan' } })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    const saved = await call(t, 'POST', url(appId), { as: colleague, body: dialog(row, { mcu_score: 90 }) })
    expect(saved.status).toBe(200)
    expect(await stored(appId)).toMatchObject({
      decision: 'pending',
      finalScore: null,
      mcuScore: 90,
      isPublished: false,
    })
  })
})

describe('PATCH /api/hrd/selection-results/:applicationId/decision with the version it read', () => {
  it("412 after a colleague's change, nothing stored; 200 with the version as it stands", async () => {
    const { hrd, colleague, vacancy, appId } = await scenario()
    const read = await rowOf(hrd, vacancy.id, appId)
    const theirs = await call(t, 'POST', url(appId), {
      as: colleague,
      headers: readAt(read),
      body: { final_score: 88, decision: 'diterima' },
    })
    expect(theirs.status).toBe(200)
    const stale = await call(t, 'PATCH', `${url(appId)}/decision`, {
      as: hrd,
      headers: readAt(read),
      body: { decision: 'tidak_diterima' },
    })
    expect(stale.status).toBe(412)
    expect(stale.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored(appId)).toMatchObject({ finalScore: 88, decision: 'diterima' })
    const now = await rowOf(hrd, vacancy.id, appId)
    const ok = await call(t, 'PATCH', `${url(appId)}/decision`, {
      as: hrd,
      headers: readAt(now),
      body: { decision: 'cadangan' },
    })
    expect(ok.status).toBe(200)
    expect(await stored(appId)).toMatchObject({ finalScore: 88, decision: 'cadangan' })
  })
})

describe('publishing what the confirmation showed (If-Match: the list’s meta.quota.draftsVersion)', () => {
  const quotaOf = async (as: Account, vacancyId: number) =>
    (await call(t, 'GET', '/api/hrd/selection-results', { as, query: { job_vacancy_id: vacancyId } })).body
      .meta.quota as {
      draftAccepted: number
      draftRejected: number
      draftWaitlisted: number
      draftsVersion: string
    }
  const publishAs = (as: Account, vacancyId: number, version: string) =>
    call(t, 'POST', '/api/hrd/selection-results/publish', {
      as,
      body: { job_vacancy_id: vacancyId },
      headers: { 'if-match': `"${version}"` },
    })
  const decide = (as: Account, applicationId: number, decision: string) =>
    call(t, 'POST', url(applicationId), { as, body: { final_score: 80, decision } })

  it('a colleague’s decision since: 412, nothing published; the version read again publishes both', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const colleague = await anHrd(t, { companyId: company.id })
    const andi = await aCandidate(t, vacancy.id, { reviewed: true })
    const budi = await aCandidate(t, vacancy.id, { reviewed: true })
    await decide(hrd, andi.application.id, 'diterima')
    const read = await quotaOf(hrd, vacancy.id)
    expect(read).toMatchObject({ draftAccepted: 1, draftRejected: 0, draftWaitlisted: 0 })

    await decide(colleague, budi.application.id, 'tidak_diterima')
    const refused = await publishAs(hrd, vacancy.id, read.draftsVersion)
    expect(refused.status).toBe(412)
    expect(refused.body).toMatchObject({ success: false, code: 'edited_elsewhere', data: null })
    expect(refused.body.message).toMatch(
      /^Hasil draf lowongan ini sudah diubah \(atau diumumkan\) rekan Anda/,
    )
    for (const who of [andi, budi]) expect((await stored(who.application.id)).isPublished).toBe(false)

    const now = await quotaOf(hrd, vacancy.id)
    expect(now).toMatchObject({ draftAccepted: 1, draftRejected: 1 })
    expect(now.draftsVersion).not.toBe(read.draftsVersion)
    const done = await publishAs(hrd, vacancy.id, now.draftsVersion)
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ published: 2, accepted: 1, rejected: 1 })
  })

  it('a colleague published first: 412 (not "0 published"); an applicant’s withdrawal since: 412 too', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const colleague = await anHrd(t, { companyId: company.id })
    const andi = await aCandidate(t, vacancy.id, { reviewed: true })
    await decide(hrd, andi.application.id, 'cadangan')
    const read = await quotaOf(hrd, vacancy.id)
    expect((await publishAs(colleague, vacancy.id, read.draftsVersion)).status).toBe(200)
    expect((await publishAs(hrd, vacancy.id, read.draftsVersion)).status).toBe(412)

    const budi = await aCandidate(t, vacancy.id, { reviewed: true })
    await decide(hrd, budi.application.id, 'diterima')
    const before = await quotaOf(hrd, vacancy.id)
    const withdrawn = await call(t, 'PATCH', `/api/my-applications/${budi.application.id}/withdraw`, {
      as: budi.learner,
    })
    expect(withdrawn.status).toBe(200)
    expect((await publishAs(hrd, vacancy.id, before.draftsVersion)).status).toBe(412)
    expect((await stored(budi.application.id)).isPublished).toBe(false)
  })

  it('a pending score changed elsewhere does not stop it (not published); without If-Match, whatever drafts there are', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const colleague = await anHrd(t, { companyId: company.id })
    const andi = await aCandidate(t, vacancy.id, { reviewed: true })
    const cici = await aCandidate(t, vacancy.id, { reviewed: true })
    await decide(hrd, andi.application.id, 'diterima')
    const read = await quotaOf(hrd, vacancy.id)
    await decide(colleague, cici.application.id, 'pending')
    expect((await publishAs(hrd, vacancy.id, read.draftsVersion)).status).toBe(200)
    expect((await stored(cici.application.id)).isPublished).toBe(false)

    const budi = await aCandidate(t, vacancy.id, { reviewed: true })
    await decide(colleague, budi.application.id, 'tidak_diterima')
    const plain = await publishResults(t, hrd, vacancy.id)
    expect(plain.body.data).toMatchObject({ published: 1, rejected: 1 })
  })
})

describe('a save retried after its answer was lost (a flaky connection at the venue)', () => {
  // The dialog stays open with the values HR saved and the version it was filled from; HR taps "Simpan" again.
  const DIALOG = {
    psychotest_score: null,
    interview_score: 82.5,
    mcu_score: null,
    final_score: null,
    notes: 'Komunikatif',
    decision: 'pending',
  }

  it('the first score (If-None-Match: *) sent again unchanged: 200 with the result as stored, one timeline row', async () => {
    const { hrd, appId } = await scenario()
    const headers = { 'if-none-match': '*' }
    const first = await call(t, 'POST', url(appId), { as: hrd, body: DIALOG, headers })
    expect(first.status).toBe(200)
    const retry = await call(t, 'POST', url(appId), { as: hrd, body: DIALOG, headers })
    expect(retry.status).toBe(200)
    expect(retry.body.data).toEqual(first.body.data)
    expect(retry.body.data).toMatchObject({ interviewScore: 82.5, notes: 'Komunikatif' })
    const scoredRows = (await eventsOf(t, appId)).filter((e) => e.stage === 'selection_scored')
    expect(scoredRows).toHaveLength(1)
  })

  it('a correction (If-Match: the version read) sent again unchanged: 200; a different value from that version: 412', async () => {
    const { hrd, appId } = await scenario()
    const saved = await call(t, 'POST', url(appId), {
      as: hrd,
      body: DIALOG,
      headers: { 'if-none-match': '*' },
    })
    const headers = { 'if-match': `"${saved.body.data.updatedAt}"` }
    const corrected = { ...DIALOG, interview_score: 85 }
    const first = await call(t, 'POST', url(appId), { as: hrd, body: corrected, headers })
    expect(first.status).toBe(200)
    const retry = await call(t, 'POST', url(appId), { as: hrd, body: corrected, headers })
    expect(retry.status).toBe(200)
    expect(retry.body.data).toMatchObject({ interviewScore: 85, updatedAt: first.body.data.updatedAt })
    // A real change from the stale version is still refused, and nothing of it is stored.
    const stale = await call(t, 'POST', url(appId), {
      as: hrd,
      body: { ...DIALOG, interview_score: 90 },
      headers,
    })
    expect(stale.status).toBe(412)
    expect(stale.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored(appId)).toMatchObject({ interviewScore: 85 })
  })

  it('a decision sent again (PATCH …/decision) with the version it was read at: 200, not 412', async () => {
    const { hrd, vacancy, appId } = await scenario()
    const read = await rowOf(hrd, vacancy.id, appId)
    const body = { decision: 'cadangan', notes: 'Urutan 2' }
    const first = await call(t, 'PATCH', `${url(appId)}/decision`, { as: hrd, headers: readAt(read), body })
    expect(first.status).toBe(200)
    const retry = await call(t, 'PATCH', `${url(appId)}/decision`, { as: hrd, headers: readAt(read), body })
    expect(retry.status).toBe(200)
    expect(retry.body.data).toEqual(first.body.data)
  })

  // The letter's SHA-256 tells the same letter from a new one (test/selection/letter-retry.test.ts).
  it('a retry carrying the same letter again is no change: 200 from the version read before the first save', async () => {
    const { hrd, vacancy, appId, studentId } = await scenario()
    const row = await rowOf(hrd, vacancy.id, appId)
    const send = () => {
      const form = multipart({
        interview_score: '82.5',
        decision: 'pending',
        decision_letter: { filename: 'surat.pdf', contentType: 'application/pdf', data: tinyPdf() },
      })
      return t.app.inject({
        method: 'POST',
        url: url(appId),
        headers: { ...form.headers, ...readAt(row), authorization: hrd.authorization },
        payload: form.body,
      })
    }
    expect((await send()).statusCode).toBe(200)
    expect((await send()).statusCode).toBe(200)
    expect(await t.db.select().from(files).where(eq(files.studentId, studentId))).toHaveLength(1)
  })
})
