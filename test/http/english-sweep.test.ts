/**
 * A client integrating in English sends `Accept-Language: en` (or what a browser or library
 * sends: `en-US,en;q=0.9`, `en-GB`). Every error envelope's `message` and `errors` must then be English, on every
 * route, whatever the role. Kept as a regression test: it walks the OpenAPI document, so a new route is swept too.
 */
import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent, aSuperadmin } from '../support/builders/accounts.js'
import { aDepartment } from '../support/builders/org.js'
import { multipart, tinyPdf } from '../support/multipart.js'

const t = useTestApp({ UPLOAD_LIMIT_BYTES: '2048' })
const INDONESIAN =
  /\b(tidak|wajib|harus|Data|ditemukan|berhasil|Berhasil|Silakan|Anda|sudah|belum|dengan|untuk|yang|karakter|boleh|pilih|Alamat|Berkas|Unggahan|Terlalu|Kata sandi|dihapus)\b/

/** The words a person reads in an answer: `message`, every `errors` message, and any extra text field. */
function wordsOf(body: { message?: unknown; errors?: Record<string, unknown> } | null): string[] {
  if (!body || typeof body !== 'object') return []
  const out: string[] = []
  if (typeof body.message === 'string') out.push(body.message)
  for (const [field, list] of Object.entries(body.errors ?? {}))
    for (const m of [list].flat()) out.push(`${field}: ${m}`)
  return out
}

describe('every route answers a bad request in English when asked', () => {
  it('no Indonesian word in any error envelope, across all routes, roles and bad inputs', async () => {
    const doc = (await call(t, 'GET', '/openapi.json')).body
    const roles = {
      anonymous: null,
      superadmin: await aSuperadmin(t),
      admin: await anAdmin(t),
      hrd: await anHrd(t),
      siswa: await aStudent(t),
      alumni: await aStudent(t, { role: 'alumni' }),
    }
    const badQuery = {
      page: 'abc',
      per_page: '0',
      status: 'zzz',
      date_from: 'x',
      date_to: '2020-13-45',
      search: 'a',
      major_id: 'x',
      company_id: 'x',
      school_year: '2025',
      graduation_year: 'x',
    }
    const badBody = {
      email: 'x',
      status: 'zzz',
      name: '',
      title: 1,
      date: 'x',
      major_ids: [],
      password: 'a',
      score: -1000,
    }
    const languages = ['en', 'en-US,en;q=0.9', 'en-GB']
    const indonesian: string[] = []
    let answers = 0
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      if (/logout|sessions|password/.test(path)) continue // would end the tokens the sweep uses
      for (const method of Object.keys(ops).map((m) => m.toUpperCase())) {
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue
        const withIds = (id: string) => path.replace(/\{[^}]+\}/g, id)
        const tries =
          method === 'GET'
            ? [
                { url: withIds('1') },
                { url: withIds('1'), query: badQuery },
                { url: withIds('999999') },
                { url: withIds('abc') },
              ]
            : method === 'DELETE'
              ? [{ url: withIds('999999') }, { url: withIds('abc') }]
              : [
                  { url: withIds('1'), body: {} },
                  { url: withIds('1'), body: badBody },
                  { url: withIds('999999'), body: {} },
                  { url: withIds('abc'), body: {} },
                ]
        for (const [role, as] of Object.entries(roles))
          for (const [i, attempt] of tries.entries()) {
            const language = languages[(i + answers) % languages.length]
            const res = await call(t, method as 'GET', attempt.url, {
              as,
              body: (attempt as { body?: unknown }).body,
              query: (attempt as { query?: Record<string, string> }).query,
              headers: { 'accept-language': language },
            })
            answers++
            if (res.status < 400) continue
            for (const w of wordsOf(res.body))
              if (INDONESIAN.test(w))
                indonesian.push(`${method} ${attempt.url} as ${role} (${language}) ${res.status}: ${w}`)
          }
      }
    }
    expect(answers).toBeGreaterThan(2000)
    expect(indonesian).toEqual([])
  }, 300_000)
})

describe('errors raised by the framework, uploads, limits and versions, in English', () => {
  const en = { 'accept-language': 'en-US,en;q=0.9' }

  it('invalid JSON (400), a non-UTF-8 charset (415), an unknown route (404), a bad address (400)', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"email":',
      headers: { ...en, 'content-type': 'application/json' },
    })
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'The request body is not valid JSON.'])
    const latin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{}',
      headers: { ...en, 'content-type': 'application/json; charset=iso-8859-1' },
    })
    expect([latin.statusCode, latin.json().message]).toEqual([415, 'JSON must be sent in UTF-8.'])
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '<a/>',
      headers: { ...en, 'content-type': 'application/xml' },
    })
    expect([xml.statusCode, xml.json().message]).toEqual([415, 'Unsupported content type.'])
    const none = await call(t, 'PATCH', '/api/nope', { headers: en })
    expect([none.status, none.body.message]).toEqual([404, 'Route not found.'])
    const addr = await t.app.inject({ method: 'GET', url: '/api/%zz', headers: en })
    expect([addr.statusCode, addr.json().message]).toEqual([400, 'The address is not valid.'])
  })

  it('an upload too large (413), of a refused type (415), not multipart (415)', async () => {
    const learner = await aStudent(t)
    const big = await uploadFormIn(learner, {
      category: 'certificate',
      title: 'x',
      file: {
        data: Buffer.concat([tinyPdf(), Buffer.alloc(5000)]),
        filename: 'a.pdf',
        contentType: 'application/pdf',
      },
    })
    expect(big.status).toBe(413)
    expect(big.body.message).toMatch(/^The file is larger than the limit/)
    const exe = await uploadFormIn(learner, {
      category: 'certificate',
      title: 'x',
      file: { data: Buffer.from('MZ\x90\x00 not a pdf'), filename: 'a.pdf', contentType: 'application/pdf' },
    })
    expect([exe.status, exe.body.message]).toEqual([
      415,
      'This file type is not allowed. Upload a PDF, JPG, PNG or WebP file.',
    ])
    const json = await call(t, 'POST', '/api/siswa/portfolio/upload', { as: learner, body: {}, headers: en })
    expect([json.status, json.body.message]).toEqual([415, 'Uploads must be sent as multipart/form-data.'])
  })

  it('too many login attempts (429), a weak password (422), a duplicate code (409), edited elsewhere (412)', async () => {
    const admin = await anAdmin(t)
    let last = { status: 0, body: { message: '' } }
    for (let i = 0; i < 30; i++) {
      last = await call(t, 'POST', '/api/login', {
        body: { email: admin.email, password: 'wrong-one' },
        headers: en,
      })
      if (last.status === 429) break
    }
    expect(last.status).toBe(429)
    expect(last.body.message).toMatch(/^Too many login attempts\. Try again in \d+ seconds\.$/)
    const superadmin = await aSuperadmin(t)
    const weak = await call(t, 'POST', '/api/admin/users', {
      as: superadmin,
      headers: en,
      body: { email: 'weak@test.local', full_name: 'Weak Pass', role: 'admin', password: 'password' },
    })
    expect(weak.status).toBe(422)
    for (const w of wordsOf(weak.body)) expect(w).not.toMatch(INDONESIAN)
    const dep = await aDepartment(t)
    const dup = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      headers: en,
      body: { code: dep.code, name: 'Another' },
    })
    expect(dup.status).toBe(409)
    for (const w of wordsOf(dup.body)) expect(w).not.toMatch(INDONESIAN)
    const stale = await call(t, 'PUT', `/api/admin/departments/${dep.id}`, {
      as: admin,
      headers: { ...en, 'if-match': '"2001-01-01T00:00:00.000Z"' },
      body: { code: dep.code, name: 'Renamed' },
    })
    expect([stale.status, stale.body.message]).toEqual([
      412,
      'Someone else changed this record after you opened it, so your change was not saved. Reload to see the latest data, then make your change again.',
    ])
  })

  async function uploadFormIn(as: { authorization: string }, fields: Parameters<typeof multipart>[0]) {
    const f = multipart(fields)
    return call(t, 'POST', '/api/siswa/portfolio/upload', {
      as,
      body: f.body,
      headers: { ...en, ...f.headers },
    })
  }
})
