import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'

/**
 * Report results are shared for REPORT_CACHE_SECONDS between staff asking the same thing: a change
 * written by another instance (here: straight into the table) shows only after that time, a change
 * made through this instance shows at once.
 */
const t = useTestApp({ REPORT_CACHE_SECONDS: '300' })
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

const companiesOnDashboard = async () => {
  const res = await call(t, 'GET', '/api/admin/dashboard', { as: admin })
  expect(res.status).toBe(200)
  return res.body.data.companies.total as number
}

describe('shared report results', () => {
  it('answers the kept result while nothing changed through this instance', async () => {
    const before = await companiesOnDashboard()
    await aCompany(t)
    expect(await companiesOnDashboard()).toBe(before)
  })

  it('shows a change made through this instance at once', async () => {
    const create = (name: string) =>
      call(t, 'POST', '/api/admin/companies', {
        as: admin,
        body: { name, industry: 'Makanan', city: 'Bogor' },
      })
    expect((await create('PT Segar Lama')).status).toBe(201)
    const before = await companiesOnDashboard()
    await aCompany(t) // another instance's change: not seen yet
    expect(await companiesOnDashboard()).toBe(before)
    expect((await create('PT Segar Baru')).status).toBe(201)
    expect(await companiesOnDashboard()).toBe(before + 2)
  })

  it('keeps results per filter set: another school year is computed on its own', async () => {
    const a = await call(t, 'GET', '/api/admin/reports/recruitment', {
      as: admin,
      query: { school_year: '2024/2025' },
    })
    const b = await call(t, 'GET', '/api/admin/reports/recruitment', {
      as: admin,
      query: { school_year: '2025/2026' },
    })
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(a.body.data.filters.schoolYear).toBe('2024/2025')
    expect(b.body.data.filters.schoolYear).toBe('2025/2026')
  })

  it('answers a kept result in the language each caller asks for, with the headers of any answer', async () => {
    const ask = (lang?: string) =>
      call(t, 'GET', '/api/admin/reports/attendance', {
        as: admin,
        query: { school_year: '2023/2024' },
        headers: lang ? { 'accept-language': lang } : {},
      })
    const first = await ask()
    const english = await ask('en-US,en;q=0.9')
    const again = await ask('id')
    for (const res of [first, english, again]) {
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-request-id']).toEqual(expect.any(String))
      expect(res.body.data).toEqual(first.body.data)
    }
    expect(first.body).toMatchObject({ success: true, message: 'Berhasil.' })
    expect(english.body).toMatchObject({ success: true, message: 'Done.' })
    expect(again.raw).toBe(first.raw)
    expect(first.body.data.filters.schoolYear).toBe('2023/2024')
  })
})
