import { and, asc, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import type { Conn } from '../../db/client.js'
import { byName } from '../../db/order.js'
import {
  type AttendanceStatus,
  applications,
  companies,
  jobVacancies,
  majors,
  students,
  testParticipants,
  testSchedules,
  users,
  type ValidationStatus,
} from '../../db/schema/index.js'
import { type Page, totalOf } from '../../http/envelope.js'
import { applicantColumns, applicantSearch } from '../../http/shapes/applicant.js'
import { companyRefColumns } from '../../http/shapes/company.js'

const tp = testParticipants
const s = testSchedules
const validator = alias(users, 'validator')

const scheduleStatus = sql<
  'scheduled' | 'done'
>`(case when ${s.scheduledAt} <= now() then 'done' else 'scheduled' end)`

const itemFields = {
  id: tp.id,
  applicationId: tp.applicationId,
  applicationStatus: applications.status,
  ...applicantColumns,
  ...companyRefColumns,
  vacancyId: jobVacancies.id,
  vacancyTitle: jobVacancies.title,
  scheduleId: s.id,
  scheduleName: s.name,
  scheduleKind: s.kind,
  scheduledAt: s.scheduledAt,
  scheduleLocation: s.location,
  scheduleStatus,
  attendanceStatus: tp.attendanceStatus,
  attendanceNotes: tp.attendanceNotes,
  markedStatus: tp.markedStatus,
  markedAt: tp.markedAt,
  checkedInAt: tp.checkedInAt,
  validationStatus: tp.validationStatus,
  validationNotes: tp.validationNotes,
  validatedAt: tp.validatedAt,
  validatorId: validator.id,
  validatorName: validator.fullName,
}

export type AttendanceRow = NonNullable<Awaited<ReturnType<typeof attendanceItem>>>

const withJoins = <E extends Record<string, SQL>>(conn: Conn, extra: E) =>
  conn
    .select({ ...itemFields, ...extra })
    .from(tp)
    .innerJoin(s, eq(s.id, tp.testScheduleId))
    .innerJoin(jobVacancies, eq(jobVacancies.id, s.jobVacancyId))
    .innerJoin(companies, eq(companies.id, s.companyId))
    .innerJoin(applications, eq(applications.id, tp.applicationId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .leftJoin(validator, eq(validator.id, tp.validatedBy))

export interface AttendanceFilters {
  /** The queue (pending) or the history (verified or rejected, or the one asked for). */
  view: 'queue' | 'history'
  validationStatus?: Exclude<ValidationStatus, 'pending'>
  companyId?: number
  jobVacancyId?: number
  testScheduleId?: number
  attendanceStatus?: AttendanceStatus | 'unmarked'
  from?: Date
  before?: Date
  search?: string
}

/**
 * A participant who took part in the test (as far as attendance goes): one whose application left the
 * selection before it (released) did not, unless HR marked them anyway (they came). Given the participants'
 * table or an alias of it (the reports' SQL names it `tp`).
 */
export const tookPart = (t: { releasedAt: AnyPgColumn; attendanceStatus: AnyPgColumn } = tp) =>
  sql`(${t.releasedAt} is null or ${t.attendanceStatus} is not null)`

/**
 * An attendance record waiting for the career center (the queue, and the dashboard's count of it): not yet
 * validated, of a test that has begun (a test still ahead has nothing to validate), of a participant who took
 * part. The caller leaves cancelled tests out.
 */
export const awaitsValidation = sql`(${tp.validationStatus} = 'pending' and ${s.scheduledAt} <= now()
  and ${tookPart()})`

function whereOf(f: AttendanceFilters): SQL | undefined {
  const search = f.search?.trim()
  return and(
    // A cancelled test has no attendance to validate.
    ne(s.status, 'cancelled'),
    // The queue holds what can be validated: a test still ahead has no attendance yet (validating it is a
    // 422), so it waits until it begins.
    f.view === 'queue'
      ? awaitsValidation
      : f.validationStatus
        ? eq(tp.validationStatus, f.validationStatus)
        : inArray(tp.validationStatus, ['verified', 'rejected']),
    f.companyId ? eq(s.companyId, f.companyId) : undefined,
    f.jobVacancyId ? eq(s.jobVacancyId, f.jobVacancyId) : undefined,
    f.testScheduleId ? eq(tp.testScheduleId, f.testScheduleId) : undefined,
    f.attendanceStatus
      ? f.attendanceStatus === 'unmarked'
        ? sql`${tp.attendanceStatus} is null`
        : eq(tp.attendanceStatus, f.attendanceStatus)
      : undefined,
    f.from ? gte(s.scheduledAt, f.from) : undefined,
    f.before ? lt(s.scheduledAt, f.before) : undefined,
    search ? applicantSearch(search) : undefined,
  )
}

/**
 * One page of attendance records with the total of the filter, one statement. The queue lists the
 * oldest tests first (what is most overdue), the history the latest validations first.
 */
export async function attendancePage(conn: Conn, f: AttendanceFilters, page: Page) {
  const where = whereOf(f)
  const order =
    f.view === 'queue'
      ? [asc(s.scheduledAt), asc(s.id), ...byName(students.fullName), asc(tp.id)]
      : [desc(tp.validatedAt), desc(tp.id)]
  const rows = await withJoins(conn, { total: sql<number>`(count(*) over ())::int` })
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  const total = await totalOf(rows, page, () =>
    conn
      .select({ n: sql<number>`count(*)::int` })
      .from(tp)
      .innerJoin(s, eq(s.id, tp.testScheduleId))
      .innerJoin(applications, eq(applications.id, tp.applicationId))
      .innerJoin(students, eq(students.id, applications.studentId))
      .where(where),
  )
  return { rows, total }
}

export async function attendanceItem(conn: Conn, id: number) {
  const [row] = await withJoins(conn, {}).where(eq(tp.id, id))
  return row
}

/**
 * Locks the attendance records among `ids` in id order (two bulk validations over overlapping ids
 * queue instead of deadlocking), with the state of their test.
 */
export function lockForValidation(tx: Conn, ids: number[]) {
  return tx
    .select({
      id: tp.id,
      applicationId: tp.applicationId,
      attendanceStatus: tp.attendanceStatus,
      validationStatus: tp.validationStatus,
      validationNotes: tp.validationNotes,
      validatedAt: tp.validatedAt,
      scheduleName: s.name,
      scheduleKind: s.kind,
      cancelled: sql<boolean>`(${s.status} = 'cancelled')`,
      started: sql<boolean>`(${s.scheduledAt} <= now())`,
    })
    .from(tp)
    .innerJoin(s, eq(s.id, tp.testScheduleId))
    .where(inArray(tp.id, ids))
    .orderBy(asc(tp.id))
    .for('update', { of: tp })
}

export async function validate(
  tx: Conn,
  ids: number[],
  v: {
    attendanceStatus: AttendanceStatus
    validationStatus: Exclude<ValidationStatus, 'pending'>
    notes: string | null | undefined
    validatorId: number
  },
) {
  if (ids.length === 0) return
  await tx
    .update(tp)
    .set({
      attendanceStatus: v.attendanceStatus,
      validationStatus: v.validationStatus,
      ...(v.notes !== undefined ? { validationNotes: v.notes } : {}),
      validatedBy: v.validatorId,
      validatedAt: sql`now()`,
    })
    .where(inArray(tp.id, ids))
}
