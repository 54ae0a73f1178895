import { and, asc, desc, eq, inArray, isNull, not, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { Conn } from '../../db/client.js'
import { learnerEmail } from '../../db/learner-email.js'
import { literal, preparedBySize } from '../../db/prepared.js'
import {
  type ApplicationStatus,
  applications,
  companies,
  jobVacancies,
  majors,
  students,
  users,
} from '../../db/schema/index.js'
import type { Page } from '../../http/envelope.js'
import { applicantColumns, applicantSearch } from '../../http/shapes/applicant.js'
import { placedElsewhereSinceApplying } from '../application-lifecycle/queries.js'
import { portfolioFilesOf, timelineOf } from '../applications/timeline.js'

export interface ReviewFilters {
  jobVacancyId?: number | Placeholder
  status?: ApplicationStatus | Placeholder
  search?: string
}

/** Applications HR may see: to a vacancy of the company that is not deleted. */
const ofCompany = (companyId: number | Placeholder) =>
  and(eq(jobVacancies.companyId, companyId), isNull(jobVacancies.deletedAt))

/**
 * The list's rows and counts: also not a superseded application (withdrawn by the school, then followed by the
 * learner's new one to the vacancy): HR sees her once, her live application; the old one stays readable by id.
 */
function filtersOf(companyId: number | Placeholder, f: ReviewFilters, withStatus: boolean): SQL | undefined {
  const search = f.search?.trim()
  return and(
    ofCompany(companyId),
    not(applications.superseded),
    f.jobVacancyId ? eq(applications.jobVacancyId, f.jobVacancyId) : undefined,
    withStatus && f.status ? eq(applications.status, f.status) : undefined,
    search ? applicantSearch(search) : undefined,
  )
}

const itemFields = {
  id: applications.id,
  status: applications.status,
  reviewDecision: applications.reviewDecision,
  reviewNotes: applications.reviewNotes,
  reviewedAt: applications.reviewedAt,
  createdAt: applications.createdAt,
  ...applicantColumns,
  applicantRole: applications.applicantRole,
  className: students.className,
  graduationYear: students.graduationYear,
  vacancyId: jobVacancies.id,
  vacancyTitle: jobVacancies.title,
  vacancyPosition: jobVacancies.position,
  placedElsewhere: placedElsewhereSinceApplying,
}

const fromItems = (conn: Conn) =>
  conn
    .select(itemFields)
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))

export type ReviewItemRow = Omit<Awaited<ReturnType<typeof reviewPage>>[number], 'summary'>

/** Applications per status (`{ pending: 3, … }`), absent statuses left out. */
export type StatusCounts = Partial<Record<ApplicationStatus, number>>

/** The company's applications matching the filters (a name or NIS search joins the applicant). */
function matching<Q extends PgSelect>(
  q: Q,
  companyId: number | Placeholder,
  f: ReviewFilters,
  withStatus: boolean,
) {
  const joined = q.innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
  const all = f.search?.trim() ? joined.innerJoin(students, eq(students.id, applications.studentId)) : joined
  return all.where(filtersOf(companyId, f, withStatus)) as unknown as Q
}

/** Applications per status for the filters, the status filter left out, as one JSON object. */
const statusCounts = (conn: Conn, companyId: number | Placeholder, f: ReviewFilters) => {
  const perStatus = matching(
    conn
      .select({ status: applications.status, n: sql<number>`count(*)::int`.as('n') })
      .from(applications)
      .$dynamic(),
    companyId,
    f,
    false,
  )
    .groupBy(applications.status)
    .as('per_status')
  return sql<StatusCounts>`(select coalesce(json_object_agg(${perStatus.status}, ${perStatus.n}), '{}'::json) from ${perStatus})`
}

/**
 * One page of the company's applications, newest first, each row carrying the counts per status
 * (one statement): the page's ids from the indexes first (applications_vacancy_created_idx), the
 * applicant and vacancy for those rows only.
 */
function reviewPageQuery(
  conn: Conn,
  companyId: number | Placeholder,
  f: ReviewFilters,
  limit: number,
  offset: number,
) {
  const pageIds = conn.$with('page_ids').as(
    matching(
      conn.select({ id: applications.id, createdAt: applications.createdAt }).from(applications).$dynamic(),
      companyId,
      f,
      true,
    )
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(literal(limit))
      .offset(literal(offset)),
  )
  return conn
    .with(pageIds)
    .select({ ...itemFields, summary: statusCounts(conn, companyId, f) })
    .from(pageIds)
    .innerJoin(applications, eq(applications.id, pageIds.id))
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .orderBy(desc(pageIds.createdAt), desc(pageIds.id))
}

/**
 * The first page without a search (HR's usual view): one prepared statement per combination of the
 * two filters and page size.
 */
const firstPageStatement = (byVacancy: boolean, byStatus: boolean) =>
  preparedBySize((conn, size) =>
    reviewPageQuery(
      conn,
      sql.placeholder('companyId'),
      {
        jobVacancyId: byVacancy ? sql.placeholder('jobVacancyId') : undefined,
        status: byStatus ? sql.placeholder('status') : undefined,
      },
      size,
      0,
    ).prepare(`applicant_reviews_first${byVacancy ? '_vacancy' : ''}${byStatus ? '_status' : ''}_${size}`),
  )
const firstPages = [
  [firstPageStatement(false, false), firstPageStatement(false, true)],
  [firstPageStatement(true, false), firstPageStatement(true, true)],
]

export function reviewPage(conn: Conn, companyId: number, f: ReviewFilters, page: Page) {
  if (f.search?.trim() || page.offset > 0) return reviewPageQuery(conn, companyId, f, page.limit, page.offset)
  const statement = firstPages[f.jobVacancyId ? 1 : 0][f.status ? 1 : 0]
  return statement(conn, page.limit).execute({ companyId, jobVacancyId: f.jobVacancyId, status: f.status })
}

/** The counts alone, for a page without rows to carry them. */
export async function reviewSummary(conn: Conn, companyId: number, f: ReviewFilters) {
  const [row] = await conn
    .select({ summary: statusCounts(conn, companyId, f) })
    .from(sql`(values (1)) as one (x)`)
  return row.summary
}

export async function reviewItem(conn: Conn, companyId: number, id: number) {
  const [row] = await fromItems(conn).where(and(ofCompany(companyId), eq(applications.id, id)))
  return row
}

/** The item plus the applicant's profile, cover letter, portfolio files and full timeline: one statement. */
export async function reviewDetail(conn: Conn, companyId: number, id: number) {
  const [row] = await conn
    .select({
      ...itemFields,
      nisn: students.nisn,
      gender: students.gender,
      birthPlace: students.birthPlace,
      birthDate: students.birthDate,
      religion: students.religion,
      address: students.address,
      city: students.city,
      province: students.province,
      phone: students.phone,
      email: learnerEmail(),
      summary: students.summary,
      skills: students.skills,
      education: students.education,
      socialMedia: students.socialMedia,
      coverLetter: applications.coverLetter,
      files: portfolioFilesOf(applications.id, students.id, companyId),
      timeline: timelineOf(applications.id, false),
    })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(and(ofCompany(companyId), eq(applications.id, id)))
  return row
}

/** The status of an application HR may see, or undefined: tells "not found" from "already reviewed". */
export function statusesOfCompany(conn: Conn, companyId: number, ids: number[]) {
  return conn
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .where(and(ofCompany(companyId), inArray(applications.id, ids)))
}

/**
 * Locks the company's still-pending applications among `ids`, in id order (so that two bulk reviews
 * over overlapping ids queue instead of deadlocking), with what the notification needs.
 */
/**
 * Locks those of `ids` that are the company's applications awaiting a review (pending ones), or with
 * `failed` those its document review rejected instead (nothing can have happened since: a rejected application
 * takes no step), so that a "tidak lolos" given by mistake is put right.
 */
export function lockReviewable(tx: Conn, companyId: number, ids: number[], failed: boolean) {
  return tx
    .select({
      id: applications.id,
      status: applications.status,
      userId: students.userId,
      fullName: students.fullName,
      vacancyId: jobVacancies.id,
      vacancyTitle: jobVacancies.title,
      companyName: companies.name,
    })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .where(
      and(
        ofCompany(companyId),
        inArray(applications.id, ids),
        failed
          ? and(eq(applications.status, 'rejected'), eq(applications.reviewDecision, 'tidak_lolos'))
          : eq(applications.status, 'pending'),
      ),
    )
    .orderBy(asc(applications.id))
    .for('update', { of: applications })
}

/**
 * Shares the locks of the vacancies of those of `ids` that are the company's (not deleted): a delete of one
 * of them, which closes its open applications, waits for a correction that reopens one, or is waited for
 * (the correction then finds the vacancy deleted).
 */
export function shareVacanciesOf(tx: Conn, companyId: number, ids: number[]) {
  return tx
    .select({ id: jobVacancies.id })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .where(and(ofCompany(companyId), inArray(applications.id, ids)))
    .orderBy(asc(jobVacancies.id))
    .for('share', { of: jobVacancies })
}

/** The company's vacancies that are not deleted, newest first, for the filter dropdown. */
export function vacancyOptions(conn: Conn, companyId: number) {
  return conn
    .select({ value: jobVacancies.id, label: jobVacancies.title })
    .from(jobVacancies)
    .where(ofCompany(companyId))
    .orderBy(desc(jobVacancies.createdAt), desc(jobVacancies.id))
}
