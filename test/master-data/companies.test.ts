import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { companies, users } from '../../src/db/schema/index.js'
import { verifyPassword } from '../../src/modules/auth/passwords.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAccount, anAdmin, anHrd, aStudent } from '../support/builders/accounts.js'
import { aCompany, tag } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'
import { auditsOf } from '../support/stored.js'

const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

const stored = async (id: number) => (await t.db.select().from(companies).where(eq(companies.id, id)))[0]
const account = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]
const ids = (res: { body: { data: { id?: number; value?: number }[] } }) =>
  res.body.data.map((d) => d.id ?? d.value)

describe('role matrix of /api/admin/companies', () => {
  it('admits admin and superadmin only', async () => {
    const c = await aCompany(t)
    const other = await aCompany(t)
    const hrd = await anHrd(t, { companyId: c.id })
    await expectRoles(t, 'GET', '/api/admin/companies', ['admin'])
    await expectRoles(t, 'GET', '/api/admin/companies/options', ['admin'])
    await expectRoles(t, 'GET', `/api/admin/companies/${c.id}`, ['admin'])
    await expectRoles(t, 'POST', '/api/admin/companies', ['admin'], { name: 'PT Matriks' })
    await expectRoles(t, 'PUT', `/api/admin/companies/${c.id}`, ['admin'], { city: 'Depok' })
    await expectRoles(t, 'PATCH', `/api/admin/companies/${other.id}/toggle-active`, ['admin'])
    await expectRoles(t, 'DELETE', `/api/admin/companies/${other.id}`, ['admin'])
    await expectRoles(t, 'POST', `/api/admin/companies/${c.id}/hr-accounts`, ['admin'], {})
    await expectRoles(t, 'DELETE', `/api/admin/companies/${c.id}/hr-accounts/${hrd.id}`, ['admin'])
  })
})

describe('GET /api/admin/companies', () => {
  it('pages through the matches with their HR account and live vacancy counts', async () => {
    const q = tag()
    const a = await aCompany(t, { name: `${q} Alpha`, industry: 'Otomotif' })
    const b = await aCompany(t, { name: `${q} Beta` })
    await aCompany(t, { name: `${q} Gamma` })
    await anHrd(t, { companyId: a.id })
    await anHrd(t, { companyId: a.id, values: { isActive: false } })
    await aVacancy(t, { companyId: a.id })
    await aVacancy(t, { companyId: a.id, values: { deletedAt: new Date() } })

    const res = await call(t, 'GET', '/api/admin/companies', { as: admin, query: { search: q, per_page: 2 } })
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 })
    expect(ids(res)).toEqual([a.id, b.id])
    expect(res.body.data[0]).toEqual({
      id: a.id,
      name: `${q} Alpha`,
      industry: 'Otomotif',
      email: null,
      phone: null,
      address: null,
      city: 'Bekasi',
      province: 'Jawa Barat',
      website: null,
      description: null,
      isActive: true,
      vacanciesNeedApproval: false,
      // Two accounts are linked, one of them switched off: the list says one can work for the company.
      hrdCount: 2,
      activeHrdCount: 1,
      vacancyCount: 1,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    })
    expect(res.body.data[1]).toMatchObject({ hrdCount: 0, activeHrdCount: 0, vacancyCount: 0 })
    expect(res.body.data[0]).not.toHaveProperty('hrAccounts')
  })

  it('searches name, industry and city', async () => {
    const q = tag()
    const byName = await aCompany(t, { name: `PT ${q} Nama` })
    const byIndustry = await aCompany(t, { industry: `Industri ${q}` })
    const byCity = await aCompany(t, { city: `Kota ${q}` })
    await aCompany(t, { description: q })
    const res = await call(t, 'GET', '/api/admin/companies', {
      as: admin,
      query: { search: q.toLowerCase() },
    })
    expect(ids(res).sort()).toEqual([byName.id, byIndustry.id, byCity.id].sort())
  })

  it('filters by is_active, city and province (case-insensitive)', async () => {
    const q = tag()
    const on = await aCompany(t, { name: `${q} 1`, city: 'Cikarang', province: 'Jawa Barat' })
    const off = await aCompany(t, {
      name: `${q} 2`,
      city: 'Cikarang',
      province: 'Jawa Barat',
      isActive: false,
    })
    const far = await aCompany(t, { name: `${q} 3`, city: 'Surabaya', province: 'Jawa Timur' })
    const list = (query: Record<string, string | boolean>) =>
      call(t, 'GET', '/api/admin/companies', { as: admin, query: { search: q, ...query } }).then(ids)
    expect(await list({ city: 'cikarang' })).toEqual([on.id, off.id])
    expect(await list({ city: 'Cikarang', is_active: true })).toEqual([on.id])
    expect(await list({ is_active: false })).toEqual([off.id])
    expect(await list({ province: 'JAWA TIMUR' })).toEqual([far.id])
  })
})

describe('GET /api/admin/companies/options', () => {
  it('lists active companies, inactive ones on request, narrowed by name', async () => {
    const q = tag()
    const on = await aCompany(t, { name: `${q} Aktif` })
    const off = await aCompany(t, { name: `${q} Nonaktif`, isActive: false })
    const res = await call(t, 'GET', '/api/admin/companies/options', { as: admin, query: { search: q } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([{ value: on.id, label: `${q} Aktif` }])
    const all = await call(t, 'GET', '/api/admin/companies/options', {
      as: admin,
      query: { search: q, include_inactive: true },
    })
    expect(ids(all)).toEqual([on.id, off.id])
    const everything = await call(t, 'GET', '/api/admin/companies/options', { as: admin })
    expect(ids(everything)).toContain(on.id)
  })

  // Two branches of one group may share a name (docs/decisions.md); a picker showed the name alone, twice, and
  // staff linking an HR account could pick the other branch, whose applicants it would then read.
  it('names the city of companies that share a name, and the number where the city does not tell them apart', async () => {
    const q = tag()
    const name = `PT Sumber Makmur ${q}`
    const tangerang = await aCompany(t, { name, city: 'Tangerang' })
    const bekasi = await aCompany(t, { name: name.toUpperCase(), city: 'Bekasi' })
    const bekasi2 = await aCompany(t, { name, city: 'Bekasi' })
    const other = await aCompany(t, { name: `PT Sumber Rezeki ${q}`, city: 'Bekasi' })
    const res = await call(t, 'GET', '/api/admin/companies/options', { as: admin, query: { search: q } })
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { value: tangerang.id, label: `${name} — Tangerang` },
        { value: bekasi.id, label: `${name.toUpperCase()} — #${bekasi.id}` },
        { value: bekasi2.id, label: `${name} — #${bekasi2.id}` },
        { value: other.id, label: `PT Sumber Rezeki ${q}` },
      ]),
    )
    expect(res.body.data).toHaveLength(4)
  })
})

describe('GET /api/admin/companies/:id', () => {
  it('200 with the linked HR accounts', async () => {
    const c = await aCompany(t)
    const h1 = await anHrd(t, { companyId: c.id, values: { fullName: 'Ani HRD' } })
    const h2 = await anHrd(t, { companyId: c.id, values: { fullName: 'Budi HRD', isActive: false } })
    await anHrd(t)
    const res = await call(t, 'GET', `/api/admin/companies/${c.id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: c.id,
      name: c.name,
      hrdCount: 2,
      activeHrdCount: 1,
      vacancyCount: 0,
    })
    expect(res.body.data.hrAccounts).toEqual([
      { id: h1.id, email: h1.email, fullName: 'Ani HRD', isActive: true },
      { id: h2.id, email: h2.email, fullName: 'Budi HRD', isActive: false },
    ])
  })

  it('an empty list of HR accounts for a company without any', async () => {
    const c = await aCompany(t)
    const res = await call(t, 'GET', `/api/admin/companies/${c.id}`, { as: admin })
    expect(res.body.data.hrAccounts).toEqual([])
  })

  it('404 for an unknown id', async () => {
    const res = await call(t, 'GET', '/api/admin/companies/999999', { as: admin })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Perusahaan tidak ditemukan.', data: null })
  })
})

describe('POST /api/admin/companies', () => {
  it('201 with the company, stored trimmed (empty optional fields as null), audited', async () => {
    const res = await call(t, 'POST', '/api/admin/companies', {
      as: admin,
      body: {
        name: ' PT Sinar Jaya Abadi ',
        industry: 'Manufaktur',
        email: 'HR@SinarJaya.example',
        phone: '+62 21 555-0101',
        address: 'Jl. Industri No. 5',
        city: 'Karawang',
        province: 'Jawa Barat',
        website: 'https://sinarjaya.example',
        description: '',
        is_active: true,
        hrd_count: 7,
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      name: 'PT Sinar Jaya Abadi',
      email: 'hr@sinarjaya.example',
      description: null,
      hrdCount: 0,
      vacancyCount: 0,
      hrAccounts: [],
    })
    const row = await stored(res.body.data.id)
    expect(row).toMatchObject({
      name: 'PT Sinar Jaya Abadi',
      industry: 'Manufaktur',
      email: 'hr@sinarjaya.example',
      phone: '+62 21 555-0101',
      city: 'Karawang',
      website: 'https://sinarjaya.example',
      description: null,
      isActive: true,
    })
    const [log] = await auditsOf(t, 'company', row.id)
    expect(log).toMatchObject({ action: 'create', actorId: admin.id })
  })

  it('201 with only a name', async () => {
    const res = await call(t, 'POST', '/api/admin/companies', { as: admin, body: { name: 'CV Kecil' } })
    expect(res.status).toBe(201)
    expect(await stored(res.body.data.id)).toMatchObject({ name: 'CV Kecil', city: null, isActive: true })
  })

  it('422 with per-field messages', async () => {
    const missing = await call(t, 'POST', '/api/admin/companies', { as: admin, body: { city: 'Bogor' } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ name: ['wajib diisi'] })
    const bad = await call(t, 'POST', '/api/admin/companies', {
      as: admin,
      body: {
        name: 'x'.repeat(201),
        email: 'bukan-email',
        phone: 'telepon',
        website: 'www.tanpa-skema.example',
        city: 'c'.repeat(101),
        is_active: 'ya',
      },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      name: ['maksimal 200 karakter'],
      email: ['harus berupa alamat e-mail yang valid'],
      phone: [
        'harus nomor telepon (angka, boleh dengan spasi, titik, tanda hubung atau kurung), mis. 021-4603550',
      ],
      website: ['harus alamat web lengkap yang diawali https:// atau http://, mis. https://contoh.co.id'],
      city: ['maksimal 100 karakter'],
      is_active: ['harus berupa pilihan ya atau tidak'],
    })
    const blank = await call(t, 'POST', '/api/admin/companies', { as: admin, body: { name: '  ' } })
    expect(blank.body.errors).toEqual({ name: ['tidak boleh kosong'] })
  })
})

describe('PUT /api/admin/companies/:id', () => {
  it('200 changes only the fields sent; null clears; audited', async () => {
    const c = await aCompany(t, { email: 'lama@x.example', phone: '0211234567' })
    const res = await call(t, 'PUT', `/api/admin/companies/${c.id}`, {
      as: admin,
      body: { city: 'Depok', email: null },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: c.id, name: c.name, city: 'Depok', email: null })
    expect(await stored(c.id)).toMatchObject({
      name: c.name,
      city: 'Depok',
      email: null,
      phone: '0211234567',
      province: 'Jawa Barat',
    })
    const [log] = await auditsOf(t, 'company', c.id)
    expect(log).toMatchObject({ action: 'update', actorId: admin.id })
  })

  it('switches vacancies_need_approval on and off; a company staff create starts with it off', async () => {
    const created = await call(t, 'POST', '/api/admin/companies', {
      as: admin,
      body: { name: 'PT Persetujuan', vacancies_need_approval: true },
    })
    expect(created.status).toBe(201)
    expect(created.body.data.vacanciesNeedApproval).toBe(false)
    const id = created.body.data.id
    expect((await stored(id)).vacanciesNeedApproval).toBe(false)

    const on = await call(t, 'PUT', `/api/admin/companies/${id}`, {
      as: admin,
      body: { vacancies_need_approval: true },
    })
    expect(on.status).toBe(200)
    expect(on.body.data).toMatchObject({ id, vacanciesNeedApproval: true, name: 'PT Persetujuan' })
    expect((await stored(id)).vacanciesNeedApproval).toBe(true)
    const list = await call(t, 'GET', '/api/admin/companies', {
      as: admin,
      query: { search: 'PT Persetujuan' },
    })
    expect(list.body.data).toEqual([expect.objectContaining({ id, vacanciesNeedApproval: true })])

    // Other changes leave it as it is; false switches it off.
    await call(t, 'PUT', `/api/admin/companies/${id}`, { as: admin, body: { city: 'Bogor' } })
    expect((await stored(id)).vacanciesNeedApproval).toBe(true)
    const off = await call(t, 'PUT', `/api/admin/companies/${id}`, {
      as: admin,
      body: { vacancies_need_approval: false },
    })
    expect(off.body.data.vacanciesNeedApproval).toBe(false)
    expect((await stored(id)).vacanciesNeedApproval).toBe(false)
    const bad = await call(t, 'PUT', `/api/admin/companies/${id}`, {
      as: admin,
      body: { vacancies_need_approval: 'kadang' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ vacancies_need_approval: ['harus berupa pilihan ya atau tidak'] })
  })

  it('404 for an unknown id; 422 for a bad field', async () => {
    expect(
      (await call(t, 'PUT', '/api/admin/companies/999999', { as: admin, body: { city: 'X' } })).status,
    ).toBe(404)
    const c = await aCompany(t)
    const res = await call(t, 'PUT', `/api/admin/companies/${c.id}`, { as: admin, body: { email: 'x' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ email: ['harus berupa alamat e-mail yang valid'] })
  })
})

describe('PATCH /api/admin/companies/:id/toggle-active', () => {
  it('deactivates and reactivates the company its HR accounts act for', async () => {
    const c = await aCompany(t)
    const hrd = await anHrd(t, { companyId: c.id })

    const off = await call(t, 'PATCH', `/api/admin/companies/${c.id}/toggle-active`, { as: admin })
    expect(off.status).toBe(200)
    expect(off.body.message).toBe('Perusahaan dinonaktifkan.')
    expect(off.body.data).toMatchObject({ id: c.id, isActive: false, hrdCount: 1 })
    expect(off.body.data.hrAccounts).toEqual([expect.objectContaining({ id: hrd.id })])
    expect((await stored(c.id)).isActive).toBe(false)
    // The account itself still works outside the HR routes.
    const me = await call(t, 'GET', '/api/me', { as: hrd })
    expect(me.status).toBe(200)
    expect(me.body.data.company).toEqual({ id: c.id, name: c.name, isActive: false })

    const on = await call(t, 'PATCH', `/api/admin/companies/${c.id}/toggle-active`, { as: admin })
    expect(on.body.message).toBe('Perusahaan diaktifkan.')
    expect(on.body.data.isActive).toBe(true)
    expect((await stored(c.id)).isActive).toBe(true)

    const logs = await auditsOf(t, 'company', c.id)
    expect(logs.slice(0, 2).map((l) => l.action)).toEqual(['activate', 'deactivate'])
  })

  it('404 for an unknown id', async () => {
    const res = await call(t, 'PATCH', '/api/admin/companies/999999/toggle-active', { as: admin })
    expect(res.status).toBe(404)
  })
})

describe('DELETE /api/admin/companies/:id', () => {
  it('200 removes a company without vacancies or HR accounts; audited', async () => {
    const c = await aCompany(t)
    const res = await call(t, 'DELETE', `/api/admin/companies/${c.id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Perusahaan dihapus.', data: null })
    expect(await stored(c.id)).toBeUndefined()
    const [log] = await auditsOf(t, 'company', c.id)
    expect(log).toMatchObject({ action: 'delete', actorId: admin.id })
  })

  it('409 while it has vacancies (deleted ones too) and HR accounts, saying so', async () => {
    const c = await aCompany(t)
    await aVacancy(t, { companyId: c.id })
    await aVacancy(t, { companyId: c.id, values: { deletedAt: new Date() } })
    await anHrd(t, { companyId: c.id })
    const res = await call(t, 'DELETE', `/api/admin/companies/${c.id}`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch('masih memiliki 2 lowongan dan 1 akun HRD')
    expect(await stored(c.id)).toBeDefined()
  })

  it('409 while only an HR account is linked', async () => {
    const c = await aCompany(t)
    await anHrd(t, { companyId: c.id })
    const res = await call(t, 'DELETE', `/api/admin/companies/${c.id}`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch('masih memiliki 1 akun HRD')
  })

  it('404 for an unknown id', async () => {
    expect((await call(t, 'DELETE', '/api/admin/companies/999999', { as: admin })).status).toBe(404)
  })
})

describe('POST /api/admin/companies/:id/hr-accounts', () => {
  it('201 moves an existing HR account from its company to this one; audited', async () => {
    const from = await aCompany(t)
    const to = await aCompany(t)
    const hrd = await anHrd(t, { companyId: from.id })
    const res = await call(t, 'POST', `/api/admin/companies/${to.id}/hr-accounts`, {
      as: admin,
      body: { user_id: hrd.id },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toEqual({
      id: hrd.id,
      email: hrd.email,
      fullName: expect.any(String),
      role: 'hrd',
      isActive: true,
      companyId: to.id,
    })
    expect((await account(hrd.id)).companyId).toBe(to.id)
    const [log] = await auditsOf(t, 'company', to.id)
    expect(log).toMatchObject({ action: 'link_hr_account', actorId: admin.id })
    expect(JSON.parse(log.data!)).toEqual({ userId: hrd.id, fromCompanyId: from.id })
    const me = await call(t, 'GET', '/api/me', { as: hrd })
    expect(me.body.data.company.id).toBe(to.id)
  })

  it('201 links an HR account that had no company', async () => {
    const c = await aCompany(t)
    const loose = await anAccount(t, 'hrd')
    const res = await call(t, 'POST', `/api/admin/companies/${c.id}/hr-accounts`, {
      as: admin,
      body: { user_id: loose.id },
    })
    expect(res.status).toBe(201)
    expect((await account(loose.id)).companyId).toBe(c.id)
  })

  it('201 creates a new HR account for the company, which can log in', async () => {
    const c = await aCompany(t)
    const email = `${tag().toLowerCase()}@Mitra.example`
    const res = await call(t, 'POST', `/api/admin/companies/${c.id}/hr-accounts`, {
      as: admin,
      body: { email, full_name: ' Dewi Lestari ', password: 'rahasia-sekali', role: 'superadmin' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      email: email.toLowerCase(),
      fullName: 'Dewi Lestari',
      role: 'hrd',
      isActive: true,
      companyId: c.id,
    })
    const row = await account(res.body.data.id)
    expect(row).toMatchObject({ role: 'hrd', companyId: c.id, email: email.toLowerCase() })
    expect(row.passwordHash).not.toContain('rahasia')
    expect(await verifyPassword(row.passwordHash, 'rahasia-sekali')).toBe(true)
    const login = await call(t, 'POST', '/api/login', { body: { email, password: 'rahasia-sekali' } })
    expect(login.status).toBe(200)
    expect(login.body.data.user).toMatchObject({ role: 'hrd', companyId: c.id })
    const [log] = await auditsOf(t, 'company', c.id)
    expect(log).toMatchObject({ action: 'create_hr_account', actorId: admin.id })
    expect(log.data).not.toContain('rahasia')
  })

  it('409 errors.email when the e-mail is taken, whatever its case', async () => {
    const c = await aCompany(t)
    const existing = await anAdmin(t)
    const res = await call(t, 'POST', `/api/admin/companies/${c.id}/hr-accounts`, {
      as: admin,
      body: { email: existing.email.toUpperCase(), full_name: 'Kembar', password: 'kopi-tubruk-77' },
    })
    expect(res.status).toBe(409)
    expect(res.body.errors).toHaveProperty('email')
    expect((await account(existing.id)).role).toBe('admin')
    const detail = await call(t, 'GET', `/api/admin/companies/${c.id}`, { as: admin })
    expect(detail.body.data.hrAccounts).toEqual([])
  })

  it('409 when the account is already linked to this company', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'POST', `/api/admin/companies/${hrd.companyId}/hr-accounts`, {
      as: admin,
      body: { user_id: hrd.id },
    })
    expect(res.status).toBe(409)
    expect(res.body.errors).toHaveProperty('user_id')
  })

  it('422 errors.user_id for an unknown account or one that is not HR', async () => {
    const c = await aCompany(t)
    const siswa = await aStudent(t)
    const unknown = await call(t, 'POST', `/api/admin/companies/${c.id}/hr-accounts`, {
      as: admin,
      body: { user_id: 999999 },
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual({ user_id: ['Akun tidak ditemukan.'] })
    const notHr = await call(t, 'POST', `/api/admin/companies/${c.id}/hr-accounts`, {
      as: admin,
      body: { user_id: siswa.id },
    })
    expect(notHr.status).toBe(422)
    expect(notHr.body.errors).toEqual({ user_id: ['Akun ini bukan akun HRD.'] })
    expect((await account(siswa.id)).companyId).toBeNull()
  })

  it('422 when neither or both ways are sent, or a field is bad', async () => {
    const c = await aCompany(t)
    const hrd = await anHrd(t)
    const neither = await call(t, 'POST', `/api/admin/companies/${c.id}/hr-accounts`, { as: admin, body: {} })
    expect(neither.status).toBe(422)
    expect(neither.body.message).toBe(
      'Pilih akun HRD yang sudah ada, atau isi e-mail, nama lengkap dan kata sandi untuk akun baru.',
    )
    expect(neither.body.errors.email).toEqual(['wajib diisi bila tidak memilih akun HRD yang sudah ada'])
    expect(Object.keys(neither.body.errors).sort()).toEqual(['email', 'full_name', 'password'])
    const both = await call(t, 'POST', `/api/admin/companies/${c.id}/hr-accounts`, {
      as: admin,
      body: { user_id: hrd.id, email: 'x@y.example' },
    })
    expect(both.status).toBe(422)
    expect(both.body.errors).toEqual({ email: ['tidak boleh diisi bila memilih akun HRD yang sudah ada'] })
    expect((await account(hrd.id)).companyId).toBe(hrd.companyId)
    const bad = await call(t, 'POST', `/api/admin/companies/${c.id}/hr-accounts`, {
      as: admin,
      body: { email: 'bukan', full_name: 'A', password: 'pendek' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      email: ['harus berupa alamat e-mail yang valid'],
      password: ['minimal 8 karakter'],
    })
  })

  it('404 for an unknown company', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'POST', '/api/admin/companies/999999/hr-accounts', {
      as: admin,
      body: { user_id: hrd.id },
    })
    expect(res.status).toBe(404)
    expect((await account(hrd.id)).companyId).toBe(hrd.companyId)
    const created = await call(t, 'POST', '/api/admin/companies/999999/hr-accounts', {
      as: admin,
      body: { email: `${tag()}@x.example`, full_name: 'Tanpa Perusahaan', password: 'kopi-tubruk-77' },
    })
    expect(created.status).toBe(404)
  })
})

describe('DELETE /api/admin/companies/:id/hr-accounts/:userId', () => {
  it('200 unlinks the account, which stays; audited', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'DELETE', `/api/admin/companies/${hrd.companyId}/hr-accounts/${hrd.id}`, {
      as: admin,
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: hrd.id, companyId: null, role: 'hrd' })
    expect(await account(hrd.id)).toMatchObject({ companyId: null, isActive: true })
    const [log] = await auditsOf(t, 'company', hrd.companyId)
    expect(log).toMatchObject({ action: 'unlink_hr_account', actorId: admin.id })
    const detail = await call(t, 'GET', `/api/admin/companies/${hrd.companyId}`, { as: admin })
    expect(detail.body.data.hrAccounts).toEqual([])
  })

  it("404 for another company's account, an unknown account or an unknown company", async () => {
    const hrd = await anHrd(t)
    const other = await aCompany(t)
    for (const url of [
      `/api/admin/companies/${other.id}/hr-accounts/${hrd.id}`,
      `/api/admin/companies/${hrd.companyId}/hr-accounts/999999`,
      `/api/admin/companies/999999/hr-accounts/${hrd.id}`,
    ]) {
      const res = await call(t, 'DELETE', url, { as: admin })
      expect(res.status, url).toBe(404)
    }
    expect((await account(hrd.id)).companyId).toBe(hrd.companyId)
  })
})

describe('GET /openapi.json', () => {
  it('documents the master-data routes of departments, majors and companies', async () => {
    const res = await call(t, 'GET', '/openapi.json')
    expect(res.status).toBe(200)
    const paths = res.body.paths
    for (const base of ['/api/admin/departments', '/api/admin/majors', '/api/admin/companies']) {
      expect(Object.keys(paths[`${base}/`] ?? paths[base]).sort(), base).toEqual(['get', 'post'])
      expect(paths[`${base}/options`].get.summary).toBeTruthy()
      expect(Object.keys(paths[`${base}/{id}`]).sort(), base).toEqual(['delete', 'get', 'put'])
    }
    expect(paths['/api/admin/companies/{id}/toggle-active'].patch.tags).toEqual(['companies'])
    expect(paths['/api/admin/companies/{id}/hr-accounts'].post.responses['201']).toBeDefined()
    expect(paths['/api/admin/companies/{id}/hr-accounts/{userId}'].delete).toBeDefined()
  })
})
