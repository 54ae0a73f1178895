import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Conn, Tx } from '../../db/client.js'
import { companyNameKey } from '../../db/company-name.js'
import { learnerEmail } from '../../db/learner-email.js'
import { byName } from '../../db/order.js'
import {
  applications,
  companies,
  jobVacancies,
  majors,
  type PlacementSource,
  type PlacementStatus,
  placementCheckins,
  placements,
  selectionResults,
  students,
  users,
} from '../../db/schema/index.js'
import { schoolToday } from '../../db/school-day.js'
import { likePattern, type Page } from '../../http/envelope.js'
import { hasActiveHr } from '../../http/scope.js'

/**
 * Whose placements a query sees: HR sees its company's (`companyId`), career-center staff every one
 * (`companyId: null`). Soft-deleted placements are never seen.
 */
export interface PlacementScope {
  companyId: number | null
}

export interface PlacementFilters {
  jobVacancyId?: number
  status?: PlacementStatus
  majorId?: number
  dateFrom?: string
  dateTo?: string
  search?: string
  source?: PlacementSource
  companyId?: number
  /** One learner's (staff only). */
  studentId?: number
}

/** The employer's name: the partner company's, or the name written for an outside placement. */
const companyNameOf = sql<string>`coalesce(${companies.name}, ${placements.companyName})`

function filtersOf(scope: PlacementScope, f: PlacementFilters, id?: number): SQL | undefined {
  const search = f.search?.trim()
  const pattern = search ? likePattern(search) : null
  return and(
    isNull(placements.deletedAt),
    scope.companyId === null ? undefined : eq(placements.companyId, scope.companyId),
    id ? eq(placements.id, id) : undefined,
    f.jobVacancyId ? eq(placements.jobVacancyId, f.jobVacancyId) : undefined,
    f.status ? eq(placements.status, f.status) : undefined,
    f.majorId ? eq(students.majorId, f.majorId) : undefined,
    f.dateFrom ? gte(placements.acceptedAt, f.dateFrom) : undefined,
    f.dateTo ? lte(placements.acceptedAt, f.dateTo) : undefined,
    f.source ? eq(placements.source, f.source) : undefined,
    f.companyId ? eq(placements.companyId, f.companyId) : undefined,
    f.studentId ? eq(placements.studentId, f.studentId) : undefined,
    pattern
      ? or(
          ilike(students.fullName, pattern),
          ilike(students.nis, pattern),
          // Staff also find a placement by its employer (HR's are all of its own company).
          scope.companyId === null ? ilike(companyNameOf, pattern) : undefined,
        )
      : undefined,
  )
}

export interface CheckinJson {
  monthMark: number
  status: PlacementStatus
  notes: string | null
  recordedAt: string
}

const checkinsOf = (placementId: typeof placements.id) => sql<CheckinJson[]>`(
  select coalesce(json_agg(json_build_object(
    'monthMark', ${placementCheckins.monthMark}, 'status', ${placementCheckins.status},
    'notes', ${placementCheckins.notes}, 'recordedAt', ${placementCheckins.recordedAt}
  ) order by ${placementCheckins.monthMark}), '[]'::json)
  from ${placementCheckins} where ${placementCheckins.placementId} = ${placementId})`

const recorder = alias(users, 'recorder')

const itemFields = {
  id: placements.id,
  source: placements.source,
  applicationId: placements.applicationId,
  position: placements.position,
  acceptedAt: placements.acceptedAt,
  startDate: placements.startDate,
  status: placements.status,
  notes: placements.notes,
  createdAt: placements.createdAt,
  updatedAt: placements.updatedAt,
  studentId: students.id,
  fullName: students.fullName,
  nis: students.nis,
  graduationYear: students.graduationYear,
  majorId: majors.id,
  majorName: majors.name,
  companyId: placements.companyId,
  companyName: companyNameOf,
  vacancyId: jobVacancies.id,
  vacancyTitle: jobVacancies.title,
  recordedById: recorder.id,
  recordedByName: recorder.fullName,
  checkins: checkinsOf(placements.id),
}

const fromItems = (conn: Conn) =>
  conn
    .select(itemFields)
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .leftJoin(companies, eq(companies.id, placements.companyId))
    .leftJoin(jobVacancies, eq(jobVacancies.id, placements.jobVacancyId))
    .leftJoin(recorder, eq(recorder.id, placements.recordedBy))

export type PlacementRow = Awaited<ReturnType<typeof placementPage>>[number]

/** One page of the placements in scope, latest acceptance first. */
export function placementPage(conn: Conn, scope: PlacementScope, f: PlacementFilters, page: Page) {
  return fromItems(conn)
    .where(filtersOf(scope, f))
    .orderBy(desc(placements.acceptedAt), desc(placements.id))
    .limit(page.limit)
    .offset(page.offset)
}

export async function countPlacements(conn: Conn, scope: PlacementScope, f: PlacementFilters) {
  const [row] = await conn
    .select({ total: sql<number>`count(*)::int` })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .leftJoin(companies, eq(companies.id, placements.companyId))
    .where(filtersOf(scope, f))
  return row.total
}

/**
 * Whether no HR account can record what became of a placement through bursa (its company switched off, whose
 * HR every HR route refuses, or a company without an active HR account): staff record it then. Nested in a
 * second sql`` so that the placement's columns stay qualified in a single-table select.
 */
const noHrRecords = sql<boolean>`${sql`(${placements.source} = 'bursa' and (
  not coalesce((select c."is_active" from "companies" c where c."id" = ${placements.companyId}), false)
  or not exists (select 1 from "users" hr where hr."company_id" = ${placements.companyId} and hr."role" = 'hrd' and hr."is_active")))`}`

/** One placement in scope with the placed person's contact. */
export async function placementDetail(conn: Conn, scope: PlacementScope, id: number) {
  const [row] = await conn
    .select({
      ...itemFields,
      phone: students.phone,
      email: learnerEmail(),
      staffMayUpdate: noHrRecords,
    })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .leftJoin(companies, eq(companies.id, placements.companyId))
    .leftJoin(jobVacancies, eq(jobVacancies.id, placements.jobVacancyId))
    .leftJoin(recorder, eq(recorder.id, placements.recordedBy))
    .leftJoin(users, eq(users.id, students.userId))
    .where(filtersOf(scope, {}, id))
  return row
}

/** The placement in scope locked for a change, with whether `monthMark` months have passed. */
export async function lockPlacement(tx: Tx, scope: PlacementScope, id: number, monthMark = 0) {
  const [row] = await tx
    .select({
      id: placements.id,
      source: placements.source,
      studentId: placements.studentId,
      acceptedAt: placements.acceptedAt,
      status: placements.status,
      statusSetAt: placements.statusSetAt,
      startDate: placements.startDate,
      notes: placements.notes,
      updatedAt: placements.updatedAt,
      markDate: sql<string>`((coalesce(${placements.startDate}, ${placements.acceptedAt}) + make_interval(months => ${monthMark}::int))::date)::text`,
      markReached: sql<boolean>`(coalesce(${placements.startDate}, ${placements.acceptedAt}) + make_interval(months => ${monthMark}::int))::date <= ${schoolToday}`,
      /**
       * The follow-ups recorded, by month mark (the placement's lock keeps them as they are). Nested in a
       * second sql`` so that `placements.id` stays qualified in this single-table select (docs/decisions.md,
       * "Schemas"): a bare "id" would bind to the check-ins inside the subquery.
       */
      recordedMarks: sql<number[]>`${sql`array(select ${placementCheckins.monthMark} from ${placementCheckins}
        where ${placementCheckins.placementId} = ${placements.id} order by ${placementCheckins.monthMark})`}`,
      today: sql<string>`${schoolToday}::text`,
      noHrRecords,
    })
    .from(placements)
    .where(
      and(
        eq(placements.id, id),
        isNull(placements.deletedAt),
        scope.companyId === null ? undefined : eq(placements.companyId, scope.companyId),
      ),
    )
    .for('update')
  return row
}

export async function updatePlacement(tx: Tx, id: number, values: Partial<typeof placements.$inferInsert>) {
  await tx
    .update(placements)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(placements.id, id))
}

export async function upsertCheckin(tx: Tx, values: typeof placementCheckins.$inferInsert) {
  await tx
    .insert(placementCheckins)
    .values(values)
    .onConflictDoUpdate({
      target: [placementCheckins.placementId, placementCheckins.monthMark],
      set: {
        status: values.status,
        notes: values.notes,
        recordedBy: values.recordedBy,
        recordedAt: sql`now()`,
      },
    })
}

export interface NewPlacement {
  applicationId: number
  studentId: number
  companyId: number
  jobVacancyId: number
  position: string
}

/**
 * Placements accepted today (school calendar); an application already placed keeps its row. The hire may
 * have been recorded as found outside bursa already (the same learner and partner company, not deleted and
 * not ended, whatever its day: staff often hear of a hire days before HR publishes it): that record becomes
 * this application's placement, keeping what was recorded (the acceptance day she was told, the start, the
 * notes) and its follow-ups, so one hire is one placement. The learners are locked first, in id order, as
 * recording an outside placement locks its learner before it looks for the same hire. A learner who already
 * works at the company through another of its vacancies (a placement through bursa not deleted and not
 * ended) is not placed again: nothing is written, and those hires are answered (`workingThere`) for the
 * caller to refuse.
 */
export async function insertPlacements(tx: Tx, rows: NewPlacement[]) {
  if (rows.length === 0) return { workingThere: [] }
  const learnerIds = [...new Set(rows.map((r) => r.studentId))].sort((a, b) => a - b)
  await tx
    .select({ id: students.id })
    .from(students)
    .where(inArray(students.id, learnerIds))
    .orderBy(students.id)
    .for('no key update')
  const workingThere = await tx
    .select({ fullName: students.fullName, vacancyTitle: jobVacancies.title })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .innerJoin(jobVacancies, eq(jobVacancies.id, placements.jobVacancyId))
    .where(
      and(
        eq(placements.source, 'bursa'),
        isNull(placements.deletedAt),
        inArray(placements.status, ['active', 'contract_extended', 'permanent']),
        or(
          ...rows.map((r) =>
            and(
              eq(placements.studentId, r.studentId),
              eq(placements.companyId, r.companyId),
              ne(placements.jobVacancyId, r.jobVacancyId),
            ),
          ),
        ),
      ),
    )
    .orderBy(students.fullName)
  if (workingThere.length > 0) return { workingThere }
  const fresh: NewPlacement[] = []
  for (const r of rows) {
    // One record at most (the newest hire), and none for an application placed already.
    const [adopted] = await tx
      .update(placements)
      .set({
        source: 'bursa',
        applicationId: r.applicationId,
        jobVacancyId: r.jobVacancyId,
        recordedBy: null,
        updatedAt: sql`now()`,
      })
      .where(
        sql`${placements.id} = (select o.id from ${placements} o
          where o.student_id = ${r.studentId} and o.company_id = ${r.companyId} and o.source = 'outside'
            and o.deleted_at is null and o.status not in ('resigned', 'moved')
            and not exists (select 1 from ${placements} b where b.application_id = ${r.applicationId})
          order by o.accepted_at desc, o.id desc limit 1)`,
      )
      .returning({ id: placements.id })
    if (!adopted) fresh.push(r)
  }
  if (fresh.length > 0)
    await tx
      .insert(placements)
      .values(fresh.map((r) => ({ ...r, acceptedAt: schoolToday, status: 'active' as const })))
      .onConflictDoNothing({ target: placements.applicationId })
  return { workingThere }
}

// ------------------------------------------------------------------ placements found outside bursa

/**
 * The learner's record locked for recording a placement (`FOR NO KEY UPDATE`: two recordings of one
 * learner queue here, applying is not blocked), with today on the school's calendar. Undefined when
 * there is no such learner.
 */
export async function lockLearner(tx: Tx, studentId: number) {
  const [row] = await tx
    .select({
      id: students.id,
      graduationYear: students.graduationYear,
      leftOn: students.leftOn,
      today: sql<string>`${schoolToday}::text`,
    })
    .from(students)
    .where(eq(students.id, studentId))
    .for('no key update')
  return row
}

/** A partner company by id (undefined when there is none). */
export async function companyById(conn: Conn, id: number) {
  const [row] = await conn
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
  return row
}

/** The partner company with this name (`companyNameKey`: case, spaces and punctuation ignored), or undefined. */
export async function partnerNamed(conn: Conn, name: string) {
  const [row] = await conn
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(sql`${companyNameKey(companies.name)} = ${companyNameKey(name)}`)
    .limit(1)
  return row
}

/**
 * Another placement of the learner (not deleted, of either source) at the same employer accepted the
 * same day: recording it again would count the hire twice.
 */
export async function samePlacement(
  conn: Conn,
  p: { studentId: number; companyId: number | null; companyName: string | null; acceptedAt: string },
  exceptId?: number,
) {
  const [row] = await conn
    .select({ id: placements.id })
    .from(placements)
    .leftJoin(companies, eq(companies.id, placements.companyId))
    .where(
      and(
        eq(placements.studentId, p.studentId),
        eq(placements.acceptedAt, p.acceptedAt),
        isNull(placements.deletedAt),
        exceptId ? ne(placements.id, exceptId) : undefined,
        p.companyId !== null
          ? eq(placements.companyId, p.companyId)
          : sql`${companyNameKey(companyNameOf)} = ${companyNameKey(p.companyName as string)}`,
      ),
    )
    .limit(1)
  return row
}

/**
 * The learner's placement through bursa at the partner company that is not deleted and not ended: she works
 * there, and an outside record of the same company would count the hire twice (publishing takes such a
 * record over, `insertPlacements`). Undefined when there is none.
 */
export async function workingThereThroughBursa(conn: Conn, studentId: number, companyId: number) {
  const [row] = await conn
    .select({
      fullName: students.fullName,
      companyName: companies.name,
      vacancyTitle: jobVacancies.title,
      acceptedAt: placements.acceptedAt,
    })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .innerJoin(companies, eq(companies.id, placements.companyId))
    .innerJoin(jobVacancies, eq(jobVacancies.id, placements.jobVacancyId))
    .where(
      and(
        eq(placements.studentId, studentId),
        eq(placements.companyId, companyId),
        eq(placements.source, 'bursa'),
        isNull(placements.deletedAt),
        inArray(placements.status, ['active', 'contract_extended', 'permanent']),
      ),
    )
    .orderBy(desc(placements.acceptedAt))
    .limit(1)
  return row
}

export async function insertPlacement(tx: Tx, values: typeof placements.$inferInsert) {
  const [row] = await tx.insert(placements).values(values).returning({ id: placements.id })
  return row.id
}

export async function softDeletePlacement(tx: Tx, id: number) {
  await tx
    .update(placements)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(placements.id, id))
}

/**
 * Learners (students and alumni) whose name or NIS matches, for the picker of the placement form:
 * at most `limit`, by name. `kind`: an alumnus has a graduation year. Not a student who left school
 * (keluar/mutasi): the school places its own learners.
 */
export function learnerOptions(conn: Conn, search: string, limit: number) {
  const pattern = likePattern(search.trim())
  return conn
    .select({
      value: students.id,
      nis: students.nis,
      fullName: students.fullName,
      graduationYear: students.graduationYear,
      majorName: majors.name,
    })
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .where(and(isNull(students.leftOn), or(ilike(students.fullName, pattern), ilike(students.nis, pattern))))
    .orderBy(...byName(students.fullName), asc(students.id))
    .limit(limit)
}

/**
 * Of a placement through bursa: its vacancy (not deleted), company (and whether staff run its selection), the
 * person and how many of the vacancy's applicants wait on its published waiting list (in progress,
 * `cadangan`): who may take a place it gave back.
 * Undefined for a placement without a vacancy (found outside bursa) or one whose vacancy is deleted.
 */
export async function waitingListOf(conn: Conn, placementId: number) {
  const [row] = await conn
    .select({
      vacancyId: jobVacancies.id,
      vacancyTitle: jobVacancies.title,
      companyId: jobVacancies.companyId,
      companyName: companies.name,
      // Staff run its selection (the rule of acting for a company, src/http/scope.ts): active, no active HR.
      staffRun: sql<boolean>`${companies.isActive} and not ${hasActiveHr}`,
      fullName: students.fullName,
      waiting: sql<number>`(select count(*)::int from ${applications} a
        join ${selectionResults} r on r.application_id = a.id
        where a.job_vacancy_id = ${jobVacancies.id} and a.status = 'in_progress'
          and r.decision = 'cadangan' and r.is_published)`,
    })
    .from(placements)
    .innerJoin(
      jobVacancies,
      and(eq(jobVacancies.id, placements.jobVacancyId), isNull(jobVacancies.deletedAt)),
    )
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .innerJoin(students, eq(students.id, placements.studentId))
    .where(eq(placements.id, placementId))
  return row
}
