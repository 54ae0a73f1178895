import { and, asc, eq, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Conn } from '../../db/client.js'
import {
  applicationFiles,
  applications,
  files,
  IN_SELECTION,
  jobVacancies,
  selectionResults,
  storageDeletions,
  students,
} from '../../db/schema/index.js'

export type FileRow = typeof files.$inferSelect

/**
 * Who may read a file, as one condition on `files`:
 * - admins and superadmins: every file;
 * - the learner it belongs to: their own files; a decision letter only once the result it belongs
 *   to is published (a draft stays with HR);
 * - HR: while a learner's application to one of the company's vacancies is in the selection (pending, in
 *   progress), the learner's portfolio as the learner keeps it; and, for good, the files attached to any of
 *   the learner's applications to the company (also to a vacancy since deleted: HR keeps what was submitted).
 *   A learner who withdrew or was decided on no longer hands the company what they upload later, for other
 *   employers. A decision letter only when it is the letter of a selection result of the company's own
 *   vacancies: another company's letter to the same applicant stays private. Whoever uploaded it (an HR
 *   account since moved to another company or deleted, staff acting for the company) does not matter: the
 *   letter is the company's.
 * Anyone else sees nothing, as if the file did not exist.
 */
function readableBy(actor: Actor): SQL | undefined {
  if (actor.role === 'admin' || actor.role === 'superadmin') return undefined
  if (actor.role === 'hrd') {
    const companyId = actor.companyId ?? -1
    const inSelectionHere = sql`exists (
      select 1 from ${applications} join ${jobVacancies} on ${jobVacancies.id} = ${applications.jobVacancyId}
      where ${applications.studentId} = ${files.studentId} and ${jobVacancies.companyId} = ${companyId}
        and ${inArray(applications.status, [...IN_SELECTION])})`
    const attachedHere = sql`exists (
      select 1 from ${applicationFiles}
      join ${applications} on ${applications.id} = ${applicationFiles.applicationId}
      join ${jobVacancies} on ${jobVacancies.id} = ${applications.jobVacancyId}
      where ${applicationFiles.fileId} = ${files.id} and ${jobVacancies.companyId} = ${companyId})`
    const letterOfThisCompany = sql`exists (
      select 1 from ${selectionResults}
      join ${applications} on ${applications.id} = ${selectionResults.applicationId}
      join ${jobVacancies} on ${jobVacancies.id} = ${applications.jobVacancyId}
      where ${selectionResults.letterFileId} = ${files.id} and ${jobVacancies.companyId} = ${companyId})`
    return or(
      and(ne(files.category, 'decision_letter'), or(inSelectionHere, attachedHere)),
      letterOfThisCompany,
    )
  }
  const letterPublished = sql`exists (
    select 1 from ${selectionResults}
    where ${selectionResults.letterFileId} = ${files.id} and ${selectionResults.isPublished})`
  return and(
    eq(files.studentId, actor.studentId ?? -1),
    or(ne(files.category, 'decision_letter'), letterPublished),
  )
}

/** The file if the caller may read it (one indexed statement), else undefined. */
export async function readableFile(conn: Conn, id: number, actor: Actor): Promise<FileRow | undefined> {
  const [row] = await conn
    .select()
    .from(files)
    .where(and(eq(files.id, id), readableBy(actor)))
    .limit(1)
  return row
}

// ---------------------------------------------------------------------------------------------
// Stored bytes owed a removal (`storage_deletions`; service.ts `removeStored`)

/** `keys` owed a removal, for bytes that have no row to be deleted with (an upload whose transaction failed). */
export async function oweRemoval(conn: Conn, keys: string[]) {
  if (keys.length === 0) return
  await conn
    .insert(storageDeletions)
    .values(keys.map((storageKey) => ({ storageKey })))
    .onConflictDoNothing()
}

/** The storage confirmed these removals: nothing is owed for them any more. */
export async function removalsDone(conn: Conn, keys: string[]) {
  if (keys.length > 0) await conn.delete(storageDeletions).where(inArray(storageDeletions.storageKey, keys))
}

/**
 * A removal the storage refused: tried once more, due again after `firstWait` × 4^(tries before), at most
 * `maxWait` seconds, with the storage's error.
 */
export async function removalFailed(
  conn: Conn,
  key: string,
  error: string,
  firstWait: number,
  maxWait: number,
) {
  await conn
    .update(storageDeletions)
    .set({
      attempts: sql`${storageDeletions.attempts} + 1`,
      dueAt: sql`now() + make_interval(secs => least(${firstWait} * power(4, ${storageDeletions.attempts}), ${maxWait}))`,
      lastError: error,
    })
    .where(eq(storageDeletions.storageKey, key))
}

/** The removals that are due, the longest waiting first. */
export async function dueRemovals(conn: Conn, limit: number) {
  const rows = await conn
    .select({ key: storageDeletions.storageKey })
    .from(storageDeletions)
    .where(lte(storageDeletions.dueAt, sql`now()`))
    .orderBy(asc(storageDeletions.dueAt))
    .limit(limit)
  return rows.map((r) => r.key)
}

/**
 * What the storage should hold: every file's key, with what it is and whose (for the restore's report), and the
 * keys owed a removal (the sweep removes them: not strays).
 */
export async function keysNamed(conn: Conn) {
  const [named, owed] = await Promise.all([
    conn
      .select({
        id: files.id,
        key: files.storageKey,
        category: files.category,
        title: files.title,
        learner: students.fullName,
        nis: students.nis,
      })
      .from(files)
      .leftJoin(students, eq(students.id, files.studentId))
      .orderBy(asc(files.id)),
    conn.select({ key: storageDeletions.storageKey }).from(storageDeletions),
  ])
  return { named, owed: owed.map((r) => r.key) }
}
