import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { aMajor, tag } from '../support/builders/org.js'
import { storedStudent } from '../support/stored.js'

/**
 * Nobody graduates before the end of the school year they are in, so a graduation year later than the school's
 * current calendar year names a June that has not come: in November 2026 "2027" is the class now in grade 12, in
 * March a class a year short of the end. The service took "today's year + 1" in the graduation, the upgrade and the
 * alumni form; it now refuses it, on `graduation_year`, saying why (found by the school-year audit).
 */
const t = useTestApp()

/** The school's calendar year (WIB, the tests' default zone). */
const schoolYearNow = () => new Date(Date.now() + 7 * 3_600_000).getUTCFullYear()

describe('a graduation year still ahead', () => {
  it('POST /api/admin/graduations: 422 on graduation_year, nobody graduated; this year is taken', async () => {
    const staff = await anAdmin(t)
    const ani = await aStudent(t, { values: { fullName: 'Ani Kelas Lalu', className: 'XII TURN 1' } })
    const ahead = await call(t, 'POST', '/api/admin/graduations', {
      as: staff,
      body: { class_name: 'XII TURN 1', graduation_year: schoolYearNow() + 1 },
    })
    expect(ahead.status).toBe(422)
    expect(ahead.body.errors.graduation_year).toEqual([
      `maksimal ${schoolYearNow()}: tahun lulus tidak boleh tahun yang belum tiba (siswa lulus di akhir tahun ajaran, bulan Juni)`,
    ])
    expect((await storedStudent(t, ani.studentId)).graduationYear).toBeNull()

    const now = await call(t, 'POST', '/api/admin/graduations', {
      as: staff,
      body: { class_name: 'XII TURN 1', graduation_year: schoolYearNow() },
    })
    expect(now.status).toBe(200)
    expect((await storedStudent(t, ani.studentId)).graduationYear).toBe(schoolYearNow())
  })

  it('POST /api/admin/alumni/upgrade: 422 on graduation_year, the student stays in grade 12', async () => {
    const staff = await anAdmin(t)
    const budi = await aStudent(t)
    const res = await call(t, 'POST', '/api/admin/alumni/upgrade', {
      as: staff,
      body: { student_ids: [budi.studentId], graduation_year: schoolYearNow() + 1 },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors.graduation_year[0]).toMatch(/belum tiba/)
    expect((await storedStudent(t, budi.studentId)).graduationYear).toBeNull()
  })

  it('the alumni form (POST and PUT): 422 on graduation_year', async () => {
    const staff = await anAdmin(t)
    const major = await aMajor(t)
    const added = await call(t, 'POST', '/api/admin/alumni', {
      as: staff,
      body: {
        nis: `Y${tag()}`,
        full_name: 'Alumni Kelak',
        major_id: major.id,
        graduation_year: schoolYearNow() + 1,
      },
    })
    expect(added.status).toBe(422)
    expect(Object.keys(added.body.errors)).toEqual(['graduation_year'])

    const citra = await anAlumnus(t, { values: { graduationYear: 2024 } })
    const moved = await call(t, 'PUT', `/api/admin/alumni/${citra.studentId}`, {
      as: staff,
      body: { graduation_year: schoolYearNow() + 1 },
    })
    expect(moved.status).toBe(422)
    expect(moved.body.errors.graduation_year[0]).toMatch(/belum tiba/)
    expect((await storedStudent(t, citra.studentId)).graduationYear).toBe(2024)
  })
})
