import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import {
  type Account,
  anAdmin,
  anAlumnus,
  anHrd,
  aStudent,
  aSuperadmin,
  deactivateAccount,
  unique,
} from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { accountsOf, expectRoles } from '../support/roles.js'
import { storedUser } from '../support/stored.js'

const t = useTestApp()
let superadmin: Account

beforeAll(async () => {
  superadmin = await aSuperadmin(t)
})

describe('role matrix of /api/admin/users', () => {
  it('admits superadmin only: admin and every other role get 403, no token 401', async () => {
    const target = await anAdmin(t)
    const toDelete = await anAdmin(t)
    const base = '/api/admin/users'
    await expectRoles(t, 'GET', base, ['superadmin'])
    await expectRoles(t, 'GET', `${base}/${target.id}`, ['superadmin'])
    await expectRoles(t, 'POST', base, ['superadmin'], {
      email: `${unique('matrix')}@test.local`,
      full_name: 'Matrix',
      password: 'kopi-tubruk-77',
      role: 'admin',
    })
    await expectRoles(t, 'PUT', `${base}/${target.id}`, ['superadmin'], { full_name: 'Matrix 2' })
    await expectRoles(t, 'PATCH', `${base}/${target.id}/toggle-active`, ['superadmin'])
    await expectRoles(t, 'POST', `${base}/${target.id}/reset-password`, ['superadmin'], {
      password: 'pemulihan-456',
    })
    await expectRoles(t, 'DELETE', `${base}/${toDelete.id}`, ['superadmin'])
    // Each route did run for the superadmin of the matrix.
    expect(await storedUser(t, toDelete.id)).toBeUndefined()
    const stored = await storedUser(t, target.id)
    expect(stored).toMatchObject({ fullName: 'Matrix 2', isActive: false })
  })

  it('answers 403 to admin with the envelope, not the data', async () => {
    const { admin } = await accountsOf(t)
    const res = await call(t, 'GET', '/api/admin/users', { as: admin })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      success: false,
      message: 'Peran Anda tidak memiliki akses ke fitur ini.',
      data: null,
      code: 'role_refused',
    })
  })
})

describe('GET /api/admin/users', () => {
  it('pages through the matches, newest first, with meta', async () => {
    const name = unique('Halaman')
    const created: Account[] = []
    for (let i = 0; i < 3; i++) created.push(await anAdmin(t, { fullName: `${name} ${i}` }))

    const first = await call(t, 'GET', '/api/admin/users', {
      as: superadmin,
      query: { search: name, per_page: 2 },
    })
    expect(first.status).toBe(200)
    expect(first.body.success).toBe(true)
    expect(first.body.meta).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 })
    expect(first.body.data.map((u: { id: number }) => u.id)).toEqual([created[2].id, created[1].id])

    const second = await call(t, 'GET', '/api/admin/users', {
      as: superadmin,
      query: { search: name, per_page: 2, page: 2 },
    })
    expect(second.body.data.map((u: { id: number }) => u.id)).toEqual([created[0].id])

    const beyond = await call(t, 'GET', '/api/admin/users', {
      as: superadmin,
      query: { search: name, per_page: 2, page: 9 },
    })
    expect(beyond.body.data).toEqual([])
    expect(beyond.body.meta).toEqual({ page: 9, perPage: 2, total: 3, totalPages: 2 })
  })

  it('shows each account with its company and learner record, never the password hash', async () => {
    const company = await aCompany(t, { name: unique('PT Tampil') })
    const hrd = await anHrd(t, { companyId: company.id })
    const siswa = await aStudent(t)
    await call(t, 'POST', '/api/login', { body: { email: hrd.email, password: 'password123' } })

    const res = await call(t, 'GET', '/api/admin/users', { as: superadmin, query: { per_page: 100 } })
    expect(res.status).toBe(200)
    const hrdItem = res.body.data.find((u: { id: number }) => u.id === hrd.id)
    const stored = (await storedUser(t, hrd.id))!
    expect(hrdItem).toEqual({
      id: hrd.id,
      email: hrd.email,
      fullName: stored.fullName,
      role: 'hrd',
      isActive: true,
      companyId: company.id,
      companyName: company.name,
      companyCity: company.city,
      companyIsActive: true,
      studentId: null,
      lastLoginAt: stored.lastLoginAt!.toISOString(),
      createdAt: stored.createdAt.toISOString(),
      updatedAt: stored.updatedAt.toISOString(),
    })
    const siswaItem = res.body.data.find((u: { id: number }) => u.id === siswa.id)
    expect(siswaItem).toMatchObject({
      role: 'siswa',
      studentId: siswa.studentId,
      companyId: null,
      lastLoginAt: null,
    })
    expect(res.raw).not.toMatch(/passwordHash|password_hash|\$argon2/)
  })

  it('filters by role, is_active and company_id', async () => {
    const company = await aCompany(t)
    const a = await anHrd(t, { companyId: company.id })
    const b = await anHrd(t, { companyId: company.id })
    await deactivateAccount(t, b.id)
    await anHrd(t)

    const byCompany = await call(t, 'GET', '/api/admin/users', {
      as: superadmin,
      query: { company_id: company.id },
    })
    expect(byCompany.body.data.map((u: { id: number }) => u.id)).toEqual([b.id, a.id])

    const inactive = await call(t, 'GET', '/api/admin/users', {
      as: superadmin,
      query: { company_id: company.id, is_active: false },
    })
    expect(inactive.body.data.map((u: { id: number }) => u.id)).toEqual([b.id])
    expect(inactive.body.meta.total).toBe(1)

    const alumni = await anAlumnus(t)
    const byRole = await call(t, 'GET', '/api/admin/users', {
      as: superadmin,
      query: { role: 'alumni', per_page: 100 },
    })
    expect(byRole.body.data.length).toBeGreaterThan(0)
    expect(byRole.body.data.every((u: { role: string }) => u.role === 'alumni')).toBe(true)
    expect(byRole.body.data.map((u: { id: number }) => u.id)).toContain(alumni.id)
    expect(byRole.body.meta.total).toBe(byRole.body.data.length)
  })

  it('searches name or e-mail, case-insensitively, with LIKE wildcards taken literally', async () => {
    const tag = unique('Cari')
    const byName = await anAdmin(t, { fullName: `Ibu ${tag} Lestari` })
    const byEmail = await anAdmin(t, { email: `${tag.toLowerCase()}@sekolah.test` })
    await anAdmin(t, { fullName: 'Tidak Cocok' })

    const res = await call(t, 'GET', '/api/admin/users', {
      as: superadmin,
      query: { search: `  ${tag.toUpperCase()} ` },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.map((u: { id: number }) => u.id).sort()).toEqual([byName.id, byEmail.id].sort())

    const wildcard = await call(t, 'GET', '/api/admin/users', { as: superadmin, query: { search: '%' } })
    expect(wildcard.body.data).toEqual([])
  })

  it('422 with per-field messages for bad filters', async () => {
    const res = await call(t, 'GET', '/api/admin/users', {
      as: superadmin,
      query: { role: 'boss', is_active: 'maybe', company_id: 0, per_page: 101 },
    })
    expect(res.status).toBe(422)
    expect(res.body.success).toBe(false)
    expect(Object.keys(res.body.errors).sort()).toEqual(['company_id', 'is_active', 'per_page', 'role'])
    expect(res.body.errors.role[0]).toMatch(/superadmin, admin, hrd, siswa, alumni/)
  })
})

describe('GET /api/admin/users/:id', () => {
  it('200 with the account', async () => {
    const alumni = await anAlumnus(t)
    const res = await call(t, 'GET', `/api/admin/users/${alumni.id}`, { as: superadmin })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: alumni.id,
      email: alumni.email,
      role: 'alumni',
      isActive: true,
      studentId: alumni.studentId,
      companyId: null,
      companyName: null,
    })
    expect(res.body.data).not.toHaveProperty('passwordHash')
  })

  it('404 for an unknown id, 422 for a malformed one', async () => {
    const unknown = await call(t, 'GET', '/api/admin/users/999999', { as: superadmin })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ success: false, message: 'Akun tidak ditemukan.', data: null })
    const malformed = await call(t, 'GET', '/api/admin/users/abc', { as: superadmin })
    expect(malformed.status).toBe(422)
    expect(malformed.body.errors.id).toBeDefined()
  })
})

describe('GET /openapi.json', () => {
  it('documents every user-management route', async () => {
    const res = await call(t, 'GET', '/openapi.json')
    expect(res.status).toBe(200)
    const paths = res.body.paths
    // Routes registered as '/' under a prefix are listed with the trailing slash.
    const list = paths['/api/admin/users'] ?? paths['/api/admin/users/']
    expect(Object.keys(list).sort()).toEqual(['get', 'post'])
    expect(Object.keys(paths['/api/admin/users/{id}']).sort()).toEqual(['delete', 'get', 'put'])
    expect(paths['/api/admin/users/{id}/toggle-active'].patch.tags).toEqual(['users'])
    expect(paths['/api/admin/users/{id}/reset-password'].post.summary).toMatch(/password/)
    const created = list.post.responses['201'].content['application/json'].schema
    expect(created.properties.data.properties).not.toHaveProperty('passwordHash')
  })
})
