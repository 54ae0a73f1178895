import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { companies, jobVacancies, users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import {
  type Account,
  anAdmin,
  anHrd,
  aStudent,
  aSuperadmin,
  logIn,
  PASSWORD,
} from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { auditsOf } from '../support/stored.js'

/**
 * The four `toggle-active` routes: no body switches the flag (SPEC); `is_active` sets it, so a request sent
 * again (a retry after a timeout, a double click) leaves what one leaves instead of switching it back.
 */

const t = useTestApp()
let admin: Account
let superadmin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
  superadmin = await aSuperadmin(t)
})

const companyActive = async (id: number) =>
  (await t.db.select().from(companies).where(eq(companies.id, id)))[0].isActive
const vacancyActive = async (id: number) =>
  (await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, id)))[0].isActive
const userActive = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0].isActive

describe('PATCH /api/admin/companies/:id/toggle-active with is_active', () => {
  it('sets the state: sent twice, the company stays inactive and one change is audited', async () => {
    const c = await aCompany(t)
    const url = `/api/admin/companies/${c.id}/toggle-active`

    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'PATCH', url, { as: admin, body: { is_active: false } })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('Perusahaan dinonaktifkan.')
      expect(res.body.data).toMatchObject({ id: c.id, isActive: false })
    }
    expect(await companyActive(c.id)).toBe(false)
    expect((await auditsOf(t, 'company', c.id)).map((l) => l.action)).toEqual(['deactivate'])

    const on = await call(t, 'PATCH', url, { as: admin, body: { is_active: true } })
    expect(on.body.data.isActive).toBe(true)
    expect(await companyActive(c.id)).toBe(true)
  })

  it('without a body, or with {}, still switches (SPEC)', async () => {
    const c = await aCompany(t)
    const url = `/api/admin/companies/${c.id}/toggle-active`
    expect((await call(t, 'PATCH', url, { as: admin })).body.data.isActive).toBe(false)
    expect((await call(t, 'PATCH', url, { as: admin, body: {} })).body.data.isActive).toBe(true)
    expect(await companyActive(c.id)).toBe(true)
  })

  it('422 names the field for a state that is not true or false; nothing changes', async () => {
    const c = await aCompany(t)
    for (const body of [{ is_active: 'false' }, { is_active: null }, { is_active: 0 }]) {
      const res = await call(t, 'PATCH', `/api/admin/companies/${c.id}/toggle-active`, { as: admin, body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.success).toBe(false)
    }
    const res = await call(t, 'PATCH', `/api/admin/companies/${c.id}/toggle-active`, {
      as: admin,
      body: { is_active: 'false' },
    })
    expect(Object.keys(res.body.errors)).toEqual(['is_active'])
    expect(await companyActive(c.id)).toBe(true)
  })

  it('404 for an unknown company, asked a state it would already have', async () => {
    const res = await call(t, 'PATCH', '/api/admin/companies/999999/toggle-active', {
      as: admin,
      body: { is_active: true },
    })
    expect(res.status).toBe(404)
  })
})

describe('PATCH /api/hrd/job-vacancies/:id/toggle-active with is_active', () => {
  it("sets the company's vacancy's state; sent twice it stays as asked", async () => {
    const c = await aCompany(t)
    const hrd = await anHrd(t, { companyId: c.id })
    const v = await aVacancy(t, { companyId: c.id })
    const url = `/api/hrd/job-vacancies/${v.id}/toggle-active`
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'PATCH', url, { as: hrd, body: { is_active: false } })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        success: true,
        message: 'Lowongan dinonaktifkan.',
        data: { id: v.id, isActive: false, isOpen: false },
      })
    }
    expect(await vacancyActive(v.id)).toBe(false)
    expect((await call(t, 'PATCH', url, { as: hrd })).body.data.isActive).toBe(true)
  })

  it("404 for another company's vacancy, whatever the state asked", async () => {
    const hrd = await anHrd(t, { companyId: (await aCompany(t)).id })
    const theirs = await aVacancy(t)
    for (const is_active of [true, false]) {
      const res = await call(t, 'PATCH', `/api/hrd/job-vacancies/${theirs.id}/toggle-active`, {
        as: hrd,
        body: { is_active },
      })
      expect(res.status).toBe(404)
    }
    expect(await vacancyActive(theirs.id)).toBe(true)
  })
})

describe('PATCH /api/admin/job-vacancies/:id/toggle-active with is_active', () => {
  it('sets the state; the change is audited once', async () => {
    const v = await aVacancy(t)
    const url = `/api/admin/job-vacancies/${v.id}/toggle-active`
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'PATCH', url, { as: admin, body: { is_active: false } })
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ id: v.id, isActive: false, isOpen: false })
    }
    expect(await vacancyActive(v.id)).toBe(false)
    expect((await auditsOf(t, 'job_vacancy', v.id)).map((l) => l.action)).toEqual(['deactivate'])
  })
})

describe('PATCH /api/admin/users/:id/toggle-active with is_active', () => {
  it('deactivating twice leaves the account inactive and its sessions ended', async () => {
    const student = await aStudent(t)
    const url = `/api/admin/users/${student.id}/toggle-active`
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'PATCH', url, { as: superadmin, body: { is_active: false } })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('Akun dinonaktifkan.')
      expect(res.body.data).toMatchObject({ id: student.id, isActive: false })
    }
    expect(await userActive(student.id)).toBe(false)
    expect((await call(t, 'GET', '/api/me', { as: student })).status).toBe(401)
    expect((await auditsOf(t, 'user', student.id)).map((l) => l.action)).toEqual(['deactivate'])

    const on = await call(t, 'PATCH', url, { as: superadmin, body: { is_active: true } })
    expect(on.body.data.isActive).toBe(true)
    expect((await logIn(t, student.email, PASSWORD)).status).toBe(200)
  })

  it('activating an active account changes nothing and ends no session', async () => {
    const student = await aStudent(t)
    const res = await call(t, 'PATCH', `/api/admin/users/${student.id}/toggle-active`, {
      as: superadmin,
      body: { is_active: true },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.isActive).toBe(true)
    expect((await call(t, 'GET', '/api/me', { as: student })).status).toBe(200)
    expect(await auditsOf(t, 'user', student.id)).toEqual([])
  })

  it('refuses to deactivate oneself, as the switch does', async () => {
    const res = await call(t, 'PATCH', `/api/admin/users/${superadmin.id}/toggle-active`, {
      as: superadmin,
      body: { is_active: false },
    })
    expect(res.status).toBe(422)
    expect(await userActive(superadmin.id)).toBe(true)
  })
})
