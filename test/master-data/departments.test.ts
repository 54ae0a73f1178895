import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { departments } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aDepartment, aMajor, tag } from '../support/builders/org.js'
import { expectRoles } from '../support/roles.js'
import { auditsOf } from '../support/stored.js'

const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

const stored = async (id: number) => (await t.db.select().from(departments).where(eq(departments.id, id)))[0]

describe('role matrix of /api/admin/departments', () => {
  it('admits admin and superadmin only', async () => {
    const d = await aDepartment(t)
    const other = await aDepartment(t)
    await expectRoles(t, 'GET', '/api/admin/departments', ['admin'])
    await expectRoles(t, 'GET', '/api/admin/departments/options', ['admin'])
    await expectRoles(t, 'GET', `/api/admin/departments/${d.id}`, ['admin'])
    await expectRoles(t, 'POST', '/api/admin/departments', ['admin'], { code: tag(), name: 'Matrix' })
    await expectRoles(t, 'PUT', `/api/admin/departments/${d.id}`, ['admin'], { name: 'Matrix 2' })
    await expectRoles(t, 'DELETE', `/api/admin/departments/${other.id}`, ['admin'])
  })
})

describe('GET /api/admin/departments', () => {
  it('pages through the matches with meta, each with its number of majors', async () => {
    const q = tag()
    const a = await aDepartment(t, { code: `${q}A`, name: `${q} Alpha` })
    const b = await aDepartment(t, { code: `${q}B`, name: `${q} Beta` })
    await aDepartment(t, { code: `${q}C`, name: `${q} Gamma` })
    await aMajor(t, { departmentId: a.id })
    await aMajor(t, { departmentId: a.id })

    const first = await call(t, 'GET', '/api/admin/departments', {
      as: admin,
      query: { search: q.toLowerCase(), per_page: 2 },
    })
    expect(first.status).toBe(200)
    expect(first.body.meta).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 })
    expect(first.body.data.map((d: { id: number }) => d.id)).toEqual([a.id, b.id])
    expect(first.body.data[0]).toEqual({
      id: a.id,
      code: `${q}A`,
      name: `${q} Alpha`,
      description: null,
      isActive: true,
      majorCount: 2,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    })
    expect(first.body.data[1].majorCount).toBe(0)

    const second = await call(t, 'GET', '/api/admin/departments', {
      as: admin,
      query: { search: q, per_page: 2, page: 2 },
    })
    expect(second.body.data.map((d: { name: string }) => d.name)).toEqual([`${q} Gamma`])
    expect(second.body.meta).toEqual({ page: 2, perPage: 2, total: 3, totalPages: 2 })

    const beyond = await call(t, 'GET', '/api/admin/departments', {
      as: admin,
      query: { search: q, per_page: 2, page: 5 },
    })
    expect(beyond.body.data).toEqual([])
    expect(beyond.body.meta.total).toBe(3)
  })

  it('filters by is_active and searches the code too', async () => {
    const q = tag()
    const on = await aDepartment(t, { code: `${q}ON`, name: 'Aktif' })
    const off = await aDepartment(t, { code: `${q}OFF`, name: 'Tidak aktif', isActive: false })
    const inactive = await call(t, 'GET', '/api/admin/departments', {
      as: admin,
      query: { search: q, is_active: false },
    })
    expect(inactive.body.data.map((d: { id: number }) => d.id)).toEqual([off.id])
    const active = await call(t, 'GET', '/api/admin/departments', {
      as: admin,
      query: { search: q, is_active: 'true' },
    })
    expect(active.body.data.map((d: { id: number }) => d.id)).toEqual([on.id])
  })

  it('treats % and _ in the search as plain characters', async () => {
    const res = await call(t, 'GET', '/api/admin/departments', { as: admin, query: { search: '%_%' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
    expect(res.body.meta.total).toBe(0)
  })

  it('422 for a bad page size or filter', async () => {
    const res = await call(t, 'GET', '/api/admin/departments', {
      as: admin,
      query: { per_page: 101, page: 0, is_active: 'maybe' },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['is_active', 'page', 'per_page'])
  })
})

describe('GET /api/admin/departments/options', () => {
  it('lists active departments as value/label, inactive ones on request', async () => {
    const on = await aDepartment(t, { name: 'AAA Opsi Aktif' })
    const off = await aDepartment(t, { name: 'AAA Opsi Nonaktif', isActive: false })
    const res = await call(t, 'GET', '/api/admin/departments/options', { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toContainEqual({ value: on.id, label: 'AAA Opsi Aktif' })
    expect(res.body.data.map((o: { value: number }) => o.value)).not.toContain(off.id)
    const all = await call(t, 'GET', '/api/admin/departments/options', {
      as: admin,
      query: { include_inactive: true },
    })
    expect(all.body.data).toContainEqual({ value: off.id, label: 'AAA Opsi Nonaktif' })
  })
})

describe('GET /api/admin/departments/:id', () => {
  it('200 with the department', async () => {
    const d = await aDepartment(t, { description: 'Jurusan teknik' })
    const res = await call(t, 'GET', `/api/admin/departments/${d.id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: d.id,
      code: d.code,
      description: 'Jurusan teknik',
      majorCount: 0,
    })
  })

  it('404 for an unknown id, 422 for a malformed one', async () => {
    const res = await call(t, 'GET', '/api/admin/departments/999999', { as: admin })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Bidang keahlian tidak ditemukan.', data: null })
    expect((await call(t, 'GET', '/api/admin/departments/abc', { as: admin })).status).toBe(422)
  })
})

describe('POST /api/admin/departments', () => {
  it('201 with the department, stored with its code in capitals, unknown fields dropped, audited', async () => {
    const code = tag().toLowerCase()
    const res = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: {
        code,
        name: '  Teknik Mesin ',
        description: 'Pemesinan',
        is_active: false,
        id: 1,
        majorCount: 9,
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.success).toBe(true)
    expect(res.body.data).toMatchObject({
      code: code.toUpperCase(),
      name: 'Teknik Mesin',
      description: 'Pemesinan',
      isActive: false,
      majorCount: 0,
    })
    const row = await stored(res.body.data.id)
    expect(row).toMatchObject({ code: code.toUpperCase(), name: 'Teknik Mesin', isActive: false })
    expect(row.id).not.toBe(1)
    const [log] = await auditsOf(t, 'department', row.id)
    expect(log).toMatchObject({ action: 'create', actorId: admin.id })
  })

  it('defaults to active', async () => {
    const res = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: { code: tag(), name: 'X' },
    })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Bidang keahlian dibuat.')
    expect((await stored(res.body.data.id)).isActive).toBe(true)
  })

  it('409 errors.code when the code is taken, whatever its case', async () => {
    const d = await aDepartment(t)
    const res = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: { code: d.code.toLowerCase(), name: 'Lain' },
    })
    expect(res.status).toBe(409)
    expect(res.body.success).toBe(false)
    expect(res.body.errors.code[0]).toMatch(d.code)
    const rows = await t.db.select().from(departments).where(eq(departments.code, d.code))
    expect(rows).toHaveLength(1)
  })

  it('422 with per-field messages for missing, too long, blank and wrongly typed fields', async () => {
    const missing = await call(t, 'POST', '/api/admin/departments', { as: admin, body: {} })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ code: ['wajib diisi'], name: ['wajib diisi'] })

    const bad = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: { code: 'A B', name: 'x'.repeat(151), description: { a: 1 }, is_active: 'kadang' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      code: ['formatnya tidak valid'],
      name: ['maksimal 150 karakter'],
      description: ['harus berupa teks'],
      is_active: ['harus berupa pilihan ya atau tidak'],
    })

    const long = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: { code: 'x'.repeat(21), name: 'Nama' },
    })
    expect(long.body.errors).toEqual({ code: ['maksimal 20 karakter'] })

    const spaces = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: { code: tag(), name: '   ' },
    })
    expect(spaces.status).toBe(422)
    expect(spaces.body.errors).toEqual({ name: ['tidak boleh kosong'] })
  })

  it('400 for malformed JSON', async () => {
    const res = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: '{"code":',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
  })
})

describe('PUT /api/admin/departments/:id', () => {
  it('200 changes only the fields sent; null clears the description; audited', async () => {
    const d = await aDepartment(t, { description: 'Lama' })
    const code = tag()
    const res = await call(t, 'PUT', `/api/admin/departments/${d.id}`, {
      as: admin,
      body: { code, description: null, is_active: false },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: d.id, code, name: d.name, description: null, isActive: false })
    const row = await stored(d.id)
    expect(row).toMatchObject({ code, name: d.name, description: null, isActive: false })
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(d.updatedAt.getTime())
    const [log] = await auditsOf(t, 'department', d.id)
    expect(log).toMatchObject({ action: 'update', actorId: admin.id })
  })

  it('keeps its own code', async () => {
    const d = await aDepartment(t)
    const res = await call(t, 'PUT', `/api/admin/departments/${d.id}`, {
      as: admin,
      body: { code: d.code.toLowerCase(), name: 'Nama Baru' },
    })
    expect(res.status).toBe(200)
    expect((await stored(d.id)).name).toBe('Nama Baru')
  })

  it("409 errors.code for another department's code", async () => {
    const d = await aDepartment(t)
    const other = await aDepartment(t)
    const res = await call(t, 'PUT', `/api/admin/departments/${d.id}`, {
      as: admin,
      body: { code: other.code },
    })
    expect(res.status).toBe(409)
    expect(res.body.errors).toHaveProperty('code')
    expect((await stored(d.id)).code).toBe(d.code)
  })

  it('404 for an unknown id; 422 for a bad field', async () => {
    expect(
      (await call(t, 'PUT', '/api/admin/departments/999999', { as: admin, body: { name: 'X' } })).status,
    ).toBe(404)
    const d = await aDepartment(t)
    const res = await call(t, 'PUT', `/api/admin/departments/${d.id}`, { as: admin, body: { name: '' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ name: ['tidak boleh kosong'] })
  })
})

describe('DELETE /api/admin/departments/:id', () => {
  it('200 removes a department without majors; audited', async () => {
    const d = await aDepartment(t)
    const res = await call(t, 'DELETE', `/api/admin/departments/${d.id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Bidang keahlian dihapus.', data: null })
    expect(await stored(d.id)).toBeUndefined()
    const [log] = await auditsOf(t, 'department', d.id)
    expect(log).toMatchObject({ action: 'delete', actorId: admin.id })
  })

  it('409 saying how many majors it still has', async () => {
    const d = await aDepartment(t)
    await aMajor(t, { departmentId: d.id })
    await aMajor(t, { departmentId: d.id })
    const res = await call(t, 'DELETE', `/api/admin/departments/${d.id}`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch('masih memiliki 2 kompetensi keahlian')
    expect(await stored(d.id)).toBeDefined()
  })

  it('404 for an unknown id', async () => {
    const res = await call(t, 'DELETE', '/api/admin/departments/999999', { as: admin })
    expect(res.status).toBe(404)
  })
})
