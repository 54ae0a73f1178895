import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import {
  type ApplicationStatus,
  applicationEvents,
  applications,
  companies,
  type FileCategory,
  files,
  jobVacancies,
  jobVacancyMajors,
  type students,
} from '../../src/db/schema/index.js'
import type { TestContext } from './app.js'
import { given } from './given.js'

let seq = 0

export type VacancyValues = Partial<typeof jobVacancies.$inferInsert>

/** The database's date `days` from today (`YYYY-MM-DD`): the clock the open rule uses. */
export async function dayFromToday(t: TestContext, days = 0): Promise<string> {
  const [row] = await t.db
    .select({ d: sql<string>`(current_date + ${days}::int)::text` })
    .from(sql`(values (1)) as one (x)`)
  return row.d
}

/** Builders for vacancies, applications and portfolio files (rows written straight to the tables). */
export const givenRecruitment = {
  /** A vacancy with its majors; open (active, deadline in 30 days, target all) unless told otherwise. */
  async vacancy(
    t: TestContext,
    opts: {
      companyId?: number
      majorIds?: number[]
      values?: VacancyValues
    } = {},
  ) {
    const n = ++seq
    const companyId = opts.companyId ?? (await given.company(t)).id
    const majorIds = opts.majorIds ?? [(await given.major(t)).id]
    const [row] = await t.db
      .insert(jobVacancies)
      .values({
        companyId,
        title: `Lowongan ${n}`,
        position: `Posisi ${n}`,
        description: 'Deskripsi pekerjaan.',
        qualifications: 'Lulusan SMK.',
        category: 'manufaktur',
        jobType: 'full_time',
        quota: 5,
        deadline: sql`current_date + 30` as unknown as string,
        target: 'all',
        ...opts.values,
      })
      .returning()
    if (majorIds.length > 0) {
      await t.db
        .insert(jobVacancyMajors)
        .values(majorIds.map((majorId) => ({ jobVacancyId: row.id, majorId })))
    }
    return row
  },

  async application(
    t: TestContext,
    opts: {
      vacancyId: number
      studentId: number
      role?: 'siswa' | 'alumni'
      status?: ApplicationStatus
      values?: Partial<typeof applications.$inferInsert>
    },
  ) {
    const [row] = await t.db
      .insert(applications)
      .values({
        jobVacancyId: opts.vacancyId,
        studentId: opts.studentId,
        applicantRole: opts.role ?? 'siswa',
        status: opts.status ?? 'pending',
        ...opts.values,
      })
      .returning()
    await t.db
      .insert(applicationEvents)
      .values({ applicationId: row.id, stage: 'applied', status: 'pending', actorName: 'test' })
    return row
  },

  /** A stored file row of a learner's portfolio (no bytes in storage). */
  async file(t: TestContext, studentId: number, category: FileCategory = 'cv') {
    const [row] = await t.db
      .insert(files)
      .values({
        studentId,
        category,
        title: `Berkas ${category}`,
        originalName: `${category}.pdf`,
        mimeType: 'application/pdf',
        size: 1234,
        storageKey: `test/${randomUUID()}`,
      })
      .returning()
    return row
  },

  /** A student (or alumnus) with a complete profile (phone, address, birth date, a CV): may apply. */
  async applicant(
    t: TestContext,
    opts: {
      role?: 'siswa' | 'alumni'
      majorId?: number
      values?: Partial<typeof students.$inferInsert>
    } = {},
  ) {
    const learner = await given.student(t, {
      role: opts.role ?? 'siswa',
      majorId: opts.majorId,
      values: opts.values,
    })
    const cv = await givenRecruitment.file(t, learner.studentId, 'cv')
    return { ...learner, cv }
  },

  async companyInactive(t: TestContext, companyId: number) {
    await t.db.update(companies).set({ isActive: false }).where(sql`${companies.id} = ${companyId}`)
  },
}
