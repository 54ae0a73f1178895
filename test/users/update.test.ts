import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import {
  type Account,
  anAccount,
  anAdmin,
  anAlumnus,
  anHrd,
  aStudent,
  aSuperadmin,
  logIn,
  unique,
} from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { auditsOf, storedUser } from '../support/stored.js'

const t = useTestApp()
let superadmin: Account

beforeAll(async () => {
  superadmin = await aSuperadmin(t)
})

const update = (id: number, body: Record<string, unknown>, as: Account = superadmin) =>
  call(t, 'PUT', `/api/admin/users/${id}`, { as, body })

describe('PUT /api/admin/users/:id', () => {
  it('200 changes only the fields sent, and writes an audit row', async () => {
    const admin = await anAdmin(t)
    const before = (await storedUser(t, admin.id))!
    const res = await update(admin.id, { full_name: '  Nama Baru ' })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Akun diperbarui.')
    expect(res.body.data).toMatchObject({
      id: admin.id,
      email: admin.email,
      fullName: 'Nama Baru',
      role: 'admin',
    })
    const after = (await storedUser(t, admin.id))!
    expect(after).toMatchObject({ email: before.email, role: 'admin', fullName: 'Nama Baru' })
    expect(after.passwordHash).toBe(before.passwordHash)
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime())
    expect(res.body.data.updatedAt).toBe(after.updatedAt.toISOString())
    const [audit] = await auditsOf(t, 'user', admin.id)
    expect(audit).toMatchObject({ action: 'update', actorId: superadmin.id })
    expect(JSON.parse(audit.data!)).toEqual({ fullName: 'Nama Baru' })
  })

  it('changes the e-mail (stored in lower case), and the account logs in with it', async () => {
    const admin = await anAdmin(t)
    const email = `${unique('ganti')}@sekolah.test`
    const res = await update(admin.id, { email: email.toUpperCase() })
    expect(res.status).toBe(200)
    expect(res.body.data.email).toBe(email)
    expect((await storedUser(t, admin.id))!.email).toBe(email)
    expect((await logIn(t, email, 'password123')).status).toBe(200)
  })

  it('409 with errors.email when the e-mail belongs to another account, in any case', async () => {
    const a = await anAdmin(t)
    const b = await anAdmin(t)
    for (const email of [b.email, b.email.toUpperCase()]) {
      const res = await update(a.id, { email, full_name: 'Tidak Jadi' })
      expect(res.status).toBe(409)
      expect(res.body.errors).toEqual({ email: ['sudah dipakai akun lain'] })
    }
    expect(await storedUser(t, a.id)).toMatchObject({
      email: a.email,
      fullName: expect.not.stringMatching('Tidak Jadi'),
    })
    const own = await update(a.id, { email: a.email.toUpperCase() })
    expect(own.status).toBe(200)
  })

  it('leaving hrd clears the company', async () => {
    const hrd = await anHrd(t)
    const res = await update(hrd.id, { role: 'admin' })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ role: 'admin', companyId: null, companyName: null })
    expect(await storedUser(t, hrd.id)).toMatchObject({ role: 'admin', companyId: null })
  })

  it('becoming hrd needs a company: 422 without one or with an unknown one, 200 with one', async () => {
    const admin = await anAdmin(t)
    const without = await update(admin.id, { role: 'hrd' })
    expect(without.status).toBe(422)
    expect(without.body.errors).toEqual({ company_id: ['wajib diisi untuk akun HRD'] })
    const unknown = await update(admin.id, { role: 'hrd', company_id: 999999 })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual({ company_id: ['perusahaan tidak ditemukan'] })
    expect((await storedUser(t, admin.id))!.role).toBe('admin')

    const company = await aCompany(t)
    const res = await update(admin.id, { role: 'hrd', company_id: company.id })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ role: 'hrd', companyId: company.id, companyName: company.name })
    const login = await logIn(t, admin.email, 'password123')
    const vacancies = await call(t, 'GET', '/api/hrd/job-vacancies', {
      as: { authorization: `Bearer ${login.body.data.token}` },
    })
    expect(vacancies.status).toBe(200)
  })

  it('moves an hrd account to another company; 422 when its company is cleared', async () => {
    const hrd = await anHrd(t)
    const other = await aCompany(t)
    const moved = await update(hrd.id, { company_id: other.id })
    expect(moved.status).toBe(200)
    expect(moved.body.data.companyId).toBe(other.id)
    const cleared = await update(hrd.id, { company_id: null })
    expect(cleared.status).toBe(422)
    expect(cleared.body.errors).toEqual({ company_id: ['wajib diisi untuk akun HRD'] })
    expect((await storedUser(t, hrd.id))!.companyId).toBe(other.id)
  })

  it('renames an hrd account that was unlinked from its company without asking for one', async () => {
    const hrd = await anAccount(t, 'hrd')
    const res = await update(hrd.id, { full_name: 'HRD Lepas' })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ role: 'hrd', companyId: null, fullName: 'HRD Lepas' })
  })

  it('422 when a non-hrd account is given a company', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t)
    const res = await update(admin.id, { company_id: company.id })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ company_id: ['hanya boleh diisi untuk akun HRD'] })
    const hrd = await anHrd(t)
    const leaving = await update(hrd.id, { role: 'admin', company_id: company.id })
    expect(leaving.status).toBe(422)
    expect((await storedUser(t, hrd.id))!.role).toBe('hrd')
  })

  it('an account linked to a learner record keeps the role that matches it (422)', async () => {
    const siswa = await aStudent(t)
    for (const role of ['admin', 'alumni']) {
      const res = await update(siswa.id, { role })
      expect(res.status).toBe(422)
      expect(res.body.message).toBe(
        'Akun ini terhubung dengan data siswa, jadi perannya harus siswa. Siswa menjadi alumni lewat menu Kelulusan.',
      )
      expect(res.body.errors.role).toHaveLength(1)
    }
    // In English with the role's English name, not the code.
    const english = await call(t, 'PUT', `/api/admin/users/${siswa.id}`, {
      as: superadmin,
      body: { role: 'alumni' },
      headers: { 'accept-language': 'en' },
    })
    expect(english.body.message).toBe(
      'This account is linked to a student record, so its role must be Student. Students become alumni in the Graduation menu.',
    )
    expect((await storedUser(t, siswa.id))!.role).toBe('siswa')
    const alumni = await anAlumnus(t)
    expect((await update(alumni.id, { role: 'siswa' })).status).toBe(422)
    // A learner account without a record may change role.
    const bare = await anAccount(t, 'siswa')
    expect((await update(bare.id, { role: 'alumni' })).status).toBe(200)
  })

  it('422 when a superadmin demotes itself; another superadmin can be demoted', async () => {
    const self = await update(superadmin.id, { role: 'admin' })
    expect(self.status).toBe(422)
    expect(self.body.message).toBe('Anda tidak dapat menurunkan peran akun Anda sendiri.')
    expect(self.body.errors).toEqual({ role: ['Anda tidak dapat menurunkan peran akun Anda sendiri.'] })
    expect((await storedUser(t, superadmin.id))!.role).toBe('superadmin')
    // Renaming oneself is fine.
    expect((await update(superadmin.id, { full_name: 'Super', role: 'superadmin' })).status).toBe(200)

    const other = await aSuperadmin(t)
    const res = await update(other.id, { role: 'admin' })
    expect(res.status).toBe(200)
    expect(res.body.data.role).toBe('admin')
    expect((await call(t, 'GET', '/api/admin/users', { as: other })).status).toBe(403)
  })

  it('404 for an unknown id; 422 for bad fields', async () => {
    const unknown = await update(999999, { full_name: 'Siapa' })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ success: false, message: 'Akun tidak ditemukan.', data: null })

    const admin = await anAdmin(t)
    const bad = await update(admin.id, { email: 'x', full_name: '', role: 'raja', company_id: -1 })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['company_id', 'email', 'full_name', 'role'])
    const blank = await update(admin.id, { full_name: '  ' })
    expect(blank.status).toBe(422)
    expect(blank.body.errors).toEqual({ full_name: ['tidak boleh kosong'] })
  })

  it('ignores fields it does not update (password, is_active)', async () => {
    const admin = await anAdmin(t)
    const before = (await storedUser(t, admin.id))!
    const res = await update(admin.id, { password: 'diabaikan1', is_active: false, password_hash: 'x' })
    expect(res.status).toBe(200)
    const after = (await storedUser(t, admin.id))!
    expect(after.passwordHash).toBe(before.passwordHash)
    expect(after.isActive).toBe(true)
  })
})
