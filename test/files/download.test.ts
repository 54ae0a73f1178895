import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files } from '../../src/db/schema/index.js'
import { type Caller, type TestContext, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, anHrd, aStudent, aSuperadmin } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { anUploadedFile } from '../support/builders/files.js'
import { aResult } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { tinyPdf, tinyPng } from '../support/multipart.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

/** GET a download as a client would, keeping the raw bytes. */
async function download(ctx: TestContext, id: number, as: Caller | null) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/files/${id}/download`,
    headers: as?.authorization ? { authorization: as.authorization } : {},
  })
  let body: { success?: boolean; data?: unknown } | null = null
  try {
    body = res.json()
  } catch {}
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, body }
}

describe('GET /api/files/:id/download', () => {
  it('admits every role (who sees what is decided per file)', async () => {
    await expectRoles(t, 'GET', '/api/files/2147483000/download', [
      'superadmin',
      'admin',
      'hrd',
      'siswa',
      'alumni',
    ])
  })

  it('200 for the owner with the same bytes, the sniffed type and safe headers', async () => {
    const siswa = await aStudent(t)
    const pdf = tinyPdf('unduh')
    const file = await anUploadedFile(t, siswa, { data: pdf, filename: 'CV Budi (final).pdf' })
    const res = await download(t, file.id, siswa)
    expect(res.status).toBe(200)
    expect(res.bytes.equals(pdf)).toBe(true)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-length']).toBe(String(pdf.length))
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="CV Budi (final).pdf"; filename*=UTF-8''CV%20Budi%20%28final%29.pdf`,
    )
    expect(res.headers['cache-control']).toContain('no-store')
  })

  it('names non-ASCII files for every client and adds the real extension when the name lies', async () => {
    const siswa = await aStudent(t)
    const png = tinyPng()
    const file = await anUploadedFile(t, siswa, { data: png, filename: 'Sertifikat Juara Ü.pdf' })
    const res = await download(t, file.id, siswa)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.bytes.equals(png)).toBe(true)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Sertifikat Juara U.pdf.png"; filename*=UTF-8''Sertifikat%20Juara%20%C3%9C.pdf.png`,
    )
  })

  it('404 for another learner, siswa or alumni', async () => {
    const owner = await aStudent(t)
    const file = await anUploadedFile(t, owner)
    for (const other of [await aStudent(t), await anAlumnus(t)]) {
      const res = await download(t, file.id, other)
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ success: false, data: null })
    }
  })

  it('200 for HR of a company the owner applied to, 404 for HR of any other company', async () => {
    const owner = await aStudent(t)
    const file = await anUploadedFile(t, owner, { category: 'cv' })
    const applied = await anHrd(t)
    const colleague = await anHrd(t, { companyId: applied.companyId })
    const stranger = await anHrd(t)
    expect((await download(t, file.id, applied)).status).toBe(404)
    await anApplication(t, { studentId: owner.studentId, companyId: applied.companyId })
    for (const hr of [applied, colleague]) {
      const res = await download(t, file.id, hr)
      expect(res.status).toBe(200)
      expect(res.bytes.equals(tinyPdf())).toBe(true)
    }
    const res = await download(t, file.id, stranger)
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, data: null })
  })

  it('keeps HR’s access to what was attached after the vacancy applied to was soft-deleted', async () => {
    const owner = await aStudent(t)
    const file = await anUploadedFile(t, owner)
    const hrd = await anHrd(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId, values: { deletedAt: new Date() } })
    // Deleting a vacancy closes its open applications (rejected, vacancy_closed).
    await anApplication(t, {
      studentId: owner.studentId,
      vacancyId: vacancy.id,
      status: 'rejected',
      fileIds: [file.id],
    })
    expect((await download(t, file.id, hrd)).status).toBe(200)
  })

  it('once the learner’s applications to the company left the selection, HR reads what was attached only', async () => {
    const owner = await aStudent(t)
    const cv = await anUploadedFile(t, owner, { category: 'cv', filename: 'cv.pdf' })
    const kept = await anUploadedFile(t, owner, { category: 'certificate', filename: 'sertifikat.pdf' })
    const hrd = await anHrd(t)
    const application = await anApplication(t, {
      studentId: owner.studentId,
      companyId: hrd.companyId,
      fileIds: [cv.id],
    })
    // In the selection: the learner's whole portfolio, as the review screen lists it.
    expect((await download(t, kept.id, hrd)).status).toBe(200)
    const withdrawn = await t.app.inject({
      method: 'PATCH',
      url: `/api/my-applications/${application.id}/withdraw`,
      headers: { authorization: owner.authorization },
    })
    expect(withdrawn.statusCode).toBe(200)

    // Weeks later the learner uploads a document for another employer.
    const later = await anUploadedFile(t, owner, { category: 'certificate', filename: 'surat-sehat.pdf' })
    expect((await download(t, later.id, hrd)).status).toBe(404)
    expect((await download(t, kept.id, hrd)).status).toBe(404)
    expect((await download(t, cv.id, hrd)).status).toBe(200)
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/hrd/applicant-reviews/${application.id}`,
      headers: { authorization: hrd.authorization },
    })
    expect(detail.statusCode).toBe(200)
    expect(detail.json().data.files.map((f: { id: number }) => f.id)).toEqual([cv.id])

    // Applying again to the company opens the portfolio to it again, the later upload included.
    await anApplication(t, { studentId: owner.studentId, companyId: hrd.companyId })
    expect((await download(t, later.id, hrd)).status).toBe(200)
  })

  it('shows a decision letter only to HR of the company whose selection result it is', async () => {
    const owner = await aStudent(t)
    const issuer = await anHrd(t)
    const other = await anHrd(t)
    const issued = await anApplication(t, { studentId: owner.studentId, companyId: issuer.companyId })
    await anApplication(t, { studentId: owner.studentId, companyId: other.companyId })
    const stored = await anUploadedFile(t, owner)
    // A letter row of the issuing company's selection result, reusing stored bytes.
    const { storageKey } = (await t.db.select().from(files).where(eq(files.id, stored.id)))[0]
    await t.db
      .update(files)
      .set({ category: 'decision_letter', uploadedBy: issuer.id })
      .where(eq(files.id, stored.id))
    await aResult(t, issued.id, { letterFileId: stored.id })
    expect(storageKey).toBeTruthy()
    expect((await download(t, stored.id, issuer)).status).toBe(200)
    expect((await download(t, stored.id, other)).status).toBe(404)
    // The learner reads it only once the selection result it belongs to is published (none here).
    expect((await download(t, stored.id, owner)).status).toBe(404)
  })

  it('200 for admin and superadmin', async () => {
    const owner = await anAlumnus(t)
    const file = await anUploadedFile(t, owner, { role: 'alumni' })
    for (const who of [await anAdmin(t), await aSuperadmin(t)]) {
      const res = await download(t, file.id, who)
      expect(res.status).toBe(200)
      expect(res.bytes.equals(tinyPdf())).toBe(true)
    }
  })

  it('401 without a token, 404 for an unknown id, 422 for a malformed one', async () => {
    const siswa = await aStudent(t)
    const file = await anUploadedFile(t, siswa)
    expect((await download(t, file.id, null)).status).toBe(401)
    expect((await download(t, 2147483000, siswa)).status).toBe(404)
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/files/abc/download',
      headers: { authorization: siswa.authorization },
    })
    expect(bad.statusCode).toBe(422)
  })

  it('answers HEAD with the headers only, under the same rules', async () => {
    const siswa = await aStudent(t)
    const file = await anUploadedFile(t, siswa)
    const head = (as: Caller) =>
      t.app.inject({
        method: 'HEAD',
        url: `/api/files/${file.id}/download`,
        headers: { authorization: as.authorization ?? '' },
      })
    const own = await head(siswa)
    expect(own.statusCode).toBe(200)
    expect(own.headers['content-type']).toBe('application/pdf')
    expect(own.rawPayload).toHaveLength(0)
    expect((await head(await aStudent(t))).statusCode).toBe(404)
  })

  it('404 in the envelope when the bytes are gone from storage', async () => {
    const siswa = await aStudent(t)
    const file = await anUploadedFile(t, siswa)
    const { storageKey } = (await t.db.select().from(files).where(eq(files.id, file.id)))[0]
    rmSync(join(t.dataDir, 'files', storageKey))
    const res = await download(t, file.id, siswa)
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, data: null })
  })
})
