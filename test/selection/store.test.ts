import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import {
  aCandidate,
  anHrdWithVacancy,
  aResult,
  postResultForm,
  storedSelection,
} from '../support/builders/selection.js'
import { fakeExe, tinyPdf, tinyPng } from '../support/multipart.js'
import { expectRoles } from '../support/roles.js'
import { storedFiles } from '../support/stored.js'

// A small upload limit so that the 413 case stays cheap.
const t = useTestApp({ UPLOAD_LIMIT_BYTES: String(64 * 1024) })

const url = (id: number) => `/api/hrd/selection-results/${id}`

const lettersOf = (studentId: number) => t.db.select().from(files).where(eq(files.studentId, studentId))

async function scenario() {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { title: 'Teknisi Mesin' } })
  const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
  return { hrd, vacancy, learner, application }
}

describe('POST /api/hrd/selection-results/:applicationId', () => {
  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'POST', url(2000000000), ['hrd', 'admin'], { final_score: 80 })
  })

  it('stores the scores as a draft hidden from the applicant (JSON)', async () => {
    const { hrd, vacancy, learner, application } = await scenario()
    const res = await call(t, 'POST', url(application.id), {
      as: hrd,
      body: {
        psychotest_score: 80.5,
        interview_score: 90,
        mcu_score: 100,
        final_score: 85.25,
        notes: '  Komunikasi baik.  ',
        decision: 'diterima',
        unknown_field: 'dropped',
      },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: 'Hasil seleksi disimpan sebagai draf.',
      data: {
        applicationId: application.id,
        status: 'in_progress',
        applicant: {
          studentId: learner.studentId,
          fullName: learner.student.fullName,
          nis: learner.student.nis,
          major: { id: learner.majorId, name: expect.any(String) },
        },
        vacancy: { id: vacancy.id, title: 'Teknisi Mesin', quota: 5, deleted: false },
        attendance: [],
        psychotestScore: 80.5,
        interviewScore: 90,
        mcuScore: 100,
        finalScore: 85.25,
        notes: 'Komunikasi baik.',
        decision: 'diterima',
        isPublished: false,
        publishedAt: null,
        letter: null,
        placedElsewhere: false,
        updatedAt: expect.any(String),
      },
    })
    const s = await storedSelection(t, application.id, learner.id)
    expect(s.result).toMatchObject({
      finalScore: 85.25,
      decision: 'diterima',
      isPublished: false,
      publishedAt: null,
      scoredBy: hrd.id,
    })
    expect(s.application.status).toBe('in_progress')
    expect(s.events.at(-1)).toMatchObject({
      stage: 'selection_scored',
      status: 'diterima',
      actorId: hrd.id,
      visibleToApplicant: false,
    })
    expect(s.notifications).toEqual([])
    expect(s.placement).toBeUndefined()

    // The applicant sees none of it.
    const mine = await call(t, 'GET', `/api/my-applications/${application.id}`, { as: learner })
    expect(mine.status).toBe(200)
    expect(mine.body.data.result).toBeNull()
    expect(mine.body.data.timeline.map((e: { stage: string }) => e.stage)).toEqual([
      'applied',
      'document_review',
    ])
  })

  it('changes only the fields sent; null clears one', async () => {
    const { hrd, application } = await scenario()
    await call(t, 'POST', url(application.id), {
      as: hrd,
      body: { psychotest_score: 70, interview_score: 75, notes: 'awal', decision: 'cadangan' },
    })
    const res = await call(t, 'POST', url(application.id), {
      as: hrd,
      body: { interview_score: null, final_score: 72 },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      psychotestScore: 70,
      interviewScore: null,
      finalScore: 72,
      notes: 'awal',
      decision: 'cadangan',
    })
    const s = await storedSelection(t, application.id)
    expect(s.result).toMatchObject({ psychotestScore: 70, interviewScore: null, finalScore: 72 })
    expect(s.events.filter((e) => e.stage === 'selection_scored')).toHaveLength(2)
  })

  it('422 naming every score out of 0-100 or with more than 2 decimals; nothing stored', async () => {
    const { hrd, application } = await scenario()
    const range = await call(t, 'POST', url(application.id), {
      as: hrd,
      body: {
        psychotest_score: 101,
        interview_score: -1,
        mcu_score: 'tinggi',
        final_score: 50,
        decision: 'lulus',
      },
    })
    expect(range.status).toBe(422)
    expect(range.body.success).toBe(false)
    expect(range.body.errors).toEqual({
      psychotest_score: ['maksimal 100'],
      interview_score: ['minimal 0'],
      mcu_score: ['harus berupa angka'],
      decision: ['harus salah satu dari: pending, diterima, tidak_diterima, cadangan'],
    })
    const decimals = await call(t, 'POST', url(application.id), {
      as: hrd,
      body: { final_score: 85.125, mcu_score: 99.99 },
    })
    expect(decimals.status).toBe(422)
    expect(decimals.body.errors).toEqual({ final_score: ['maksimal 2 angka di belakang koma'] })
    const s = await storedSelection(t, application.id)
    expect(s.result).toBeUndefined()
    expect(s.events.map((e) => e.stage)).toEqual(['applied', 'document_review'])
  })

  it('404 for another company’s application and an unknown id; nothing stored', async () => {
    const { application } = await scenario()
    const stranger = await anHrd(t)
    const res = await call(t, 'POST', url(application.id), { as: stranger, body: { final_score: 90 } })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Lamaran tidak ditemukan.', data: null })
    expect((await call(t, 'POST', url(2000000000), { as: stranger, body: {} })).status).toBe(404)
    expect((await storedSelection(t, application.id)).result).toBeUndefined()
  })

  it('422 for pending, rejected and withdrawn applications', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    for (const status of ['pending', 'rejected', 'withdrawn'] as const) {
      const { application } = await aCandidate(t, vacancy.id, { reviewed: true, status })
      const res = await call(t, 'POST', url(application.id), { as: hrd, body: { final_score: 80 } })
      expect(res.status, status).toBe(422)
      expect(res.body.message).toMatch(/sedang dalam proses seleksi/)
      expect((await storedSelection(t, application.id)).result).toBeUndefined()
    }
  })

  it('422 for a published result of an accepted application: it is final', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true, status: 'accepted' })
    await aResult(t, application.id, {
      decision: 'diterima',
      finalScore: 90,
      isPublished: true,
      publishedAt: new Date(),
    })
    const res = await call(t, 'POST', url(application.id), { as: hrd, body: { final_score: 10 } })
    expect(res.status).toBe(422)
    expect(res.body.message).toMatch(/tidak dapat diubah/)
    expect((await storedSelection(t, application.id)).result.finalScore).toBe(90)
  })

  it('a published cadangan may change; it becomes a draft again', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
    await aResult(t, application.id, {
      decision: 'cadangan',
      finalScore: 70,
      isPublished: true,
      publishedAt: new Date(),
    })
    const res = await call(t, 'POST', url(application.id), { as: hrd, body: { final_score: 75 } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ finalScore: 75, decision: 'cadangan', isPublished: false })
  })

  describe('multipart with the decision letter', () => {
    it('stores the letter under a random key with the sniffed type, and the form fields', async () => {
      const { hrd, learner, application } = await scenario()
      const pdf = tinyPdf('surat keputusan')
      const res = await postResultForm(t, hrd, application.id, [
        ['decision_letter', { data: pdf, filename: 'SK Budi.pdf', contentType: 'application/pdf' }],
        ['final_score', '88.5'],
        ['decision', 'diterima'],
        ['notes', 'Lulus semua tahap'],
        ['interview_score', ''],
        // Blanks around a value are no part of it; a field of blanks is empty (it was read as 0).
        ['psychotest_score', ' 70 '],
        ['mcu_score', '   '],
      ])
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(data).toMatchObject({
        finalScore: 88.5,
        interviewScore: null,
        psychotestScore: 70,
        mcuScore: null,
        decision: 'diterima',
        notes: 'Lulus semua tahap',
        letter: {
          id: expect.any(Number),
          category: 'decision_letter',
          title: 'Surat keputusan seleksi: Teknisi Mesin',
          originalName: 'SK Budi.pdf',
          mimeType: 'application/pdf',
          size: pdf.length,
          downloadUrl: `/api/files/${data.letter.id}/download`,
        },
      })
      const [row] = await lettersOf(learner.studentId)
      expect(row).toMatchObject({
        id: data.letter.id,
        category: 'decision_letter',
        studentId: learner.studentId,
        uploadedBy: hrd.id,
      })
      expect(row.storageKey).toMatch(/^letters\/\d{4}\/[0-9a-f-]{36}$/)
      expect(readFileSync(join(t.dataDir, 'files', row.storageKey)).equals(pdf)).toBe(true)
      expect((await storedSelection(t, application.id)).result.letterFileId).toBe(row.id)

      // HR of the company may download it; the applicant may not while it is a draft.
      const hrDownload = await call(t, 'GET', data.letter.downloadUrl, { as: hrd })
      expect(hrDownload.status).toBe(200)
      const learnerDownload = await call(t, 'GET', data.letter.downloadUrl, { as: learner })
      expect(learnerDownload.status).toBe(404)
    })

    it('a new letter replaces the old one: its row and bytes are removed', async () => {
      const { hrd, learner, application } = await scenario()
      const first = await postResultForm(t, hrd, application.id, {
        decision_letter: { data: tinyPdf('lama'), filename: 'lama.pdf' },
      })
      expect(first.statusCode).toBe(200)
      const [old] = await lettersOf(learner.studentId)
      const second = await postResultForm(t, hrd, application.id, {
        decision_letter: { data: tinyPng(), filename: 'baru.png' },
      })
      expect(second.statusCode).toBe(200)
      expect(second.json().data.letter).toMatchObject({ mimeType: 'image/png', originalName: 'baru.png' })
      const rows = await lettersOf(learner.studentId)
      expect(rows.map((r) => r.id)).toEqual([second.json().data.letter.id])
      expect(existsSync(join(t.dataDir, 'files', old.storageKey))).toBe(false)
      expect(storedFiles(t)).toContain(rows[0].storageKey)
    })

    it('413 for a letter over the limit, 415 for one that is not PDF or an image; nothing kept', async () => {
      const { hrd, learner, application } = await scenario()
      const before = storedFiles(t)
      const big = Buffer.concat([tinyPdf(), Buffer.alloc(65 * 1024)])
      const tooBig = await postResultForm(t, hrd, application.id, {
        final_score: '80',
        decision_letter: { data: big, filename: 'besar.pdf', contentType: 'application/pdf' },
      })
      expect(tooBig.statusCode).toBe(413)
      expect(tooBig.json()).toMatchObject({ success: false, data: null })
      const exe = await postResultForm(t, hrd, application.id, {
        final_score: '80',
        decision_letter: { data: fakeExe(), filename: 'surat.pdf', contentType: 'application/pdf' },
      })
      expect(exe.statusCode).toBe(415)
      expect(exe.json().message).toMatch(/PDF/)
      expect(await lettersOf(learner.studentId)).toEqual([])
      expect(storedFiles(t)).toEqual(before)
      expect((await storedSelection(t, application.id)).result).toBeUndefined()
    })

    it('422 for a bad score in the form; the letter is not kept', async () => {
      const { hrd, learner, application } = await scenario()
      const before = storedFiles(t)
      const res = await postResultForm(t, hrd, application.id, {
        final_score: '120',
        decision_letter: { data: tinyPdf(), filename: 'sk.pdf' },
      })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ final_score: ['maksimal 100'] })
      expect(await lettersOf(learner.studentId)).toEqual([])
      expect(storedFiles(t)).toEqual(before)
    })

    it('reads a score as the decimal typed (a decimal comma too); other text is a 422 on its field, not a number', async () => {
      const { hrd, application } = await scenario()
      const typed = await postResultForm(t, hrd, application.id, { final_score: '88,5', mcu_score: '-0' })
      expect(typed.statusCode).toBe(200)
      expect(typed.json().data).toMatchObject({ finalScore: 88.5, mcuScore: 0 })
      // AJV's coercion read each of these as a number: 0x10 as 16, 1e1 as 10, Infinity as Infinity.
      for (const text of ['0x10', '1e1', 'Infinity', '8 0', '80.']) {
        const res = await postResultForm(t, hrd, application.id, { final_score: text, interview_score: '70' })
        expect(res.statusCode, text).toBe(422)
        expect(Object.keys(res.json().errors), text).toEqual(['final_score'])
      }
      expect((await storedSelection(t, application.id)).result).toMatchObject({
        finalScore: 88.5,
        mcuScore: 0,
        interviewScore: null,
      })
    })

    it('removes the written letter when the application may not be scored', async () => {
      const { hrd, vacancy } = await anHrdWithVacancy(t)
      const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true, status: 'pending' })
      const before = storedFiles(t)
      const res = await postResultForm(t, hrd, application.id, {
        decision_letter: { data: tinyPdf(), filename: 'sk.pdf' },
      })
      expect(res.statusCode).toBe(422)
      expect(await lettersOf(learner.studentId)).toEqual([])
      expect(storedFiles(t)).toEqual(before)
    })

    it('404 for another company’s application; the letter is not kept', async () => {
      const { learner, application } = await scenario()
      const stranger = await anHrd(t)
      const before = storedFiles(t)
      const res = await postResultForm(t, stranger, application.id, {
        decision_letter: { data: tinyPdf(), filename: 'sk.pdf' },
      })
      expect(res.statusCode).toBe(404)
      expect(await lettersOf(learner.studentId)).toEqual([])
      expect(storedFiles(t)).toEqual(before)
    })
  })
})

describe('POST /api/hrd/selection-results/:applicationId without a body', () => {
  it('422 in the envelope; nothing stored', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
    const res = await t.app.inject({
      method: 'POST',
      url: url(application.id),
      headers: { authorization: hrd.authorization },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ success: false, data: null, errors: { _: ['harus berupa objek'] } })
    expect((await storedSelection(t, application.id)).result).toBeUndefined()
  })
})
