import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  not,
  or,
  sql,
} from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import type { Conn } from '../../db/client.js'
import { byName } from '../../db/order.js'
import { literal, prepared, preparedBySize } from '../../db/prepared.js'
import {
  type ApprovalStatus,
  applications,
  companies,
  files,
  type JobType,
  jobVacancies,
  jobVacancyMajors,
  majors,
  type Role,
  students,
  users,
} from '../../db/schema/index.js'
import { schoolToday as today } from '../../db/school-day.js'
import { likePattern, type Page, totalOf } from '../../http/envelope.js'
import { companyRefColumns } from '../../http/shapes/company.js'
import {
  eligibilityChecks,
  type Learner,
  type LearnerParams,
  learnerPlaceholders,
  listedFor,
  openTo,
  profileFacts,
  qualified,
} from './eligibility.js'
import { vacancyCoreColumns } from './shape.js'

const v = jobVacancies

const totalRows = sql<number>`(count(*) over ())::int`

/**
 * Active, approved and before its deadline: open to applications (the company of an HR caller is active,
 * or they would not be here; staff read the company's state apart).
 */
const openForHr = qualified(
  sql<boolean>`(${v.isActive} and ${v.approvalStatus} = 'approved' and ${v.deadline} >= ${today})`,
)

// ---------------------------------------------------------------- HR

const {
  companyId: _c,
  createdBy: _b,
  deletedAt: _d,
  postedBy: _p,
  approvedBy: _a,
  ...vacancyColumns
} = getTableColumns(jobVacancies)

/** `applicantCount` and `acceptedCount` are the vacancy's own counters (kept by the database). */
const hrFields = {
  ...vacancyColumns,
  isOpen: openForHr,
}

export type HrVacancyRow = {
  [K in keyof typeof vacancyColumns]: (typeof jobVacancies.$inferSelect)[K]
} & { isOpen: boolean }

export interface HrVacancyFilters {
  search?: string
  status?: 'active' | 'inactive'
  job_type?: JobType
  major_id?: number
  deadline_from?: string
  deadline_to?: string
  approval?: ApprovalStatus
}

/** The staff list's filters: HR's, plus the company. */
export interface StaffVacancyFilters extends HrVacancyFilters {
  company_id?: number
}

const ofCompany = (companyId: number) => and(eq(v.companyId, companyId), isNull(v.deletedAt))

const hasMajor = (majorId: number) =>
  sql`${v.id} in (select ${jobVacancyMajors.jobVacancyId} from ${jobVacancyMajors} where ${jobVacancyMajors.majorId} = ${majorId})`

/** A company whose name matches a search: staff's list finds a partner's vacancies by its name. */
const companyNamed = (pattern: string) =>
  sql`${v.companyId} in (select ${companies.id} from ${companies} where ${companies.name} ilike ${pattern})`

/**
 * Not deleted, of the company when one is given, and the list's filters. `search` matches the title and the
 * position, and for staff (`byCompanyName`: every company's list) the company's name too.
 */
function vacancyWhere(companyId: number | undefined, f: HrVacancyFilters, byCompanyName = false) {
  const pattern = f.search?.trim() ? likePattern(f.search) : null
  return and(
    companyId === undefined ? isNull(v.deletedAt) : ofCompany(companyId),
    pattern
      ? or(
          ilike(v.title, pattern),
          ilike(v.position, pattern),
          byCompanyName ? companyNamed(pattern) : undefined,
        )
      : undefined,
    f.status ? eq(v.isActive, f.status === 'active') : undefined,
    f.job_type ? eq(v.jobType, f.job_type) : undefined,
    f.major_id ? hasMajor(f.major_id) : undefined,
    f.deadline_from ? gte(v.deadline, f.deadline_from) : undefined,
    f.deadline_to ? lte(v.deadline, f.deadline_to) : undefined,
    f.approval ? eq(v.approvalStatus, f.approval) : undefined,
  )
}

/** One page of a company's vacancies with their majors and counts, and the total: one query. */
export async function companyVacancyPage(conn: Conn, companyId: number, f: HrVacancyFilters, page: Page) {
  const where = vacancyWhere(companyId, f)
  const rows = await conn
    .select({ ...hrFields, total: totalRows })
    .from(v)
    .where(where)
    .orderBy(desc(v.createdAt), desc(v.id))
    .limit(page.limit)
    .offset(page.offset)
  const total = await totalOf(rows, page, () =>
    conn.select({ n: sql<number>`count(*)::int` }).from(v).where(where),
  )
  return { rows: rows as (HrVacancyRow & { total: number })[], total }
}

/** One vacancy of the company (not deleted) with majors and counts, or undefined. */
export async function companyVacancy(conn: Conn, companyId: number, id: number) {
  const [row] = await conn
    .select(hrFields)
    .from(v)
    .where(and(eq(v.id, id), ofCompany(companyId)))
  return row as HrVacancyRow | undefined
}

/**
 * Locks a company's vacancy for an update, with what the approval rule compares (its fields and majors);
 * undefined when unknown, deleted or another company's. The majors are read once the lock is held: a
 * statement that waited for it re-reads only the locked row, so majors another edit changed meanwhile would
 * be compared as they were (an HR edit putting back the majors staff had just changed skipped re-approval).
 */
export async function lockCompanyVacancy(conn: Conn, companyId: number, id: number) {
  const [row] = await conn
    // The places taken: accepted hires who did not give theirs back (places_freed).
    .select({
      ...getTableColumns(jobVacancies),
      accepted: sql<number>`${v.acceptedCount} - ${v.placesFreed}`,
    })
    .from(v)
    .where(and(eq(v.id, id), ofCompany(companyId)))
    .for('update')
  if (!row) return undefined
  const majors = await conn
    .select({ id: jobVacancyMajors.majorId })
    .from(jobVacancyMajors)
    .where(eq(jobVacancyMajors.jobVacancyId, id))
    .orderBy(jobVacancyMajors.majorId)
  return { ...row, majorIds: majors.map((m) => m.id) }
}

export type LockedVacancy = NonNullable<Awaited<ReturnType<typeof lockCompanyVacancy>>>

/** The company of a vacancy that is not deleted (staff find a record's company from it), or undefined. */
export async function companyOfVacancy(conn: Conn, id: number): Promise<number | undefined> {
  const [row] = await conn
    .select({ companyId: v.companyId })
    .from(v)
    .where(and(eq(v.id, id), isNull(v.deletedAt)))
  return row?.companyId
}

/** What the vacancy rules need of a company: whether it is active and whether HR's vacancies wait. */
export async function companyRules(conn: Conn, companyId: number) {
  const [row] = await conn
    .select({
      id: companies.id,
      name: companies.name,
      isActive: companies.isActive,
      needsApproval: companies.vacanciesNeedApproval,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
  return row
}

/** Sets a pending vacancy's approval (approved or rejected); undefined when it is not pending. */
export async function decideApproval(
  conn: Conn,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; by: number },
) {
  const [row] = await conn
    .update(v)
    .set({
      approvalStatus: decision.status,
      approvalReason: decision.reason,
      approvedBy: decision.by,
      approvedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(v.id, id),
        isNull(v.deletedAt),
        // A rejection is not final: staff may approve a vacancy they rejected (corrected by themselves for a
        // company without HR, or rejected by mistake); a rejected one is not rejected again.
        inArray(v.approvalStatus, decision.status === 'approved' ? ['pending', 'rejected'] : ['pending']),
      ),
    )
    .returning({ id: v.id, title: v.title, companyId: v.companyId })
  return row
}

/** The approval state of a vacancy that is not deleted (to say why a decision was refused). */
export async function approvalOf(conn: Conn, id: number) {
  const [row] = await conn
    .select({ approvalStatus: v.approvalStatus })
    .from(v)
    .where(and(eq(v.id, id), isNull(v.deletedAt)))
  return row?.approvalStatus
}

/** The active HR accounts of a company: who is told about its vacancies' approval. */
export function activeHrOf(conn: Conn, companyId: number) {
  return conn
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'hrd'), eq(users.isActive, true)))
    .orderBy(users.id)
}

// ---------------------------------------------------------------- staff (admin, superadmin)

const poster = alias(users, 'poster')
const approver = alias(users, 'approver')

/** A vacancy as staff see it: HR's fields, its company, who posted it and who decided its approval. */
const staffFields = {
  ...hrFields,
  company: {
    id: companies.id,
    name: companies.name,
    isActive: companies.isActive,
    needsApproval: companies.vacanciesNeedApproval,
    hasHrd: sql<boolean>`exists (select 1 from ${users} where ${users.companyId} = ${companies.id} and ${users.role} = 'hrd' and ${users.isActive})`,
  },
  postedBy: { id: poster.id, fullName: poster.fullName, role: poster.role },
  approvedBy: { id: approver.id, fullName: approver.fullName },
}

/** The joins of `staffFields` (the rows are typed by `StaffVacancyRow`). */
const staffJoins = <Q extends PgSelect>(q: Q): Q =>
  q
    .innerJoin(companies, eq(companies.id, v.companyId))
    .leftJoin(poster, eq(poster.id, v.postedBy))
    .leftJoin(approver, eq(approver.id, v.approvedBy)) as unknown as Q

export type StaffVacancyRow = HrVacancyRow & {
  company: { id: number; name: string; isActive: boolean; needsApproval: boolean; hasHrd: boolean }
  postedBy: { id: number; fullName: string; role: Role } | null
  approvedBy: { id: number; fullName: string } | null
}

/**
 * One page of every company's vacancies (not deleted), newest first, or the approval queue oldest
 * first (`approval=pending`): one query, with the total.
 */
export async function staffVacancyPage(conn: Conn, f: StaffVacancyFilters, page: Page) {
  const where = vacancyWhere(f.company_id, f, true)
  const queue = f.approval === 'pending'
  const rows = await staffJoins(
    conn
      .select({ ...staffFields, total: totalRows })
      .from(v)
      .$dynamic(),
  )
    .where(where)
    .orderBy(...(queue ? [asc(v.createdAt), asc(v.id)] : [desc(v.createdAt), desc(v.id)]))
    .limit(page.limit)
    .offset(page.offset)
  const total = await totalOf(rows, page, () =>
    conn.select({ n: sql<number>`count(*)::int` }).from(v).where(where),
  )
  return { rows: rows as (StaffVacancyRow & { total: number })[], total }
}

/** Vacancies waiting for the career center's approval (the queue's partial index). */
export async function pendingApprovalCount(conn: Conn): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(v)
    .where(and(eq(v.approvalStatus, 'pending'), isNull(v.deletedAt)))
  return row.n
}

/** One vacancy (not deleted) of any company, as staff see it, or undefined. */
export async function staffVacancy(conn: Conn, id: number) {
  const [row] = await staffJoins(conn.select(staffFields).from(v).$dynamic()).where(
    and(eq(v.id, id), isNull(v.deletedAt)),
  )
  return row as StaffVacancyRow | undefined
}

/**
 * A major switched off that still has learners (grade-12 students finishing it, its alumni): a vacancy may still
 * name it, or they would never see a new vacancy again (a learner sees only vacancies naming their own major).
 * From `students_major_idx`.
 */
const retiredWithLearners = sql<boolean>`exists (select 1 from ${students} where ${students.majorId} = ${majors.id})`

/**
 * The majors a vacancy form offers: the active ones, then those switched off that still have learners
 * (`isActive` false; the form marks them as no longer offered), by name.
 */
export function vacancyMajorOptions(conn: Conn) {
  return conn
    .select({ value: majors.id, name: majors.name, isActive: majors.isActive })
    .from(majors)
    .where(or(eq(majors.isActive, true), retiredWithLearners))
    .orderBy(desc(majors.isActive), ...byName(majors.name), asc(majors.id))
}

/**
 * Of the given major ids, those a vacancy may list: active ones, inactive ones that still have learners, and
 * those it already lists.
 */
export async function usableMajorIds(conn: Conn, ids: number[], vacancyId?: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await conn
    .select({ id: majors.id })
    .from(majors)
    .where(
      and(
        inArray(majors.id, ids),
        or(
          eq(majors.isActive, true),
          retiredWithLearners,
          vacancyId
            ? sql`${majors.id} in (select ${jobVacancyMajors.majorId} from ${jobVacancyMajors} where ${jobVacancyMajors.jobVacancyId} = ${vacancyId})`
            : undefined,
        ),
      ),
    )
  return new Set(rows.map((r) => r.id))
}

export async function replaceMajors(conn: Conn, vacancyId: number, majorIds: number[], replace: boolean) {
  if (replace) await conn.delete(jobVacancyMajors).where(eq(jobVacancyMajors.jobVacancyId, vacancyId))
  await conn
    .insert(jobVacancyMajors)
    .values(majorIds.map((majorId) => ({ jobVacancyId: vacancyId, majorId })))
}

/**
 * Sets the active flag of the company's vacancy (flips it without `to`); undefined when there is no such
 * vacancy, or when it already is as asked.
 */
/** A vacancy's active flag, and what else keeps an active one from applicants (the rule's own checks). */
const switched = (() => {
  const { approved, beforeDeadline, companyActive } = eligibilityChecks(learnerPlaceholders)
  return { id: v.id, title: v.title, isActive: v.isActive, approved, beforeDeadline, companyActive }
})()

export async function setActive(conn: Conn, companyId: number, id: number, to?: boolean) {
  const [row] = await conn
    .update(v)
    .set({ isActive: to ?? sql`not ${v.isActive}`, updatedAt: sql`now()` })
    .where(and(eq(v.id, id), ofCompany(companyId), to === undefined ? undefined : ne(v.isActive, to)))
    .returning(switched)
  return row
}

/** The company's vacancy's active flag; undefined when there is no such vacancy. */
export async function activeOf(conn: Conn, companyId: number, id: number) {
  const [row] = await conn
    .select(switched)
    .from(v)
    .where(and(eq(v.id, id), ofCompany(companyId)))
  return row
}

export async function softDelete(conn: Conn, companyId: number, id: number) {
  const [row] = await conn
    .update(v)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(v.id, id), ofCompany(companyId)))
    .returning({ id: v.id, title: v.title })
  return row
}

/**
 * The vacancy's applications still open (pending or in the selection), with what their applicant's notice
 * needs; `userId` only for an active account.
 */
export function openApplicationsOf(conn: Conn, vacancyId: number) {
  return conn
    .select({
      id: applications.id,
      userId: sql<number | null>`case when ${users.isActive} then ${users.id} end`,
      fullName: students.fullName,
      vacancyId: v.id,
      vacancyTitle: v.title,
      companyName: companies.name,
    })
    .from(applications)
    .innerJoin(v, eq(v.id, applications.jobVacancyId))
    .innerJoin(companies, eq(companies.id, v.companyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(
      and(eq(applications.jobVacancyId, vacancyId), inArray(applications.status, ['pending', 'in_progress'])),
    )
    .orderBy(applications.id)
}

/**
 * Per (not deleted) vacancy of the company: quota and applications by status; one grouped query. A superseded
 * application (withdrawn by the school, the learner applied again) is not counted: one person, one applicant.
 */
export async function companyVacancyStats(conn: Conn, companyId: number) {
  const by = (status: string) =>
    sql<number>`(count(${applications.id}) filter (where ${applications.status} = ${status}))::int`
  return conn
    .select({
      id: v.id,
      title: v.title,
      quota: v.quota,
      isActive: v.isActive,
      approvalStatus: v.approvalStatus,
      expired: sql<boolean>`(${v.deadline} < ${today})`,
      applicants: sql<number>`count(${applications.id})::int`,
      pending: by('pending'),
      inProgress: by('in_progress'),
      accepted: by('accepted'),
      placesFreed: v.placesFreed,
      rejected: by('rejected'),
      withdrawn: by('withdrawn'),
    })
    .from(v)
    .leftJoin(applications, and(eq(applications.jobVacancyId, v.id), not(applications.superseded)))
    .where(ofCompany(companyId))
    .groupBy(v.id)
    .orderBy(desc(v.createdAt), desc(v.id))
}

// ---------------------------------------------------------------- browsing (siswa, alumni)

export interface BrowseFilters {
  search?: string
  company_id?: number
  job_type?: JobType
  city?: string
  province?: string
  major_id?: number
}

const quotaLeft = qualified(
  sql<number>`greatest(${v.quota} - (${v.acceptedCount} - ${v.placesFreed}), 0)::int`,
)
/** The learner holds an application to the vacancy: one the school withdrew (`withdrawnBySchool`) does not count. */
const appliedBy = (studentId: LearnerParams['studentId']) =>
  qualified(
    sql<boolean>`exists (select 1 from ${applications} where ${applications.jobVacancyId} = ${v.id} and ${applications.studentId} = ${studentId} and not ${applications.withdrawnBySchool})`,
  )

const m = jobVacancyMajors

const hasFilters = (f: BrowseFilters) =>
  Boolean(
    f.search?.trim() || f.company_id || f.job_type || f.city?.trim() || f.province?.trim() || f.major_id,
  )

/** The filters of the list beyond the open rule, over the vacancy and its company. */
function browseFilters(f: BrowseFilters) {
  const search = f.search?.trim() ? likePattern(f.search) : undefined
  return and(
    search ? or(ilike(v.title, search), ilike(v.position, search), ilike(companies.name, search)) : undefined,
    f.company_id ? eq(v.companyId, f.company_id) : undefined,
    f.job_type ? eq(v.jobType, f.job_type) : undefined,
    f.city?.trim() ? sql`lower(${v.city}) = lower(${f.city.trim()})` : undefined,
    f.province?.trim() ? sql`lower(${v.province}) = lower(${f.province.trim()})` : undefined,
    f.major_id
      ? sql`${m.jobVacancyId} in (select ${jobVacancyMajors.jobVacancyId} from ${jobVacancyMajors} where ${jobVacancyMajors.majorId} = ${f.major_id})`
      : undefined,
  )
}

/**
 * The rows of the learner's major in the list's index (`listedFor`), joined to the vacancy and its
 * company only when a filter needs them (the selected fields are job_vacancy_majors' own, so the
 * joins do not change the result's type).
 */
function fromListed<Q extends PgSelect>(q: Q, learner: LearnerParams, f: BrowseFilters): Q {
  if (!hasFilters(f)) return q.where(listedFor(learner))
  return q
    .innerJoin(v, eq(v.id, m.jobVacancyId))
    .innerJoin(companies, eq(companies.id, v.companyId))
    .where(and(listedFor(learner), browseFilters(f))) as unknown as Q
}

/**
 * The page's ids and the total first, read from the list's index in list order (only the page's rows
 * and the total's count: no per-row work over every match), then everything shown for those rows only.
 * `limit` and `offset` are written into the SQL (not parameters) so the prepared first page gets a
 * generic plan costed for its real size.
 */
function openVacancyPageQuery(
  conn: Conn,
  learner: LearnerParams,
  f: BrowseFilters,
  limit: number,
  offset: number,
) {
  const pageOfIds = conn.$with('page_ids').as(
    fromListed(
      conn
        .select({
          id: m.jobVacancyId,
          createdAt: m.vacancyCreatedAt,
          total: sql<number>`${totalRows}`.as('total'),
        })
        .from(m)
        .$dynamic(),
      learner,
      f,
    )
      .orderBy(desc(m.vacancyCreatedAt), desc(m.jobVacancyId))
      .limit(literal(limit))
      .offset(literal(offset)),
  )
  return conn
    .with(pageOfIds)
    .select({
      ...vacancyCoreColumns,
      quotaLeft,
      ...companyRefColumns,
      companyCity: companies.city,
      companyProvince: companies.province,
      hasApplied: appliedBy(learner.studentId),
      total: pageOfIds.total,
    })
    .from(pageOfIds)
    .innerJoin(v, eq(v.id, pageOfIds.id))
    .innerJoin(companies, eq(companies.id, v.companyId))
    .orderBy(desc(pageOfIds.createdAt), desc(pageOfIds.id))
}

/** The first page without filters, what every learner opens: one prepared statement per page size. */
const firstPage = preparedBySize((conn, size) =>
  openVacancyPageQuery(conn, learnerPlaceholders, {}, size, 0).prepare(`vacancy_list_first_${size}`),
)

/** One page of the vacancies open to the learner, with company, majors and quota left: one query. */
export async function openVacancyPage(conn: Conn, learner: Learner, f: BrowseFilters, page: Page) {
  let rows: Awaited<ReturnType<ReturnType<typeof openVacancyPageQuery>['execute']>>
  if (page.offset === 0 && !hasFilters(f)) {
    rows = await firstPage(conn, page.limit).execute({ studentId: learner.studentId, role: learner.role })
  } else {
    rows = await openVacancyPageQuery(conn, learner, f, page.limit, page.offset)
  }
  const total = await totalOf(rows, page, () =>
    fromListed(conn.select({ n: sql<number>`count(*)::int` }).from(m).$dynamic(), learner, f),
  )
  return { rows, total }
}

/**
 * A vacancy (not deleted) with its company, the learner's application if any (the newest: one the school
 * withdrew may have been followed by a new one), whether it bars applying (`applied`), and each eligibility
 * condition as a flag. The caller decides what the learner may see.
 */
export async function vacancyForLearner(conn: Conn, learner: Learner, id: number) {
  const [row] = await vacancyForLearnerStatement(conn).execute({ ...learner, id })
  return row
}

const vacancyForLearnerStatement = prepared((conn) =>
  conn
    .select({
      ...vacancyCoreColumns,
      description: v.description,
      qualifications: v.qualifications,
      benefits: v.benefits,
      quotaLeft,
      company: {
        id: companies.id,
        name: companies.name,
        industry: companies.industry,
        city: companies.city,
        province: companies.province,
        website: companies.website,
        description: companies.description,
      },
      applicationId: applications.id,
      applicationStatus: applications.status,
      applied: appliedBy(learnerPlaceholders.studentId),
      checks: eligibilityChecks(learnerPlaceholders),
      profile: profileFacts(learnerPlaceholders.studentId),
    })
    .from(v)
    .innerJoin(companies, eq(companies.id, v.companyId))
    .leftJoin(
      applications,
      and(
        eq(applications.jobVacancyId, v.id),
        eq(applications.studentId, learnerPlaceholders.studentId),
        sql`not exists (select 1 from ${applications} newer where newer.job_vacancy_id = ${applications.jobVacancyId}
          and newer.student_id = ${applications.studentId} and newer.id > ${applications.id})`,
      ),
    )
    .where(and(eq(v.id, sql.placeholder('id')), isNull(v.deletedAt)))
    .prepare('vacancy_for_learner'),
)

/**
 * The vacancy row locked for an application (FOR NO KEY UPDATE): a concurrent toggle or delete waits
 * for the application to commit, and an application after it sees the new state. Not FOR SHARE: the
 * insert's trigger updates the vacancy's counters, and two applications holding a share lock on the
 * same row would deadlock upgrading it; this way applications to one vacancy take turns.
 *
 * Then, in a second statement, what the open rule reads. A statement that waited for the lock re-reads only
 * the locked row: its majors, its company and the learner would be as they were before the wait (a learner
 * applied to a vacancy whose major HR was removing at that moment). The lock is by primary key and prepared,
 * one short round trip more. That statement also shares the learner's row (FOR KEY SHARE) and reads whether
 * they are an alumnus under it: a graduation, or one taken back, that locks the row waits for the application
 * (and then sees it), or is waited for (and the application sees the learner's new standing).
 */
export async function lockVacancyForApply(conn: Conn, learner: Learner, id: number) {
  const [locked] = await lockVacancyStatement(conn).execute({ id })
  if (!locked) return undefined
  const [row] = await vacancyForApplyStatement(conn).execute({ ...learner, id })
  return row
}

const lockVacancyStatement = prepared((conn) =>
  conn
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.id, sql.placeholder('id')), isNull(v.deletedAt)))
    .for('no key update')
    .prepare('vacancy_lock_for_apply'),
)

const vacancyForApplyStatement = prepared((conn) =>
  conn
    .select({
      id: v.id,
      checks: eligibilityChecks(learnerPlaceholders),
      applied: appliedBy(learnerPlaceholders.studentId),
      profile: profileFacts(learnerPlaceholders.studentId),
      alumnus: sql<boolean>`${students.graduationYear} is not null`,
    })
    .from(v)
    .innerJoin(students, eq(students.id, learnerPlaceholders.studentId))
    .where(eq(v.id, sql.placeholder('id')))
    .for('key share', { of: students })
    .prepare('vacancy_for_apply'),
)

/** Of the given file ids, those that are the learner's own portfolio files (locked against deletion). */
export async function ownPortfolioFileIds(
  conn: Conn,
  studentId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await conn
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.studentId, studentId), ne(files.category, 'decision_letter')))
    .for('share')
  return new Set(rows.map((r) => r.id))
}

/** Filter options drawn from the vacancies open to the learner: one query. */
export async function browseOptions(conn: Conn, learner: Learner) {
  const open = conn
    .$with('open_vacancies')
    .as(
      conn
        .select({ companyId: v.companyId, jobType: v.jobType, city: v.city, province: v.province })
        .from(v)
        .where(openTo(learner)),
    )
  const [row] = await conn
    .with(open)
    .select({
      companies: qualified(sql<{ value: number; label: string }[]>`coalesce((
        select json_agg(json_build_object('value', ${companies.id}, 'label', ${companies.name}) order by lower(${companies.name}), ${companies.name}, ${companies.id})
        from ${companies} where ${companies.id} in (select ${open.companyId} from ${open})), '[]'::json)`),
      jobTypes: qualified(
        sql<string[]>`coalesce((select json_agg(distinct ${open.jobType}) from ${open}), '[]'::json)`,
      ),
      locations: qualified(sql<{ city: string | null; province: string | null }[]>`coalesce((
        select json_agg(distinct jsonb_build_object('city', ${open.city}, 'province', ${open.province}))
        from ${open} where ${open.city} is not null or ${open.province} is not null), '[]'::json)`),
    })
    .from(sql`(values (1)) as one (x)`)
  return row
}
