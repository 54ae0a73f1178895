import { and, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Conn, Tx } from '../../db/client.js'
import {
  jobVacancies,
  majors,
  type PlacementStatus,
  placementCheckins,
  placements,
  students,
  users,
} from '../../db/schema/index.js'
import { likePattern, type Page } from '../../http/envelope.js'

/** Today on the school's calendar (Western Indonesian Time), whatever the server's zone. */
export const schoolToday = sql<string>`((now() at time zone 'Asia/Jakarta')::date)`

export interface PlacementFilters {
  jobVacancyId?: number
  status?: PlacementStatus
  majorId?: number
  dateFrom?: string
  dateTo?: string
  search?: string
}

function filtersOf(companyId: number, f: PlacementFilters, id?: number): SQL | undefined {
  const search = f.search?.trim()
  return and(
    eq(placements.companyId, companyId),
    id ? eq(placements.id, id) : undefined,
    f.jobVacancyId ? eq(placements.jobVacancyId, f.jobVacancyId) : undefined,
    f.status ? eq(placements.status, f.status) : undefined,
    f.majorId ? eq(students.majorId, f.majorId) : undefined,
    f.dateFrom ? gte(placements.acceptedAt, f.dateFrom) : undefined,
    f.dateTo ? lte(placements.acceptedAt, f.dateTo) : undefined,
    search
      ? or(ilike(students.fullName, likePattern(search)), ilike(students.nis, likePattern(search)))
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

const itemFields = {
  id: placements.id,
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
  vacancyId: jobVacancies.id,
  vacancyTitle: jobVacancies.title,
  checkins: checkinsOf(placements.id),
}

const fromItems = (conn: Conn) =>
  conn
    .select(itemFields)
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .innerJoin(jobVacancies, eq(jobVacancies.id, placements.jobVacancyId))

export type PlacementRow = Awaited<ReturnType<typeof placementPage>>[number]

/** One page of the company's placements, latest acceptance first. */
export function placementPage(conn: Conn, companyId: number, f: PlacementFilters, page: Page) {
  return fromItems(conn)
    .where(filtersOf(companyId, f))
    .orderBy(desc(placements.acceptedAt), desc(placements.id))
    .limit(page.limit)
    .offset(page.offset)
}

export async function countPlacements(conn: Conn, companyId: number, f: PlacementFilters) {
  const [row] = await conn
    .select({ total: sql<number>`count(*)::int` })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .where(filtersOf(companyId, f))
  return row.total
}

/** One placement of the company with the placed person's contact. */
export async function placementDetail(conn: Conn, companyId: number, id: number) {
  const [row] = await conn
    .select({
      ...itemFields,
      phone: students.phone,
      email: sql<string | null>`coalesce(${students.email}, ${users.email})`,
    })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .innerJoin(jobVacancies, eq(jobVacancies.id, placements.jobVacancyId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(filtersOf(companyId, {}, id))
  return row
}

/** The company's placement locked for a change, with whether `monthMark` months have passed. */
export async function lockPlacement(tx: Tx, companyId: number, id: number, monthMark = 0) {
  const [row] = await tx
    .select({
      id: placements.id,
      acceptedAt: placements.acceptedAt,
      markDate: sql<string>`((coalesce(${placements.startDate}, ${placements.acceptedAt}) + make_interval(months => ${monthMark}::int))::date)::text`,
      markReached: sql<boolean>`(coalesce(${placements.startDate}, ${placements.acceptedAt}) + make_interval(months => ${monthMark}::int))::date <= ${schoolToday}`,
    })
    .from(placements)
    .where(and(eq(placements.companyId, companyId), eq(placements.id, id)))
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

/** Placements accepted today (school calendar); an application already placed keeps its row. */
export async function insertPlacements(tx: Tx, rows: NewPlacement[]) {
  if (rows.length === 0) return
  await tx
    .insert(placements)
    .values(rows.map((r) => ({ ...r, acceptedAt: schoolToday, status: 'active' as const })))
    .onConflictDoNothing({ target: placements.applicationId })
}
