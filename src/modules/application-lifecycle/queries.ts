import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { type Conn, queryBuilder } from '../../db/client.js'
import { preparedByKey } from '../../db/prepared.js'
import {
  type ApplicationStatus,
  applicationEvents,
  applications,
  IN_SELECTION,
  jobVacancies,
  placements,
  selectionResults,
} from '../../db/schema/index.js'
import type { Template } from '../messages/render.js'
import { hrNoticesOfApplication } from '../notifications/service.js'
import { HIDDEN_STAGES, TRANSITIONS } from './transitions.js'

export type ApplicationChanges = Omit<PgUpdateSetSource<typeof applications>, 'status' | 'updatedAt'>
export type EventRow = typeof applicationEvents.$inferInsert

/**
 * The application an apply inserts, as the CTE of its statement (`insertApplication`): what the rest of that
 * statement reads of it. A row a statement inserts is not visible in its table to the rest of the statement,
 * only through the CTE's RETURNING. Only its name and columns are used here: the statement writes its
 * definition (the INSERT) itself.
 */
export const newApplication = queryBuilder
  .$with('new_application', {
    id: applications.id,
    status: applications.status,
    jobVacancyId: applications.jobVacancyId,
    studentId: applications.studentId,
    createdAt: applications.createdAt,
  })
  .as(sql``)
export type NewApplication = typeof newApplication

/**
 * A new pending application, its first timeline row and the notices to HR about it, in the wording of
 * `template`: one statement, one round trip. Undefined, and nothing written, when the learner already
 * applied (ON CONFLICT DO NOTHING on applications_vacancy_student_key, which leaves out applications the
 * school withdrew: the CTE returns no row, so the other two insert none).
 */
export async function insertApplication(
  conn: Conn,
  a: {
    vacancyId: number
    studentId: number
    role: 'siswa' | 'alumni'
    coverLetter: string | null
    actorId: number
    actorName: string
  },
  template: Template,
) {
  const [row] = await insertApplicationStatement(conn, template, a)
  return row
}

/** Built once per wording of HR's notice (the SQL follows where its placeholders fall). */
const insertApplicationStatement = preparedByKey<
  Template,
  { id: number; status: ApplicationStatus; jobVacancyId: number; createdAt: Date; hrTold: number }
>(
  'application_insert',
  (t) => `${t.title}\0${t.body}`,
  (template, conn) => {
    const insert = conn
      .insert(applications)
      .values({
        jobVacancyId: sql.placeholder('vacancyId'),
        studentId: sql.placeholder('studentId'),
        applicantRole: sql.placeholder('role'),
        status: TRANSITIONS.applied.to,
        coverLetter: sql.placeholder('coverLetter'),
      })
      // The partial key: an application the school withdrew does not count (`withdrawnBySchool`).
      .onConflictDoNothing({
        target: [applications.jobVacancyId, applications.studentId],
        where: sql`not ${applications.withdrawnBySchool}`,
      })
      .returning({
        id: applications.id,
        status: applications.status,
        jobVacancyId: applications.jobVacancyId,
        studentId: applications.studentId,
        createdAt: applications.createdAt,
      })
    const event = sql`insert into ${applicationEvents} (application_id, stage, status, actor_id, actor_name)
      select ${newApplication.id}, ${TRANSITIONS.applied.stage}::text, ${TRANSITIONS.applied.to}::text,
        ${sql.placeholder('actorId')}::int, ${sql.placeholder('actorName')}::text
      from ${newApplication}`
    return sql`with ${sql.identifier(newApplication._.alias)} as (${insert.getSQL()}),
      applied_event as (${event}),
      notices as (${hrNoticesOfApplication(template, newApplication)})
    select id, status, job_vacancy_id as "jobVacancyId", created_at as "createdAt",
      (select count(*)::int from notices) as "hrTold" from ${newApplication}`
  },
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

/**
 * Whether the applicant of an application still in the selection was accepted by another company since applying
 * to it: a published acceptance there (its placement through bursa not ended) after this application was made.
 * For a query that has `applications` and the application's `job_vacancies` in scope. The other company is
 * never named (the learner's business); an acceptance older than the application (someone at work applying
 * for a new job) does not count, nor one whose placement ended (`moved`, `resigned`).
 */
export const placedElsewhereSinceApplying = sql<boolean>`(${applications.status} in (${sql.join(
  IN_SELECTION.map((s) => sql`${s}`),
  sql`, `,
)}) and exists (
  select 1 from ${placements} as p join ${selectionResults} as r on r.application_id = p.application_id
  where p.student_id = ${applications.studentId} and p.source = 'bursa' and p.deleted_at is null
    and p.status in ('active', 'contract_extended', 'permanent') and p.company_id <> ${jobVacancies.companyId}
    and r.is_published and r.published_at >= ${applications.createdAt}))`
