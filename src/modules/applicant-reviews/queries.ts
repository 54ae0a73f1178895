import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import {
  type ApplicationStatus,
  applications,
  companies,
  jobVacancies,
  majors,
  type ReviewDecision,
  students,
  users,
} from '../../db/schema/index.js'
import { likePattern, type Page } from '../../http/envelope.js'
import { portfolioFilesOf, timelineOf } from '../applications/timeline.js'

export interface ReviewFilters {
  jobVacancyId?: number
  status?: ApplicationStatus
  search?: string
}

/** Applications HR may see: to a vacancy of the company that is not deleted. */
const ofCompany = (companyId: number) =>
  and(eq(jobVacancies.companyId, companyId), isNull(jobVacancies.deletedAt))

function filtersOf(companyId: number, f: ReviewFilters, withStatus: boolean): SQL | undefined {
  const search = f.search?.trim()
  return and(
    ofCompany(companyId),
    f.jobVacancyId ? eq(applications.jobVacancyId, f.jobVacancyId) : undefined,
    withStatus && f.status ? eq(applications.status, f.status) : undefined,
    search
      ? or(ilike(students.fullName, likePattern(search)), ilike(students.nis, likePattern(search)))
      : undefined,
  )
}

const itemFields = {
  id: applications.id,
  status: applications.status,
  reviewDecision: applications.reviewDecision,
  reviewNotes: applications.reviewNotes,
  reviewedAt: applications.reviewedAt,
  createdAt: applications.createdAt,
  studentId: students.id,
  fullName: students.fullName,
  nis: students.nis,
  applicantRole: applications.applicantRole,
  majorId: majors.id,
  majorName: majors.name,
  className: students.className,
  graduationYear: students.graduationYear,
  vacancyId: jobVacancies.id,
  vacancyTitle: jobVacancies.title,
  vacancyPosition: jobVacancies.position,
}

const fromItems = (conn: Conn) =>
  conn
    .select(itemFields)
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))

export type ReviewItemRow = Awaited<ReturnType<typeof reviewPage>>[number]

/** One page of the company's applications, newest first. */
export function reviewPage(conn: Conn, companyId: number, f: ReviewFilters, page: Page) {
  return fromItems(conn)
    .where(filtersOf(companyId, f, true))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(page.limit)
    .offset(page.offset)
}

/** Applications per status for the same filters, the status filter left out. */
export function reviewSummary(conn: Conn, companyId: number, f: ReviewFilters) {
  const base = conn
    .select({ status: applications.status, count: sql<number>`count(*)::int` })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
  const query = f.search?.trim() ? base.innerJoin(students, eq(students.id, applications.studentId)) : base
  return query.where(filtersOf(companyId, f, false)).groupBy(applications.status)
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
      email: sql<string | null>`coalesce(${students.email}, ${users.email})`,
      summary: students.summary,
      skills: students.skills,
      education: students.education,
      socialMedia: students.socialMedia,
      coverLetter: applications.coverLetter,
      files: portfolioFilesOf(applications.id, students.id),
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
export function lockPending(tx: Conn, companyId: number, ids: number[]) {
  return tx
    .select({
      id: applications.id,
      userId: students.userId,
      vacancyId: jobVacancies.id,
      vacancyTitle: jobVacancies.title,
      companyName: companies.name,
    })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .where(and(ofCompany(companyId), inArray(applications.id, ids), eq(applications.status, 'pending')))
    .orderBy(asc(applications.id))
    .for('update', { of: applications })
}

export function markReviewed(
  tx: Conn,
  ids: number[],
  review: { decision: ReviewDecision; notes: string | null; reviewerId: number },
) {
  return tx
    .update(applications)
    .set({
      status: review.decision === 'lolos' ? 'in_progress' : 'rejected',
      reviewDecision: review.decision,
      reviewNotes: review.notes,
      reviewedBy: review.reviewerId,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(applications.id, ids), eq(applications.status, 'pending')))
    .returning({ id: applications.id })
}

/** The company's vacancies that are not deleted, newest first, for the filter dropdown. */
export function vacancyOptions(conn: Conn, companyId: number) {
  return conn
    .select({ value: jobVacancies.id, label: jobVacancies.title })
    .from(jobVacancies)
    .where(ofCompany(companyId))
    .orderBy(desc(jobVacancies.createdAt), desc(jobVacancies.id))
}
