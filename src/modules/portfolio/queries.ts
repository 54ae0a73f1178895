import { and, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Conn, Tx } from '../../db/client.js'
import {
  applicationFiles,
  applications,
  departments,
  files,
  IN_SELECTION,
  majors,
  students,
} from '../../db/schema/index.js'
import { type FileRefJson, fileJson } from '../../http/shapes/file.js'

/** Portfolio files are the learner's own uploads; decision letters belong to applications. */
export const isPortfolioFile = ne(files.category, 'decision_letter')

/** The learner record with its major, department and portfolio files (newest first): one statement. */
export async function profileRow(conn: Conn, studentId: number) {
  const [row] = await conn
    .select({
      student: students,
      major: { id: majors.id, code: majors.code, name: majors.name },
      department: { id: departments.id, code: departments.code, name: departments.name },
      files: sql<FileRefJson[]>`(
        select coalesce(json_agg(${fileJson()} order by ${files.createdAt} desc, ${files.id} desc), '[]'::json)
        from ${files} where ${files.studentId} = ${students.id} and ${isPortfolioFile})`,
    })
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .innerJoin(departments, eq(departments.id, majors.departmentId))
    .where(eq(students.id, studentId))
  return row
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>

/** What the completeness rule looks at. */
export async function completenessFacts(conn: Conn, studentId: number) {
  const [row] = await conn
    .select({
      phone: students.phone,
      address: students.address,
      birthDate: students.birthDate,
      // A query-built subquery: drizzle leaves columns of a one-table select unqualified, so a raw
      // `files.student_id = students.id` there would compare two columns of `files`.
      hasCv: sql<boolean>`exists ${conn
        .select({ one: sql`1` })
        .from(files)
        .where(and(eq(files.studentId, students.id), eq(files.category, 'cv')))}`,
    })
    .from(students)
    .where(eq(students.id, studentId))
  return row
}

/** Locks the learner's row: uploads of one learner take turns, so the file limit holds under races. */
export async function lockLearner(tx: Tx, studentId: number) {
  const [row] = await tx
    .select({ id: students.id })
    .from(students)
    .where(eq(students.id, studentId))
    .for('update')
  return row
}

export async function countPortfolioFiles(conn: Conn, studentId: number) {
  const [row] = await conn
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.studentId, studentId), isPortfolioFile))
  return row.n
}

export async function insertFile(tx: Tx, values: typeof files.$inferInsert) {
  const [row] = await tx.insert(files).values(values).returning()
  return row
}

/** The learner's own portfolio file, locked for deletion, with whether an application holds it. */
export async function ownFileForDelete(tx: Tx, studentId: number, fileId: number) {
  const [row] = await tx
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.studentId, studentId), isPortfolioFile))
    .for('update')
  if (!row) return undefined
  // A separate statement after the lock: it sees an application that attached the file meanwhile.
  const [attached] = await tx
    .select({ applicationId: applicationFiles.applicationId })
    .from(applicationFiles)
    .innerJoin(applications, eq(applications.id, applicationFiles.applicationId))
    .where(and(eq(applicationFiles.fileId, fileId), inArray(applications.status, [...IN_SELECTION])))
    .limit(1)
  return { ...row, attachedInSelection: attached !== undefined }
}

export async function deleteFile(tx: Tx, fileId: number) {
  await tx.delete(files).where(eq(files.id, fileId))
}
