import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'
import { auditsOf, storedStudent, storedUser } from '../support/stored.js'

/**
 * A graduation run on the wrong class (or after the new cohort was imported under the same class name) made
 * grade-12 students alumni with no way back: the alumni form refuses no year, user management a role against
 * the record, and deleting the learner loses account, portfolio and applications. Siswa-only vacancies were
 * closed to them. POST /api/admin/graduations/undo takes it back for those who have not acted as alumni.
 */
const t = useTestApp({ AUTH_CACHE_SECONDS: '60' })
let admin: Account
beforeAll(async () => {
  admin = await anAdmin(t)
})

const undo = (body: Record<string, unknown>) =>
  call(t, 'POST', '/api/admin/graduations/undo', { as: admin, body })

describe('POST /api/admin/graduations/undo', () => {
  it('admits admin and superadmin only', async () => {
    const s = await anAlumnus(t)
    await expectRoles(t, 'POST', '/api/admin/graduations/undo', ['admin'], {
      student_ids: [s.studentId],
      graduation_year: 2099,
    })
  })

  it('takes the wrongly graduated class back to grade 12: the year cleared, accounts siswa again, at once', async () => {
    const major = await aMajor(t)
    const a = await aStudent(t, {
      majorId: major.id,
      values: { className: 'XII TKJ 1', fullName: 'Ani Salah' },
    })
    const b = await aStudent(t, {
      majorId: major.id,
      values: { className: 'XII TKJ 1', fullName: 'Budi Salah' },
    })
    // A siswa-only vacancy, and a session of Ani's from before (the cached login must follow the role).
    const siswaOnly = await aVacancy(t, { majorIds: [major.id], values: { target: 'siswa' } })
    expect((await call(t, 'GET', '/api/me', { as: a })).body.data.role).toBe('siswa')
    const graduated = await call(t, 'POST', '/api/admin/graduations', {
      as: admin,
      body: { class_name: 'XII TKJ 1', graduation_year: 2026 },
    })
    expect(graduated.body.data.succeeded).toBe(2)
    expect((await call(t, 'GET', '/api/me', { as: a })).body.data.role).toBe('alumni')

    const res = await undo({ graduation_year: 2026, student_ids: [a.studentId, b.studentId] })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ graduationYear: 2026, processed: 2, succeeded: 2, failed: 0 })
    expect(res.body.data.learners.map((l: { fullName: string }) => l.fullName)).toEqual([
      'Ani Salah',
      'Budi Salah',
    ])
    expect(res.body.message).toBe('2 alumni kembali menjadi siswa kelas XII.')
    for (const s of [a, b]) {
      expect((await storedStudent(t, s.studentId)).graduationYear).toBeNull()
      expect((await storedUser(t, s.id)).role).toBe('siswa')
    }
    expect(await auditsOf(t, 'student', a.studentId)).toContainEqual(
      expect.objectContaining({ action: 'ungraduate', data: JSON.stringify({ graduationYear: 2026 }) }),
    )
    // The session sees it at once, and the siswa-only vacancy is open to Ani again.
    expect((await call(t, 'GET', '/api/me', { as: a })).body.data.role).toBe('siswa')
    const list = await call(t, 'GET', '/api/job-vacancies', { as: a })
    expect(list.body.data.map((v: { id: number }) => v.id)).toContain(siswaOnly.id)
  })

  it('refuses, each on their own, one not graduated, one of another year, and one who acted as an alumnus', async () => {
    const grade12 = await aStudent(t, { values: { fullName: 'Citra Kelas XII' } })
    const older = await anAlumnus(t, { values: { fullName: 'Dodi Lama', graduationYear: 2024 } })
    const answered = await anAlumnus(t, { values: { fullName: 'Eka Menjawab', graduationYear: 2026 } })
    const tracer = await call(t, 'POST', '/api/alumni/tracer-study', {
      as: answered,
      body: { career_status: 'mencari_kerja' },
    })
    expect(tracer.status).toBe(201)
    const applied = await anAlumnus(t, { values: { fullName: 'Fajar Melamar', graduationYear: 2026 } })
    await anApplication(t, { studentId: applied.studentId, role: 'alumni' })
    const fine = await anAlumnus(t, { values: { fullName: 'Gita Kembali', graduationYear: 2026 } })

    const res = await undo({
      graduation_year: 2026,
      student_ids: [
        grade12.studentId,
        older.studentId,
        answered.studentId,
        applied.studentId,
        fine.studentId,
        2000000000,
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ processed: 6, succeeded: 1, failed: 5 })
    expect(
      res.body.data.failures.map((f: { fullName: string | null; reason: string }) => [f.fullName, f.reason]),
    ).toEqual([
      ['Citra Kelas XII', 'Belum lulus: masih siswa kelas XII.'],
      ['Dodi Lama', 'Alumni tahun 2024, bukan 2026.'],
      ['Eka Menjawab', 'Sudah mengisi tracer study sebagai alumni.'],
      ['Fajar Melamar', 'Sudah melamar lowongan sebagai alumni.'],
      [null, 'Siswa tidak ditemukan.'],
    ])
    expect((await storedStudent(t, older.studentId)).graduationYear).toBe(2024)
    expect((await storedStudent(t, answered.studentId)).graduationYear).toBe(2026)
    expect((await storedStudent(t, fine.studentId)).graduationYear).toBeNull()
  })

  it('422 on a body without ids or year', async () => {
    const res = await undo({ student_ids: [] })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['graduation_year', 'student_ids'])
  })
})
