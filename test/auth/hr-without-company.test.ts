import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAccount, anHrd } from '../support/builders/accounts.js'
import { aCompany, deactivateCompany } from '../support/builders/org.js'

/**
 * An HR account without an active company (never linked, unlinked, or its company switched off) may use no HR
 * route. Its refusal carries `code: company_unavailable`, so a client reloads `/api/me`, whose `company` says
 * which of the two it is; its account and notifications stay open.
 */
const t = useTestApp({ AUTH_CACHE_SECONDS: '0' })

describe('HR without an active company', () => {
  it('unlinked: HR routes answer 403 company_unavailable; /api/me shows no company', async () => {
    const hrd = await anAccount(t, 'hrd')
    const res = await call(t, 'GET', '/api/hrd/job-vacancies', { as: hrd })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({
      success: false,
      code: 'company_unavailable',
      message: 'Akun HRD Anda belum terhubung dengan perusahaan.',
    })
    const me = await call(t, 'GET', '/api/me', { as: hrd })
    expect(me.status).toBe(200)
    expect(me.body.data.company).toBeNull()
    expect((await call(t, 'GET', '/api/notifications', { as: hrd })).status).toBe(200)
  })

  it('company switched off: 403 company_unavailable; /api/me shows the company as inactive', async () => {
    const company = await aCompany(t, { name: 'PT Nonaktif Sejahtera' })
    const hrd = await anHrd(t, { companyId: company.id })
    const before = await call(t, 'GET', '/api/me', { as: hrd })
    expect(before.body.data.company).toEqual({
      id: company.id,
      name: 'PT Nonaktif Sejahtera',
      isActive: true,
    })

    await deactivateCompany(t, company.id)
    const res = await call(t, 'GET', '/api/hrd/test-schedules', { as: hrd })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({
      code: 'company_unavailable',
      message: 'Perusahaan Anda sedang nonaktif.',
    })
    const me = await call(t, 'GET', '/api/me', { as: hrd })
    expect(me.status).toBe(200)
    expect(me.body.data.company).toEqual({ id: company.id, name: 'PT Nonaktif Sejahtera', isActive: false })
  })
})
