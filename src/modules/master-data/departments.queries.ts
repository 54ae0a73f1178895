import { and, asc, count, eq, getTableName, ilike, ne, or, type SQL, sql, type Table } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { byName } from '../../db/order.js'
import { departments, majors } from '../../db/schema/index.js'
import { likePattern, type Page, totalOf } from '../../http/envelope.js'

/**
 * `"<table>"."id"` spelled out, for correlated subqueries in a select list: drizzle leaves the columns of a
 * one-table select unqualified there, and the subquery would read a bare `"id"` as its own.
 */
export const outerId = (table: Table) => sql`${sql.identifier(getTableName(table))}.${sql.identifier('id')}`

const majorCount =
  sql<number>`(select count(*) from ${majors} where ${majors.departmentId} = ${outerId(departments)})`
    .mapWith(Number)
    .as('major_count')

const columns = {
  id: departments.id,
  code: departments.code,
  name: departments.name,
  description: departments.description,
  isActive: departments.isActive,
  createdAt: departments.createdAt,
  updatedAt: departments.updatedAt,
  majorCount,
}

export interface DepartmentFilter {
  search?: string
  isActive?: boolean
}

function whereOf(f: DepartmentFilter): SQL | undefined {
  const pattern = f.search ? likePattern(f.search) : null
  return and(
    pattern ? or(ilike(departments.code, pattern), ilike(departments.name, pattern)) : undefined,
    f.isActive === undefined ? undefined : eq(departments.isActive, f.isActive),
  )
}

/** One page of departments with their number of majors, and the total: one query (two past the end). */
export async function listDepartments(conn: Conn, f: DepartmentFilter, page: Page) {
  const where = whereOf(f)
  const rows = await conn
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(departments)
    .where(where)
    .orderBy(...byName(departments.name), asc(departments.id))
    .limit(page.limit)
    .offset(page.offset)
  return {
    rows,
    total: await totalOf(rows, page, () => conn.select({ n: count() }).from(departments).where(where)),
  }
}

export type DepartmentRow = Awaited<ReturnType<typeof departmentById>> & {}

export async function departmentById(conn: Conn, id: number) {
  const [row] = await conn.select(columns).from(departments).where(eq(departments.id, id))
  return row
}

export function departmentOptions(conn: Conn, includeInactive: boolean) {
  return conn
    .select({ value: departments.id, label: departments.name })
    .from(departments)
    .where(includeInactive ? undefined : eq(departments.isActive, true))
    .orderBy(...byName(departments.name), asc(departments.id))
}

/** The department, locked against concurrent changes (and against majors being added) until commit. */
export async function lockDepartment(conn: Conn, id: number) {
  const [row] = await conn.select().from(departments).where(eq(departments.id, id)).for('update')
  return row
}

export async function departmentCodeTaken(conn: Conn, code: string, exceptId: number) {
  const [row] = await conn
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.code, code), ne(departments.id, exceptId)))
    .limit(1)
  return row !== undefined
}

export async function majorCountOf(conn: Conn, departmentId: number) {
  const [{ n }] = await conn.select({ n: count() }).from(majors).where(eq(majors.departmentId, departmentId))
  return n
}
