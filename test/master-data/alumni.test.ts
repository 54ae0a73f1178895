import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { students, users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus, aStudent, PASSWORD } from '../support/builders/accounts.js'
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
const tag = () => `${process.pid % 1000}${++n}${Math.floor(Math.random() * 100)}`
const ids = (res: { body: { data: { id?: number; value?: number }[] } }) =>
  res.body.data.map((d) => d.id ?? d.value)
const upgrade = (body: unknown) => call(t, 'POST', '/api/admin/alumni/upgrade', { as: admin, body })

describe('role matrix of /api/admin/alumni', () => {
  it('admits admin and superadmin only', async () => {
    const a = await anAlumnus(t)
    const other = await anAlumnus(t)
    const student = await aStudent(t, { account: false })
    await expectRoles(t, 'GET', '/api/admin/alumni', ['admin'])
    await expectRoles(t, 'GET', '/api/admin/alumni/options', ['admin'])
    await expectRoles(t, 'GET', `/api/admin/alumni/${a.studentId}`, ['admin'])
    await expectRoles(t, 'POST', '/api/admin/alumni', ['admin'], {
      nis: `R${tag()}`,
      full_name: 'Matriks',
      major_id: a.majorId,
      graduation_year: 2024,
    })
    await expectRoles(t, 'PUT', `/api/admin/alumni/${a.studentId}`, ['admin'], { class_name: 'XII B' })
    await expectRoles(t, 'DELETE', `/api/admin/alumni/${other.studentId}`, ['admin'])
    await expectRoles(t, 'POST', '/api/admin/alumni/upgrade', ['admin'], {
      student_ids: [student.studentId],
      graduation_year: 2025,
    })
  })
})

describe('GET /api/admin/alumni', () => {
  it('lists alumni only, filtered by graduation_year, major, department, class and account', async () => {
    const dep = await aDepartment(t)
    const major = await aMajor(t, { departmentId: dep.id })
    const a = await anAlumnus(t, {
      majorId: major.id,
      values: { graduationYear: 2023, className: 'XII AKL 1' },
    })
    const b = await aStudent(t, {
      role: 'alumni',
      account: false,
      majorId: major.id,
      values: { graduationYear: 2024, className: 'XII AKL 2' },
    })
    await aStudent(t, { majorId: major.id, account: false })
    const list = async (query: Record<string, string | number | boolean>) => {
      const res = await call(t, 'GET', '/api/admin/alumni', { as: admin, query })
      expect(res.status).toBe(200)
      return ids(res).sort()
    }
    expect(await list({ major_id: major.id })).toEqual([a.studentId, b.studentId].sort())
    expect(await list({ department_id: dep.id, graduation_year: 2023 })).toEqual([a.studentId])
    expect(await list({ department_id: dep.id, class_name: 'xii akl 2' })).toEqual([b.studentId])
    expect(await list({ department_id: dep.id, has_account: false })).toEqual([b.studentId])
    expect(await list({ search: a.student.nis })).toEqual([a.studentId])

    const res = await call(t, 'GET', '/api/admin/alumni', { as: admin, query: { major_id: major.id } })
    expect(res.body.data.find((r: { id: number }) => r.id === a.studentId)).toMatchObject({
      graduationYear: 2023,
      account: { id: a.id, email: a.email, isActive: true },
    })
  })

  it('422 for a graduation_year filter that is not a year', async () => {
    const res = await call(t, 'GET', '/api/admin/alumni', { as: admin, query: { graduation_year: 'lama' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toHaveProperty('graduation_year')
  })
})

describe('GET /api/admin/alumni/options and /:id', () => {
  it('options label alumni "NIS - name"; students are not among them', async () => {
    const major = await aMajor(t)
    const a = await anAlumnus(t, {
      majorId: major.id,
      values: { fullName: 'Rina Alumni', graduationYear: 2022 },
    })
    await aStudent(t, { majorId: major.id, account: false })
    const res = await call(t, 'GET', '/api/admin/alumni/options', {
      as: admin,
      query: { major_id: major.id },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([{ value: a.studentId, label: `${a.student.nis} - Rina Alumni` }])
    const other = await call(t, 'GET', '/api/admin/alumni/options', {
      as: admin,
      query: { major_id: major.id, graduation_year: 2021 },
    })
    expect(other.body.data).toEqual([])
  })

  it('detail 200 for an alumnus, 404 for a student and an unknown id', async () => {
    const a = await anAlumnus(t)
    const ok = await call(t, 'GET', `/api/admin/alumni/${a.studentId}`, { as: admin })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ id: a.studentId, graduationYear: 2024 })
    const student = await aStudent(t, { account: false })
    for (const id of [student.studentId, 999999]) {
      const res = await call(t, 'GET', `/api/admin/alumni/${id}`, { as: admin })
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Alumni tidak ditemukan.')
    }
  })
})

describe('POST /api/admin/alumni', () => {
  it('201 creates an alumnus with an `alumni` account', async () => {
    const major = await aMajor(t)
    const email = `alm${tag()}@sekolah.test`
    const res = await call(t, 'POST', '/api/admin/alumni', {
      as: admin,
      body: {
        nis: `A${tag()}`,
        full_name: 'Sari Wulandari',
        major_id: major.id,
        class_name: 'XII OTKP 1',
        graduation_year: 2022,
        email,
        create_account: true,
        password: 'rahasia-dapur-123',
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Alumni ditambahkan.')
    expect(res.body.data).toMatchObject({ graduationYear: 2022, account: { email, isActive: true } })
    expect(await storedUser(t, res.body.data.account.id)).toMatchObject({ role: 'alumni' })
    const session = await call(t, 'POST', '/api/login', { body: { email, password: 'rahasia-dapur-123' } })
    expect(session.body.data.user.role).toBe('alumni')
    const me = await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${session.body.data.token}` } })
    expect(me.body.data.student).toMatchObject({ id: res.body.data.id, graduationYear: 2022 })
  })

  it('422 without a graduation year, or with one out of range', async () => {
    const major = await aMajor(t)
    const missing = await call(t, 'POST', '/api/admin/alumni', {
      as: admin,
      body: { nis: `Y${tag()}`, full_name: 'Tanpa Tahun', major_id: major.id },
    })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ graduation_year: ['wajib diisi'] })
    const future = new Date().getUTCFullYear() + 2
    for (const year of [1900, future, 'dua ribu']) {
      const res = await call(t, 'POST', '/api/admin/alumni', {
        as: admin,
        body: { nis: `Y${tag()}`, full_name: 'Tahun Aneh', major_id: major.id, graduation_year: year },
      })
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual(['graduation_year'])
    }
  })

  it('409 errors.nis when the NIS belongs to a grade-12 student', async () => {
    const s = await aStudent(t, { account: false })
    const res = await call(t, 'POST', '/api/admin/alumni', {
      as: admin,
      body: { nis: s.student.nis, full_name: 'Kembar', major_id: s.majorId, graduation_year: 2023 },
    })
    expect(res.status).toBe(409)
    expect(Object.keys(res.body.errors)).toEqual(['nis'])
  })
})

describe('PUT and DELETE /api/admin/alumni/:id', () => {
  it('PUT changes the graduation year and keeps the account name in step', async () => {
    const a = await anAlumnus(t)
    const res = await call(t, 'PUT', `/api/admin/alumni/${a.studentId}`, {
      as: admin,
      body: { graduation_year: 2021, full_name: 'Nama Baru Alumni' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Data alumni diperbarui.')
    expect(res.body.data.graduationYear).toBe(2021)
    expect((await storedStudent(t, a.studentId)).graduationYear).toBe(2021)
    expect((await storedUser(t, a.id)).fullName).toBe('Nama Baru Alumni')
  })

  it('PUT 422 for a null graduation year (an alumnus stays an alumnus); 404 for a student', async () => {
    const a = await anAlumnus(t)
    const res = await call(t, 'PUT', `/api/admin/alumni/${a.studentId}`, {
      as: admin,
      body: { graduation_year: null },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toEqual(['graduation_year'])
    const s = await aStudent(t, { account: false })
    expect((await call(t, 'PUT', `/api/admin/alumni/${s.studentId}`, { as: admin, body: {} })).status).toBe(
      404,
    )
  })

  it('DELETE removes the alumnus and the account', async () => {
    const a = await anAlumnus(t)
    const res = await call(t, 'DELETE', `/api/admin/alumni/${a.studentId}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Data alumni dihapus.')
    expect(await storedStudent(t, a.studentId)).toBeUndefined()
    expect(await storedUser(t, a.id)).toBeUndefined()
  })

  it('DELETE 409 when the alumnus has applied; 404 for a student', async () => {
    const a = await anAlumnus(t)
    await anApplication(t, { studentId: a.studentId, role: 'alumni' })
    const res = await call(t, 'DELETE', `/api/admin/alumni/${a.studentId}`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/lamaran/)
    expect(await storedStudent(t, a.studentId)).toBeDefined()
    const s = await aStudent(t, { account: false })
    expect((await call(t, 'DELETE', `/api/admin/alumni/${s.studentId}`, { as: admin })).status).toBe(404)
    expect(await storedStudent(t, s.studentId)).toBeDefined()
  })
})

describe('POST /api/admin/alumni/upgrade', () => {
  it('upgrades one student: graduation year set, account role alumni at once', async () => {
    const s = await aStudent(t)
    expect((await call(t, 'GET', '/api/me', { as: s })).body.data.role).toBe('siswa')
    const res = await upgrade({ student_ids: [s.studentId], graduation_year: 2025 })
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.message).toBe('1 siswa dijadikan alumni.')
    expect(res.body.data.upgraded).toBe(1)
    expect(res.body.data.alumni).toEqual([
      expect.objectContaining({
        id: s.studentId,
        graduationYear: 2025,
        account: { id: s.id, email: s.email, isActive: true },
      }),
    ])
    expect((await storedStudent(t, s.studentId)).graduationYear).toBe(2025)
    expect((await storedUser(t, s.id)).role).toBe('alumni')

    // The same token now acts as an alumnus; a new login says so too.
    const me = await call(t, 'GET', '/api/me', { as: s })
    expect(me.body.data).toMatchObject({ role: 'alumni', student: { id: s.studentId, graduationYear: 2025 } })
    const session = await call(t, 'POST', '/api/login', { body: { email: s.email, password: PASSWORD } })
    expect(session.body.data.user.role).toBe('alumni')

    // It is an alumnus now: listed there, gone from the students.
    expect((await call(t, 'GET', `/api/admin/alumni/${s.studentId}`, { as: admin })).status).toBe(200)
    expect((await call(t, 'GET', `/api/admin/students/${s.studentId}`, { as: admin })).status).toBe(404)
    const [log] = await auditsOf(t, 'student', s.studentId, 'oldest')
    expect(log).toMatchObject({ action: 'upgrade_to_alumni', actorId: admin.id })
  })

  it('upgrades a whole class of one major, students without an account too', async () => {
    const major = await aMajor(t)
    const className = `XII TKJ ${tag()}`
    const a = await aStudent(t, { majorId: major.id, values: { className } })
    const b = await aStudent(t, { majorId: major.id, account: false, values: { className } })
    const otherMajor = await aStudent(t, { account: false, values: { className } })
    const otherClass = await aStudent(t, {
      majorId: major.id,
      account: false,
      values: { className: 'XII X' },
    })
    const alreadyAlumnus = await anAlumnus(t, {
      majorId: major.id,
      values: { className, graduationYear: 2020 },
    })

    const res = await upgrade({
      class_name: ` ${className.toLowerCase()} `,
      major_id: major.id,
      graduation_year: 2025,
    })
    expect(res.status).toBe(200)
    expect(res.body.data.upgraded).toBe(2)
    expect(res.body.data.alumni.map((x: { id: number }) => x.id).sort()).toEqual(
      [a.studentId, b.studentId].sort(),
    )
    const rows = await t.db
      .select({ id: students.id, year: students.graduationYear })
      .from(students)
      .where(
        inArray(students.id, [
          a.studentId,
          b.studentId,
          otherMajor.studentId,
          otherClass.studentId,
          alreadyAlumnus.studentId,
        ]),
      )
    expect(Object.fromEntries(rows.map((r) => [r.id, r.year]))).toEqual({
      [a.studentId]: 2025,
      [b.studentId]: 2025,
      [otherMajor.studentId]: null,
      [otherClass.studentId]: null,
      [alreadyAlumnus.studentId]: 2020,
    })
    expect((await storedUser(t, a.id)).role).toBe('alumni')
    expect((await call(t, 'GET', '/api/me', { as: a })).body.data.role).toBe('alumni')
  })

  it('a class without major_id takes the class of every major', async () => {
    const className = `XII MM ${tag()}`
    const a = await aStudent(t, { account: false, values: { className } })
    const b = await aStudent(t, { account: false, values: { className } })
    const res = await upgrade({ class_name: className, graduation_year: 2024 })
    expect(res.status).toBe(200)
    expect(res.body.data.upgraded).toBe(2)
    expect((await storedStudent(t, a.studentId)).graduationYear).toBe(2024)
    expect((await storedStudent(t, b.studentId)).graduationYear).toBe(2024)
  })

  it('all or nothing: an unknown id or an alumnus among them and nobody is upgraded', async () => {
    const s1 = await aStudent(t)
    const s2 = await aStudent(t, { account: false })
    const alumnus = await anAlumnus(t)
    const res = await upgrade({
      student_ids: [s1.studentId, 999999, s2.studentId, alumnus.studentId],
      graduation_year: 2025,
    })
    expect(res.status).toBe(422)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toBe(
      'Tidak ada siswa yang dijadikan alumni: sebagian data tidak dapat dijadikan alumni.',
    )
    expect(res.body.errors).toEqual({
      'student_ids.1': ['Siswa tidak ditemukan.'],
      'student_ids.3': ['Sudah menjadi alumni (lulus 2024).'],
    })
    expect((await storedStudent(t, s1.studentId)).graduationYear).toBeNull()
    expect((await storedStudent(t, s2.studentId)).graduationYear).toBeNull()
    expect((await storedUser(t, s1.id)).role).toBe('siswa')
    expect(await auditsOf(t, 'student', s1.studentId, 'oldest')).toEqual([])
  })

  it('422 unless exactly one of student_ids and class_name is sent', async () => {
    const s = await aStudent(t, { account: false })
    const both = await upgrade({ student_ids: [s.studentId], class_name: 'XII A', graduation_year: 2025 })
    expect(both.status).toBe(422)
    expect(both.body.message).toBe('Pilih siswanya, atau satu kelas (dan kompetensi keahliannya bila perlu).')
    expect(both.body.errors).toEqual({ class_name: ['tidak boleh dikirim bersama daftar siswa'] })
    const neither = await upgrade({ major_id: s.majorId, graduation_year: 2025 })
    expect(neither.status).toBe(422)
    expect(Object.keys(neither.body.errors).sort()).toEqual(['class_name', 'student_ids'])
    expect((await storedStudent(t, s.studentId)).graduationYear).toBeNull()
  })

  it('422 for an empty, duplicated or oversized list, a missing year and a class with no students', async () => {
    const s = await aStudent(t, { account: false })
    const cases: [unknown, string][] = [
      [{ student_ids: [], graduation_year: 2025 }, 'student_ids'],
      [{ student_ids: [s.studentId, s.studentId], graduation_year: 2025 }, 'student_ids'],
      [{ student_ids: Array.from({ length: 501 }, (_, i) => i + 1), graduation_year: 2025 }, 'student_ids'],
      [{ student_ids: [s.studentId] }, 'graduation_year'],
      [{ student_ids: ['x'], graduation_year: 2025 }, 'student_ids.0'],
      [{ class_name: `Kelas Kosong ${tag()}`, graduation_year: 2025 }, 'class_name'],
      [{ class_name: '   ', graduation_year: 2025 }, 'class_name'],
      [{ class_name: 'XII A', major_id: 999999, graduation_year: 2025 }, 'major_id'],
    ]
    for (const [body, field] of cases) {
      const res = await upgrade(body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual([field])
    }
    expect((await storedStudent(t, s.studentId)).graduationYear).toBeNull()
  })

  it('does not touch accounts that are not `siswa`', async () => {
    // A learner record linked to an account of another role is left with its role.
    const other = await anAdmin(t)
    const s = await aStudent(t, { account: false })
    await t.db.update(students).set({ userId: other.id }).where(eq(students.id, s.studentId))
    const res = await upgrade({ student_ids: [s.studentId], graduation_year: 2025 })
    expect(res.status).toBe(200)
    const [account] = await t.db.select().from(users).where(eq(users.id, other.id))
    expect(account.role).toBe('admin')
  })
})
