import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { files, students, users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus, anHrd, aStudent, PASSWORD } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aDepartment, aMajor } from '../support/builders/org.js'
import { expectRoles } from '../support/roles.js'
import { auditsOf, storedStudent, storedUser } from '../support/stored.js'

const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

let n = 0
/** A short unique text, for NIS, names and e-mails that tests search for. */
const tag = () => `${process.pid % 1000}${++n}${Math.floor(Math.random() * 100)}`
const ids = (res: { body: { data: { id?: number; value?: number }[] } }) =>
  res.body.data.map((d) => d.id ?? d.value)
const login = (email: string, password = PASSWORD) =>
  call(t, 'POST', '/api/login', { body: { email, password } })

describe('role matrix of /api/admin/students', () => {
  it('admits admin and superadmin only', async () => {
    const s = await aStudent(t, { account: false })
    const other = await aStudent(t, { account: false })
    await expectRoles(t, 'GET', '/api/admin/students', ['admin'])
    await expectRoles(t, 'GET', '/api/admin/students/options', ['admin'])
    await expectRoles(t, 'GET', `/api/admin/students/${s.studentId}`, ['admin'])
    await expectRoles(t, 'POST', '/api/admin/students', ['admin'], {
      nis: `R${tag()}`,
      full_name: 'Matriks',
      major_id: s.majorId,
    })
    await expectRoles(t, 'PUT', `/api/admin/students/${s.studentId}`, ['admin'], { class_name: 'XII B' })
    await expectRoles(t, 'DELETE', `/api/admin/students/${other.studentId}`, ['admin'])
  })
})

describe('GET /api/admin/students', () => {
  it('pages through grade-12 students only, each with major, department and account', async () => {
    const q = tag()
    const dep = await aDepartment(t, { name: 'Teknologi Informasi' })
    const major = await aMajor(t, {
      departmentId: dep.id,
      code: `K${q}`,
      name: 'Teknik Komputer dan Jaringan',
    })
    const a = await aStudent(t, {
      majorId: major.id,
      values: {
        nis: `A${q}`,
        fullName: `${q} Andi Pratama`,
        nisn: '0071234567',
        gender: 'L',
        religion: 'Islam',
        email: 'andi@sekolah.test',
        skills: ['Mikrotik'],
        socialMedia: { github: 'andi-p' },
      },
    })
    const b = await aStudent(t, { majorId: major.id, account: false, values: { fullName: `${q} Budi` } })
    await aStudent(t, { majorId: major.id, account: false, values: { fullName: `${q} Citra` } })
    await anAlumnus(t, { majorId: major.id, values: { fullName: `${q} Alumna` } })

    const res = await call(t, 'GET', '/api/admin/students', { as: admin, query: { search: q, per_page: 2 } })
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 })
    expect(ids(res)).toEqual([a.studentId, b.studentId])
    expect(res.body.data[0]).toEqual({
      id: a.studentId,
      nis: `A${q}`,
      nisn: '0071234567',
      fullName: `${q} Andi Pratama`,
      major: { id: major.id, code: `K${q}`, name: 'Teknik Komputer dan Jaringan' },
      department: { id: dep.id, name: 'Teknologi Informasi' },
      className: 'XII A',
      graduationYear: null,
      gender: 'L',
      birthPlace: null,
      birthDate: '2007-01-01',
      religion: 'Islam',
      address: 'Jl. Mawar No. 1',
      city: null,
      province: null,
      phone: '081200000000',
      email: 'andi@sekolah.test',
      skills: ['Mikrotik'],
      socialMedia: {
        linkedin: null,
        instagram: null,
        github: 'andi-p',
        facebook: null,
        tiktok: null,
        website: null,
      },
      account: { id: a.id, email: a.email, isActive: true },
      left: null,
      createdAt: a.student.createdAt.toISOString(),
      updatedAt: a.student.updatedAt.toISOString(),
    })
    expect(res.body.data[1].account).toBeNull()

    const page2 = await call(t, 'GET', '/api/admin/students', {
      as: admin,
      query: { search: q, per_page: 2, page: 2 },
    })
    expect(page2.body.data.map((s: { fullName: string }) => s.fullName)).toEqual([`${q} Citra`])
    const beyond = await call(t, 'GET', '/api/admin/students', {
      as: admin,
      query: { search: q, per_page: 2, page: 5 },
    })
    expect(beyond.body.data).toEqual([])
    expect(beyond.body.meta.total).toBe(3)
  })

  it('searches by NIS as well as by name, case-insensitively, with % and _ taken literally', async () => {
    const q = tag()
    const s = await aStudent(t, {
      account: false,
      values: { nis: `77${q}01`, fullName: 'Dewi Lestari' },
    })
    const byNis = await call(t, 'GET', '/api/admin/students', { as: admin, query: { search: `77${q}` } })
    expect(ids(byNis)).toEqual([s.studentId])
    const byName = await call(t, 'GET', '/api/admin/students', {
      as: admin,
      query: { search: 'DEWI LES', major_id: s.majorId },
    })
    expect(ids(byName)).toEqual([s.studentId])
    const wildcard = await call(t, 'GET', '/api/admin/students', {
      as: admin,
      query: { search: '%', major_id: s.majorId },
    })
    expect(wildcard.body.data).toEqual([])
  })

  it('filters by major_id, department_id, class_name and has_account', async () => {
    const dep = await aDepartment(t)
    const m1 = await aMajor(t, { departmentId: dep.id })
    const m2 = await aMajor(t, { departmentId: dep.id })
    const a = await aStudent(t, { majorId: m1.id, values: { className: 'XII TKJ 1' } })
    const b = await aStudent(t, { majorId: m1.id, account: false, values: { className: 'XII TKJ 2' } })
    const c = await aStudent(t, { majorId: m2.id, account: false, values: { className: 'XII TKJ 1' } })
    await aStudent(t, { account: false, values: { className: 'XII TKJ 1' } })
    const list = async (query: Record<string, string | number | boolean>) => {
      const res = await call(t, 'GET', '/api/admin/students', { as: admin, query })
      expect(res.status).toBe(200)
      return ids(res).sort()
    }
    expect(await list({ major_id: m1.id })).toEqual([a.studentId, b.studentId].sort())
    expect(await list({ department_id: dep.id })).toEqual([a.studentId, b.studentId, c.studentId].sort())
    expect(await list({ department_id: dep.id, class_name: ' xii tkj 1 ' })).toEqual(
      [a.studentId, c.studentId].sort(),
    )
    expect(await list({ department_id: dep.id, has_account: true })).toEqual([a.studentId])
    expect(await list({ department_id: dep.id, has_account: false })).toEqual(
      [b.studentId, c.studentId].sort(),
    )
  })

  it('422 for malformed filters', async () => {
    const res = await call(t, 'GET', '/api/admin/students', {
      as: admin,
      query: { major_id: 'x', has_account: 'maybe', per_page: 500 },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['has_account', 'major_id', 'per_page'])
  })
})

describe('GET /api/admin/students/options', () => {
  it('labels each grade-12 student "NIS - name", narrowed by search, major and class', async () => {
    const q = tag()
    const major = await aMajor(t)
    const s = await aStudent(t, {
      majorId: major.id,
      account: false,
      values: { nis: `O${q}`, fullName: 'Eka Saputra', className: 'XII RPL 1' },
    })
    await aStudent(t, { majorId: major.id, account: false, values: { className: 'XII RPL 2' } })
    await anAlumnus(t, { majorId: major.id, values: { className: 'XII RPL 1' } })
    const res = await call(t, 'GET', '/api/admin/students/options', {
      as: admin,
      query: { major_id: major.id, class_name: 'XII RPL 1' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([{ value: s.studentId, label: `O${q} - Eka Saputra` }])
    const all = await call(t, 'GET', '/api/admin/students/options', {
      as: admin,
      query: { major_id: major.id },
    })
    expect(all.body.data).toHaveLength(2)
    const one = await call(t, 'GET', '/api/admin/students/options', {
      as: admin,
      query: { major_id: major.id, limit: 1 },
    })
    expect(one.body.data).toHaveLength(1)
    const bySearch = await call(t, 'GET', '/api/admin/students/options', {
      as: admin,
      query: { search: `O${q}` },
    })
    expect(ids(bySearch)).toEqual([s.studentId])
  })
})

describe('GET /api/admin/students/:id', () => {
  it('200 with the student', async () => {
    const s = await aStudent(t)
    const res = await call(t, 'GET', `/api/admin/students/${s.studentId}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: s.studentId,
      nis: s.student.nis,
      graduationYear: null,
      account: { id: s.id, email: s.email, isActive: true },
    })
  })

  it('404 for an unknown id and for an alumnus', async () => {
    const alumnus = await anAlumnus(t)
    for (const id of [999999, alumnus.studentId]) {
      const res = await call(t, 'GET', `/api/admin/students/${id}`, { as: admin })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ success: false, message: 'Siswa tidak ditemukan.', data: null })
    }
  })

  it('422 for a malformed id', async () => {
    const res = await call(t, 'GET', '/api/admin/students/abc', { as: admin })
    expect(res.status).toBe(422)
    expect(res.body.errors).toHaveProperty('id')
  })
})

describe('POST /api/admin/students', () => {
  it('201 creates a student without an account', async () => {
    const major = await aMajor(t)
    const nis = `S${tag()}`
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: {
        nis,
        nisn: '0061234567',
        full_name: '  Fajar   Nugroho ',
        major_id: major.id,
        class_name: 'XII TKR 2',
        gender: 'L',
        birth_place: 'Bekasi',
        birth_date: '2007-08-17',
        religion: 'Kristen',
        address: 'Jl. Melati No. 5',
        city: 'Bekasi',
        province: 'Jawa Barat',
        phone: '081234567890',
        email: 'Fajar@Example.test',
        skills: ['Sistem rem', 'sistem rem', ' Kelistrikan otomotif '],
        social_media: { instagram: '@fajar.n', website: null },
        is_admin: true,
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.success).toBe(true)
    expect(res.body.message).toBe('Siswa ditambahkan.')
    expect(res.body.data).toMatchObject({
      nis,
      fullName: 'Fajar Nugroho',
      major: { id: major.id },
      className: 'XII TKR 2',
      graduationYear: null,
      birthDate: '2007-08-17',
      email: 'fajar@example.test',
      skills: ['Sistem rem', 'Kelistrikan otomotif'],
      socialMedia: { instagram: '@fajar.n', website: null, github: null },
      account: null,
    })
    const row = await storedStudent(t, res.body.data.id)
    expect(row).toMatchObject({ nis, fullName: 'Fajar Nugroho', userId: null, graduationYear: null })
    expect(row.socialMedia).toEqual({ instagram: '@fajar.n' })
    const accounts = await t.db.select().from(users).where(eq(users.email, 'fajar@example.test'))
    expect(accounts).toHaveLength(0)
    const [log] = await auditsOf(t, 'student', row.id, 'oldest')
    expect(log).toMatchObject({ action: 'create', actorId: admin.id })
  })

  it('201 with a login account: the student logs in and GET /api/me shows the record', async () => {
    const major = await aMajor(t)
    const email = `siswa${tag()}@sekolah.test`
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: {
        nis: `L${tag()}`,
        full_name: 'Gita Permata',
        major_id: major.id,
        email: email.toUpperCase(),
        create_account: true,
        password: 'rahasia-dapur-123',
      },
    })
    expect(res.status).toBe(201)
    const account = res.body.data.account
    expect(account).toEqual({ id: expect.any(Number), email, isActive: true })
    const stored = await storedUser(t, account.id)
    expect(stored).toMatchObject({ role: 'siswa', fullName: 'Gita Permata', email })
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/)

    const session = await login(email, 'rahasia-dapur-123')
    expect(session.status).toBe(200)
    expect(session.body.data.user.role).toBe('siswa')
    const me = await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${session.body.data.token}` } })
    expect(me.body.data).toMatchObject({
      role: 'siswa',
      student: { id: res.body.data.id, majorId: major.id, graduationYear: null },
    })
  })

  it('a password alone also creates the account', async () => {
    const major = await aMajor(t)
    const email = `pw${tag()}@sekolah.test`
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: { nis: `P${tag()}`, full_name: 'Hana', major_id: major.id, email, password: 'rahasia-dapur-123' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data.account.email).toBe(email)
    expect((await login(email, 'rahasia-dapur-123')).status).toBe(200)
  })

  it('409 errors.nis when the NIS is taken (by a student or an alumnus); no account is left behind', async () => {
    const alumnus = await anAlumnus(t)
    const email = `dup${tag()}@sekolah.test`
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: {
        nis: alumnus.student.nis,
        full_name: 'Duplikat',
        major_id: alumnus.majorId,
        email,
        password: 'rahasia-dapur-123',
      },
    })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ success: false, message: 'NIS sudah terdaftar.', data: null })
    expect(Object.keys(res.body.errors)).toEqual(['nis'])
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  it('409 errors.email when another account has the e-mail, in any case; nothing is stored', async () => {
    const other = await anAdmin(t)
    const nis = `E${tag()}`
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: {
        nis,
        full_name: 'Indah',
        major_id: (await aMajor(t)).id,
        email: other.email.toUpperCase(),
        create_account: true,
        password: 'rahasia-dapur-123',
      },
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('E-mail sudah terdaftar.')
    expect(res.body.errors).toEqual({ email: ['sudah dipakai akun lain'] })
    expect(await t.db.select().from(students).where(eq(students.nis, nis))).toHaveLength(0)
  })

  it('409 names both fields when NIS and e-mail are both taken', async () => {
    const s = await aStudent(t)
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: {
        nis: s.student.nis,
        full_name: 'X',
        major_id: s.majorId,
        email: s.email,
        password: 'rahasia-dapur-123',
      },
    })
    expect(res.status).toBe(409)
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'nis'])
  })

  it('422 errors.major_id for an unknown or inactive major', async () => {
    const inactive = await aMajor(t, { isActive: false })
    for (const majorId of [999999, inactive.id]) {
      const nis = `U${tag()}`
      const res = await call(t, 'POST', '/api/admin/students', {
        as: admin,
        body: { nis, full_name: 'Joko', major_id: majorId },
      })
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual(['major_id'])
      expect(await t.db.select().from(students).where(eq(students.nis, nis))).toHaveLength(0)
    }
  })

  it('422 with a message per field for missing and malformed fields', async () => {
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: {
        nis: 'a b',
        nisn: '123',
        gender: 'X',
        birth_date: '2007-02-30',
        religion: 'Lainnya',
        phone: '12345',
        email: 'bukan-email',
        skills: ['Mikrotik', ''],
        social_media: { github: 'https://x', myspace: 'x', instagram: 'spasi tidak boleh' },
        password: 'short',
      },
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Data yang dikirim tidak valid.')
    expect(res.body.errors).toMatchObject({
      nis: ['formatnya tidak valid'],
      full_name: ['wajib diisi'],
      major_id: ['wajib diisi'],
      nisn: ['formatnya tidak valid'],
      gender: ['harus salah satu dari: L, P'],
      birth_date: ['harus berupa tanggal dengan format YYYY-MM-DD antara tahun 1900 dan 2999'],
      religion: ['harus salah satu dari: Islam, Kristen, Katolik, Hindu, Buddha, Konghucu, Kepercayaan'],
      phone: ['harus nomor HP Indonesia, mis. 0812-3456-7890'],
      email: ['harus berupa alamat e-mail yang valid'],
      'skills.1': ['tidak boleh kosong'],
      'social_media.instagram': [
        'harus alamat profil (mis. instagram.com/nama.akun atau https://www.linkedin.com/in/nama) atau nama akun (mis. @nama.akun)',
      ],
      password: ['minimal 8 karakter'],
    })
  })

  it('422 when an account is asked for without an e-mail or a password', async () => {
    const major = await aMajor(t)
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: { nis: `C${tag()}`, full_name: 'Kurnia', major_id: major.id, create_account: true },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      email: ['wajib diisi untuk membuat akun untuk masuk'],
      password: ['wajib diisi untuk membuat akun untuk masuk'],
    })
  })

  it('422 for a blank name, a birth date in the future and a graduation year', async () => {
    const major = await aMajor(t)
    const nis = `G${tag()}`
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: { nis, full_name: '   ', major_id: major.id, birth_date: '2999-01-01', graduation_year: 2025 },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['birth_date', 'full_name', 'graduation_year'])
    expect(res.body.errors.graduation_year[0]).toBe(
      'siswa kelas XII belum memiliki tahun lulus; tambahkan sebagai alumni atau luluskan lewat menu Kelulusan',
    )
    expect(await t.db.select().from(students).where(eq(students.nis, nis))).toHaveLength(0)
  })

  it('400 for malformed JSON', async () => {
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: '{"nis": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
  })
})

describe('PUT /api/admin/students/:id', () => {
  it('422 for a password of a learner who already has an account, pointing to the reset link ordinary admins can send', async () => {
    const s = await aStudent(t)
    const res = await call(t, 'PUT', `/api/admin/students/${s.studentId}`, {
      as: admin,
      body: { password: 'rahasia-dapur-123' },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      password: [
        'akun untuk masuk sudah ada; kirim tautan atur ulang kata sandi dari menu Siswa atau Alumni',
      ],
    })
  })

  it('changes the fields sent, keeps the others, and keeps the account in step', async () => {
    const s = await aStudent(t, {
      values: { city: 'Bekasi', socialMedia: { github: 'lama', tiktok: '@t' } },
    })
    const major = await aMajor(t)
    const email = `baru${tag()}@sekolah.test`
    const res = await call(t, 'PUT', `/api/admin/students/${s.studentId}`, {
      as: admin,
      body: {
        full_name: 'Lina Marlina',
        email,
        major_id: major.id,
        class_name: 'XII AKL 1',
        city: null,
        social_media: { github: 'baru', tiktok: null },
        nis: s.student.nis,
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Data siswa diperbarui.')
    expect(res.body.data).toMatchObject({
      fullName: 'Lina Marlina',
      email,
      major: { id: major.id },
      className: 'XII AKL 1',
      city: null,
      phone: '081200000000',
      socialMedia: { github: 'baru', tiktok: null },
      account: { id: s.id, email },
    })
    const row = await storedStudent(t, s.studentId)
    expect(row.socialMedia).toEqual({ github: 'baru' })
    expect(row.updatedAt.getTime()).toBeGreaterThan(s.student.updatedAt.getTime())
    expect(await storedUser(t, s.id)).toMatchObject({
      email,
      fullName: 'Lina Marlina',
      role: 'siswa',
    })
    expect((await login(email)).status).toBe(200)
    expect((await login(s.email)).status).toBe(401)
    const logs = await auditsOf(t, 'student', s.studentId, 'oldest')
    expect(logs.at(-1)).toMatchObject({ action: 'update', actorId: admin.id })
  })

  it('creates the login account of a student who has none', async () => {
    const s = await aStudent(t, { account: false })
    const email = `akun${tag()}@sekolah.test`
    const res = await call(t, 'PUT', `/api/admin/students/${s.studentId}`, {
      as: admin,
      body: { email, create_account: true, password: 'rahasia-dapur-123' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.account).toEqual({ id: expect.any(Number), email, isActive: true })
    expect((await storedStudent(t, s.studentId)).userId).toBe(res.body.data.account.id)
    const session = await login(email, 'rahasia-dapur-123')
    const me = await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${session.body.data.token}` } })
    expect(me.body.data.student.id).toBe(s.studentId)
  })

  it('422 when a password is sent for a student who already has an account, or the e-mail is cleared', async () => {
    const s = await aStudent(t, { values: { email: 'punya@akun.test' } })
    const res = await call(t, 'PUT', `/api/admin/students/${s.studentId}`, {
      as: admin,
      body: { password: 'rahasia-baru', email: null },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password'])
    expect((await login(s.email, 'rahasia-baru')).status).toBe(401)
    expect((await storedStudent(t, s.studentId)).email).toBe('punya@akun.test')
  })

  it('409 errors.nis when the NIS belongs to another learner', async () => {
    const a = await aStudent(t, { account: false })
    const b = await aStudent(t, { account: false })
    const res = await call(t, 'PUT', `/api/admin/students/${a.studentId}`, {
      as: admin,
      body: { nis: b.student.nis, full_name: 'Tidak Berubah' },
    })
    expect(res.status).toBe(409)
    expect(Object.keys(res.body.errors)).toEqual(['nis'])
    expect((await storedStudent(t, a.studentId)).fullName).toBe(a.student.fullName)
  })

  it("409 errors.email when the account would take another account's e-mail", async () => {
    const a = await aStudent(t)
    const other = await anHrd(t)
    const res = await call(t, 'PUT', `/api/admin/students/${a.studentId}`, {
      as: admin,
      body: { email: other.email.toUpperCase() },
    })
    expect(res.status).toBe(409)
    expect(Object.keys(res.body.errors)).toEqual(['email'])
    expect((await storedUser(t, a.id)).email).toBe(a.email)
  })

  it('422 errors.major_id for an unknown major; 404 for an unknown id and for an alumnus', async () => {
    const s = await aStudent(t, { account: false })
    const bad = await call(t, 'PUT', `/api/admin/students/${s.studentId}`, {
      as: admin,
      body: { major_id: 999999 },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['major_id'])
    const alumnus = await anAlumnus(t)
    for (const id of [999999, alumnus.studentId]) {
      const res = await call(t, 'PUT', `/api/admin/students/${id}`, {
        as: admin,
        body: { class_name: 'XII Z' },
      })
      expect(res.status).toBe(404)
    }
    expect((await storedStudent(t, alumnus.studentId)).className).toBe('XII A')
  })

  it('422 for a null required field, and for a graduation year (the upgrade does that)', async () => {
    const s = await aStudent(t, { account: false })
    const nullName = await call(t, 'PUT', `/api/admin/students/${s.studentId}`, {
      as: admin,
      body: { full_name: null, major_id: null },
    })
    expect(nullName.status).toBe(422)
    expect(Object.keys(nullName.body.errors).sort()).toEqual(['full_name', 'major_id'])
    const year = await call(t, 'PUT', `/api/admin/students/${s.studentId}`, {
      as: admin,
      body: { graduation_year: 2025, class_name: 'XII Z' },
    })
    expect(year.status).toBe(422)
    expect(Object.keys(year.body.errors)).toEqual(['graduation_year'])
    expect(await storedStudent(t, s.studentId)).toMatchObject({
      graduationYear: null,
      className: 'XII A',
    })
  })
})

describe('DELETE /api/admin/students/:id', () => {
  it('deletes the student with its account, whose token stops working', async () => {
    const s = await aStudent(t)
    expect((await call(t, 'GET', '/api/me', { as: s })).status).toBe(200)
    const res = await call(t, 'DELETE', `/api/admin/students/${s.studentId}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Data siswa dihapus.', data: null })
    expect(await storedStudent(t, s.studentId)).toBeUndefined()
    expect(await storedUser(t, s.id)).toBeUndefined()
    expect((await call(t, 'GET', '/api/me', { as: s })).status).toBe(401)
    const logs = await auditsOf(t, 'student', s.studentId, 'oldest')
    expect(logs.at(-1)).toMatchObject({ action: 'delete', actorId: admin.id })
  })

  it('deletes a student without an account, with its portfolio file rows', async () => {
    const s = await aStudent(t, { account: false })
    await t.db.insert(files).values({
      studentId: s.studentId,
      category: 'cv',
      title: 'CV',
      originalName: 'cv.pdf',
      mimeType: 'application/pdf',
      size: 10,
      storageKey: `portfolio/test-${tag()}`,
    })
    const res = await call(t, 'DELETE', `/api/admin/students/${s.studentId}`, { as: admin })
    expect(res.status).toBe(200)
    expect(await t.db.select().from(files).where(eq(files.studentId, s.studentId))).toHaveLength(0)
  })

  it('409 with the reason when the student has applied; nothing is deleted', async () => {
    const s = await aStudent(t)
    await anApplication(t, { studentId: s.studentId })
    const res = await call(t, 'DELETE', `/api/admin/students/${s.studentId}`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toMatch(/tidak dapat dihapus karena sudah memiliki 1 lamaran/)
    expect(await storedStudent(t, s.studentId)).toBeDefined()
    expect(await storedUser(t, s.id)).toBeDefined()
  })

  it('404 for an unknown id and for an alumnus', async () => {
    const alumnus = await anAlumnus(t)
    for (const id of [999999, alumnus.studentId]) {
      const res = await call(t, 'DELETE', `/api/admin/students/${id}`, { as: admin })
      expect(res.status).toBe(404)
    }
    expect(await storedStudent(t, alumnus.studentId)).toBeDefined()
  })
})
