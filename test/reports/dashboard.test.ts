import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { applications, placements, tracerStudies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aParticipant, aSchedule } from '../support/builders/schedules.js'
import { aVacancy } from '../support/builders/vacancies.js'

/** The front page's figures on a small data set laid out around "now" (the database's clock). */
const t = useTestApp()
let admin: Account
const ids = {} as Record<string, number>
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000)
const YEARS_AGO = new Date(Date.now() - 2 * 366 * 86_400_000)

beforeAll(async () => {
  admin = await anAdmin(t)
  const major = await aMajor(t)
  const alfa = await aCompany(t, { name: 'PT Alfa' })
  const beta = await aCompany(t, { name: 'PT Beta' })
  const closed = await aCompany(t, { name: 'PT Tutup', isActive: false })
  const vacancy = (companyId: number, title: string, values = {}) =>
    aVacancy(t, { companyId, majorIds: [major.id], values: { title, ...values } })
  const open = await vacancy(alfa.id, 'Operator Produksi')
  await vacancy(alfa.id, 'Lewat tenggat', { deadline: sql`current_date - 1` as unknown as string })
  await vacancy(closed.id, 'Perusahaan nonaktif')
  await vacancy(beta.id, 'Nonaktif', { isActive: false })
  await vacancy(beta.id, 'Dihapus', { deletedAt: new Date() })

  const learner = async (name: string, graduationYear: number | null = null) =>
    (
      await aStudent(t, {
        role: graduationYear ? 'alumni' : 'siswa',
        majorId: major.id,
        account: false,
        values: { fullName: name, graduationYear },
      })
    ).studentId
  const apply = async (name: string, status: 'pending' | 'in_progress' | 'accepted', createdAt: Date) => {
    const [row] = await t.db
      .insert(applications)
      .values({
        jobVacancyId: open.id,
        studentId: await learner(name),
        applicantRole: 'siswa',
        status,
        createdAt,
      })
      .returning()
    ids[name] = row.id
    return row
  }
  await apply('Ani', 'pending', minutesAgo(50))
  await apply('Budi', 'pending', minutesAgo(40))
  await apply('Citra', 'in_progress', minutesAgo(30))
  const dodi = await apply('Dodi', 'accepted', minutesAgo(20))
  const lama = await apply('Lama', 'accepted', YEARS_AGO)

  const schedule = (scheduledAt: Date, cancelled = false) =>
    aSchedule(t, {
      companyId: alfa.id,
      vacancyId: open.id,
      values: { scheduledAt, ...(cancelled ? { status: 'cancelled' as const } : {}) },
    }).then((made) => made.schedule)
  const thisWeek = await schedule(new Date())
  const cancelled = await schedule(new Date(), true)
  const ahead = await schedule(new Date(Date.now() + 8 * 86_400_000))
  await schedule(new Date(Date.now() - 8 * 86_400_000))
  await aParticipant(t, thisWeek.id, ids.Ani, { attendanceStatus: 'hadir' })
  await aParticipant(t, thisWeek.id, ids.Budi)
  await aParticipant(t, thisWeek.id, ids.Citra, {
    attendanceStatus: 'hadir',
    validationStatus: 'verified',
  })
  await aParticipant(t, cancelled.id, ids.Ani)
  // A test still ahead has nothing to validate: not counted (it was, before the fix).
  await aParticipant(t, ahead.id, ids.Budi)

  const today = await t.db.execute(sql`select ((now() at time zone 'Asia/Jakarta')::date)::text as d`)
  const [{ d }] = (today as unknown as { rows: { d: string }[] }).rows
  const [placed] = await t.db
    .insert(placements)
    .values({
      applicationId: dodi.id,
      studentId: dodi.studentId,
      companyId: alfa.id,
      jobVacancyId: open.id,
      position: 'Operator',
      acceptedAt: d,
    })
    .returning()
  ids.placement = placed.id
  await t.db.insert(placements).values({
    applicationId: lama.id,
    studentId: lama.studentId,
    companyId: alfa.id,
    jobVacancyId: open.id,
    position: 'Operator',
    acceptedAt: YEARS_AGO.toISOString().slice(0, 10),
  })

  const answered = await learner('Eka', 2024)
  await learner('Fajar', 2024)
  await t.db.insert(tracerStudies).values({ studentId: answered, version: 1, careerStatus: 'mencari_kerja' })
})

describe('GET /api/admin/dashboard', () => {
  it('answers the headline figures of this school year and this week', async () => {
    const res = await call(t, 'GET', '/api/admin/dashboard', { as: admin })
    expect(res.status).toBe(200)
    const d = res.body.data
    const now = new Date(Date.now() + 7 * 3_600_000)
    const startYear = now.getUTCFullYear() - (now.getUTCMonth() < 6 ? 1 : 0)
    expect(d.schoolYear).toBe(`${startYear}/${startYear + 1}`)
    expect(new Date(`${d.weekStart}T00:00:00Z`).getUTCDay()).toBe(1)
    expect(d).toMatchObject({
      companies: { active: 2, total: 3 },
      vacancies: { open: 1, active: 3 },
      applications: {
        total: 4,
        byStatus: { pending: 2, in_progress: 1, accepted: 1, rejected: 0, withdrawn: 0 },
      },
      testsThisWeek: 1,
      attendanceAwaitingValidation: 2,
      placementsThisSchoolYear: 1,
      tracerStudy: { alumni: 2, respondents: 1, responseRate: 50 },
      // E-mail is off (no SMTP_URL): nothing queued. test/reports/dashboard-emails.test.ts counts them.
      emails: { enabled: false, waiting: 0, failing: 0, failedLast7Days: 0 },
    })
    expect(d.latestApplications.map((a: { applicantName: string }) => a.applicantName)).toEqual([
      'Dodi',
      'Citra',
      'Budi',
      'Ani',
      'Lama',
    ])
    expect(d.latestApplications[0]).toEqual({
      id: ids.Dodi,
      status: 'accepted',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      applicantName: 'Dodi',
      vacancyId: expect.any(Number),
      vacancyTitle: 'Operator Produksi',
      companyName: 'PT Alfa',
    })
    expect(d.latestPlacements).toHaveLength(2)
    expect(d.latestPlacements[0]).toMatchObject({
      id: ids.placement,
      fullName: 'Dodi',
      position: 'Operator',
      companyName: 'PT Alfa',
    })
  })
})
