import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import {
  applications,
  companies,
  jobVacancies,
  testParticipants,
  testSchedules,
} from '../../db/schema/index.js'
import { endsAt } from '../schedules/queries.js'

const s = testSchedules
const tp = testParticipants

/** Check-in opens this long before a test starts. */
export const OPENS_MINUTES_BEFORE = 60

const timestamp = (expr: SQL) => expr.mapWith(s.scheduledAt)

/** A schedule with its check-in window and the database's clock (one for every instance). */
const windowFields = {
  id: s.id,
  name: s.name,
  kind: s.kind,
  scheduledAt: s.scheduledAt,
  location: s.location,
  status: s.status,
  secret: s.checkInSecret,
  opensAt: timestamp(sql`${s.scheduledAt} - make_interval(mins => ${OPENS_MINUTES_BEFORE})`),
  closesAt: timestamp(sql`${endsAt}`),
  now: timestamp(sql`now()`),
  vacancyTitle: jobVacancies.title,
  vacancyDeleted: sql<boolean>`(${jobVacancies.deletedAt} is not null)`,
  companyName: companies.name,
}

/**
 * The schedule (of the company, or any for staff: `companyId` null) with its check-in window; with `lock`,
 * share-locked for a check-in, so that a move or a cancellation of the test takes turns with it (a check-in
 * waiting on one then reads the new time, instead of marking `hadir` for the old one after the move).
 */
export async function scheduleWindow(conn: Conn, id: number, companyId: number | null, lock = false) {
  const query = conn
    .select(windowFields)
    .from(s)
    .innerJoin(jobVacancies, eq(jobVacancies.id, s.jobVacancyId))
    .innerJoin(companies, eq(companies.id, s.companyId))
    .where(and(eq(s.id, id), companyId === null ? undefined : eq(s.companyId, companyId)))
  const [row] = await (lock ? query.for('share', { of: s }) : query)
  return row
}

export type ScheduleWindow = NonNullable<Awaited<ReturnType<typeof scheduleWindow>>>

/** The schedule's check-in secret, made now when it has none (one statement: two instances agree). */
export async function ensureSecret(conn: Conn, id: number, fresh: string) {
  const [row] = await conn
    .update(s)
    .set({ checkInSecret: sql`coalesce(${s.checkInSecret}, ${fresh})` })
    .where(eq(s.id, id))
    .returning({ secret: s.checkInSecret })
  return row.secret as string
}

/**
 * The learner's participation in the schedule (through their application), locked for the check-in. A learner
 * may hold two in one test, one of an application the school withdrew (released) and one of the application
 * made after that was undone: the one still taking part.
 */
export async function lockOwnParticipant(tx: Conn, scheduleId: number, studentId: number) {
  const [row] = await tx
    .select({
      id: tp.id,
      applicationId: tp.applicationId,
      applicationStatus: applications.status,
      attendanceStatus: tp.attendanceStatus,
      validationStatus: tp.validationStatus,
      checkedInAt: tp.checkedInAt,
      markedAt: tp.markedAt,
    })
    .from(tp)
    .innerJoin(applications, eq(applications.id, tp.applicationId))
    .where(and(eq(tp.testScheduleId, scheduleId), eq(applications.studentId, studentId)))
    .orderBy(sql`${tp.releasedAt} is not null`, sql`${tp.id} desc`)
    .limit(1)
    .for('update', { of: tp })
  return row
}

/**
 * The participant checked in: `hadir` now, marked by themselves, with the check-in time as its evidence.
 * A mark the career center rejected goes back to its queue (as when HR marks again).
 */
export async function checkIn(
  tx: Conn,
  participantId: number,
  mark: { userId: number; resetValidation: boolean },
) {
  const [row] = await tx
    .update(tp)
    .set({
      attendanceStatus: 'hadir',
      markedStatus: 'hadir',
      checkedInAt: sql`now()`,
      markedAt: sql`now()`,
      markedBy: mark.userId,
      ...(mark.resetValidation ? { validationStatus: 'pending', validatedBy: null, validatedAt: null } : {}),
    })
    .where(eq(tp.id, participantId))
    .returning({ checkedInAt: tp.checkedInAt })
  return row.checkedInAt as Date
}
