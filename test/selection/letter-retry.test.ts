/**
 * HR saves a score with its decision letter in the hall; the answer is lost on the flaky connection and the dialog,
 * still open, sends the same form again with the version it read before the first save. The letter's SHA-256,
 * kept when it is saved (migration 0028), tells that retry from a new letter without reading the stored bytes
 * (docs/decisions.md, "A retry is no change before it is a conflict"): the same letter is no change (200, the
 * result as stored, one letter in the table and in storage); another letter from that version is still 412.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, publishResults } from '../support/builders/selection.js'
import { multipart, tinyPdf } from '../support/multipart.js'
import { eventsOf, storedFiles } from '../support/stored.js'

const t = useTestApp()

const url = (id: number) => `/api/hrd/selection-results/${id}`

/** The score dialog's form with a letter, sent as read at `headers` (If-Match or If-None-Match). */
function sendForm(as: Account, appId: number, headers: Record<string, string>, letter: Buffer) {
  const form = multipart({
    interview_score: '82.5',
    final_score: '80',
    notes: 'Komunikatif',
    decision: 'diterima',
    decision_letter: { filename: 'surat.pdf', contentType: 'application/pdf', data: letter },
  })
  return t.app.inject({
    method: 'POST',
    url: url(appId),
    headers: { ...form.headers, ...headers, authorization: as.authorization },
    payload: form.body,
  })
}

/** A letter sent alone (a published acceptance's), as read at `headers`. */
function sendLetterAlone(as: Account, appId: number, headers: Record<string, string>, letter: Buffer) {
  const form = multipart({
    decision_letter: { filename: 'surat.pdf', contentType: 'application/pdf', data: letter },
  })
  return t.app.inject({
    method: 'POST',
    url: url(appId),
    headers: { ...form.headers, ...headers, authorization: as.authorization },
    payload: form.body,
  })
}

async function scenario() {
  const { hrd, vacancy } = await anHrdWithVacancy(t)
  const c = await aCandidate(t, vacancy.id, { reviewed: true })
  return { hrd, vacancy, appId: c.application.id, studentId: c.learner.studentId }
}

const lettersOf = (studentId: number) => t.db.select().from(files).where(eq(files.studentId, studentId))
/** The letters' bytes in storage (of every test of this file) and the keys the table points at: equal when none is left over. */
async function lettersStored() {
  const rows = await t.db
    .select({ key: files.storageKey })
    .from(files)
    .where(eq(files.category, 'decision_letter'))
  return {
    inStorage: storedFiles(t)
      .filter((k) => k.startsWith('letters/'))
      .sort(),
    inTable: rows.map((r) => r.key).sort(),
  }
}
/** No bytes in storage without their row. */
async function expectNoLetterLeftOver() {
  const { inStorage, inTable } = await lettersStored()
  expect(inStorage).toEqual(inTable)
}

describe('a score save with its decision letter, sent again after its answer was lost', () => {
  it('the same letter from the version read before: 200 as stored, one letter, one timeline row', async () => {
    const { hrd, appId, studentId } = await scenario()
    const readAt = { 'if-none-match': '*' }
    const first = await sendForm(hrd, appId, readAt, tinyPdf('surat-andi'))
    expect(first.statusCode).toBe(200)
    const [letter] = await lettersOf(studentId)
    expect(letter.sha256).toMatch(/^[0-9a-f]{64}$/)

    const retry = await sendForm(hrd, appId, readAt, tinyPdf('surat-andi'))
    expect(retry.statusCode).toBe(200)
    expect(retry.json().data).toEqual(first.json().data)
    expect(retry.json().data).toMatchObject({
      interviewScore: 82.5,
      finalScore: 80,
      decision: 'diterima',
      letter: { id: letter.id },
    })
    expect(await lettersOf(studentId)).toEqual([letter])
    await expectNoLetterLeftOver()
    const scored = (await eventsOf(t, appId)).filter((e) => e.stage === 'selection_scored')
    expect(scored).toHaveLength(1)
  })

  it('a correction with If-Match sent again: 200; another letter from that version: 412, nothing kept', async () => {
    const { hrd, appId, studentId } = await scenario()
    const saved = await sendForm(hrd, appId, { 'if-none-match': '*' }, tinyPdf('draf'))
    const readAt = { 'if-match': `"${saved.json().data.updatedAt}"` }
    const corrected = await sendForm(hrd, appId, readAt, tinyPdf('final'))
    expect(corrected.statusCode).toBe(200)
    const [letter] = await lettersOf(studentId)

    expect((await sendForm(hrd, appId, readAt, tinyPdf('final'))).statusCode).toBe(200)
    const other = await sendForm(hrd, appId, readAt, tinyPdf('lain'))
    expect(other.statusCode).toBe(412)
    expect(other.json()).toMatchObject({ success: false, code: 'edited_elsewhere' })
    expect(await lettersOf(studentId)).toEqual([letter])
    await expectNoLetterLeftOver()
  })

  it('a published acceptance’s letter sent alone again: 200, still published, one letter', async () => {
    const { hrd, vacancy, appId, studentId } = await scenario()
    await call(t, 'POST', url(appId), { as: hrd, body: { final_score: 90, decision: 'diterima' } })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    const published = await call(t, 'GET', '/api/hrd/selection-results', {
      as: hrd,
      query: { job_vacancy_id: vacancy.id },
    })
    const readAt = { 'if-match': `"${published.body.data[0].updatedAt}"` }
    expect((await sendLetterAlone(hrd, appId, readAt, tinyPdf('sk'))).statusCode).toBe(200)
    const retry = await sendLetterAlone(hrd, appId, readAt, tinyPdf('sk'))
    expect(retry.statusCode).toBe(200)
    expect(retry.json().data).toMatchObject({ isPublished: true, decision: 'diterima' })
    expect(await lettersOf(studentId)).toHaveLength(1)
    await expectNoLetterLeftOver()
  })

  it('a letter saved before its hash was kept (an older release): its retry stays 412', async () => {
    const { hrd, appId, studentId } = await scenario()
    const readAt = { 'if-none-match': '*' }
    expect((await sendForm(hrd, appId, readAt, tinyPdf('lama'))).statusCode).toBe(200)
    await t.db.execute(sql`update files set sha256 = null where student_id = ${studentId}`)
    const retry = await sendForm(hrd, appId, readAt, tinyPdf('lama'))
    expect(retry.statusCode).toBe(412)
    expect(await lettersOf(studentId)).toHaveLength(1)
    await expectNoLetterLeftOver()
  })
})
