import {
  type ApplicationStatus,
  applicationEvents,
  applicationFiles,
  applications,
  type students,
} from '../../../src/db/schema/index.js'
import type { TestContext } from '../app.js'
import { aStudent } from './accounts.js'
import { aPortfolioFile } from './files.js'
import { aVacancy } from './vacancies.js'

/**
 * An application row as the apply route leaves it, written straight to the tables: the row, its
 * attached files and an `applied` timeline row. To a new open vacancy (of `companyId` when given)
 * unless `vacancyId` is given.
 */
export async function anApplication(
  t: TestContext,
  opts: {
    studentId: number
    vacancyId?: number
    companyId?: number
    role?: 'siswa' | 'alumni'
    status?: ApplicationStatus
    fileIds?: number[]
    values?: Partial<typeof applications.$inferInsert>
  },
) {
  const vacancyId = opts.vacancyId ?? (await aVacancy(t, { companyId: opts.companyId })).id
  const [row] = await t.db
    .insert(applications)
    .values({
      jobVacancyId: vacancyId,
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
}

/** A timeline row of an application. */
export async function anApplicationEvent(t: TestContext, values: typeof applicationEvents.$inferInsert) {
  const [row] = await t.db.insert(applicationEvents).values(values).returning()
  return row
}

/** Attaches a stored file to an application. */
export async function attachFile(t: TestContext, applicationId: number, fileId: number) {
  await t.db.insert(applicationFiles).values({ applicationId, fileId })
}

/** A learner who may apply: a complete profile (phone, address, birth date) and a CV on file. */
export async function anApplicant(
  t: TestContext,
  opts: { role?: 'siswa' | 'alumni'; majorId?: number; values?: Partial<typeof students.$inferInsert> } = {},
) {
  const learner = await aStudent(t, {
    role: opts.role ?? 'siswa',
    majorId: opts.majorId,
    values: opts.values,
  })
  const cv = await aPortfolioFile(t, learner.studentId, {
    category: 'cv',
    title: 'Berkas cv',
    originalName: 'cv.pdf',
  })
  return { ...learner, cv }
}
