import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { files, students } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { uploadForm } from '../support/builders/files.js'
import { aMajor } from '../support/builders/org.js'
import { multipart, tinyPdf } from '../support/multipart.js'
import { storedStudent } from '../support/stored.js'

/**
 * Input that JSON Schema accepts but PostgreSQL cannot store: numbers that are not finite, text with a NUL
 * character, and text with half a surrogate pair (`"\ud800"`, refused inside JSON columns). Each is a 422
 * naming its field, and nothing is stored; a roster file's cells are cleaned instead.
 */
const t = useTestApp({ LOG_LEVEL: 'error' })
const NOT_ALLOWED = ['Teks memuat karakter yang tidak diizinkan.']
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

describe('input the database cannot hold', () => {
  it('a query number of 1e309 (Infinity) is 422 on that field', async () => {
    const res = await call(t, 'GET', '/api/admin/students', { as: admin, query: { page: '1e309' } })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ success: false, data: null, errors: { page: [expect.any(String)] } })
  })

  it('a NUL character in a search is 422 on that field', async () => {
    const res = await call(t, 'GET', '/api/admin/students', { as: admin, query: { search: 'ab\u0000c' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ search: NOT_ALLOWED })
  })

  it('a JSON body with 1e309 and a NUL in a name is 422 on both fields, and nothing is stored', async () => {
    const before = await call(t, 'GET', '/api/admin/departments', { as: admin })
    const res = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      headers: { 'content-type': 'application/json' },
      body: '{"code":"X\\u0000Y","name":"Teknik","sort":1e309}',
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toContain('code')
    const after = await call(t, 'GET', '/api/admin/departments', { as: admin })
    expect(after.body.meta.total).toBe(before.body.meta.total)
  })

  it('half a surrogate pair in a profile field stored as JSON is 422 on that field; the profile is unchanged', async () => {
    const learner = await aStudent(t)
    const before = await storedStudent(t, learner.studentId)
    const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: learner,
      body: { skills: ['Excel', 'Word\ud800'], education: [{ level: 'SMP\udc00', institution: 'SMPN 1' }] },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ 'skills.1': NOT_ALLOWED, 'education.0.level': NOT_ALLOWED })
    expect(await storedStudent(t, learner.studentId)).toEqual(before)

    const staff = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: { skills: ['\ud800Excel'] },
    })
    expect(staff.status).toBe(422)
    expect(staff.body.errors).toEqual({ 'skills.0': NOT_ALLOWED })
    expect(await storedStudent(t, learner.studentId)).toEqual(before)
  })

  it('a whole surrogate pair (an emoji) is ordinary text', async () => {
    const learner = await aStudent(t)
    const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: learner,
      body: { skills: ['Excel 📊'] },
    })
    expect(res.status).toBe(200)
    expect((await storedStudent(t, learner.studentId)).skills).toEqual(['Excel 📊'])
  })

  it("a NUL in an upload form's text field is 422 on that field, and no file is stored", async () => {
    const learner = await aStudent(t)
    const res = await uploadForm(t, learner, {
      category: 'cv',
      title: 'CV\u0000terbaru',
      file: { data: tinyPdf(), filename: 'cv.pdf', contentType: 'application/pdf' },
    })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ success: false, data: null, errors: { title: NOT_ALLOWED } })
    expect(await t.db.select().from(files).where(eq(files.studentId, learner.studentId))).toEqual([])
  })

  it("a NUL anywhere in a roster file is dropped from its cell, not only in the file's first 4 KiB", async () => {
    await aMajor(t, { code: 'TKS', name: 'Teknik Sanitasi' })
    const header = ['NISN', 'NIS', 'Nama', 'JK', 'Tempat Lahir', 'Tanggal Lahir', 'Rombel', 'Jurusan']
    const row = (n: number, name: string) => [
      String(7300000000 + n),
      `2499${String(n).padStart(4, '0')}`,
      name,
      'L',
      'Bandung',
      '15/08/2008',
      'XII TKS 1',
      'TKS',
    ]
    // 80 ordinary rows put the last one past the 4,096 characters the binary check reads.
    const rows = [
      header,
      ...Array.from({ length: 80 }, (_, i) => row(i, `Siswa Baik ${i}`)),
      row(80, 'Siswa\u0000Buruk'),
    ]
    const form = multipart([
      [
        'file',
        {
          data: Buffer.from(`${rows.map((r) => r.join(',')).join('\r\n')}\r\n`),
          filename: 'roster.csv',
          contentType: 'text/csv',
        },
      ],
      ['dry_run', 'false'],
    ])
    const res = await call(t, 'POST', '/api/admin/imports/students', {
      as: admin,
      body: form.body,
      headers: form.headers,
    })
    expect(res.status, res.raw.slice(0, 300)).toBe(201)
    const [stored] = await t.db.select().from(students).where(eq(students.nis, '24990080'))
    expect(stored.fullName).toBe('SiswaBuruk')
  })

  it("a field named like an object's own members (constructor, toString) is named in the 422, not a 500", async () => {
    // Found by the fuzz in CI: the field errors were kept in a plain object, whose `constructor` is a function.
    const learner = await aStudent(t)
    const res = await call(t, 'PATCH', '/api/notifications/read-all', {
      as: learner,
      headers: { 'content-type': 'application/json' },
      body: '{"constructor":"\\u0000","toString":"a\\u0000","hasOwnProperty":{"valueOf":"\\u0000"}}',
    })
    expect(res.status, res.raw.slice(0, 300)).toBe(422)
    expect(res.body).toMatchObject({ success: false, data: null })
    expect(res.body.errors).toEqual({
      constructor: NOT_ALLOWED,
      toString: NOT_ALLOWED,
      'hasOwnProperty.valueOf': NOT_ALLOWED,
    })
  })

  it('ordinary input still passes', async () => {
    const res = await call(t, 'GET', '/api/admin/students', {
      as: admin,
      query: { page: '1', search: 'budi' },
    })
    expect(res.status).toBe(200)
  })
})
