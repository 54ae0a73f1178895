import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { byName } from '../../db/order.js'
import { departments, jobVacancyMajors, majors, students } from '../../db/schema/index.js'
import { likePattern, type Page, totalOf } from '../../http/envelope.js'
import { outerId } from './departments.queries.js'

/**
 * Grade-12 students at school (no graduation year, not recorded as having left) and alumni of the major, from the
 * students_major_idx index.
 */
const studentCount =
  sql<number>`(select count(*) from ${students} where ${students.majorId} = ${outerId(majors)} and ${students.graduationYear} is null and ${students.leftOn} is null)`
    .mapWith(Number)
    .as('student_count')
const alumniCount =
  sql<number>`(select count(*) from ${students} where ${students.majorId} = ${outerId(majors)} and ${students.graduationYear} is not null)`
    .mapWith(Number)
    .as('alumni_count')

const columns = {
  id: majors.id,
  code: majors.code,
  name: majors.name,
  description: majors.description,
  isActive: majors.isActive,
  createdAt: majors.createdAt,
  updatedAt: majors.updatedAt,
  department: { id: departments.id, code: departments.code, name: departments.name },
  studentCount,
  alumniCount,
}

export interface MajorFilter {
  search?: string
  departmentId?: number
  isActive?: boolean
}

function whereOf(f: MajorFilter): SQL | undefined {
  const pattern = f.search ? likePattern(f.search) : null
  return and(
    pattern ? or(ilike(majors.code, pattern), ilike(majors.name, pattern)) : undefined,
    f.departmentId === undefined ? undefined : eq(majors.departmentId, f.departmentId),
    f.isActive === undefined ? undefined : eq(majors.isActive, f.isActive),
  )
}

/** One page of majors with their department and head counts, and the total: one query. */
export async function listMajors(conn: Conn, f: MajorFilter, page: Page) {
  const where = whereOf(f)
  const rows = await conn
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(majors)
    .innerJoin(departments, eq(departments.id, majors.departmentId))
    .where(where)
    .orderBy(...byName(majors.name), asc(majors.id))
    .limit(page.limit)
    .offset(page.offset)
  return {
    rows,
    total: await totalOf(rows, page, () => conn.select({ n: count() }).from(majors).where(where)),
  }
}

export type MajorRow = Awaited<ReturnType<typeof majorById>> & {}

export async function majorById(conn: Conn, id: number) {
  const [row] = await conn
    .select(columns)
    .from(majors)
    .innerJoin(departments, eq(departments.id, majors.departmentId))
    .where(eq(majors.id, id))
  return row
}

export function majorOptions(conn: Conn, f: { includeInactive: boolean; departmentId?: number }) {
  return conn
    .select({ value: majors.id, label: majors.name })
    .from(majors)
    .where(
      and(
        f.includeInactive ? undefined : eq(majors.isActive, true),
        f.departmentId === undefined ? undefined : eq(majors.departmentId, f.departmentId),
      ),
    )
    .orderBy(...byName(majors.name), asc(majors.id))
}

/**
 * The major, locked for a change (`no key update`: a vacancy or learner being saved with it meanwhile only
 * needs a key-share lock, which this one leaves them, so the two cannot deadlock over the trigger that
 * copies the major's name into its vacancies) or for a delete (`update`: nothing may refer to it meanwhile).
 */
export async function lockMajor(conn: Conn, id: number, mode: 'change' | 'delete') {
  const [row] = await conn
    .select()
    .from(majors)
    .where(eq(majors.id, id))
    .for(mode === 'delete' ? 'update' : 'no key update')
  return row
}

/** True when the department exists; it stays until commit (a concurrent delete waits). */
export async function departmentExists(conn: Conn, id: number) {
  const [row] = await conn
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.id, id))
    .for('share')
  return row !== undefined
}

export async function majorCodeTaken(conn: Conn, code: string, exceptId: number) {
  const [row] = await conn
    .select({ id: majors.id })
    .from(majors)
    .where(and(eq(majors.code, code), ne(majors.id, exceptId)))
    .limit(1)
  return row !== undefined
}

/** What still refers to a major: learner records (students and alumni) and vacancies (deleted ones too). */
export async function majorUsage(conn: Conn, id: number) {
  const [{ learners }] = await conn
    .select({ learners: count() })
    .from(students)
    .where(eq(students.majorId, id))
  const [{ vacancies }] = await conn
    .select({ vacancies: count() })
    .from(jobVacancyMajors)
    .where(eq(jobVacancyMajors.majorId, id))
  return { learners, vacancies }
}
