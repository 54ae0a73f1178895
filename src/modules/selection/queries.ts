import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Conn, Tx } from '../../db/client.js'
import {
  type AttendanceStatus,
  applications,
  companies,
  files,
  jobVacancies,
  majors,
  type SelectionDecision,
  selectionResults,
  students,
  type TestKind,
  testParticipants,
  testSchedules,
  type ValidationStatus,
} from '../../db/schema/index.js'
import type { Page } from '../../http/envelope.js'
import { applicantColumns, applicantSearch } from '../../http/shapes/applicant.js'
import { fileColumns } from '../../http/shapes/file.js'
import { placedElsewhereSinceApplying } from '../application-lifecycle/queries.js'
import { stageOf } from '../application-lifecycle/service.js'

/** Timeline stages the selection writes: hidden ones while a draft, the visible one at publish. */
export const STAGES = {
  scored: stageOf('selectionScored'),
  decision: stageOf('selectionDecided'),
  published: stageOf('publishedAccepted'),
}

const nested = <T>(expr: SQL<T>) => sql<T>`${expr}`

/** Vacancies HR works on: of the company and not deleted. */
const ofCompany = (companyId: number) =>
  and(eq(jobVacancies.companyId, companyId), isNull(jobVacancies.deletedAt))

/**
 * Applications that reached the tests: in progress (scheduled, tested, scored or waitlisted), or
 * decided at a publication (accepted or rejected with a result). Those rejected at the document
 * review never had a result and stay out.
 */
const reachedTests = or(
  eq(applications.status, 'in_progress'),
  and(inArray(applications.status, ['accepted', 'rejected']), isNotNull(selectionResults.applicationId)),
)

export interface ResultFilters {
  jobVacancyId?: number
  /** Applications taking part in this test (HR scoring one session). */
  testScheduleId?: number
  decision?: SelectionDecision
  published?: boolean
  search?: string
}

/**
 * The company's vacancies, and the published results of those it deleted since: a deleted vacancy's selection is
 * over (its open applications were closed), but an acceptance published before its letter still takes one.
 */
const ofCompanyOrPublished = (companyId: number) =>
  and(
    eq(jobVacancies.companyId, companyId),
    or(isNull(jobVacancies.deletedAt), eq(selectionResults.isPublished, true)),
  )

function filtersOf(companyId: number, f: ResultFilters, applicationId?: number): SQL | undefined {
  const search = f.search?.trim()
  return and(
    ofCompanyOrPublished(companyId),
    reachedTests,
    applicationId ? eq(applications.id, applicationId) : undefined,
    f.jobVacancyId ? eq(applications.jobVacancyId, f.jobVacancyId) : undefined,
    f.testScheduleId
      ? sql`exists (select 1 from ${testParticipants} where ${testParticipants.applicationId} = ${applications.id}
          and ${testParticipants.testScheduleId} = ${f.testScheduleId})`
      : undefined,
    f.decision ? sql`coalesce(${selectionResults.decision}, 'pending') = ${f.decision}` : undefined,
    f.published === undefined
      ? undefined
      : sql`coalesce(${selectionResults.isPublished}, false) = ${f.published}`,
    search ? applicantSearch(search) : undefined,
  )
}

export interface AttendanceJson {
  scheduleId: number
  name: string
  kind: TestKind
  scheduledAt: string
  attendanceStatus: AttendanceStatus | null
  validationStatus: ValidationStatus
  score: number | null
}

/** The application's tests (cancelled ones left out) with its attendance at each, oldest first. */
const attendanceOf = (applicationId: SQL | typeof applications.id) => sql<AttendanceJson[]>`(
  select coalesce(json_agg(json_build_object(
    'scheduleId', ${testSchedules.id}, 'name', ${testSchedules.name}, 'kind', ${testSchedules.kind},
    'scheduledAt', ${testSchedules.scheduledAt}, 'attendanceStatus', ${testParticipants.attendanceStatus},
    'validationStatus', ${testParticipants.validationStatus}, 'score', ${testParticipants.score}
  ) order by ${testSchedules.scheduledAt}, ${testSchedules.id}), '[]'::json)
  from ${testParticipants} join ${testSchedules} on ${testSchedules.id} = ${testParticipants.testScheduleId}
  where ${testParticipants.applicationId} = ${applicationId} and ${testSchedules.status} <> 'cancelled')`

/** What HR enters of a result: its scores, notes and decision. */
const enteredColumns = {
  psychotestScore: selectionResults.psychotestScore,
  interviewScore: selectionResults.interviewScore,
  mcuScore: selectionResults.mcuScore,
  finalScore: selectionResults.finalScore,
  notes: selectionResults.notes,
  decision: selectionResults.decision,
}

const itemFields = {
  applicationId: applications.id,
  status: applications.status,
  ...applicantColumns,
  vacancyId: jobVacancies.id,
  vacancyTitle: jobVacancies.title,
  vacancyQuota: jobVacancies.quota,
  vacancyDeleted: sql<boolean>`${jobVacancies.deletedAt} is not null`,
  ...enteredColumns,
  isPublished: selectionResults.isPublished,
  publishedAt: selectionResults.publishedAt,
  resultUpdatedAt: selectionResults.updatedAt,
  letter: fileColumns,
  attendance: attendanceOf(applications.id),
  placedElsewhere: placedElsewhereSinceApplying,
}

const fromItems = (conn: Conn) =>
  conn
    .select(itemFields)
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .leftJoin(selectionResults, eq(selectionResults.applicationId, applications.id))
    .leftJoin(files, eq(files.id, selectionResults.letterFileId))

export type ResultRow = Awaited<ReturnType<typeof resultPage>>[number]

/** One page of results, highest final score first (unscored last), then in order of application. */
export function resultPage(conn: Conn, companyId: number, f: ResultFilters, page: Page) {
  return fromItems(conn)
    .where(filtersOf(companyId, f))
    .orderBy(sql`${selectionResults.finalScore} desc nulls last`, asc(applications.id))
    .limit(page.limit)
    .offset(page.offset)
}

export async function countResults(conn: Conn, companyId: number, f: ResultFilters) {
  const [row] = await conn
    .select({ total: sql<number>`count(*)::int` })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .leftJoin(selectionResults, eq(selectionResults.applicationId, applications.id))
    .where(filtersOf(companyId, f))
  return row.total
}

export async function resultItem(conn: Conn, companyId: number, applicationId: number) {
  const [row] = await fromItems(conn).where(filtersOf(companyId, {}, applicationId))
  return row
}

/** The vacancy's unpublished results of one decision, of applications still in the selection. */
const draftCount = (decision: SelectionDecision) =>
  nested(sql<number>`(select count(*) from ${applications}
    join ${selectionResults} on ${selectionResults.applicationId} = ${applications.id}
    where ${applications.jobVacancyId} = ${jobVacancies.id} and ${applications.status} = 'in_progress'
      and not ${selectionResults.isPublished} and ${selectionResults.decision} = ${decision})::int`)

/**
 * What publishing the vacancy would publish, as one short text: a digest of each decided draft's application,
 * decision and last change (`'0'` for none). HR's confirmation reads it with the page and sends it back; a
 * colleague's decision, publication or an applicant's withdrawal since changes it (docs/api.md).
 */
const draftsVersionOf = (vacancyId: SQL) => sql<string>`(select coalesce(md5(string_agg(
    ${applications.id}::text || ':' || ${selectionResults.decision} || ':' || extract(epoch from ${selectionResults.updatedAt})::text,
    ',' order by ${applications.id})), '0')
  from ${applications} join ${selectionResults} on ${selectionResults.applicationId} = ${applications.id}
  where ${applications.jobVacancyId} = ${vacancyId} and ${applications.status} = 'in_progress'
    and not ${selectionResults.isPublished} and ${selectionResults.decision} <> 'pending')`

/** The vacancy's drafts version (see draftsVersionOf), read after its drafts are locked. */
export async function draftsVersion(tx: Tx, vacancyId: number) {
  const result = await tx.execute(sql`select ${draftsVersionOf(sql`${vacancyId}::int`)} as version`)
  return (result as unknown as { rows: { version: string }[] }).rows[0].version
}

/**
 * The vacancy's quota and how it is used: applicants accepted at earlier publications and draft
 * results that would accept more. A separate statement from any lock, so that after waiting for a
 * lock it counts what the other transaction committed.
 */
export async function quotaUse(conn: Conn, companyId: number, vacancyId: number) {
  const [row] = await conn
    .select({
      quota: jobVacancies.quota,
      // Nested fragments: drizzle leaves the columns of a one-table select unqualified, which would
      // bind `id` in the subqueries to `applications.id`.
      accepted: nested(sql<number>`(select count(*) from ${applications}
        where ${applications.jobVacancyId} = ${jobVacancies.id} and ${applications.status} = 'accepted')::int`),
      // Kept by the placements' trigger (migration 0026); a place given back updates this row, so a publication
      // holding the vacancy's lock reads it settled.
      freed: jobVacancies.placesFreed,
      draftAccepted: draftCount('diterima'),
      draftRejected: draftCount('tidak_diterima'),
      draftWaitlisted: draftCount('cadangan'),
      draftsVersion: nested(draftsVersionOf(sql`${jobVacancies.id}`)),
    })
    .from(jobVacancies)
    .where(and(ofCompany(companyId), eq(jobVacancies.id, vacancyId)))
  return row
}

// ---------------------------------------------------------------------------------------------
// Writing a draft

/**
 * Shares the lock of the application's vacancy (a publication of that vacancy waits, or is waited
 * for) and returns the vacancy's id; undefined when the application is not the company's. `deletedToo`: a
 * vacancy the company deleted counts (a letter sent alone to a published result).
 */
export async function shareVacancyOf(tx: Tx, companyId: number, applicationId: number, deletedToo = false) {
  const [row] = await tx
    .select({ id: jobVacancies.id })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .where(
      and(
        deletedToo ? eq(jobVacancies.companyId, companyId) : ofCompany(companyId),
        eq(applications.id, applicationId),
      ),
    )
    .for('share', { of: jobVacancies })
  return row
}

/**
 * The application locked for a change of its result, with the result as it stands. Two statements: a
 * request that waited for the application's lock must read the result another one committed meanwhile
 * (one joined statement re-reads only the locked row, so it saw the result from before the wait: two letters
 * saved at once left the first one's row and bytes behind, no result pointing at them).
 */
export async function lockForScoring(tx: Tx, applicationId: number) {
  const [app] = await tx
    .select({
      id: applications.id,
      status: applications.status,
      studentId: applications.studentId,
      vacancyTitle: jobVacancies.title,
    })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .where(eq(applications.id, applicationId))
    .for('update', { of: applications })
  if (!app) return undefined
  const [result] = await tx
    .select({
      isPublished: selectionResults.isPublished,
      letterFileId: selectionResults.letterFileId,
      /** The stored letter's SHA-256: null without a letter, or for a letter saved before migration 0028. */
      letterSha256: files.sha256,
      updatedAt: selectionResults.updatedAt,
      ...enteredColumns,
    })
    .from(selectionResults)
    .leftJoin(files, eq(files.id, selectionResults.letterFileId))
    .where(eq(selectionResults.applicationId, applicationId))
    .for('update', { of: selectionResults })
  return {
    ...app,
    isPublished: result?.isPublished ?? null,
    letterFileId: result?.letterFileId ?? null,
    /** The stored result, when there is one. */
    result,
  }
}

/** The stored result of an application being scored (`lockForScoring`). */
export type ScorableResult = NonNullable<NonNullable<Awaited<ReturnType<typeof lockForScoring>>>['result']>

export type ResultValues = Partial<
  Pick<
    typeof selectionResults.$inferInsert,
    'psychotestScore' | 'interviewScore' | 'mcuScore' | 'finalScore' | 'notes' | 'decision' | 'letterFileId'
  >
>

/** Creates or changes the application's result; whatever changes, it is a draft again. */
export async function upsertDraft(tx: Tx, applicationId: number, values: ResultValues, actorId: number) {
  const draft = { isPublished: false, publishedAt: null, scoredBy: actorId }
  await tx
    .insert(selectionResults)
    .values({ applicationId, ...values, ...draft })
    .onConflictDoUpdate({
      target: selectionResults.applicationId,
      set: { ...values, ...draft, updatedAt: sql`now()` },
    })
}

/** Sets the decision letter of a result, leaving the rest of it (published or not) as it is. */
export async function setLetter(tx: Tx, applicationId: number, letterFileId: number) {
  await tx
    .update(selectionResults)
    .set({ letterFileId, updatedAt: sql`now()` })
    .where(eq(selectionResults.applicationId, applicationId))
}

export async function insertLetter(tx: Tx, values: typeof files.$inferInsert) {
  const [row] = await tx.insert(files).values(values).returning({ id: files.id })
  return row.id
}

/** Deletes a replaced letter's row and answers its storage key (the bytes go after the commit). */
export async function deleteLetter(tx: Tx, fileId: number) {
  const [row] = await tx
    .delete(files)
    .where(and(eq(files.id, fileId), eq(files.category, 'decision_letter')))
    .returning({ storageKey: files.storageKey })
  return row?.storageKey
}

// ---------------------------------------------------------------------------------------------
// Publishing

/**
 * Locks the company's vacancy against other publications (`FOR NO KEY UPDATE`: two publications
 * of one vacancy take turns, while applying to it, which only references the row, does not wait).
 */
export async function lockVacancy(tx: Tx, companyId: number, vacancyId: number) {
  const [row] = await tx
    .select({
      id: jobVacancies.id,
      title: jobVacancies.title,
      position: jobVacancies.position,
      quota: jobVacancies.quota,
      companyId: jobVacancies.companyId,
      companyName: companies.name,
      approvalStatus: jobVacancies.approvalStatus,
      approvalReason: jobVacancies.approvalReason,
    })
    .from(jobVacancies)
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .where(and(ofCompany(companyId), eq(jobVacancies.id, vacancyId)))
    .for('no key update', { of: jobVacancies })
  return row
}

/** The vacancy's draft results of applications still in progress, locked in application order. */
export function lockDrafts(tx: Tx, vacancyId: number) {
  return tx
    .select({
      applicationId: applications.id,
      studentId: applications.studentId,
      userId: students.userId,
      fullName: students.fullName,
      decision: selectionResults.decision,
      notes: selectionResults.notes,
    })
    .from(applications)
    .innerJoin(selectionResults, eq(selectionResults.applicationId, applications.id))
    .innerJoin(students, eq(students.id, applications.studentId))
    .where(
      and(
        eq(applications.jobVacancyId, vacancyId),
        eq(applications.status, 'in_progress'),
        eq(selectionResults.isPublished, false),
      ),
    )
    .orderBy(asc(applications.id))
    .for('update', { of: [applications, selectionResults] })
}

export async function markPublished(tx: Tx, applicationIds: number[]) {
  await tx
    .update(selectionResults)
    .set({ isPublished: true, publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(inArray(selectionResults.applicationId, applicationIds))
}
