import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { Conn, Tx } from '../../db/client.js'
import { companies, jobVacancies, placements, students, tracerStudies } from '../../db/schema/index.js'

/** Today on the school's calendar (Western Indonesian Time), by the database's clock. */
const schoolToday = sql<string>`((now() at time zone 'Asia/Jakarta')::date)`

export type TracerRow = typeof tracerStudies.$inferSelect
export type TracerValues = Omit<
  typeof tracerStudies.$inferInsert,
  'id' | 'studentId' | 'version' | 'isCurrent' | 'submittedAt'
>

/** Every stored version of the learner's answer, newest first (the current one leads). */
export function versionsOf(conn: Conn, studentId: number) {
  return conn
    .select()
    .from(tracerStudies)
    .where(eq(tracerStudies.studentId, studentId))
    .orderBy(desc(tracerStudies.version))
}

/**
 * Locks the learner's record for the save (`FOR NO KEY UPDATE`: concurrent saves of one alumnus
 * queue here, while applying and other rows that only reference the learner are not blocked) and
 * reads today's date on the school's calendar. Undefined when the record is gone.
 */
export async function lockLearner(tx: Tx, studentId: number) {
  const [row] = await tx
    .select({ id: students.id, today: sql<string>`${schoolToday}::text` })
    .from(students)
    .where(eq(students.id, studentId))
    .for('no key update')
  return row
}

/**
 * Retires the current answer and stores the new one as the next version, current. Runs under
 * `lockLearner`; the partial unique index on the current row stays the last word.
 */
export async function insertVersion(tx: Tx, studentId: number, values: TracerValues) {
  await tx
    .update(tracerStudies)
    .set({ isCurrent: false })
    .where(and(eq(tracerStudies.studentId, studentId), eq(tracerStudies.isCurrent, true)))
  const [row] = await tx
    .insert(tracerStudies)
    .values({
      ...values,
      studentId,
      isCurrent: true,
      version: sql`(select coalesce(max(${tracerStudies.version}), 0) + 1 from ${tracerStudies} where ${tracerStudies.studentId} = ${studentId})`,
    })
    .returning()
  return row
}

/** Months from the graduation day (30 June of the graduation year) to a date; 0 when before it. */
const monthsSinceGraduation = (graduationYear: unknown, start: unknown) => sql<number | null>`(
  case when ${graduationYear} is null or ${start} is null then null else
  least(120, greatest(0, (
    extract(year from age(${start}, make_date(${graduationYear}::int, 6, 30))) * 12
    + extract(month from age(${start}, make_date(${graduationYear}::int, 6, 30)))
  )::int)) end)`

/**
 * What bursa knows of the learner's work from their latest placement (not resigned): the company,
 * position, where (the vacancy's city and province, else the company's), start (start date, else
 * acceptance date), the vacancy's minimum salary. One statement; undefined without a placement.
 */
export async function placementFacts(conn: Conn, studentId: number) {
  const start = sql`coalesce(${placements.startDate}, ${placements.acceptedAt})`
  const vacancyHasPlace = sql`(${jobVacancies.city} is not null or ${jobVacancies.province} is not null)`
  const [row] = await conn
    .select({
      placementId: placements.id,
      companyName: companies.name,
      industry: companies.industry,
      position: placements.position,
      city: sql<
        string | null
      >`case when ${vacancyHasPlace} then ${jobVacancies.city} else ${companies.city} end`,
      province: sql<
        string | null
      >`case when ${vacancyHasPlace} then ${jobVacancies.province} else ${companies.province} end`,
      startDate: sql<string>`${start}::text`,
      waitingPeriodMonths: monthsSinceGraduation(students.graduationYear, start),
      minSalary: jobVacancies.minSalary,
    })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .innerJoin(companies, eq(companies.id, placements.companyId))
    .innerJoin(jobVacancies, eq(jobVacancies.id, placements.jobVacancyId))
    .where(and(eq(placements.studentId, studentId), ne(placements.status, 'resigned')))
    .orderBy(desc(placements.acceptedAt), desc(placements.id))
    .limit(1)
  return row
}
