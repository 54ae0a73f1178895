import { randomUUID } from 'node:crypto'
import {
  type ApplicationStatus,
  applicationEvents,
  applicationFiles,
  applications,
  files,
  jobVacancies,
  jobVacancyMajors,
  notifications,
} from '../../src/db/schema/index.js'
import type { TestContext } from './app.js'

let seq = 0

/**
 * Rows of the recruitment tables, written directly (the apply route belongs to another module):
 * vacancies, applications with their first timeline row, portfolio files.
 */
export const givenRecruitment = {
  async vacancy(
    t: TestContext,
    opts: { companyId: number; majorIds?: number[]; values?: Partial<typeof jobVacancies.$inferInsert> },
  ) {
    const n = ++seq
    const [row] = await t.db
      .insert(jobVacancies)
      .values({
        companyId: opts.companyId,
        title: `Operator Produksi ${n}`,
        position: `Operator ${n}`,
        description: 'Mengoperasikan mesin produksi.',
        qualifications: 'Lulusan SMK, sehat jasmani.',
        category: 'Manufaktur',
        jobType: 'full_time',
        city: 'Bekasi',
        province: 'Jawa Barat',
        quota: 5,
        deadline: '2099-12-31',
        ...opts.values,
      })
      .returning()
    if (opts.majorIds?.length)
      await t.db
        .insert(jobVacancyMajors)
        .values(opts.majorIds.map((majorId) => ({ jobVacancyId: row.id, majorId })))
    return row
  },

  /** An application as the apply route leaves it: the row, its attached files and an `applied` timeline row. */
  async application(
    t: TestContext,
    opts: {
      vacancyId: number
      studentId: number
      role?: 'siswa' | 'alumni'
      status?: ApplicationStatus
      fileIds?: number[]
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
        coverLetter: 'Saya tertarik dengan posisi ini.',
        ...opts.values,
      })
      .returning()
    if (opts.fileIds?.length)
      await t.db
        .insert(applicationFiles)
        .values(opts.fileIds.map((fileId) => ({ applicationId: row.id, fileId })))
    await t.db.insert(applicationEvents).values({
      applicationId: row.id,
      stage: 'applied',
      status: 'pending',
      notes: null,
      actorName: 'Pelamar',
      at: row.createdAt,
    })
    return row
  },

  async file(t: TestContext, studentId: number, values: Partial<typeof files.$inferInsert> = {}) {
    const n = ++seq
    const [row] = await t.db
      .insert(files)
      .values({
        studentId,
        category: 'certificate',
        title: `Sertifikat ${n}`,
        originalName: `sertifikat-${n}.pdf`,
        mimeType: 'application/pdf',
        size: 1024 + n,
        storageKey: randomUUID(),
        ...values,
      })
      .returning()
    return row
  },

  async event(t: TestContext, values: typeof applicationEvents.$inferInsert) {
    const [row] = await t.db.insert(applicationEvents).values(values).returning()
    return row
  },

  async notification(
    t: TestContext,
    userId: number,
    values: Partial<typeof notifications.$inferInsert> = {},
  ) {
    const n = ++seq
    const [row] = await t.db
      .insert(notifications)
      .values({ userId, kind: 'test.reminder', title: `Pengingat ${n}`, body: `Isi ${n}`, ...values })
      .returning()
    return row
  },
}
