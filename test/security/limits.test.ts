import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'
import { multipart, tinyPdf } from '../support/multipart.js'

const t = useTestApp({ APPLY_MAX_PER_HOUR: '2', UPLOAD_MAX_PER_HOUR: '2', BODY_LIMIT_BYTES: '2048' })

describe('limits against abuse', () => {
  it('applying: over APPLY_MAX_PER_HOUR per account answers 429 with Retry-After; another account is not affected', async () => {
    const siswa = await aStudent(t)
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await call(t, 'POST', '/api/job-vacancies/2147483000/apply', { as: siswa, body: {} })).status,
      )
    expect(statuses).toEqual([404, 404, 429])
    const limited = await call(t, 'POST', '/api/job-vacancies/2147483000/apply', { as: siswa, body: {} })
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ success: false, data: null })
    expect(limited.body.message).toMatch(/Coba lagi dalam \d+ detik/)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000)
    const other = await aStudent(t)
    expect(
      (await call(t, 'POST', '/api/job-vacancies/2147483000/apply', { as: other, body: {} })).status,
    ).toBe(404)
  })

  it('uploading: over UPLOAD_MAX_PER_HOUR per account answers 429 before the file is read', async () => {
    const siswa = await aStudent(t)
    const send = () => {
      const form = multipart({
        file: { data: tinyPdf('x'), filename: 'sertifikat.pdf', contentType: 'application/pdf' },
        category: 'certificate',
        title: 'Sertifikat',
      })
      return call(t, 'POST', '/api/siswa/portfolio/upload', {
        as: siswa,
        body: form.body,
        headers: form.headers,
      })
    }
    expect((await send()).status).toBe(201)
    expect((await send()).status).toBe(201)
    const third = await send()
    expect(third.status).toBe(429)
    expect(third.headers['retry-after']).toBeDefined()
    const files = await call(t, 'GET', '/api/siswa/portfolio/profile', { as: siswa })
    expect(files.status).toBe(200)
  })

  it('a JSON body over BODY_LIMIT_BYTES answers 413 in the envelope', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: { code: 'X', name: 'x'.repeat(4000) },
    })
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({ success: false, data: null })
  })
})
