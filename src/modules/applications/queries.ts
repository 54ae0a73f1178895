import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { type ApplicationStatus, applications, companies, jobVacancies } from '../../db/schema/index.js'
import type { Page } from '../../http/envelope.js'
import { placementOf, publishedResultOf, testsOf } from './selection.js'
import { attachedFilesOf, lastEventOf, timelineOf } from './timeline.js'

/** The applicant sees their own applications, deleted vacancies included (flagged). */
const own = (studentId: number, more?: SQL) => and(eq(applications.studentId, studentId), more)

const itemFields = {
  id: applications.id,
  status: applications.status,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
  vacancyId: jobVacancies.id,
  title: jobVacancies.title,
  position: jobVacancies.position,
  jobType: jobVacancies.jobType,
  city: jobVacancies.city,
  province: jobVacancies.province,
  deadline: jobVacancies.deadline,
  deletedAt: jobVacancies.deletedAt,
  companyId: companies.id,
  companyName: companies.name,
  lastEvent: lastEventOf(applications.id, true),
  result: publishedResultOf(applications.id),
}

export type MyApplicationRow = Awaited<ReturnType<typeof myApplicationPage>>[number]

export function myApplicationPage(
  conn: Conn,
  studentId: number,
  status: ApplicationStatus | undefined,
  page: Page,
) {
  return conn
    .select(itemFields)
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .where(own(studentId, status ? eq(applications.status, status) : undefined))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(page.limit)
    .offset(page.offset)
}

export async function countMyApplications(
  conn: Conn,
  studentId: number,
  status: ApplicationStatus | undefined,
) {
  const [row] = await conn
    .select({ total: sql<number>`count(*)::int` })
    .from(applications)
    .where(own(studentId, status ? eq(applications.status, status) : undefined))
  return row.total
}

/**
 * The item, the cover letter, the attached files, the visible timeline, the tests, the published
 * result and the placement: one statement.
 */
export async function myApplicationDetail(conn: Conn, studentId: number, id: number) {
  const [row] = await conn
    .select({
      ...itemFields,
      coverLetter: applications.coverLetter,
      files: attachedFilesOf(applications.id),
      timeline: timelineOf(applications.id, true),
      tests: testsOf(applications.id),
      placement: placementOf(applications.id),
    })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .where(own(studentId, eq(applications.id, id)))
  return row
}

/** Withdraws the applicant's own application if it is still pending or in progress; returns its id. */
export async function markWithdrawn(tx: Conn, studentId: number, id: number) {
  const [row] = await tx
    .update(applications)
    .set({ status: 'withdrawn', updatedAt: sql`now()` })
    .where(
      own(studentId, and(eq(applications.id, id), inArray(applications.status, ['pending', 'in_progress']))),
    )
    .returning({ id: applications.id })
  return row
}

export async function myApplicationStatus(conn: Conn, studentId: number, id: number) {
  const [row] = await conn
    .select({ status: applications.status })
    .from(applications)
    .where(own(studentId, eq(applications.id, id)))
  return row?.status
}
