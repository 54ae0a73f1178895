import { Type } from '@sinclair/typebox'
import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import {
  applicationEvents,
  applicationFiles,
  applications,
  files,
  IN_SELECTION,
  jobVacancies,
} from '../../db/schema/index.js'
import { type FileRefJson, fileJson, fileOut } from '../../http/shapes/file.js'

/**
 * Pieces that the applicant's view (`my-applications`) and HR's view (`applicant-reviews`) of an
 * application share: the timeline and the attached files, each read as one JSON subquery so that a
 * detail page stays one SQL statement.
 */

export const TimelineEntry = Type.Object({
  stage: Type.String(),
  status: Type.String(),
  notes: Type.Union([Type.String(), Type.Null()]),
  /** The name of who made the change (the applicant, an HR officer), null for the system. */
  actor: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
})

export const LastEvent = Type.Object({
  stage: Type.String(),
  status: Type.String(),
  at: Type.String({ format: 'date-time' }),
})

interface EventJson {
  stage: string
  status: string
  notes: string | null
  actor: string | null
  at: string
}

/** JSON timestamps come back in the session's offset; answers are ISO 8601 in UTC. */
const iso = (at: string) => new Date(at).toISOString()

const visibleOnly = (onlyVisible: boolean) =>
  onlyVisible ? sql`and ${applicationEvents.visibleToApplicant}` : sql``

/** The whole timeline of the application whose id is `applicationId`, oldest first. */
export const timelineOf = (applicationId: AnyColumn | SQL, onlyVisible: boolean) => sql<EventJson[]>`(
  select coalesce(json_agg(json_build_object(
    'stage', ${applicationEvents.stage}, 'status', ${applicationEvents.status},
    'notes', ${applicationEvents.notes}, 'actor', ${applicationEvents.actorName}, 'at', ${applicationEvents.at}
  ) order by ${applicationEvents.at}, ${applicationEvents.id}), '[]'::json)
  from ${applicationEvents}
  where ${applicationEvents.applicationId} = ${applicationId} ${visibleOnly(onlyVisible)})`

/** The latest timeline row of the application, or null. */
export const lastEventOf = (applicationId: AnyColumn | SQL, onlyVisible: boolean) => sql<Omit<
  EventJson,
  'notes' | 'actor'
> | null>`(
  select json_build_object('stage', ${applicationEvents.stage}, 'status', ${applicationEvents.status}, 'at', ${applicationEvents.at})
  from ${applicationEvents}
  where ${applicationEvents.applicationId} = ${applicationId} ${visibleOnly(onlyVisible)}
  order by ${applicationEvents.at} desc, ${applicationEvents.id} desc
  limit 1)`

export const timelineOut = (rows: EventJson[]) =>
  rows.map((e) => ({ stage: e.stage, status: e.status, notes: e.notes, actor: e.actor, at: iso(e.at) }))

export const lastEventOut = (e: Omit<EventJson, 'notes' | 'actor'> | null) =>
  e ? { stage: e.stage, status: e.status, at: iso(e.at) } : null

/** A file reference as `fileJson` builds it, plus whether it was attached to the application. */
type AttachedFileJson = FileRefJson & { attached: boolean }

/** The portfolio files attached to the application when it was submitted, oldest first. */
export const attachedFilesOf = (applicationId: AnyColumn | SQL) => sql<AttachedFileJson[]>`(
  select coalesce(json_agg(${fileJson({ attached: sql`true` })} order by ${files.createdAt}, ${files.id}), '[]'::json)
  from ${applicationFiles} join ${files} on ${files.id} = ${applicationFiles.fileId}
  where ${applicationFiles.applicationId} = ${applicationId})`

/**
 * The files of an application as the company's HR reads them (src/modules/files/queries.ts): the attached
 * ones, and, while the learner has an application to the company in the selection, every other portfolio
 * file of theirs (decision letters excluded: they belong to other applications); attached ones first.
 */
export const portfolioFilesOf = (
  applicationId: AnyColumn | SQL,
  studentId: AnyColumn | SQL,
  companyId: number,
) => {
  const attached = sql`exists (select 1 from ${applicationFiles} where ${applicationFiles.applicationId} = ${applicationId} and ${applicationFiles.fileId} = ${files.id})`
  const inSelectionHere = sql`exists (
      select 1 from ${applications} a join ${jobVacancies} v on v.id = a.job_vacancy_id
      where a.student_id = ${studentId} and v.company_id = ${companyId}
        and a.status in (${sql.join(
          IN_SELECTION.map((s) => sql`${s}`),
          sql`, `,
        )}))`
  return sql<AttachedFileJson[]>`(
  select coalesce(json_agg(f.file order by f.attached desc, f.created_at desc, f.id desc), '[]'::json)
  from (
    select ${fileJson({ attached })} as file, ${attached} as attached, ${files.createdAt} as created_at, ${files.id} as id
    from ${files}
    where (${files.studentId} = ${studentId} and ${files.category} <> 'decision_letter' and ${inSelectionHere})
       or ${files.id} in (select ${applicationFiles.fileId} from ${applicationFiles} where ${applicationFiles.applicationId} = ${applicationId})
  ) f)`
}

export const filesOut = (rows: FileRefJson[]) => rows.map((f) => fileOut(f))

/** HR's view: each file also says whether it was attached to the application. */
export const filesWithAttachedOut = (rows: AttachedFileJson[]) =>
  rows.map((f) => ({ ...fileOut(f), attached: f.attached }))
