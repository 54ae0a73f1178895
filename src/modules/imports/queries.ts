import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { byName } from '../../db/order.js'
import {
  type ImportKind,
  type ImportTotals,
  importRuns,
  majors,
  students,
  users,
} from '../../db/schema/index.js'
import { type Page, totalOf } from '../../http/envelope.js'

/** Every major (a school has a few dozen): the roster names them by code or by name. */
export function allMajors(conn: Conn) {
  return conn
    .select({ id: majors.id, code: majors.code, name: majors.name, isActive: majors.isActive })
    .from(majors)
}

export type Existing = Awaited<ReturnType<typeof learnersByNisnOrNis>>[number]

/**
 * The learners (students or alumni) holding one of the NISNs or NISs (in capitals: compared without case): one
 * query for the whole file; with `lock`, locked for the import's writes.
 */
export function learnersByNisnOrNis(conn: Conn, nisns: string[], niss: string[], lock = false) {
  const query = conn
    .select({
      id: students.id,
      nis: students.nis,
      nisn: students.nisn,
      fullName: students.fullName,
      gender: students.gender,
      birthPlace: students.birthPlace,
      birthDate: students.birthDate,
      className: students.className,
      majorId: students.majorId,
      email: students.email,
      phone: students.phone,
      graduationYear: students.graduationYear,
      userId: students.userId,
      leftOn: students.leftOn,
      leftReason: students.leftReason,
    })
    .from(students)
    .where(
      or(
        nisns.length ? inArray(students.nisn, nisns) : sql`false`,
        niss.length ? inArray(sql`upper(${students.nis})`, niss) : sql`false`,
      ),
    )
  // In id order, as graduations lock them: the two wait for each other and cannot deadlock.
  return lock ? query.orderBy(asc(students.id)).for('update') : query
}

/** Which of the (lower-case) e-mails an account already uses. */
export async function emailsTaken(conn: Conn, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set()
  const rows = await conn
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails))
  return new Set(rows.map((r) => r.email))
}

/** One import at a time: a second waits for the first to commit, then plans against what it wrote. */
export async function lockImports(conn: Conn) {
  await conn.execute(sql`select pg_advisory_xact_lock(hashtext('bursa:roster-import'))`)
}

const CHUNK = 1000

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK))
  return out
}

/**
 * New `siswa` accounts that must change their password at first login; answers id by lower-case e-mail.
 * Rows travel as one JSON parameter per thousand (`jsonb_to_recordset`): a multi-row VALUES built by the
 * query builder cost over a second for 2,000 rows, this a few milliseconds.
 */
export async function insertAccounts(
  conn: Conn,
  rows: { email: string; fullName: string; passwordHash: string }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const part of chunks(rows)) {
    const inserted = (await conn.execute(sql`
      insert into users (email, password_hash, full_name, role, must_change_password)
      select v.email, v."passwordHash", v."fullName", 'siswa', true
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(email text, "passwordHash" text, "fullName" text)
      returning id, email`)) as unknown as { rows: { id: number; email: string }[] }
    for (const r of inserted.rows) ids.set(r.email.toLowerCase(), r.id)
  }
  return ids
}

export interface LearnerInsert {
  userId: number
  nis: string
  nisn: string
  fullName: string
  gender: string | null
  birthPlace: string | null
  birthDate: string | null
  className: string
  majorId: number
  email: string | null
  phone: string | null
}

/** New learners (same way as the accounts); answers their ids. */
export async function insertLearners(conn: Conn, rows: LearnerInsert[]): Promise<number[]> {
  const ids: number[] = []
  for (const part of chunks(rows)) {
    const inserted = (await conn.execute(sql`
      insert into students (user_id, nis, nisn, full_name, gender, birth_place, birth_date, class_name,
                            major_id, email, phone)
      select v."userId", v.nis, v.nisn, v."fullName", v.gender, v."birthPlace", v."birthDate", v."className",
             v."majorId", v.email, v.phone
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(
        "userId" int, nis text, nisn text, "fullName" text, gender text, "birthPlace" text, "birthDate" date,
        "className" text, "majorId" int, email text, phone text)
      returning id`)) as unknown as { rows: { id: number }[] }
    ids.push(...inserted.rows.map((r) => r.id))
  }
  return ids
}

export interface LearnerUpdate {
  id: number
  nis: string
  nisn: string
  fullName: string
  gender: string | null
  birthPlace: string | null
  birthDate: string | null
  className: string
  majorId: number
  email: string | null
  phone: string | null
}

/** Sets the listed learners' roster fields, one statement per thousand rows (values as one JSON). */
export async function updateLearners(conn: Conn, rows: LearnerUpdate[]) {
  for (const part of chunks(rows))
    await conn.execute(sql`
      update students as s set
        nis = v.nis, nisn = v.nisn, full_name = v."fullName", gender = v.gender,
        birth_place = v."birthPlace", birth_date = v."birthDate", class_name = v."className",
        major_id = v."majorId", email = v.email, phone = v.phone, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(
        id int, nis text, nisn text, "fullName" text, gender text, "birthPlace" text, "birthDate" date,
        "className" text, "majorId" int, email text, phone text)
      where s.id = v.id`)
}

/** Keeps the accounts' names in step with their learners' (as a learner's update does). */
export async function renameAccounts(conn: Conn, rows: { id: number; fullName: string }[]) {
  for (const part of chunks(rows))
    await conn.execute(sql`
      update users as u set full_name = v."fullName", updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(id int, "fullName" text)
      where u.id = v.id`)
}

export async function insertRun(
  conn: Conn,
  values: {
    kind: ImportKind
    createdBy: number
    fileName: string
    totals: ImportTotals
    report: Record<string, unknown>
  },
) {
  const [row] = await conn.insert(importRuns).values(values).returning({ id: importRuns.id })
  return row.id
}

/** Stores the sealed passwords, available for 24 hours by the database's clock. */
export async function setRunCredentials(conn: Conn, id: number, sealed: string, count: number) {
  const [row] = await conn
    .update(importRuns)
    .set({
      credentials: sealed,
      credentialsCount: count,
      credentialsExpiresAt: sql`now() + interval '24 hours'`,
    })
    .where(eq(importRuns.id, id))
    .returning({ expiresAt: importRuns.credentialsExpiresAt })
  return row.expiresAt!
}

/** One audit row per learner created or updated, and one for the run, in one statement. */
export async function auditImport(
  conn: Conn,
  actorId: number,
  runId: number,
  created: number[],
  updated: { id: number; changes: string[] }[],
  totals: ImportTotals,
) {
  const rows = [
    { action: 'import_students', entity: 'import_run', entityId: runId, data: JSON.stringify(totals) },
    ...created.map((entityId) => ({
      action: 'import_create',
      entity: 'student',
      entityId,
      data: JSON.stringify({ runId }),
    })),
    ...updated.map((u) => ({
      action: 'import_update',
      entity: 'student',
      entityId: u.id,
      data: JSON.stringify({ runId, changes: u.changes }),
    })),
  ]
  await conn.execute(sql`
    insert into audit_log (actor_id, action, entity, entity_id, data)
    select ${actorId}, v.action, v.entity, v."entityId", v.data
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(action text, entity text, "entityId" int, data text)`)
}

// ---------------------------------------------------------------------------------------------
// Runs and their credentials

const runColumns = {
  id: importRuns.id,
  kind: importRuns.kind,
  fileName: importRuns.fileName,
  createdAt: importRuns.createdAt,
  createdById: importRuns.createdBy,
  createdByName: users.fullName,
  totals: importRuns.totals,
  credentialsCount: importRuns.credentialsCount,
  credentialsExpiresAt: importRuns.credentialsExpiresAt,
  credentialsDownloadedAt: importRuns.credentialsDownloadedAt,
  credentialsHeld: sql<boolean>`${importRuns.credentials} is not null and ${importRuns.credentialsExpiresAt} > now()`,
}

export type RunRow = Awaited<ReturnType<typeof listRuns>>['rows'][number]

/** The runs, newest first, with the total (counted apart for a page past the last one, which has no row). */
export async function listRuns(conn: Conn, page: Page) {
  const rows = await conn
    .select({ ...runColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(importRuns)
    .leftJoin(users, eq(users.id, importRuns.createdBy))
    .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
    .limit(page.limit)
    .offset(page.offset)
  const total = await totalOf(rows, page, () => conn.select({ n: count() }).from(importRuns))
  return { rows, total }
}

/** The run with its sealed credentials, locked for the one download; `expired` by the database's clock. */
export async function lockRun(conn: Conn, id: number) {
  const [row] = await conn
    .select({
      id: importRuns.id,
      createdBy: importRuns.createdBy,
      credentials: importRuns.credentials,
      credentialsCount: importRuns.credentialsCount,
      downloadedAt: importRuns.credentialsDownloadedAt,
      expiresAt: importRuns.credentialsExpiresAt,
      expired: sql<boolean>`coalesce(${importRuns.credentialsExpiresAt} <= now(), true)`,
    })
    .from(importRuns)
    .where(eq(importRuns.id, id))
    .for('update')
  return row
}

/** Wipes the ciphertext once it has been handed out. */
export async function markDownloaded(conn: Conn, id: number) {
  await conn
    .update(importRuns)
    .set({ credentials: null, credentialsDownloadedAt: sql`now()` })
    .where(eq(importRuns.id, id))
}

/** Wipes every ciphertext past its 24 hours; answers how many. */
export async function wipeExpired(conn: Conn, only?: number): Promise<number> {
  const where: SQL | undefined = and(
    isNotNull(importRuns.credentials),
    lte(importRuns.credentialsExpiresAt, sql`now()`),
    only === undefined ? undefined : eq(importRuns.id, only),
  )
  const rows = await conn
    .update(importRuns)
    .set({ credentials: null })
    .where(where)
    .returning({ id: importRuns.id })
  return rows.length
}

/** The accounts of the sheet as they are now (login, name, class, major), in class and name order. */
export function accountsOfSheet(conn: Conn, userIds: number[]) {
  return conn
    .select({
      userId: users.id,
      email: users.email,
      fullName: students.fullName,
      nis: students.nis,
      nisn: students.nisn,
      className: students.className,
      majorCode: majors.code,
    })
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .innerJoin(majors, eq(majors.id, students.majorId))
    .where(inArray(users.id, userIds))
    .orderBy(students.className, ...byName(students.fullName), students.id)
}
