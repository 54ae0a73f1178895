import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { majors } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { aCompany, aDepartment, aMajor, tag } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'
import { auditsOf } from '../support/stored.js'

const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

const stored = async (id: number) => (await t.db.select().from(majors).where(eq(majors.id, id)))[0]
const ids = (res: { body: { data: { id?: number; value?: number }[] } }) =>
  res.body.data.map((d) => d.id ?? d.value)

describe('role matrix of /api/admin/majors', () => {
  it('admits admin and superadmin only', async () => {
    const m = await aMajor(t)
    const other = await aMajor(t)
    await expectRoles(t, 'GET', '/api/admin/majors', ['admin'])
    await expectRoles(t, 'GET', '/api/admin/majors/options', ['admin'])
    await expectRoles(t, 'GET', `/api/admin/majors/${m.id}`, ['admin'])
    await expectRoles(t, 'POST', '/api/admin/majors', ['admin'], {
      department_id: m.departmentId,
      code: tag(),
      name: 'Matrix',
    })
    await expectRoles(t, 'PUT', `/api/admin/majors/${m.id}`, ['admin'], { name: 'Matrix 2' })
    await expectRoles(t, 'DELETE', `/api/admin/majors/${other.id}`, ['admin'])
  })
})

describe('GET /api/admin/majors', () => {
  it('pages through the matches, each with its department and head counts', async () => {
    const q = tag()
    const dep = await aDepartment(t, { code: `${q}D`, name: 'Teknologi Informasi' })
    const a = await aMajor(t, { departmentId: dep.id, code: `${q}A`, name: `${q} Akuntansi` })
    const b = await aMajor(t, { departmentId: dep.id, code: `${q}B`, name: `${q} Bisnis` })
    await aMajor(t, { code: `${q}C`, name: `${q} Cetak` })
    await aStudent(t, { majorId: a.id, account: false })
    await aStudent(t, { majorId: a.id, account: false })
    await anAlumnus(t, { majorId: a.id })

    const res = await call(t, 'GET', '/api/admin/majors', { as: admin, query: { search: q, per_page: 2 } })
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 })
    expect(ids(res)).toEqual([a.id, b.id])
    expect(res.body.data[0]).toEqual({
      id: a.id,
      code: `${q}A`,
      name: `${q} Akuntansi`,
      description: null,
      isActive: true,
      department: { id: dep.id, code: `${q}D`, name: 'Teknologi Informasi' },
      studentCount: 2,
      alumniCount: 1,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    })
    expect(res.body.data[1]).toMatchObject({ studentCount: 0, alumniCount: 0 })

    const page2 = await call(t, 'GET', '/api/admin/majors', {
      as: admin,
      query: { search: q, per_page: 2, page: 2 },
    })
    expect(page2.body.data.map((m: { code: string }) => m.code)).toEqual([`${q}C`])
  })

  it('filters by department_id and is_active', async () => {
    const dep = await aDepartment(t)
    const on = await aMajor(t, { departmentId: dep.id })
    const off = await aMajor(t, { departmentId: dep.id, isActive: false })
    await aMajor(t)
    const all = await call(t, 'GET', '/api/admin/majors', { as: admin, query: { department_id: dep.id } })
    expect(ids(all).sort()).toEqual([on.id, off.id].sort())
    expect(all.body.meta.total).toBe(2)
    const inactive = await call(t, 'GET', '/api/admin/majors', {
      as: admin,
      query: { department_id: dep.id, is_active: false },
    })
    expect(ids(inactive)).toEqual([off.id])
  })

  it('422 for a malformed department_id filter', async () => {
    const res = await call(t, 'GET', '/api/admin/majors', { as: admin, query: { department_id: 'x' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toHaveProperty('department_id')
  })
})

describe('GET /api/admin/majors/options', () => {
  it('lists active majors, of one department on request, inactive ones with include_inactive', async () => {
    const dep = await aDepartment(t)
    const on = await aMajor(t, { departmentId: dep.id, name: 'Rekayasa Perangkat Lunak' })
    const off = await aMajor(t, { departmentId: dep.id, isActive: false })
    const elsewhere = await aMajor(t)

    const active = await call(t, 'GET', '/api/admin/majors/options', {
      as: admin,
      query: { department_id: dep.id },
    })
    expect(active.status).toBe(200)
    expect(active.body.data).toEqual([{ value: on.id, label: 'Rekayasa Perangkat Lunak' }])

    const all = await call(t, 'GET', '/api/admin/majors/options', {
      as: admin,
      query: { department_id: dep.id, include_inactive: true },
    })
    expect(ids(all).sort()).toEqual([on.id, off.id].sort())

    const every = await call(t, 'GET', '/api/admin/majors/options', { as: admin })
    expect(ids(every)).toContain(elsewhere.id)
    expect(ids(every)).not.toContain(off.id)
  })
})

describe('GET /api/admin/majors/:id', () => {
  it('200 with the major and its department', async () => {
    const m = await aMajor(t)
    const res = await call(t, 'GET', `/api/admin/majors/${m.id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: m.id, code: m.code, department: { id: m.departmentId } })
  })

  it('404 for an unknown id', async () => {
    const res = await call(t, 'GET', '/api/admin/majors/999999', { as: admin })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Kompetensi keahlian tidak ditemukan.', data: null })
  })
})

describe('POST /api/admin/majors', () => {
  it('201 with the major, stored, audited', async () => {
    const dep = await aDepartment(t)
    const code = tag()
    const res = await call(t, 'POST', '/api/admin/majors', {
      as: admin,
      body: { department_id: dep.id, code: code.toLowerCase(), name: 'Teknik Kendaraan Ringan', extra: 'x' },
    })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Kompetensi keahlian dibuat.')
    expect(res.body.data).toMatchObject({
      code,
      name: 'Teknik Kendaraan Ringan',
      isActive: true,
      department: { id: dep.id, code: dep.code, name: dep.name },
      studentCount: 0,
      alumniCount: 0,
    })
    expect(await stored(res.body.data.id)).toMatchObject({ departmentId: dep.id, code, description: null })
    const [log] = await auditsOf(t, 'major', res.body.data.id)
    expect(log).toMatchObject({ action: 'create', actorId: admin.id })
  })

  it('409 errors.code when the code is taken', async () => {
    const m = await aMajor(t)
    const res = await call(t, 'POST', '/api/admin/majors', {
      as: admin,
      body: { department_id: m.departmentId, code: m.code, name: 'Lain' },
    })
    expect(res.status).toBe(409)
    expect(res.body.errors.code).toHaveLength(1)
    expect(await t.db.select().from(majors).where(eq(majors.code, m.code))).toHaveLength(1)
  })

  it('422 errors.department_id for an unknown department', async () => {
    const code = tag()
    const res = await call(t, 'POST', '/api/admin/majors', {
      as: admin,
      body: { department_id: 999999, code, name: 'Yatim' },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ department_id: ['Bidang keahlian tidak ditemukan.'] })
    expect(await t.db.select().from(majors).where(eq(majors.code, code))).toHaveLength(0)
  })

  it('422 with per-field messages for missing, too long and wrongly typed fields', async () => {
    const missing = await call(t, 'POST', '/api/admin/majors', { as: admin, body: { name: 'X' } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ department_id: ['wajib diisi'], code: ['wajib diisi'] })
    const bad = await call(t, 'POST', '/api/admin/majors', {
      as: admin,
      body: { department_id: 'satu', code: 'OK', name: 'x'.repeat(151), description: 'd'.repeat(2001) },
    })
    expect(bad.body.errors).toEqual({
      department_id: ['harus berupa bilangan bulat'],
      name: ['maksimal 150 karakter'],
      description: ['maksimal 2000 karakter'],
    })
  })
})

describe('PUT /api/admin/majors/:id', () => {
  it('200 moves the major to another department and renames it; audited', async () => {
    const m = await aMajor(t, { description: 'Lama' })
    const dep = await aDepartment(t)
    const res = await call(t, 'PUT', `/api/admin/majors/${m.id}`, {
      as: admin,
      body: { department_id: dep.id, name: 'Nama Baru', description: null },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ name: 'Nama Baru', code: m.code, department: { id: dep.id } })
    expect(await stored(m.id)).toMatchObject({ departmentId: dep.id, name: 'Nama Baru', description: null })
    const [log] = await auditsOf(t, 'major', m.id)
    expect(log).toMatchObject({ action: 'update', actorId: admin.id })
  })

  it('422 for an unknown department, 409 for a taken code, 404 for an unknown id', async () => {
    const m = await aMajor(t)
    const other = await aMajor(t)
    const unknown = await call(t, 'PUT', `/api/admin/majors/${m.id}`, {
      as: admin,
      body: { department_id: 999999 },
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toHaveProperty('department_id')
    const taken = await call(t, 'PUT', `/api/admin/majors/${m.id}`, { as: admin, body: { code: other.code } })
    expect(taken.status).toBe(409)
    expect(taken.body.errors).toHaveProperty('code')
    expect(await stored(m.id)).toMatchObject({ code: m.code, departmentId: m.departmentId })
    const missing = await call(t, 'PUT', '/api/admin/majors/999999', { as: admin, body: { name: 'X' } })
    expect(missing.status).toBe(404)
  })
})

describe('DELETE /api/admin/majors/:id', () => {
  it('200 removes an unused major; audited', async () => {
    const m = await aMajor(t)
    const res = await call(t, 'DELETE', `/api/admin/majors/${m.id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toBeNull()
    expect(await stored(m.id)).toBeUndefined()
    const [log] = await auditsOf(t, 'major', m.id)
    expect(log).toMatchObject({ action: 'delete', actorId: admin.id })
  })

  it('409 when students or alumni still belong to it', async () => {
    const m = await aMajor(t)
    await aStudent(t, { majorId: m.id, account: false })
    await anAlumnus(t, { majorId: m.id })
    const res = await call(t, 'DELETE', `/api/admin/majors/${m.id}`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch('masih dipakai oleh 2 data siswa/alumni')
    expect(await stored(m.id)).toBeDefined()
  })

  it('409 when a vacancy (even a deleted one) is open to it', async () => {
    const m = await aMajor(t)
    const company = await aCompany(t)
    await aVacancy(t, { companyId: company.id, majorIds: [m.id], values: { deletedAt: new Date() } })
    const res = await call(t, 'DELETE', `/api/admin/majors/${m.id}`, {
      as: admin,
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch('still used by 1 vacancy')
    expect(await stored(m.id)).toBeDefined()
  })

  it('404 for an unknown id', async () => {
    expect((await call(t, 'DELETE', '/api/admin/majors/999999', { as: admin })).status).toBe(404)
  })
})
