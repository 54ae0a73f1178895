import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { byName } from '../../db/order.js'
import { majors, students, users } from '../../db/schema/index.js'
import { sameClass } from './learners.queries.js'

const columns = {
  id: students.id,
  nis: students.nis,
  nisn: students.nisn,
  fullName: students.fullName,
  className: students.className,
  graduationYear: students.graduationYear,
  leftOn: students.leftOn,
  leftReason: students.leftReason,
  major: { id: majors.id, code: majors.code, name: majors.name },
  account: { id: users.id, email: users.email, role: users.role, isActive: users.isActive },
}

export type Candidate = Awaited<ReturnType<typeof candidates>>[number]

/**
 * The learners a graduation looks at, in class and name order: the listed ids (either kind), or the
 * grade-12 students of the filter together with those of it already graduated in `year` (refused, so
 * that a second run says who was done before) and those who left school (refused, so that the preview shows them). With `lock`, the learner rows are locked for the change
 * (a concurrent graduation waits, then sees them graduated).
 */
export async function candidates(
  conn: Conn,
  by: { ids: number[] } | { majorId?: number; className?: string; year: number },
  lock: boolean,
) {
  let where: SQL | undefined
  if ('ids' in by) where = inArray(students.id, by.ids)
  else
    where = and(
      or(isNull(students.graduationYear), eq(students.graduationYear, by.year)),
      by.majorId === undefined ? undefined : eq(students.majorId, by.majorId),
      by.className === undefined ? undefined : sameClass(by.className),
    )
  if (lock) {
    // Locked in id order, as a roster import and the alumni upgrade lock learners: locking in the list's
    // order (class, name) made a graduation and an import of the same class deadlock (one refused, 409).
    const locked = await conn
      .select({ id: students.id })
      .from(students)
      .where(where)
      .orderBy(asc(students.id))
      .for('update')
    if (locked.length === 0) return []
    where = inArray(
      students.id,
      locked.map((r) => r.id),
    )
  }
  return conn
    .select(columns)
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(where)
    .orderBy(asc(majors.code), asc(students.className), ...byName(students.fullName), asc(students.id))
}

/**
 * What keeps an alumnus from being taken back to grade 12: a tracer-study answer (given as an alumnus) or an
 * application made as one (its vacancy was for alumni). Of the listed learners, by id.
 */
export async function alumniTraces(conn: Conn, ids: number[]) {
  const rows = await conn
    .select({
      id: students.id,
      // Named in full: drizzle leaves columns unqualified in a single-table select, and "student_id" = "id"
      // would compare the subquery's own columns.
      answers: sql<number>`(select count(*)::int from tracer_studies t where t.student_id = students.id)`,
      applied: sql<number>`(select count(*)::int from applications a
        where a.student_id = students.id and a.applicant_role = 'alumni')`,
    })
    .from(students)
    .where(inArray(students.id, ids))
  return new Map(rows.map((r) => [r.id, r]))
}
