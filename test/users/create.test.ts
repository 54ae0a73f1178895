import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent, aSuperadmin, logIn, unique } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { auditsOf, storedStudent, storedUser } from '../support/stored.js'

const t = useTestApp()
let superadmin: Account

beforeAll(async () => {
  superadmin = await aSuperadmin(t)
})

const create = (body: Record<string, unknown>) =>
  call(t, 'POST', '/api/admin/users', { as: superadmin, body })
const newEmail = (prefix = 'baru') => `${unique(prefix)}@sekolah.test`

describe('POST /api/admin/users', () => {
  it('201 creates an hrd account linked to its company; the password is hashed and logs in', async () => {
    const company = await aCompany(t)
    const email = newEmail('hrd')
    const res = await create({
      email: email.toUpperCase(),
      full_name: '  Dewi Kartika  ',
      password: 'rahasia-dapur-123',
      role: 'hrd',
      company_id: company.id,
    })
    expect(res.status).toBe(201)
    expect(res.body.success).toBe(true)
    expect(res.body.message).toBe('Akun dibuat.')
    const stored = (await storedUser(t, res.body.data.id))!
    expect(res.body.data).toEqual({
      id: stored.id,
      email,
      fullName: 'Dewi Kartika',
      role: 'hrd',
      isActive: true,
      companyId: company.id,
      companyName: company.name,
      companyCity: company.city,
      companyIsActive: true,
      studentId: null,
      lastLoginAt: null,
      createdAt: stored.createdAt.toISOString(),
      updatedAt: stored.updatedAt.toISOString(),
    })
    expect(stored).toMatchObject({ email, fullName: 'Dewi Kartika', role: 'hrd', companyId: company.id })
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/)
    expect(res.raw).not.toContain('argon2')

    const login = await logIn(t, email, 'rahasia-dapur-123')
    expect(login.status).toBe(200)
    expect(login.body.data.user).toMatchObject({ id: stored.id, role: 'hrd', companyId: company.id })

    const [audit] = await auditsOf(t, 'user', stored.id)
    expect(audit).toMatchObject({ action: 'create', actorId: superadmin.id })
    expect(JSON.parse(audit.data!)).toEqual({ email, role: 'hrd', companyId: company.id, studentId: null })
    expect(audit.data).not.toContain('rahasia')
  })

  it('201 creates an admin account, dropping unknown fields instead of storing them', async () => {
    const email = newEmail('admin')
    const res = await create({
      email,
      full_name: 'Rina',
      password: 'kopi-tubruk-77',
      role: 'admin',
      company_id: null,
      is_active: false,
      password_hash: 'x',
      last_login_at: '2020-01-01T00:00:00Z',
    })
    expect(res.status).toBe(201)
    const stored = (await storedUser(t, res.body.data.id))!
    expect(stored).toMatchObject({ role: 'admin', isActive: true, companyId: null, lastLoginAt: null })
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/)
  })

  // A learner's account without their record could sign in and do nothing (no profile, no applications), and
  // nothing could join it to the record later: user management made such accounts (found by an audit).
  it('422 for a siswa or alumni account without a learner record, saying where such accounts are made; nothing stored', async () => {
    for (const role of ['siswa', 'alumni']) {
      const email = newEmail('s')
      const bare = await create({ email, full_name: 'Tanpa Data', password: 'kopi-tubruk-77', role })
      expect(bare.status).toBe(422)
      expect(bare.body.errors).toEqual({
        student_id: ['wajib diisi untuk akun siswa atau alumni'],
        role: [
          'akun siswa/alumni dibuat bersama datanya: buka menu Siswa atau Alumni, lalu Buat akun untuk masuk',
        ],
      })
      const found = await call(t, 'GET', '/api/admin/users', { as: superadmin, query: { search: email } })
      expect(found.body.meta.total).toBe(0)
    }
  })

  it('201 creates a siswa or alumni account linked to a learner record that has none', async () => {
    const record = await aStudent(t, { account: false })
    const linked = await create({
      email: newEmail('s'),
      full_name: 'Punya Data',
      password: 'kopi-tubruk-77',
      role: 'siswa',
      student_id: record.studentId,
    })
    expect(linked.status).toBe(201)
    expect(linked.body.data.studentId).toBe(record.studentId)
    expect((await storedStudent(t, record.studentId))!.userId).toBe(linked.body.data.id)

    const alumniRecord = await aStudent(t, { role: 'alumni', account: false })
    const alumniAccount = await create({
      email: newEmail('a'),
      full_name: 'Alumni',
      password: 'kopi-tubruk-77',
      role: 'alumni',
      student_id: alumniRecord.studentId,
    })
    expect(alumniAccount.status).toBe(201)
    expect(alumniAccount.body.data).toMatchObject({ role: 'alumni', studentId: alumniRecord.studentId })
    const me = await call(t, 'GET', '/api/me', {
      as: {
        authorization: `Bearer ${(await logIn(t, alumniAccount.body.data.email, 'kopi-tubruk-77')).body.data.token}`,
      },
    })
    expect(me.body.data.student).toMatchObject({ id: alumniRecord.studentId })
  })

  it('409 with errors.email when the e-mail is taken, also when it differs only in case', async () => {
    const existing = await anAdmin(t, { email: `${unique('ada')}@sekolah.test` })
    for (const email of [existing.email, existing.email.toUpperCase()]) {
      const res = await create({ email, full_name: 'Kembar', password: 'kopi-tubruk-77', role: 'admin' })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({
        success: false,
        message: 'E-mail sudah terdaftar.',
        data: null,
        errors: { email: ['sudah dipakai akun lain'] },
      })
    }
  })

  it('422 for an hrd account without company_id or with an unknown company', async () => {
    const email = newEmail('hrd')
    const missing = await create({ email, full_name: 'HRD', password: 'kopi-tubruk-77', role: 'hrd' })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ company_id: ['wajib diisi untuk akun HRD'] })
    const nulled = await create({
      email,
      full_name: 'HRD',
      password: 'kopi-tubruk-77',
      role: 'hrd',
      company_id: null,
    })
    expect(nulled.status).toBe(422)
    expect(nulled.body.errors.company_id).toEqual(['wajib diisi untuk akun HRD'])

    const unknown = await create({
      email,
      full_name: 'HRD',
      password: 'kopi-tubruk-77',
      role: 'hrd',
      company_id: 999999,
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual({ company_id: ['perusahaan tidak ditemukan'] })
    expect(
      (await call(t, 'GET', '/api/admin/users', { as: superadmin, query: { search: email } })).body.meta
        .total,
    ).toBe(0)
  })

  it('422 when a non-hrd account is given a company or a non-learner a student record', async () => {
    const company = await aCompany(t)
    const record = await aStudent(t, { account: false })
    const res = await create({
      email: newEmail(),
      full_name: 'Admin',
      password: 'kopi-tubruk-77',
      role: 'admin',
      company_id: company.id,
      student_id: record.studentId,
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      company_id: ['hanya boleh diisi untuk akun HRD'],
      student_id: ['hanya boleh diisi untuk akun siswa atau alumni'],
    })
    expect((await storedStudent(t, record.studentId))!.userId).toBeNull()
  })

  it('422 for an unknown learner record or one of the other kind; 409 when it already has an account', async () => {
    const body = { full_name: 'Siswa', password: 'kopi-tubruk-77', role: 'siswa' }
    const unknown = await create({ ...body, email: newEmail(), student_id: 999999 })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual({ student_id: ['data siswa/alumni tidak ditemukan'] })

    const alumniRecord = await aStudent(t, { role: 'alumni', account: false })
    const mismatch = await create({ ...body, email: newEmail(), student_id: alumniRecord.studentId })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.errors.student_id[0]).toMatch(/alumni/)
    expect((await storedStudent(t, alumniRecord.studentId))!.userId).toBeNull()

    const taken = await aStudent(t)
    const email = newEmail()
    const res = await create({ ...body, email, student_id: taken.studentId })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Data siswa/alumni ini sudah memiliki akun.')
    expect(res.body.errors).toEqual({ student_id: ['sudah terhubung dengan akun lain'] })
    expect((await storedStudent(t, taken.studentId))!.userId).toBe(taken.id)
    expect((await logIn(t, email, 'kopi-tubruk-77')).status).toBe(401)
  })

  it('422 with a message per field for missing and malformed fields', async () => {
    const empty = await create({})
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual({
      email: ['wajib diisi'],
      full_name: ['wajib diisi'],
      password: ['wajib diisi'],
      role: ['wajib diisi'],
    })

    const bad = await create({
      email: 'bukan-email',
      full_name: '',
      password: 'pendek',
      role: 'kepsek',
      company_id: 'satu',
      student_id: 0,
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      email: ['harus berupa alamat e-mail yang valid'],
      full_name: ['tidak boleh kosong'],
      password: ['minimal 8 karakter'],
      role: ['harus salah satu dari: superadmin, admin, hrd, siswa, alumni'],
      company_id: ['harus berupa bilangan bulat'],
      student_id: ['minimal 1'],
    })

    const tooLong = await create({
      email: newEmail(),
      full_name: 'x'.repeat(151),
      password: 'p'.repeat(201),
      role: 'admin',
    })
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.errors).toEqual({
      full_name: ['maksimal 150 karakter'],
      password: ['maksimal 200 karakter'],
    })

    const blank = await create({
      email: newEmail(),
      full_name: '   ',
      password: 'kopi-tubruk-77',
      role: 'admin',
    })
    expect(blank.status).toBe(422)
    expect(blank.body.errors).toEqual({ full_name: ['tidak boleh kosong'] })
  })

  it('accepts a password of exactly 8 and of exactly 200 characters', async () => {
    for (const password of ['Kj8#mQ2z', 'kopi-tubruk-'.repeat(17).slice(0, 200)]) {
      const email = newEmail('batas')
      const res = await create({ email, full_name: 'Batas', password, role: 'admin' })
      expect(res.status).toBe(201)
      expect((await logIn(t, email, password)).status).toBe(200)
    }
  })

  it('400 on malformed JSON', async () => {
    const res = await call(t, 'POST', '/api/admin/users', {
      as: superadmin,
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ success: false, data: null })
  })
})
