import { and, desc, eq, ilike, not, or, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import {
  applications,
  companies,
  jobVacancies,
  jobVacancyMajors,
  placements,
  selectionResults,
  testParticipants,
  testSchedules,
} from '../../db/schema/index.js'
import { likePattern, type Page, totalOf } from '../../http/envelope.js'
import { companyRefColumns } from '../../http/shapes/company.js'
import { tookPart } from '../attendance/queries.js'
import { openToApplicants } from '../vacancies/eligibility.js'

const v = jobVacancies
const a = applications
const tp = testParticipants
const ts = testSchedules

export interface ApplicationCounts {
  total: number
  pending: number
  in_progress: number
  accepted: number
  rejected: number
  withdrawn: number
  scored: number
  published: number
  placed: number
}

export interface TestCounts {
  scheduled: number
  attended: number
}

/**
 * The vacancy's applications by status and how far they got after the tests: one pass over its
 * applications (index on (job_vacancy_id, status)) with their result and placement (both keyed by
 * application id). A superseded application (withdrawn by the school, the learner applied again) is not
 * counted: one person, one applicant.
 */
const applicationCounts = sql<ApplicationCounts>`(
  select json_build_object(
    'total', count(*),
    'pending', count(*) filter (where ${a.status} = 'pending'),
    'in_progress', count(*) filter (where ${a.status} = 'in_progress'),
    'accepted', count(*) filter (where ${a.status} = 'accepted'),
    'rejected', count(*) filter (where ${a.status} = 'rejected'),
    'withdrawn', count(*) filter (where ${a.status} = 'withdrawn'),
    'scored', count(*) filter (where ${selectionResults.finalScore} is not null),
    'published', count(*) filter (where ${selectionResults.isPublished}),
    'placed', count(${placements.id}))
  from ${a}
  left join ${selectionResults} on ${selectionResults.applicationId} = ${a.id}
  left join ${placements} on ${placements.applicationId} = ${a.id}
  where ${a.jobVacancyId} = ${v.id} and not ${a.superseded})`

/**
 * Distinct applicants (learners) with a place in a test of the vacancy that was not cancelled (and that they did
 * not leave the selection before), and those among them whose attendance (hadir) the career center verified. By
 * learner, not application: one who applied again after the school withdrew her first application (superseded)
 * and sat a test under each is one applicant, her attendance under the first still hers.
 */
const testCounts = sql<TestCounts>`(
  select json_build_object(
    'scheduled', count(distinct ta.student_id),
    'attended', count(distinct ta.student_id) filter (where ${tp.attendanceStatus} = 'hadir' and ${tp.validationStatus} = 'verified'))
  from ${ts} inner join ${tp} on ${tp.testScheduleId} = ${ts.id}
  inner join applications ta on ta.id = ${tp.applicationId}
  where ${ts.jobVacancyId} = ${v.id} and ${ts.status} <> 'cancelled' and ${tookPart()})`

/** Open to applicants: the learners' rule without its learner's part (vacancies/eligibility.ts). */
const isOpen = openToApplicants()

const progressFields = {
  id: v.id,
  title: v.title,
  position: v.position,
  quota: v.quota,
  deadline: v.deadline,
  isActive: v.isActive,
  isOpen,
  approvalStatus: v.approvalStatus,
  deletedAt: v.deletedAt,
  createdAt: v.createdAt,
  ...companyRefColumns,
  /** Kept on the vacancy by the database (migration 0009); answers show `id` and `name`. */
  majors: v.majors,
  applications: applicationCounts,
  tests: testCounts,
}

export type ProgressRow = NonNullable<Awaited<ReturnType<typeof vacancyProgress>>>

export interface ProgressFilters {
  companyId?: number
  majorId?: number
  status?: 'open' | 'closed'
  search?: string
}

/** Vacancies not deleted, and deleted ones that still have applications (their selection is history). */
const listed = sql`(${v.deletedAt} is null or exists (select 1 from ${a} where ${a.jobVacancyId} = ${v.id}))`

function whereOf(f: ProgressFilters): SQL | undefined {
  const search = f.search?.trim()
  return and(
    listed,
    f.companyId ? eq(v.companyId, f.companyId) : undefined,
    f.majorId
      ? sql`${v.id} in (select ${jobVacancyMajors.jobVacancyId} from ${jobVacancyMajors} where ${jobVacancyMajors.majorId} = ${f.majorId})`
      : undefined,
    f.status ? (f.status === 'open' ? isOpen : not(isOpen)) : undefined,
    search
      ? or(
          ilike(v.title, likePattern(search)),
          ilike(v.position, likePattern(search)),
          ilike(companies.name, likePattern(search)),
        )
      : undefined,
  )
}

/**
 * One page of vacancies with their selection progress, one statement: the page of ids (and the
 * total of the filter) is chosen first, so the counting subqueries run for that page's rows only.
 */
export async function progressPage(conn: Conn, f: ProgressFilters, page: Page) {
  const where = whereOf(f)
  const pageOfIds = conn.$with('page_of_ids').as(
    conn
      .select({
        pageId: sql<number>`${v.id}`.as('page_id'),
        total: sql<number>`(count(*) over ())::int`.as('total'),
      })
      .from(v)
      .innerJoin(companies, eq(companies.id, v.companyId))
      .where(where)
      .orderBy(desc(v.createdAt), desc(v.id))
      .limit(page.limit)
      .offset(page.offset),
  )
  const rows = await conn
    .with(pageOfIds)
    .select({ ...progressFields, total: pageOfIds.total })
    .from(pageOfIds)
    .innerJoin(v, eq(v.id, pageOfIds.pageId))
    .innerJoin(companies, eq(companies.id, v.companyId))
    .orderBy(desc(v.createdAt), desc(v.id))
  const total = await totalOf(rows, page, () =>
    conn
      .select({ n: sql<number>`count(*)::int` })
      .from(v)
      .innerJoin(companies, eq(companies.id, v.companyId))
      .where(where),
  )
  return { rows, total }
}

export async function vacancyProgress(conn: Conn, id: number) {
  const [row] = await conn
    .select(progressFields)
    .from(v)
    .innerJoin(companies, eq(companies.id, v.companyId))
    .where(and(eq(v.id, id), listed))
  return row
}
