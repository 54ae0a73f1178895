import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus } from '../support/builders/accounts.js'

/** docs/api.md: with `Accept-Language: en`, the labels of the options routes are English too. */
const t = useTestApp()

describe('GET /api/admin/reports/options in English', () => {
  it("labels its school years in the caller's language", async () => {
    const admin = await anAdmin(t)
    await anAlumnus(t) // graduated 2024: the school year 2023/2024 has data
    const res = await call(t, 'GET', '/api/admin/reports/options', {
      as: admin,
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.schoolYears.length).toBeGreaterThan(0)
    for (const year of res.body.data.schoolYears) {
      expect(year.label).toBe(`School year ${year.value}`)
    }
  })
})
