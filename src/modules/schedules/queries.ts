import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Conn } from '../../db/client.js'
import { learnerEmail } from '../../db/learner-email.js'
import { byName } from '../../db/order.js'
import {
  type AttendanceStatus,
  applications,
  companies,
  jobVacancies,
  majors,
  notifications,
  selectionResults,
  students,
  type TestKind,
  testParticipants,
  testSchedules,
  users,
  type ValidationStatus,
} from '../../db/schema/index.js'
import { schoolDayOf, schoolDayStartOf } from '../../db/school-day.js'
import { likePattern, type Page, totalOf } from '../../http/envelope.js'
import { applicantColumns, applicantSearch } from '../../http/shapes/applicant.js'
import { tookPart } from '../attendance/queries.js'

const s = testSchedules
const tp = testParticipants

export type ScheduleStatus = 'scheduled' | 'ongoing' | 'done' | 'cancelled'

/**
 * When a test is over: its start plus its duration, or, without a duration, the end of its day in the
 * school's time zone (docs/decisions.md, "Test schedules").
 */
export const endsAt = sql<Date>`coalesce(${s.scheduledAt} + make_interval(mins => ${s.durationMinutes}),
  ${schoolDayStartOf(sql`${schoolDayOf(s.scheduledAt)} + 1`)})`

/**
 * What a client sees: cancelled; scheduled (still ahead); ongoing from its start until it ends; done
 * after. The database's clock decides.
 */
export const scheduleStatus = sql<ScheduleStatus>`(case when ${s.status} = 'cancelled' then 'cancelled'
  when ${s.scheduledAt} > now() then 'scheduled' when ${endsAt} > now() then 'ongoing' else 'done' end)`

/** True once the test's time has come (attendance can be marked, nothing can be changed). */
export const hasStarted = sql<boolean>`(${s.scheduledAt} <= now())`

export interface ParticipantCounts {
  total: number
  hadir: number
  izin: number
  alpa: number
  unmarked: number
  released: number
  pending: number
  verified: number
  rejected: number
}

/** The participants of the schedule `scheduleId` counted by attendance and validation status. */
export const participantCountsOf = (scheduleId: SQL | typeof s.id) => sql<ParticipantCounts>`(
  select json_build_object(
    'total', count(*),
    'hadir', count(*) filter (where ${tp.attendanceStatus} = 'hadir'),
    'izin', count(*) filter (where ${tp.attendanceStatus} = 'izin'),
    'alpa', count(*) filter (where ${tp.attendanceStatus} = 'alpa'),
    'unmarked', count(*) filter (where ${tp.attendanceStatus} is null and ${tookPart()}),
    'released', count(*) filter (where not ${tookPart()}),
    'pending', count(*) filter (where ${tp.validationStatus} = 'pending' and ${tookPart()}),
    'verified', count(*) filter (where ${tp.validationStatus} = 'verified'),
    'rejected', count(*) filter (where ${tp.validationStatus} = 'rejected'))
  from ${tp} where ${tp.testScheduleId} = ${scheduleId})`

const scheduleFields = {
  id: s.id,
  name: s.name,
  kind: s.kind,
  scheduledAt: s.scheduledAt,
  durationMinutes: s.durationMinutes,
  location: s.location,
  description: s.description,
  minimumScore: s.minimumScore,
  status: scheduleStatus,
  cancelledAt: s.cancelledAt,
  cancelReason: s.cancelReason,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  vacancyId: jobVacancies.id,
  vacancyTitle: jobVacancies.title,
  vacancyPosition: jobVacancies.position,
  counts: participantCountsOf(s.id),
}

export type ScheduleRow = NonNullable<Awaited<ReturnType<typeof scheduleOfCompany>>>

export interface ScheduleFilters {
  jobVacancyId?: number
  kind?: TestKind
  status?: ScheduleStatus
  /** Scheduled at or after this instant. */
  from?: Date
  /** Scheduled before this instant. */
  before?: Date
  search?: string
}

function statusIs(status: ScheduleStatus): SQL {
  if (status === 'cancelled') return eq(s.status, 'cancelled')
  const when = {
    scheduled: sql`${s.scheduledAt} > now()`,
    ongoing: sql`${s.scheduledAt} <= now() and ${endsAt} > now()`,
    done: sql`${endsAt} <= now()`,
  }[status]
  return and(eq(s.status, 'scheduled'), when) as SQL
}

const fromSchedules = (conn: Conn) =>
  conn.select(scheduleFields).from(s).innerJoin(jobVacancies, eq(jobVacancies.id, s.jobVacancyId))

/** One page of the company's schedules, latest first, with the total of the filter: one statement. */
export async function schedulePage(conn: Conn, companyId: number, f: ScheduleFilters, page: Page) {
  const search = f.search?.trim()
  const where = and(
    eq(s.companyId, companyId),
    f.jobVacancyId ? eq(s.jobVacancyId, f.jobVacancyId) : undefined,
    f.kind ? eq(s.kind, f.kind) : undefined,
    f.status ? statusIs(f.status) : undefined,
    f.from ? gte(s.scheduledAt, f.from) : undefined,
    f.before ? lt(s.scheduledAt, f.before) : undefined,
    search ? or(ilike(s.name, likePattern(search)), ilike(s.location, likePattern(search))) : undefined,
  )
  const rows = await conn
    .select({ ...scheduleFields, total: sql<number>`(count(*) over ())::int` })
    .from(s)
    .innerJoin(jobVacancies, eq(jobVacancies.id, s.jobVacancyId))
    .where(where)
    .orderBy(desc(s.scheduledAt), desc(s.id))
    .limit(page.limit)
    .offset(page.offset)
  const total = await totalOf(rows, page, () =>
    conn.select({ n: sql<number>`count(*)::int` }).from(s).where(where),
  )
  return { rows, total }
}

export async function scheduleOfCompany(conn: Conn, companyId: number, id: number) {
  const [row] = await fromSchedules(conn).where(and(eq(s.id, id), eq(s.companyId, companyId)))
  return row
}

/** The schedules of one vacancy (any company), soonest last, for the career center's progress page. */
export function schedulesOfVacancy(conn: Conn, vacancyId: number) {
  return fromSchedules(conn).where(eq(s.jobVacancyId, vacancyId)).orderBy(asc(s.scheduledAt), asc(s.id))
}

/**
 * A test as its messages and invitations describe it (`TestFacts` of invitations.ts but the cancellation's
 * reason), selected from a schedule joined to its vacancy and company.
 */
export const testFactsColumns = {
  scheduleId: s.id,
  name: s.name,
  kind: s.kind,
  scheduledAt: s.scheduledAt,
  durationMinutes: s.durationMinutes,
  location: s.location,
  description: s.description,
  sequence: s.sequence,
  calendarHost: s.calendarHost,
  vacancyTitle: jobVacancies.title,
  companyName: companies.name,
}

/**
 * Locks the company's schedule for a change, with what the change's rules and notifications need.
 * The lock serialises changes of one schedule (update, cancel, reminders).
 */
export async function lockSchedule(tx: Conn, companyId: number, id: number) {
  const [row] = await tx
    .select({
      id: s.id,
      ...testFactsColumns,
      jobVacancyId: s.jobVacancyId,
      status: s.status,
      started: hasStarted,
      vacancyDeleted: sql<boolean>`${jobVacancies.deletedAt} is not null`,
      updatedAt: s.updatedAt,
    })
    .from(s)
    .innerJoin(jobVacancies, eq(jobVacancies.id, s.jobVacancyId))
    .innerJoin(companies, eq(companies.id, s.companyId))
    .where(and(eq(s.id, id), eq(s.companyId, companyId)))
    .for('update', { of: s })
  return row
}

export type LockedSchedule = NonNullable<Awaited<ReturnType<typeof lockSchedule>>>

/** The company's vacancy (not deleted) a schedule is for, and the database's clock. */
export async function vacancyOfCompany(conn: Conn, companyId: number, id: number) {
  const [row] = await conn
    .select({
      id: jobVacancies.id,
      title: jobVacancies.title,
      companyName: companies.name,
      companyActive: companies.isActive,
      now: sql<Date>`now()`.mapWith(s.scheduledAt),
    })
    .from(jobVacancies)
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .where(
      and(eq(jobVacancies.id, id), eq(jobVacancies.companyId, companyId), isNull(jobVacancies.deletedAt)),
    )
    // Until the schedule is stored: a delete of the vacancy, or the company switched off, meanwhile waits, then
    // finds the new test among those it cancels (or, first, leaves nothing to schedule for).
    .for('share', { of: [jobVacancies, companies] })
  return row
}

/** The database's clock (one for every API instance). */
export async function now(conn: Conn): Promise<Date> {
  const [row] = await conn
    .select({ now: sql<Date>`now()`.mapWith(s.scheduledAt) })
    .from(sql`(values (1)) as one (x)`)
  return row.now
}

/** The applicant's account, for the notice, and the address the e-mail goes to (`learnerEmail`). */
const recipientFields = {
  userId: students.userId,
  email: learnerEmail(),
  fullName: users.fullName,
  active: users.isActive,
}

/**
 * The applications among `ids` of the vacancy, share-locked (a withdrawal waits for the schedule's
 * transaction), with the applicant's account for the notification. In id order.
 */
export function applicationsOfVacancy(tx: Conn, vacancyId: number, ids: number[]) {
  return tx
    .select({
      id: applications.id,
      status: applications.status,
      applicantName: students.fullName,
      ...recipientFields,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(and(eq(applications.jobVacancyId, vacancyId), inArray(applications.id, ids)))
    .orderBy(asc(applications.id))
    .for('share', { of: applications })
}

/**
 * The same test already scheduled for one of `applicationIds`: a test of the vacancy, of `kind`, at the same
 * instant, not cancelled (other than `exceptId`), that one of them takes part in (not released). An applicant
 * cannot sit two such tests at once: a second is a copy (a retried request, a form sent twice, a script), and
 * each copy invited every participant again. Callers hold `lockTestsOfVacancy` first.
 */
export async function sameTestOf(
  tx: Conn,
  t: { vacancyId: number; kind: TestKind; scheduledAt: Date; applicationIds: number[]; exceptId?: number },
) {
  if (t.applicationIds.length === 0) return undefined
  const [row] = await tx
    .select({
      id: s.id,
      name: s.name,
      kind: s.kind,
      scheduledAt: s.scheduledAt,
      applicantName: students.fullName,
    })
    .from(s)
    .innerJoin(tp, eq(tp.testScheduleId, s.id))
    .innerJoin(applications, eq(applications.id, tp.applicationId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .where(
      and(
        eq(s.jobVacancyId, t.vacancyId),
        eq(s.kind, t.kind),
        eq(s.scheduledAt, t.scheduledAt),
        sql`${s.status} <> 'cancelled'`,
        t.exceptId !== undefined ? sql`${s.id} <> ${t.exceptId}` : undefined,
        inArray(tp.applicationId, t.applicationIds),
        isNull(tp.releasedAt),
      ),
    )
    .orderBy(asc(s.id), asc(tp.applicationId))
    .limit(1)
  return row
}

/** The notices of a test a learner's next change replaces while unread (`forgetUnreadChangesOf`). */
const CHANGE_NOTICES = ['test.scheduled', 'test.updated', 'test.removed']

/**
 * Deletes the learners' unread notices of the test's earlier changes (moved, removed, added back), each of its
 * own application: the change's notice being written says where the test stands now, and a burst of HR's saves
 * left one per save in the bell. The learner's first notice of the test (the invitation) stays, and so do read
 * ones, as what the learner was told.
 */
export async function forgetUnreadChangesOf(
  tx: Conn,
  scheduleId: number,
  recipients: { applicationId: number; userId: number | null }[],
) {
  const pairs = recipients.flatMap((r) =>
    r.userId ? [sql`(${r.userId}::int, ${String(r.applicationId)})`] : [],
  )
  if (pairs.length === 0) return
  const n = notifications
  const ofTest = (t: typeof n) => sql`${t.data}->>'testScheduleId' = ${String(scheduleId)}`
  await tx.execute(sql`
    delete from ${n}
     where ${n.readAt} is null
       and ${n.kind} in (${sql.join(
         CHANGE_NOTICES.map((k) => sql`${k}`),
         sql`, `,
       )})
       and ${ofTest(n)}
       and (${n.userId}, ${n.data}->>'applicationId') in (${sql.join(pairs, sql`, `)})
       and ${n.id} > (select min(first.id) from ${n} first
                       where first.user_id = ${n.userId}
                         and first.data->>'testScheduleId' = ${String(scheduleId)}
                         and first.data->>'applicationId' = ${n.data}->>'applicationId')`)
}

/**
 * Makes the changes of a vacancy's tests that could schedule the same test twice take turns (two copies of one
 * create request arriving together would each find no other): until the transaction ends.
 */
export async function lockTestsOfVacancy(tx: Conn, vacancyId: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('test-schedules-of-vacancy'), ${vacancyId}::int)`,
  )
}

/**
 * Every participant of the schedule with the applicant's account (for notifications and e-mails) and the
 * application's status (only `in_progress` is still in the selection: a withdrawn applicant is not told of
 * changes).
 */
export function participantsOf(tx: Conn, scheduleId: number, opts: { lockApplications?: boolean } = {}) {
  const query = tx
    .select({
      id: tp.id,
      applicationId: tp.applicationId,
      applicationStatus: applications.status,
      validationStatus: tp.validationStatus,
      applicantName: students.fullName,
      ...recipientFields,
    })
    .from(tp)
    .innerJoin(applications, eq(applications.id, tp.applicationId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(eq(tp.testScheduleId, scheduleId))
    .orderBy(asc(tp.id))
  // Share-locked: a withdrawal or a publication committing meanwhile is waited for, and its status read.
  return opts.lockApplications ? query.for('share', { of: applications }) : query
}

export async function insertSchedule(tx: Conn, values: typeof s.$inferInsert) {
  const [row] = await tx.insert(s).values(values).returning({ id: s.id })
  return row.id
}

export async function addParticipants(tx: Conn, scheduleId: number, applicationIds: number[]) {
  if (applicationIds.length === 0) return
  await tx
    .insert(tp)
    .values(applicationIds.map((applicationId) => ({ testScheduleId: scheduleId, applicationId })))
}

export async function removeParticipants(tx: Conn, scheduleId: number, applicationIds: number[]) {
  if (applicationIds.length === 0) return
  await tx.delete(tp).where(and(eq(tp.testScheduleId, scheduleId), inArray(tp.applicationId, applicationIds)))
}

/**
 * Clears the attendance marks of a test that moved to another time (before it began, so they are check-ins
 * made for the old time, none validated yet): the participants check in again for the new one.
 */
export async function clearAttendanceMarks(tx: Conn, scheduleId: number) {
  await tx
    .update(tp)
    .set({
      attendanceStatus: null,
      markedStatus: null,
      attendanceNotes: null,
      markedBy: null,
      markedAt: null,
      checkedInAt: null,
    })
    .where(and(eq(tp.testScheduleId, scheduleId), eq(tp.validationStatus, 'pending')))
}

/** Raises the schedule's calendar SEQUENCE (its invitations change); answers the new value. */
/** The vacancy's schedules that are neither cancelled nor begun, in id order (the order they are locked in). */
export async function upcomingSchedulesOf(tx: Conn, of: { vacancyId: number } | { companyId: number }) {
  const rows = await tx
    .select({ id: s.id })
    .from(s)
    .where(
      and(
        'vacancyId' in of ? eq(s.jobVacancyId, of.vacancyId) : eq(s.companyId, of.companyId),
        eq(s.status, 'scheduled'),
        sql`not ${hasStarted}`,
      ),
    )
    .orderBy(s.id)
  return rows.map((r) => r.id)
}

/**
 * The tests still ahead (scheduled, not begun) that the applications take part in: each test as its messages
 * describe it, with the participant's application and account. By test, then participant.
 */
export function upcomingTestsOf(tx: Conn, applicationIds: number[]) {
  return tx
    .select({ ...testFactsColumns, applicationId: tp.applicationId, ...recipientFields })
    .from(tp)
    .innerJoin(s, eq(s.id, tp.testScheduleId))
    .innerJoin(jobVacancies, eq(jobVacancies.id, s.jobVacancyId))
    .innerJoin(companies, eq(companies.id, s.companyId))
    .innerJoin(applications, eq(applications.id, tp.applicationId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(and(inArray(tp.applicationId, applicationIds), eq(s.status, 'scheduled'), sql`not ${hasStarted}`))
    .orderBy(asc(s.id), asc(tp.id))
}

/** Marks the applications' participations in tests still ahead as released (they left the selection). */
export async function releaseUpcoming(tx: Conn, applicationIds: number[]) {
  await tx
    .update(tp)
    .set({ releasedAt: sql`now()` })
    .from(s)
    .where(
      and(
        eq(s.id, tp.testScheduleId),
        inArray(tp.applicationId, applicationIds),
        eq(s.status, 'scheduled'),
        sql`not ${hasStarted}`,
      ),
    )
}

export async function bumpSequence(tx: Conn, id: number) {
  const [row] = await tx
    .update(s)
    .set({ sequence: sql`${s.sequence} + 1` })
    .where(eq(s.id, id))
    .returning({ sequence: s.sequence })
  return row.sequence
}

export async function updateSchedule(
  tx: Conn,
  id: number,
  values: Omit<Partial<typeof s.$inferInsert>, 'cancelledAt'> & { cancelledAt?: Date | SQL },
) {
  await tx
    .update(s)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(s.id, id))
}

// ---------------------------------------------------------------- participants

export type AttendanceFilter = AttendanceStatus | 'unmarked'

export interface ParticipantFilters {
  attendanceStatus?: AttendanceFilter
  validationStatus?: ValidationStatus
  search?: string
}

const validator = alias(users, 'validator')

/**
 * A participant's score in this test: what HR entered in the selection result for the test's kind (psikotes: the
 * psychotest score, wawancara: the interview score, mcu: the MCU score); a written or practical test has no score
 * of its own there (null). Nothing writes `test_participants.score` (it is read first, for data put there by
 * hand): the test page's "Nilai" read "–" for ever while HR entered scores on the results page.
 */
const participantScore = sql<number | null>`coalesce(${tp.score}::float8, (
  select (case ${testSchedules.kind}
    when 'psikotes' then ${selectionResults.psychotestScore}
    when 'wawancara' then ${selectionResults.interviewScore}
    when 'mcu' then ${selectionResults.mcuScore} end)::float8
  from ${selectionResults}, ${testSchedules}
  where ${selectionResults.applicationId} = ${tp.applicationId} and ${testSchedules.id} = ${tp.testScheduleId}))`

const participantFields = {
  id: tp.id,
  applicationId: tp.applicationId,
  applicationStatus: applications.status,
  ...applicantColumns,
  attendanceStatus: tp.attendanceStatus,
  attendanceNotes: tp.attendanceNotes,
  markedAt: tp.markedAt,
  validationStatus: tp.validationStatus,
  validationNotes: tp.validationNotes,
  validatedAt: tp.validatedAt,
  validatorId: validator.id,
  validatorName: validator.fullName,
  score: participantScore,
  lastRemindedAt: tp.lastRemindedAt,
  checkedInAt: tp.checkedInAt,
}

export type ParticipantRow = NonNullable<Awaited<ReturnType<typeof participantOfSchedule>>>

const fromParticipantsWith = <E extends Record<string, SQL.Aliased | SQL>>(conn: Conn, extra: E) =>
  conn
    .select({ ...participantFields, ...extra })
    .from(tp)
    .innerJoin(applications, eq(applications.id, tp.applicationId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .leftJoin(validator, eq(validator.id, tp.validatedBy))

export function attendanceIs(status: AttendanceFilter): SQL {
  return status === 'unmarked'
    ? (isNull(tp.attendanceStatus) as SQL)
    : (eq(tp.attendanceStatus, status) as SQL)
}

/** One page of a schedule's participants by name, with the total of the filter: one statement. */
export async function participantPage(conn: Conn, scheduleId: number, f: ParticipantFilters, page: Page) {
  const search = f.search?.trim()
  const where = and(
    eq(tp.testScheduleId, scheduleId),
    f.attendanceStatus ? attendanceIs(f.attendanceStatus) : undefined,
    f.validationStatus ? eq(tp.validationStatus, f.validationStatus) : undefined,
    search ? applicantSearch(search) : undefined,
  )
  const rows = await fromParticipantsWith(conn, { total: sql<number>`(count(*) over ())::int` })
    .where(where)
    .orderBy(...byName(students.fullName), asc(tp.id))
    .limit(page.limit)
    .offset(page.offset)
  const total = await totalOf(rows, page, () =>
    conn
      .select({ n: sql<number>`count(*)::int` })
      .from(tp)
      .innerJoin(applications, eq(applications.id, tp.applicationId))
      .innerJoin(students, eq(students.id, applications.studentId))
      .where(where),
  )
  return { rows, total }
}

export async function participantOfSchedule(conn: Conn, scheduleId: number, participantId: number) {
  const [row] = await fromParticipantsWith(conn, {}).where(
    and(eq(tp.testScheduleId, scheduleId), eq(tp.id, participantId)),
  )
  return row
}

/** Locks one participant of the schedule for HR's attendance mark. */
export async function lockParticipant(tx: Conn, scheduleId: number, participantId: number) {
  const [row] = await tx
    .select({ id: tp.id, attendanceNotes: tp.attendanceNotes, validationStatus: tp.validationStatus })
    .from(tp)
    .where(and(eq(tp.testScheduleId, scheduleId), eq(tp.id, participantId)))
    .for('update')
  return row
}

export async function markAttendance(
  tx: Conn,
  participantId: number,
  mark: { status: AttendanceStatus; notes: string | null; markedBy: number; resetValidation: boolean },
) {
  await tx
    .update(tp)
    .set({
      attendanceStatus: mark.status,
      markedStatus: mark.status,
      attendanceNotes: mark.notes,
      markedBy: mark.markedBy,
      markedAt: sql`now()`,
      ...(mark.resetValidation ? { validationStatus: 'pending', validatedBy: null, validatedAt: null } : {}),
    })
    .where(eq(tp.id, participantId))
}
