import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'

const t = useTestApp()

const get = (url: string, authorization: string, language: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization, 'accept-language': language } })

describe('Accept-Language: en', () => {
  it("the tracer-study report's vocabulary labels (career status, job fit) are in English", async () => {
    const admin = await anAdmin(t)
    const res = await get('/api/admin/reports/tracer-study', admin.authorization, 'en')
    expect(res.statusCode).toBe(200)
    const body = JSON.parse(res.body)
    expect(body.message).toBe('Done.')
    // Before the fix: "Bekerja", "Wirausaha", "Melanjutkan studi", "Mencari kerja" (labelOf without the language,
    // src/modules/reports/service.ts:289 and :302) while every other part of the answer is English.
    const labels = Object.fromEntries(
      body.data.statuses.map((s: { status: string; label: string }) => [s.status, s.label]),
    )
    const vocabulary = JSON.parse((await get('/api/vocabulary', admin.authorization, 'en')).body).data
    const english = Object.fromEntries(
      vocabulary.careerStatus.map((c: { code: string; label: string }) => [c.code, c.label]),
    )
    expect(labels).toEqual(english)
  })
})

describe('Accept-Language with quality values', () => {
  it('"id;q=0.1, en;q=0.9" prefers English (the higher q), as RFC 9110 §12.5.4 says', async () => {
    const admin = await anAdmin(t)
    const res = await get('/api/admin/reports/options', admin.authorization, 'id;q=0.1, en;q=0.9')
    // Before the fix: "Berhasil." (src/http/i18n.ts:13 takes the first tag listed and ignores q).
    expect(JSON.parse(res.body).message).toBe('Done.')
  })

  it('"en;q=0, id" refuses English (q=0: not acceptable)', async () => {
    const admin = await anAdmin(t)
    const res = await get('/api/admin/reports/options', admin.authorization, 'en;q=0, id')
    // Before the fix: "Done.".
    expect(JSON.parse(res.body).message).toBe('Berhasil.')
  })
})
