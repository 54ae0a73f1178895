import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { applications, files, placements, students } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus, aStudent, logIn, PASSWORD } from '../support/builders/accounts.js'
import { anApplicant, anApplication } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { anHrdWithVacancy, aPlacement } from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'
import { auditsOf, storedStudent, storedUser } from '../support/stored.js'

// With the token cache on (as in production): a logged-in student must see the new role at once.
const t = useTestApp({ AUTH_CACHE_SECONDS: '60' })
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

const graduate = (body: Record<string, unknown>, lang?: string) =>
  call(t, 'POST', '/api/admin/graduations', {
    as: admin,
    body,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  })

let n = 0
const className = () => `XII KLS ${++n}`

/** A class of grade-12 students of one major (with accounts), and one classmate of another major. */
async function aClass(size = 3) {
  const major = await aMajor(t)
  const name = className()
  const members = []
  for (let i = 0; i < size; i++)
    members.push(
      await aStudent(t, { majorId: major.id, values: { className: name, fullName: `Murid ${n}-${i}` } }),
    )
  const otherMajor = await aStudent(t, { values: { className: name } })
  return { major, name, members, otherMajor }
}

describe('role matrix of /api/admin/graduations', () => {
  it('admits admin and superadmin only', async () => {
    const s = await aStudent(t)
    await expectRoles(t, 'POST', '/api/admin/graduations', ['admin'], {
      student_ids: [s.studentId],
      graduation_year: 2025,
      dry_run: true,
    })
  })
})

describe('POST /api/admin/graduations', () => {
  it('previews who would graduate (a class of one major) and changes nothing', async () => {
    const c = await aClass()
    const res = await graduate({
      graduation_year: 2025,
      class_name: ` ${c.name.toLowerCase()} `,
      major_id: c.major.id,
      dry_run: true,
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Pratinjau: 3 siswa akan lulus tahun 2025. Belum ada yang diubah.')
    expect(res.body.data).toMatchObject({
      dryRun: true,
      graduationYear: 2025,
      processed: 3,
      succeeded: 3,
      failed: 0,
      failures: [],
    })
    expect(res.body.data.graduates.map((g: { id: number }) => g.id).sort()).toEqual(
      c.members.map((m) => m.studentId).sort(),
    )
    expect(res.body.data.graduates[0]).toMatchObject({
      className: c.name,
      major: { id: c.major.id, code: c.major.code },
      account: { id: expect.any(Number) },
    })
    for (const m of c.members) {
      expect((await storedStudent(t, m.studentId)).graduationYear).toBeNull()
      expect((await storedUser(t, m.id)).role).toBe('siswa')
    }
    // Without a major the class is every major's: the classmate of another major too.
    const wide = await graduate({ graduation_year: 2025, class_name: c.name, dry_run: true })
    expect(wide.body.data.succeeded).toBe(4)
  })

  it('commits: grade-12 students become alumni of the year with their account, and everything they had stays', async () => {
    const major = await aMajor(t)
    const name = className()
    const learner = await anApplicant(t, { majorId: major.id, values: { className: name } })
    const { company, vacancy } = await anHrdWithVacancy(t)
    const application = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: learner.studentId,
      status: 'accepted',
    })
    await aPlacement(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationId: application.id,
      studentId: learner.studentId,
    })
    const classmate = await aStudent(t, { majorId: major.id, account: false, values: { className: name } })
    const session = await logIn(t, learner.email, PASSWORD)
    const token = { authorization: `Bearer ${session.body.data.token}` }
    // The token's lookup is now kept by this instance (AUTH_CACHE_SECONDS=60) with the role siswa.
    expect((await call(t, 'GET', '/api/me', { as: token })).body.data.role).toBe('siswa')

    const res = await graduate({ graduation_year: 2025, major_id: major.id })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('2 siswa lulus dan menjadi alumni 2025.')
    expect(res.body.data).toMatchObject({ dryRun: false, processed: 2, succeeded: 2, failed: 0 })

    const stored = await storedStudent(t, learner.studentId)
    expect(stored).toMatchObject({
      graduationYear: 2025,
      userId: learner.id,
      className: name,
      nis: learner.student.nis,
    })
    expect(await storedStudent(t, classmate.studentId)).toMatchObject({ graduationYear: 2025, userId: null })
    expect(await storedUser(t, learner.id)).toMatchObject({ role: 'alumni', isActive: true })
    // Carried over: the same learner row keeps its application, placement and portfolio.
    expect(
      await t.db.select().from(applications).where(eq(applications.studentId, learner.studentId)),
    ).toHaveLength(1)
    expect(
      await t.db.select().from(placements).where(eq(placements.studentId, learner.studentId)),
    ).toHaveLength(1)
    expect(await t.db.select().from(files).where(eq(files.studentId, learner.studentId))).toHaveLength(1)
    expect(await auditsOf(t, 'student', learner.studentId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'graduate', actorId: admin.id })]),
    )

    // The logged-in student's own token sees the new role at once, and the alumni screens.
    expect((await call(t, 'GET', '/api/me', { as: token })).body.data).toMatchObject({
      role: 'alumni',
      student: { id: learner.studentId, graduationYear: 2025 },
    })
    expect((await call(t, 'GET', '/api/siswa/portfolio/profile', { as: token })).status).toBe(403)
    const profile = await call(t, 'GET', '/api/alumni/portfolio/profile', { as: token })
    expect(profile.status).toBe(200)
    expect(profile.body.data.files).toHaveLength(1)
    const mine = await call(t, 'GET', '/api/my-applications', { as: token })
    expect(mine.body.data.map((a: { id: number }) => a.id)).toEqual([application.id])
  })

  it('graduating someone again is refused per person; the others go ahead, nobody changes twice', async () => {
    const c = await aClass(2)
    const first = await graduate({ graduation_year: 2024, class_name: c.name, major_id: c.major.id })
    expect(first.body.data.succeeded).toBe(2)
    const before = await t.db
      .select()
      .from(students)
      .where(
        inArray(
          students.id,
          c.members.map((m) => m.studentId),
        ),
      )

    // The same class again: each one is refused, saying when they graduated.
    const again = await graduate({ graduation_year: 2024, class_name: c.name, major_id: c.major.id }, 'en')
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ processed: 2, succeeded: 0, failed: 2, graduates: [] })
    expect(again.body.data.failures).toEqual(
      expect.arrayContaining(
        c.members.map((m) =>
          expect.objectContaining({
            id: m.studentId,
            nis: m.student.nis,
            reason: 'Already graduated: alumnus of 2024.',
          }),
        ),
      ),
    )
    expect(
      await t.db
        .select()
        .from(students)
        .where(
          inArray(
            students.id,
            c.members.map((m) => m.studentId),
          ),
        ),
    ).toEqual(before)

    // A list with an alumnus of another year, an unknown id and a student: only the student graduates.
    const alumnus = await anAlumnus(t, { values: { graduationYear: 2023 } })
    const student = await aStudent(t)
    const mixed = await graduate({
      graduation_year: 2025,
      student_ids: [alumnus.studentId, 2_000_000_000, student.studentId],
    })
    expect(mixed.status).toBe(200)
    expect(mixed.body.data).toMatchObject({ processed: 3, succeeded: 1, failed: 2 })
    expect(mixed.body.data.graduates.map((g: { id: number }) => g.id)).toEqual([student.studentId])
    expect(mixed.body.data.failures).toEqual([
      {
        id: alumnus.studentId,
        nis: alumnus.student.nis,
        fullName: alumnus.student.fullName,
        className: alumnus.student.className,
        major: expect.objectContaining({ id: alumnus.majorId }),
        reason: 'Sudah lulus: alumni tahun 2023.',
        left: null,
      },
      {
        id: 2_000_000_000,
        nis: null,
        fullName: null,
        className: null,
        major: null,
        reason: 'Siswa tidak ditemukan.',
        left: null,
      },
    ])
    expect((await storedStudent(t, alumnus.studentId)).graduationYear).toBe(2023)
    expect((await storedStudent(t, student.studentId)).graduationYear).toBe(2025)
    expect((await storedUser(t, student.id)).role).toBe('alumni')
    // One audit row per graduation, none for the refused.
    expect((await auditsOf(t, 'student', alumnus.studentId)).filter((a) => a.action === 'graduate')).toEqual(
      [],
    )
  })

  it('422 without a choice of who, with both forms, an unknown major, a future year, or a commit matching nobody', async () => {
    const s = await aStudent(t)
    const none = await graduate({ graduation_year: 2025 })
    expect(none.status).toBe(422)
    expect(Object.keys(none.body.errors).sort()).toEqual(['class_name', 'major_id', 'student_ids'])
    const both = await graduate({ graduation_year: 2025, student_ids: [s.studentId], class_name: 'XII A' })
    expect(both.status).toBe(422)
    expect(both.body.errors.class_name).toBeDefined()
    const unknown = await graduate({ graduation_year: 2025, major_id: 2_000_000_000, dry_run: true })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors.major_id).toEqual(['Kompetensi keahlian tidak ditemukan.'])
    const future = await graduate({
      graduation_year: new Date().getUTCFullYear() + 2,
      student_ids: [s.studentId],
    })
    expect(future.status).toBe(422)
    expect(future.body.errors.graduation_year).toBeDefined()

    const nobody = await graduate({ graduation_year: 2025, class_name: 'XII TIDAK ADA' })
    expect(nobody.status).toBe(422)
    expect(nobody.body.errors.class_name).toEqual(['tidak ada siswa kelas XII yang cocok'])
    const preview = await graduate({ graduation_year: 2025, class_name: 'XII TIDAK ADA', dry_run: true })
    expect(preview.status).toBe(200)
    expect(preview.body.data).toMatchObject({ processed: 0, graduates: [], failures: [] })
    expect((await storedStudent(t, s.studentId)).graduationYear).toBeNull()
  })

  it('reports count the graduates in their year', async () => {
    const c = await aClass(3)
    const query = { school_year: '2025/2026', major_id: c.major.id }
    const before = await call(t, 'GET', '/api/admin/reports/absorption', { as: admin, query })
    expect(before.status).toBe(200)
    const cohortOf = (res: typeof before) =>
      res.body.data.rows.find(
        (r: { graduationYear: number | null; group: string }) => r.graduationYear === 2026,
      )
    expect(cohortOf(before)).toBeUndefined()

    const res = await graduate({ graduation_year: 2026, class_name: c.name, major_id: c.major.id })
    expect(res.body.data.succeeded).toBe(3)
    const after = await call(t, 'GET', '/api/admin/reports/absorption', { as: admin, query })
    expect(cohortOf(after)).toMatchObject({ group: 'alumni', cohort: 3, major: { id: c.major.id } })
    const alumni = await call(t, 'GET', '/api/admin/alumni', {
      as: admin,
      query: { graduation_year: 2026, major_id: c.major.id },
    })
    expect(alumni.body.meta.total).toBe(3)
  })
})
