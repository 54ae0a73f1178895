import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAccount, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { uploadForm } from '../support/builders/files.js'
import { fakeExe, multipart, tinyPdf, tinyPng } from '../support/multipart.js'
import { expectRoles } from '../support/roles.js'
import { storedFiles } from '../support/stored.js'

const t = useTestApp()

const rowsOf = (studentId: number) => t.db.select().from(files).where(eq(files.studentId, studentId))

const pdfForm = (extra: Record<string, string> = {}) => ({
  category: 'cv',
  title: 'CV terbaru',
  file: { data: tinyPdf(), filename: 'cv.pdf', contentType: 'application/pdf' },
  ...extra,
})

describe('POST /api/siswa/portfolio/upload', () => {
  it('admits only siswa (alumni have their own route)', async () => {
    await expectRoles(t, 'POST', '/api/siswa/portfolio/upload', ['siswa'])
    await expectRoles(t, 'POST', '/api/alumni/portfolio/upload', ['alumni'])
  })

  it('201 with the file for a PDF, stored under a random key with the sniffed type', async () => {
    const siswa = await aStudent(t)
    const pdf = tinyPdf('cv budi')
    const res = await uploadForm(t, siswa, {
      category: 'cv',
      title: '  CV   Budi  ',
      file: { data: pdf, filename: 'CV Budi.pdf', contentType: 'application/pdf' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        id: expect.any(Number),
        category: 'cv',
        title: 'CV Budi',
        originalName: 'CV Budi.pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        downloadUrl: `/api/files/${res.body.data.id}/download`,
        createdAt: expect.any(String),
      },
    })
    const [row] = await rowsOf(siswa.studentId)
    expect(row).toMatchObject({ id: res.body.data.id, uploadedBy: siswa.id, size: pdf.length })
    expect(row.storageKey).toMatch(/^portfolio\/\d{4}\/[0-9a-f-]{36}$/)
    expect(row.storageKey).not.toContain('cv')
    expect(readFileSync(join(t.dataDir, 'files', row.storageKey)).equals(pdf)).toBe(true)
  })

  it('201 for a PNG, typed by its bytes even when the client claims otherwise', async () => {
    const siswa = await aStudent(t)
    const png = tinyPng()
    const res = await uploadForm(t, siswa, {
      category: 'award',
      title: 'Juara 1 LKS',
      file: { data: png, filename: 'piagam.png', contentType: 'application/octet-stream' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ mimeType: 'image/png', size: png.length, category: 'award' })
  })

  it('reads the fields when they come after the file', async () => {
    const siswa = await aStudent(t)
    const res = await uploadForm(t, siswa, [
      ['file', { data: tinyPdf(), filename: 'transkrip.pdf' }],
      ['category', 'transcript'],
      ['title', 'Transkrip'],
    ])
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ category: 'transcript', title: 'Transkrip' })
  })

  it('413 for 10 MB + 1 byte, with no row and nothing on disk', async () => {
    const siswa = await aStudent(t)
    const before = storedFiles(t)
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024 + 1 - tinyPdf().length, 0x20)])
    expect(big.length).toBe(10 * 1024 * 1024 + 1)
    const res = await uploadForm(t, siswa, {
      category: 'cv',
      title: 'Terlalu besar',
      file: { data: big, filename: 'big.pdf', contentType: 'application/pdf' },
    })
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({ success: false, data: null, message: expect.stringMatching(/10 MB/) })
    expect(await rowsOf(siswa.studentId)).toHaveLength(0)
    expect(storedFiles(t)).toEqual(before)
  })

  it('201 for exactly 10 MB', async () => {
    const siswa = await aStudent(t)
    const data = Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024 - tinyPdf().length, 0x20)])
    const res = await uploadForm(t, siswa, { ...pdfForm(), file: { data, filename: 'ok.pdf' } })
    expect(res.status).toBe(201)
    expect(res.body.data.size).toBe(10 * 1024 * 1024)
  })

  it('415 for an executable named cv.pdf, with nothing stored', async () => {
    const siswa = await aStudent(t)
    const before = storedFiles(t)
    const res = await uploadForm(t, siswa, {
      category: 'cv',
      title: 'CV',
      file: { data: fakeExe(), filename: 'cv.pdf', contentType: 'application/pdf' },
    })
    expect(res.status).toBe(415)
    expect(res.body).toMatchObject({ success: false, data: null, message: expect.stringMatching(/PDF/) })
    expect(await rowsOf(siswa.studentId)).toHaveLength(0)
    expect(storedFiles(t)).toEqual(before)
  })

  it('415 for a text file and for an SVG image', async () => {
    const siswa = await aStudent(t)
    for (const [data, filename] of [
      [Buffer.from('Nama: Budi\nKeahlian: servis motor\n'), 'cv.txt'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'foto.png'],
    ] as const) {
      const res = await uploadForm(t, siswa, { category: 'other', title: 'X', file: { data, filename } })
      expect(res.status, filename).toBe(415)
    }
    expect(await rowsOf(siswa.studentId)).toHaveLength(0)
  })

  it('422 with per-field errors when file, category and title are missing', async () => {
    const siswa = await aStudent(t)
    const res = await uploadForm(t, siswa, { note: 'tanpa berkas' })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ success: false, data: null })
    expect(res.body.errors).toEqual({
      file: ['wajib diisi'],
      category: ['wajib diisi'],
      title: ['wajib diisi'],
    })
  })

  it('422 for an unknown category, an empty or too long title, and an empty file', async () => {
    const siswa = await aStudent(t)
    const res = await uploadForm(t, siswa, {
      category: 'decision_letter',
      title: '   ',
      file: { data: Buffer.alloc(0), filename: 'kosong.pdf' },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['category', 'file', 'title'])
    expect(res.body.errors.category[0]).toMatch(/certificate, award, cv, transcript, other/)
    const long = await uploadForm(t, siswa, pdfForm({ title: 'x'.repeat(151) }))
    expect(long.status).toBe(422)
    expect(long.body.errors).toEqual({ title: ['maksimal 150 karakter'] })
    expect(await rowsOf(siswa.studentId)).toHaveLength(0)
  })

  it('422 when a second file is sent', async () => {
    const siswa = await aStudent(t)
    const res = await uploadForm(t, siswa, [
      ['category', 'cv'],
      ['title', 'Dua berkas'],
      ['file', { data: tinyPdf(), filename: 'a.pdf' }],
      ['other', { data: tinyPdf(), filename: 'b.pdf' }],
    ])
    expect(res.status).toBe(422)
    expect(res.body.errors.file).toBeDefined()
    expect(await rowsOf(siswa.studentId)).toHaveLength(0)
  })

  it('415 for a JSON body and 400 for a malformed multipart body, never 500', async () => {
    const siswa = await aStudent(t)
    const json = await call(t, 'POST', '/api/siswa/portfolio/upload', {
      as: siswa,
      body: { category: 'cv', title: 'CV' },
    })
    expect(json.status).toBe(415)
    expect(json.body).toMatchObject({ success: false, data: null })
    const noBoundary = await call(t, 'POST', '/api/siswa/portfolio/upload', {
      as: siswa,
      body: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    })
    expect(noBoundary.status).toBe(400)
    expect(noBoundary.body).toMatchObject({ success: false, data: null })
    const cut = await call(t, 'POST', '/api/siswa/portfolio/upload', {
      as: siswa,
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut short',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    })
    expect([400, 422]).toContain(cut.status)
    expect(cut.body).toMatchObject({ success: false, data: null })
    expect(await rowsOf(siswa.studentId)).toHaveLength(0)
  })

  it('keeps only a safe display name: `../../etc/passwd` is shown as `passwd`', async () => {
    const siswa = await aStudent(t)
    const res = await uploadForm(t, siswa, {
      ...pdfForm(),
      file: { data: tinyPdf(), filename: '../../etc/passwd' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data.originalName).toBe('passwd')
    const [row] = await rowsOf(siswa.studentId)
    expect(row.originalName).toBe('passwd')
    expect(row.storageKey).not.toMatch(/passwd|etc|\.\./)
    expect(existsSync(join(t.dataDir, 'etc'))).toBe(false)

    const tricky = await uploadForm(t, siswa, {
      ...pdfForm(),
      file: { data: tinyPdf(), filename: `..\\..\\win\\cv\u202Efdp.exe\u0007` },
    })
    expect(tricky.status).toBe(201)
    expect(tricky.body.data.originalName).toBe('cvfdp.exe')
  })

  it('422 once the learner holds 30 files, and the bytes of the refused upload are removed', async () => {
    const siswa = await aStudent(t)
    await t.db.insert(files).values(
      Array.from({ length: 30 }, (_, i) => ({
        studentId: siswa.studentId,
        category: 'certificate' as const,
        title: `Sertifikat ${i}`,
        originalName: `s${i}.pdf`,
        mimeType: 'application/pdf',
        size: 10,
        storageKey: `test/limit-${siswa.studentId}-${i}`,
      })),
    )
    const before = storedFiles(t)
    const res = await uploadForm(t, siswa, pdfForm())
    expect(res.status).toBe(422)
    expect(res.body.message).toMatch(/30 berkas/)
    expect(res.body.errors.file).toBeDefined()
    expect(await rowsOf(siswa.studentId)).toHaveLength(30)
    expect(storedFiles(t)).toEqual(before)
  })

  it('lets exactly one of two racing uploads take the last free place', async () => {
    const siswa = await aStudent(t)
    await t.db.insert(files).values(
      Array.from({ length: 29 }, (_, i) => ({
        studentId: siswa.studentId,
        category: 'other' as const,
        title: `Berkas ${i}`,
        originalName: `b${i}.pdf`,
        mimeType: 'application/pdf',
        size: 10,
        storageKey: `test/race-${siswa.studentId}-${i}`,
      })),
    )
    // Two: an account has at most two uploads in flight (a third is refused before the cap is looked at).
    const results = await Promise.all([1, 2].map(() => uploadForm(t, siswa, pdfForm())))
    expect(results.map((r) => r.status).sort()).toEqual([201, 422])
    expect(await rowsOf(siswa.studentId)).toHaveLength(30)
    const created = results.find((r) => r.status === 201)?.body.data.id
    const keys = storedFiles(t).filter((k) => k.startsWith('portfolio/'))
    const [row] = await t.db.select().from(files).where(eq(files.id, created))
    expect(keys).toContain(row.storageKey)
  })

  it('404 for an account without a learner record', async () => {
    const orphan = await anAccount(t, 'siswa')
    const res = await uploadForm(t, orphan, pdfForm())
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, data: null })
  })
})

describe('POST /api/alumni/portfolio/upload', () => {
  it('201 for an alumnus, stored on their own record', async () => {
    const alumni = await anAlumnus(t)
    const res = await uploadForm(t, alumni, pdfForm(), 'alumni')
    expect(res.status).toBe(201)
    const rows = await rowsOf(alumni.studentId)
    expect(rows.map((r) => r.id)).toEqual([res.body.data.id])
  })
})

describe('a form sent where no upload is taken', () => {
  it('a route outside the upload routes answers 415 in the envelope (it was read as an empty body)', async () => {
    const siswa = await aStudent(t)
    const form = multipart({ title: 'Catatan', file: { data: tinyPdf(), filename: 'cv.pdf' } })
    const res = await call(t, 'PATCH', '/api/notifications/read-all', {
      as: siswa,
      body: form.body,
      headers: form.headers,
    })
    expect(res.status).toBe(415)
    expect(res.body).toMatchObject({ success: false, message: 'Jenis konten tidak didukung.', data: null })
    expect(await rowsOf(siswa.studentId)).toEqual([])
  })
})

describe('OpenAPI', () => {
  it('documents the upload as a multipart form and the download as bytes', async () => {
    const doc = (await call(t, 'GET', '/openapi.json')).body
    const upload = doc.paths['/api/siswa/portfolio/upload'].post
    const form = upload.requestBody.content['multipart/form-data'].schema
    expect(Object.keys(form.properties)).toEqual(['file', 'category', 'title'])
    expect(upload.responses['201']).toBeDefined()
    expect(doc.paths['/api/alumni/portfolio/upload'].post).toBeDefined()
    expect(doc.paths['/api/files/{id}/download'].get.responses['200']).toBeDefined()
  })
})
