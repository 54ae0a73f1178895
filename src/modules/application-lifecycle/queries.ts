import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Conn } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import { type ApplicationStatus, applicationEvents, applications } from '../../db/schema/index.js'
import { HIDDEN_STAGES, TRANSITIONS } from './transitions.js'

export type ApplicationChanges = Omit<PgUpdateSetSource<typeof applications>, 'status' | 'updatedAt'>
export type EventRow = typeof applicationEvents.$inferInsert

/** A new pending application, unless the learner already applied (ON CONFLICT DO NOTHING: undefined). */
export async function insertApplication(
  conn: Conn,
  a: { vacancyId: number; studentId: number; role: 'siswa' | 'alumni'; coverLetter: string | null },
) {
  const [row] = await insertApplicationStatement(conn).execute(a)
  return row
}

const insertApplicationStatement = prepared((conn) =>
  conn
    .insert(applications)
    .values({
      jobVacancyId: sql.placeholder('vacancyId'),
      studentId: sql.placeholder('studentId'),
      applicantRole: sql.placeholder('role'),
      status: TRANSITIONS.applied.to,
      coverLetter: sql.placeholder('coverLetter'),
    })
    .onConflictDoNothing({ target: [applications.jobVacancyId, applications.studentId] })
    .returning({
      id: applications.id,
      status: applications.status,
      jobVacancyId: applications.jobVacancyId,
      createdAt: applications.createdAt,
    })
    .prepare('application_insert'),
)

/** The first row of an application's timeline. */
export async function insertAppliedEvent(
  conn: Conn,
  e: { applicationId: number; actorId: number; actorName: string },
) {
  await insertAppliedEventStatement(conn).execute(e)
}

const insertAppliedEventStatement = prepared((conn) =>
  conn
    .insert(applicationEvents)
    .values({
      applicationId: sql.placeholder('applicationId'),
      stage: TRANSITIONS.applied.stage,
      status: TRANSITIONS.applied.to,
      actorId: sql.placeholder('actorId'),
      actorName: sql.placeholder('actorName'),
    })
    .prepare('application_applied_event'),
)

/** Moves those of `ids` whose status is one of `from` to `to` (one statement); returns the moved ids. */
export async function setStatus(
  tx: Conn,
  ids: number[],
  from: readonly ApplicationStatus[],
  to: ApplicationStatus,
  changes: ApplicationChanges = {},
  where?: SQL,
) {
  const rows = await tx
    .update(applications)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(and(inArray(applications.id, ids), inArray(applications.status, [...from]), where))
    .returning({ id: applications.id })
  return rows.map((r) => r.id)
}

/** The hidden (draft) rows of the applications' timelines become visible to the applicant. */
export async function revealHidden(tx: Conn, applicationIds: number[]) {
  await tx
    .update(applicationEvents)
    .set({ visibleToApplicant: true })
    .where(
      and(
        inArray(applicationEvents.applicationId, applicationIds),
        inArray(applicationEvents.stage, HIDDEN_STAGES),
        eq(applicationEvents.visibleToApplicant, false),
      ),
    )
}

export async function insertEvents(tx: Conn, rows: EventRow[]) {
  if (rows.length > 0) await tx.insert(applicationEvents).values(rows)
}
