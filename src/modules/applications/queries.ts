import { and, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { Conn } from '../../db/client.js'
import { literal, preparedBySize } from '../../db/prepared.js'
import {
  type ApplicationStatus,
  applications,
  companies,
  jobVacancies,
  students,
} from '../../db/schema/index.js'
import { likePattern, type Page } from '../../http/envelope.js'
import { companyRefColumns } from '../../http/shapes/company.js'
import { type Kind, ofKind } from '../master-data/learners.queries.js'
import { placementOf, publishedResultOf, testsOf } from './selection.js'
import { attachedFilesOf, lastEventOf, timelineOf } from './timeline.js'

/** The applicant sees their own applications, deleted vacancies included (flagged). */
const own = (studentId: number | Placeholder, more?: SQL) => and(eq(applications.studentId, studentId), more)

/**
 * What the applicant narrows their list by: the status, and a search in the vacancy's title or position or
 * the company's name.
 */
export interface MyApplicationFilter {
  status?: ApplicationStatus
  search?: string
}

function filterOf(f: MyApplicationFilter): SQL | undefined {
  const pattern = f.search?.trim() ? likePattern(f.search) : undefined
  return and(
    f.status ? eq(applications.status, f.status) : undefined,
    pattern
      ? sql`exists (select 1 from ${jobVacancies} v join ${companies} c on c.id = v.company_id
          where v.id = ${applications.jobVacancyId}
            and (v.title ilike ${pattern} or v.position ilike ${pattern} or c.name ilike ${pattern}))`
      : undefined,
  )
}

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
  ...companyRefColumns,
  companyActive: companies.isActive,
  lastEvent: lastEventOf(applications.id, true),
  result: publishedResultOf(applications.id),
}

/**
 * One page of the applicant's applications (with or without a status filter) and the total: the page's
 * ids and the total from applications_student_idx first, the rest (`fields`) for the page's rows only.
 */
function applicationPageQuery<F extends SelectedFields>(
  conn: Conn,
  fields: F,
  studentId: number | Placeholder,
  where: SQL | undefined,
  limit: number,
  offset: number,
) {
  const pageIds = conn.$with('page_ids').as(
    conn
      .select({
        id: applications.id,
        createdAt: applications.createdAt,
        total: sql<number>`(count(*) over ())::int`.as('total'),
      })
      .from(applications)
      .where(own(studentId, where))
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(literal(limit))
      .offset(literal(offset)),
  )
  return conn
    .with(pageIds)
    .select({ ...fields, total: pageIds.total })
    .from(pageIds)
    .innerJoin(applications, eq(applications.id, pageIds.id))
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .orderBy(desc(pageIds.createdAt), desc(pageIds.id))
}

const myApplicationPageQuery = (
  conn: Conn,
  studentId: number | Placeholder,
  where: SQL | undefined,
  limit: number,
  offset: number,
) => applicationPageQuery(conn, itemFields, studentId, where, limit, offset)

/** The first page, with or without a status filter: one prepared statement per shape and page size. */
const firstPageStatement = (withStatus: boolean) =>
  preparedBySize((conn, size) =>
    myApplicationPageQuery(
      conn,
      sql.placeholder('studentId'),
      withStatus ? eq(applications.status, sql.placeholder('status')) : undefined,
      size,
      0,
    ).prepare(`my_applications_first${withStatus ? '_status' : ''}_${size}`),
  )
const firstPages = { all: firstPageStatement(false), status: firstPageStatement(true) }

export type MyApplicationRow = Omit<Awaited<ReturnType<typeof myApplicationPage>>[number], 'total'>

/** A page of the applicant's applications; the first page without a search through a prepared statement. */
export function myApplicationPage(conn: Conn, studentId: number, filter: MyApplicationFilter, page: Page) {
  if (page.offset > 0 || filter.search?.trim())
    return myApplicationPageQuery(conn, studentId, filterOf(filter), page.limit, page.offset)
  const { status } = filter
  return status
    ? firstPages.status(conn, page.limit).execute({ studentId, status })
    : firstPages.all(conn, page.limit).execute({ studentId })
}

/** The count alone, for a page past the last one (which has no row to carry the total). */
export function countMyApplications(conn: Conn, studentId: number, filter: MyApplicationFilter) {
  return conn
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(own(studentId, filterOf(filter)))
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

export async function myApplicationStatus(conn: Conn, studentId: number, id: number) {
  const [row] = await conn
    .select({ status: applications.status })
    .from(applications)
    .where(own(studentId, eq(applications.id, id)))
  return row?.status
}

/**
 * What career-center staff read of each of a learner's applications beside the applicant's item: whether the
 * school withdrew it and whether a later one superseded it, the document review, and every test with its
 * attendance. Never a draft result nor a hidden timeline row: those are HR's until published.
 */
const staffItemFields = {
  ...itemFields,
  withdrawnBySchool: applications.withdrawnBySchool,
  superseded: applications.superseded,
  reviewDecision: applications.reviewDecision,
  reviewNotes: applications.reviewNotes,
  reviewedAt: applications.reviewedAt,
  tests: testsOf(applications.id),
}

export type LearnerApplicationRow = Omit<Awaited<ReturnType<typeof learnerApplicationPage>>[number], 'total'>

/** A page of a learner's applications for staff (superseded ones included), newest first, with the total. */
export function learnerApplicationPage(
  conn: Conn,
  studentId: number,
  filter: MyApplicationFilter,
  page: Page,
) {
  return applicationPageQuery(conn, staffItemFields, studentId, filterOf(filter), page.limit, page.offset)
}

/** The learner's record of the kind (a grade-12 student has no graduation year, an alumnus has one), if any. */
export async function learnerOfKind(conn: Conn, kind: Kind, id: number) {
  const [row] = await conn
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, id), ofKind(kind)))
  return row
}
