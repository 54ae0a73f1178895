import { and, asc, desc, eq, ilike, isNotNull, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Conn, Tx } from '../../db/client.js'
import { learnerEmail } from '../../db/learner-email.js'
import { byName } from '../../db/order.js'
import {
  type CareerStatus,
  companies,
  jobVacancies,
  majors,
  placements,
  students,
  tracerStudies,
  users,
} from '../../db/schema/index.js'
import { schoolToday } from '../../db/school-day.js'
import { likePattern, type Page } from '../../http/envelope.js'

export type TracerRow = typeof tracerStudies.$inferSelect
export type TracerValues = Omit<
  typeof tracerStudies.$inferInsert,
  'id' | 'studentId' | 'version' | 'isCurrent' | 'submittedAt' | 'enteredBy'
>

/** Every stored version of the learner's answer, newest first (the current one leads). */
/** Earlier versions an answer shows besides the current one: the latest ones, whatever was saved. */
export const HISTORY_SHOWN = 20

export function versionsOf(conn: Conn, studentId: number) {
  return conn
    .select()
    .from(tracerStudies)
    .where(eq(tracerStudies.studentId, studentId))
    .orderBy(desc(tracerStudies.version))
    .limit(HISTORY_SHOWN + 1)
}

/**
 * Locks the learner's record for the save (`FOR NO KEY UPDATE`: concurrent saves of one alumnus
 * queue here, while applying and other rows that only reference the learner are not blocked) and
 * reads today's date on the school's calendar, with the graduation year and birth date the answer's
 * dates are checked against. Undefined when the record is gone.
 */
export async function lockLearner(tx: Tx, studentId: number) {
  const [row] = await tx
    .select({
      id: students.id,
      graduationYear: students.graduationYear,
      birthDate: students.birthDate,
      today: sql<string>`${schoolToday}::text`,
    })
    .from(students)
    .where(eq(students.id, studentId))
    .for('no key update')
  return row
}

/**
 * Retires the current answer and stores the new one as the next version, current. Runs under
 * `lockLearner`; the partial unique index on the current row stays the last word. `enteredBy`: the
 * staff member who entered it on the alumnus's behalf (null: the alumnus herself).
 */
export async function insertVersion(
  tx: Tx,
  studentId: number,
  values: TracerValues,
  enteredBy: number | null = null,
) {
  await tx
    .update(tracerStudies)
    .set({ isCurrent: false })
    .where(and(eq(tracerStudies.studentId, studentId), eq(tracerStudies.isCurrent, true)))
  const [row] = await tx
    .insert(tracerStudies)
    .values({
      ...values,
      studentId,
      enteredBy,
      isCurrent: true,
      version: sql`(select coalesce(max(${tracerStudies.version}), 0) + 1 from ${tracerStudies} where ${tracerStudies.studentId} = ${studentId})`,
    })
    .returning()
  return row
}

/**
 * What bursa knows of the learner's work from their latest placement (not left, not deleted), through
 * bursa or found outside it: the employer (a partner company's name and industry, or the name written
 * for an outside placement), position, where (the vacancy's city and province, else the company's),
 * start (start date, else acceptance date), the vacancy's minimum salary, and the learner's graduation year
 * (the waiting period is counted from it: `monthsSinceGraduation`). One statement; undefined without a
 * placement.
 */
export async function placementFacts(conn: Conn, studentId: number) {
  // A start still ahead is no answer yet: an answer's start may not be after today (answerValues).
  const start = sql`(case when coalesce(${placements.startDate}, ${placements.acceptedAt}) <= ${schoolToday}
    then coalesce(${placements.startDate}, ${placements.acceptedAt}) end)`
  const vacancyHasPlace = sql`(${jobVacancies.city} is not null or ${jobVacancies.province} is not null)`
  const [row] = await conn
    .select({
      placementId: placements.id,
      source: placements.source,
      companyName: sql<string>`coalesce(${companies.name}, ${placements.companyName})`,
      industry: companies.industry,
      position: placements.position,
      city: sql<
        string | null
      >`case when ${vacancyHasPlace} then ${jobVacancies.city} else ${companies.city} end`,
      province: sql<
        string | null
      >`case when ${vacancyHasPlace} then ${jobVacancies.province} else ${companies.province} end`,
      startDate: sql<string | null>`${start}::text`,
      graduationYear: students.graduationYear,
      minSalary: jobVacancies.minSalary,
    })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .leftJoin(companies, eq(companies.id, placements.companyId))
    .leftJoin(jobVacancies, eq(jobVacancies.id, placements.jobVacancyId))
    .where(
      and(
        eq(placements.studentId, studentId),
        // Left since ("Keluar", "Pindah kerja"): the employer is no longer theirs to suggest.
        notInArray(placements.status, ['resigned', 'moved']),
        isNull(placements.deletedAt),
      ),
    )
    .orderBy(desc(placements.acceptedAt), desc(placements.id))
    .limit(1)
  return row
}

// ------------------------------------------------------------------ answers collected by staff

/** The staff member who entered a version (users joined a second time in the list). */
const enteredBy = alias(users, 'entered_by_user')

/** Every version of the alumnus's answer with the staff member who entered it, newest first. */
export function versionsWithEntrant(conn: Conn, studentId: number) {
  return conn
    .select({ answer: tracerStudies, enteredByName: enteredBy.fullName })
    .from(tracerStudies)
    .leftJoin(enteredBy, eq(enteredBy.id, tracerStudies.enteredBy))
    .where(eq(tracerStudies.studentId, studentId))
    .orderBy(desc(tracerStudies.version))
    .limit(HISTORY_SHOWN + 1)
}

const alumnusFields = {
  id: students.id,
  nis: students.nis,
  fullName: students.fullName,
  graduationYear: sql<number>`${students.graduationYear}::int`,
  majorId: majors.id,
  majorCode: majors.code,
  majorName: majors.name,
  phone: students.phone,
  email: learnerEmail(),
}

/** An alumnus as the staff's tracer screens show them (undefined for a grade-12 student or no one). */
export async function alumnusById(conn: Conn, id: number) {
  const [row] = await conn
    .select(alumnusFields)
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.id, id), isNotNull(students.graduationYear)))
  return row
}

export interface TracerListFilters {
  graduationYear?: number
  majorId?: number
  search?: string
  careerStatus?: CareerStatus
  /** true: alumni with a current answer; false: those without one (whom to call). */
  answered?: boolean
}

/** The cohort: alumni of the year, major and search (before the answer filters). */
function cohortOf(f: TracerListFilters): SQL | undefined {
  const pattern = f.search?.trim() ? likePattern(f.search) : null
  return and(
    isNotNull(students.graduationYear),
    f.graduationYear === undefined ? undefined : eq(students.graduationYear, f.graduationYear),
    f.majorId === undefined ? undefined : eq(students.majorId, f.majorId),
    pattern ? or(ilike(students.fullName, pattern), ilike(students.nis, pattern)) : undefined,
  )
}

function answerFilter(f: TracerListFilters): SQL | undefined {
  return and(
    f.answered === undefined
      ? undefined
      : f.answered
        ? isNotNull(tracerStudies.id)
        : isNull(tracerStudies.id),
    f.careerStatus ? eq(tracerStudies.careerStatus, f.careerStatus) : undefined,
  )
}

/**
 * Alumni with their current answer (null when they have not answered) and who entered it, by name;
 * a page of them, or all (`page` undefined: the download). One statement.
 */
export function tracerList(conn: Conn, f: TracerListFilters, page?: Page) {
  const query = conn
    .select({
      ...alumnusFields,
      answer: tracerStudies,
      enteredByName: enteredBy.fullName,
    })
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .leftJoin(users, eq(users.id, students.userId))
    .leftJoin(tracerStudies, and(eq(tracerStudies.studentId, students.id), eq(tracerStudies.isCurrent, true)))
    .leftJoin(enteredBy, eq(enteredBy.id, tracerStudies.enteredBy))
    .where(and(cohortOf(f), answerFilter(f)))
    .orderBy(...byName(students.fullName), asc(students.id))
    .$dynamic()
  return page ? query.limit(page.limit).offset(page.offset) : query
}

/**
 * The counts of the list: the rows the filters match (`total`), and within the cohort (year, major,
 * search) how many alumni answered and how many did not.
 */
export async function tracerCounts(conn: Conn, f: TracerListFilters) {
  const [row] = await conn
    .select({
      total: sql<number>`(count(*) filter (where ${answerFilter(f) ?? sql`true`}))::int`,
      answered: sql<number>`(count(${tracerStudies.id}))::int`,
      notAnswered: sql<number>`(count(*) - count(${tracerStudies.id}))::int`,
    })
    .from(students)
    .leftJoin(tracerStudies, and(eq(tracerStudies.studentId, students.id), eq(tracerStudies.isCurrent, true)))
    .where(cohortOf(f))
  return row
}

/** The major a filter names (undefined when there is none). */
export async function majorById(conn: Conn, id: number) {
  const [row] = await conn
    .select({ id: majors.id, code: majors.code, name: majors.name })
    .from(majors)
    .where(eq(majors.id, id))
  return row
}
