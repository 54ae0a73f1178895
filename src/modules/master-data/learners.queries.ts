import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { byName } from '../../db/order.js'
import {
  applications,
  auditLog,
  departments,
  files,
  majors,
  placements,
  type Role,
  students,
  users,
} from '../../db/schema/index.js'
import { likePattern, type Page, totalOf } from '../../http/envelope.js'
import { squeezed } from '../../http/schemas.js'

/**
 * Students and alumni share the `students` table: a grade-12 student has no graduation year, an
 * alumnus has one. Every query here is scoped to one kind, so an alumnus is "not found" among
 * students and the other way round.
 */
export type Kind = 'siswa' | 'alumni'

export const ofKind = (kind: Kind) =>
  kind === 'siswa' ? isNull(students.graduationYear) : isNotNull(students.graduationYear)

const columns = {
  id: students.id,
  nis: students.nis,
  nisn: students.nisn,
  fullName: students.fullName,
  className: students.className,
  graduationYear: students.graduationYear,
  gender: students.gender,
  birthPlace: students.birthPlace,
  birthDate: students.birthDate,
  religion: students.religion,
  address: students.address,
  city: students.city,
  province: students.province,
  phone: students.phone,
  email: students.email,
  skills: students.skills,
  socialMedia: students.socialMedia,
  leftOn: students.leftOn,
  leftReason: students.leftReason,
  leftNote: students.leftNote,
  createdAt: students.createdAt,
  updatedAt: students.updatedAt,
  major: { id: majors.id, code: majors.code, name: majors.name },
  department: { id: departments.id, name: departments.name },
  // A left join: drizzle answers null for the whole object when the learner has no account.
  account: { id: users.id, email: users.email, isActive: users.isActive },
}

export type LearnerRow = Awaited<ReturnType<typeof learnerById>> & {}

/** Class names are compared as the school writes them, ignoring case and surrounding spaces. */
export const sameClass = (className: string) =>
  sql`lower(${students.className}) = lower(${squeezed(className)})`

/**
 * Students at school (`active`, the list's default and every picker's), those who left it (`left`: dropped out or
 * moved, `leftOn` set), or both (`all`).
 */
export const LEARNER_STATUSES = ['active', 'left', 'all'] as const
export type LearnerStatus = (typeof LEARNER_STATUSES)[number]

/** A learner still at school (or graduated): not one who left without graduating. */
export const atSchool = isNull(students.leftOn)

const ofStatus = (status: LearnerStatus = 'active') =>
  status === 'active' ? atSchool : status === 'left' ? isNotNull(students.leftOn) : undefined

export interface LearnerFilter {
  status?: LearnerStatus
  search?: string
  majorId?: number
  departmentId?: number
  className?: string
  graduationYear?: number
  hasAccount?: boolean
}

function whereOf(kind: Kind, f: LearnerFilter): SQL | undefined {
  const pattern = f.search?.trim() ? likePattern(f.search) : null
  return and(
    ofKind(kind),
    ofStatus(f.status),
    pattern ? or(ilike(students.fullName, pattern), ilike(students.nis, pattern)) : undefined,
    f.majorId === undefined ? undefined : eq(students.majorId, f.majorId),
    f.departmentId === undefined ? undefined : eq(majors.departmentId, f.departmentId),
    f.className?.trim() ? sameClass(f.className) : undefined,
    f.graduationYear === undefined ? undefined : eq(students.graduationYear, f.graduationYear),
    f.hasAccount === undefined
      ? undefined
      : f.hasAccount
        ? isNotNull(students.userId)
        : isNull(students.userId),
  )
}

/** One page of learners with major, department and account, and the total: one query. */
export async function listLearners(conn: Conn, kind: Kind, f: LearnerFilter, page: Page) {
  const where = whereOf(kind, f)
  const rows = await conn
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .innerJoin(departments, eq(departments.id, majors.departmentId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(where)
    .orderBy(...byName(students.fullName), asc(students.id))
    .limit(page.limit)
    .offset(page.offset)
  return {
    rows,
    total: await totalOf(rows, page, () =>
      conn
        .select({ n: count() })
        .from(students)
        .innerJoin(majors, eq(majors.id, students.majorId))
        .where(where),
    ),
  }
}

export async function learnerById(conn: Conn, kind: Kind, id: number) {
  const [row] = await conn
    .select(columns)
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .innerJoin(departments, eq(departments.id, majors.departmentId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.id, id), ofKind(kind)))
  return row
}

export function learnersByIds(conn: Conn, ids: number[]) {
  return conn
    .select(columns)
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .innerJoin(departments, eq(departments.id, majors.departmentId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(inArray(students.id, ids))
    .orderBy(...byName(students.fullName), asc(students.id))
}

/** A picker's learners: those at school only (`whereOf`'s default status). */
export function learnerOptions(
  conn: Conn,
  kind: Kind,
  f: Pick<LearnerFilter, 'search' | 'majorId' | 'className' | 'graduationYear'>,
  limit: number,
) {
  return conn
    .select({ value: students.id, label: sql<string>`${students.nis} || ' - ' || ${students.fullName}` })
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .where(whereOf(kind, f))
    .orderBy(...byName(students.fullName), asc(students.id))
    .limit(limit)
}

/** The learner's row, locked for the change (a concurrent apply or change waits). */
export async function lockLearner(conn: Conn, kind: Kind, id: number) {
  const [row] = await conn
    .select()
    .from(students)
    .where(and(eq(students.id, id), ofKind(kind)))
    .for('update')
  return row
}

/** The major's active flag, or undefined when it does not exist; it stays until commit. */
export async function majorState(conn: Conn, id: number) {
  const [row] = await conn
    .select({ isActive: majors.isActive })
    .from(majors)
    .where(eq(majors.id, id))
    .for('share')
  return row
}

/** True when another learner (than `exceptId`) holds the NIS, in any case. */
export async function nisTaken(conn: Conn, nis: string, exceptId: number | null) {
  const [row] = await conn
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        sql`upper(${students.nis}) = upper(${nis})`,
        exceptId === null ? undefined : ne(students.id, exceptId),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** True when another learner (than `exceptId`) holds the NISN. */
export async function nisnTaken(conn: Conn, nisn: string, exceptId: number | null) {
  const [row] = await conn
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.nisn, nisn), exceptId === null ? undefined : ne(students.id, exceptId)))
    .limit(1)
  return row !== undefined
}

/** True when another account uses the e-mail (e-mails are unique regardless of case). */
export async function emailTaken(conn: Conn, email: string, exceptUserId: number | null) {
  const [row] = await conn
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId === null ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** A new login account; undefined when the e-mail is already taken. */
export async function insertAccount(
  conn: Conn,
  values: { email: string; fullName: string; passwordHash: string; role: Extract<Role, 'siswa' | 'alumni'> },
) {
  const [row] = await conn.insert(users).values(values).onConflictDoNothing().returning({ id: users.id })
  return row
}

/** A new learner; undefined when the NIS is already taken. */
export async function insertLearner(conn: Conn, values: typeof students.$inferInsert) {
  const [row] = await conn
    .insert(students)
    .values(values)
    .onConflictDoNothing({ target: students.nis })
    .returning({ id: students.id })
  return row
}

/** The account's login e-mail. */
export async function loginOf(conn: Conn, userId: number) {
  const [row] = await conn.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email
}

export async function updateAccount(
  conn: Conn,
  userId: number,
  values: Partial<Pick<typeof users.$inferInsert, 'email' | 'fullName' | 'role'>>,
) {
  await conn
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
}

/** What keeps a learner from being deleted: their applications, and placements found outside bursa. */
export async function learnerUsage(conn: Conn, studentId: number) {
  const [{ n }] = await conn
    .select({ n: count() })
    .from(applications)
    .where(eq(applications.studentId, studentId))
  // A placement staff deleted (recorded for the wrong learner, say) holds nothing: nobody can see or clear it.
  const [{ placed }] = await conn
    .select({ placed: count() })
    .from(placements)
    .where(and(eq(placements.studentId, studentId), isNull(placements.deletedAt)))
  return { applications: n, placements: placed }
}

/**
 * Deletes the learner (its portfolio files and tracer-study answers go with it, and the placements staff had
 * deleted, which only held it) and then its account; answers the storage keys of the deleted files, whose
 * bytes the caller removes after commit, and how many deleted placements went.
 */
/** Audit values that say what kind of change it was, never whose: kept when a learner is erased. */
const NOT_PERSONAL = ['kind', 'role', 'fromRole', 'purpose', 'via', 'changes', 'source']
const keptKeys = sql.join(
  NOT_PERSONAL.map((k) => sql`${k}`),
  sql`, `,
)

/** An audit row's data with every value replaced by "[dihapus]" but `NOT_PERSONAL`'s (and numbers, when told). */
const erasedData = (keepNumbers: boolean) => sql`(
  select jsonb_object_agg(e.key, case
    when e.key in (${keptKeys}) then e.value
    when ${keepNumbers} and jsonb_typeof(e.value) in ('number', 'boolean', 'null') then e.value
    else '"[dihapus]"'::jsonb end)::text
  from jsonb_each(a.data::jsonb) e)`

/**
 * An erased learner leaves no personal data in the trail. The audit rows of the learner and of their account
 * keep who did what, when and to which fields, each text value replaced by "[dihapus]" (the learner's edits
 * logged every field sent: name, NISN, birth date, address, phone, e-mail); the rows of their placements
 * (`placementIds`: those deleted with them; they named the employer, the job and the dates, tied to the learner by
 * id) keep only what kind of change each was. The stored reports of roster imports keep each row of the learner
 * (by `studentId` since it is stored, else by any NISN or NIS, in any case, the learner had: staff may have corrected
 * one since the import) with its action and the fields it changed, without NISN, NIS, name, class or login. Before the
 * audit rows, which the reports' match reads.
 */
export async function eraseFromTrail(
  conn: Conn,
  learner: { id: number; userId: number | null; nisn: string | null; nis: string },
  placementIds: number[],
) {
  const ofLearner = sql`(a.entity = 'student' and a.entity_id = ${learner.id})`
  await conn.execute(sql`
    with said as (
      select a.data::jsonb as d from audit_log a where ${ofLearner} and left(a.data, 1) = '{'
    ), known as (
      select ${learner.nisn}::text as nisn, ${learner.nis}::text as nis
      union select d->>'nisn', d->>'nis' from said
    )
    update import_runs r set report = jsonb_set(r.report, '{rows}', (
      select jsonb_agg(case when (row->>'studentId')::int = ${learner.id} or (row->>'studentId' is null and (
          row->>'nisn' in (select nisn from known where nisn is not null)
          or upper(row->>'nis') in (select upper(nis) from known where nis is not null)))
        then row || '{"nisn": null, "nis": null, "fullName": null, "className": null, "login": null}'::jsonb
        else row end order by n)
      from jsonb_array_elements(r.report->'rows') with ordinality as x(row, n)))
    where jsonb_typeof(r.report->'rows') = 'array' and jsonb_array_length(r.report->'rows') > 0
      and exists (
        select 1 from jsonb_array_elements(r.report->'rows') as y(row)
        where (row->>'studentId')::int = ${learner.id}
          or row->>'nisn' in (select nisn from known where nisn is not null)
          or upper(row->>'nis') in (select upper(nis) from known where nis is not null))`)
  const ofAccount =
    learner.userId === null ? sql`false` : sql`(a.entity = 'user' and a.entity_id = ${learner.userId})`
  await conn.execute(sql`
    update audit_log a set data = ${erasedData(true)}
    where (${ofLearner} or ${ofAccount}) and left(a.data, 1) = '{' and a.data <> '{}'`)
  if (placementIds.length === 0) return
  await conn.execute(sql`
    update audit_log a set data = ${erasedData(false)}
    where a.entity = 'placement' and a.entity_id = any(${sql.param(placementIds)}::int[])
      and left(a.data, 1) = '{' and a.data <> '{}'`)
}

export async function deleteLearner(conn: Conn, id: number, userId: number | null) {
  const keys = await conn.select({ key: files.storageKey }).from(files).where(eq(files.studentId, id))
  const gone = await conn
    .delete(placements)
    .where(and(eq(placements.studentId, id), isNotNull(placements.deletedAt)))
    .returning({ id: placements.id })
  await conn.delete(students).where(eq(students.id, id))
  if (userId !== null) await conn.delete(users).where(eq(users.id, userId))
  return { keys: keys.map((k) => k.key), removedPlacements: gone.map((p) => p.id) }
}

// ---------------------------------------------------------------------------------------------
// Upgrade to alumni

/**
 * The listed learners (of either kind), locked in id order (as the roster import locks them, so the two
 * cannot deadlock): `graduationYear` tells a student from an alumnus.
 */
export function lockLearners(conn: Conn, ids: number[]) {
  return conn
    .select({ id: students.id, graduationYear: students.graduationYear, leftOn: students.leftOn })
    .from(students)
    .where(inArray(students.id, ids))
    .orderBy(asc(students.id))
    .for('update')
}

/** The grade-12 students of one class (of one major, when given) still at school, locked in id order. */
export async function lockClass(conn: Conn, className: string, majorId?: number) {
  const rows = await conn
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        isNull(students.graduationYear),
        atSchool,
        sameClass(className),
        majorId === undefined ? undefined : eq(students.majorId, majorId),
      ),
    )
    .orderBy(asc(students.id))
    .for('update')
  return rows.map((r) => r.id)
}

/** Gives the students their graduation year and turns their `siswa` accounts into `alumni` ones. */
export const graduate = (conn: Conn, ids: number[], graduationYear: number) =>
  moveGraduation(conn, ids, null, graduationYear)

/**
 * Moves the learners among `ids` whose graduation year is `from` (null: grade 12) to `to`, their accounts'
 * role with them (`alumni` with a year, `siswa` without); answers the ids moved. A graduation, or one taken back.
 */
export async function moveGraduation(conn: Conn, ids: number[], from: number | null, to: number | null) {
  const done = await conn
    .update(students)
    .set({ graduationYear: to, updatedAt: sql`now()` })
    .where(
      and(
        inArray(students.id, ids),
        // A student who left school never graduates, whatever raced.
        from === null ? and(isNull(students.graduationYear), atSchool) : eq(students.graduationYear, from),
      ),
    )
    .returning({ id: students.id, userId: students.userId })
  const userIds = done.flatMap((r) => (r.userId === null ? [] : [r.userId]))
  const [role, was] = to === null ? (['siswa', 'alumni'] as const) : (['alumni', 'siswa'] as const)
  if (userIds.length > 0)
    await conn
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(and(inArray(users.id, userIds), eq(users.role, was)))
  return done.map((r) => r.id)
}

/** One audit row per learner, in one statement. */
export async function auditEach(
  conn: Conn,
  actorId: number,
  action: string,
  ids: number[],
  data: Record<string, unknown>,
) {
  if (ids.length === 0) return
  const json = JSON.stringify(data)
  await conn
    .insert(auditLog)
    .values(ids.map((entityId) => ({ actorId, action, entity: 'student', entityId, data: json })))
}

// ---------------------------------------------------------------------------------------------
// Left school

/** The learner's applications still open (pending or in the selection), in id order. */
export async function openApplicationsOfLearner(conn: Conn, studentId: number) {
  const rows = await conn
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(eq(applications.studentId, studentId), inArray(applications.status, ['pending', 'in_progress'])),
    )
    .orderBy(asc(applications.id))
  return rows.map((r) => r.id)
}

/** Records that the learner left school (or, with null, that they did not after all). */
export async function setLeft(
  conn: Conn,
  id: number,
  left: { leftOn: string; leftReason: 'keluar' | 'mutasi'; leftNote: string | null } | null,
) {
  await conn
    .update(students)
    .set({ ...(left ?? { leftOn: null, leftReason: null, leftNote: null }), updatedAt: sql`now()` })
    .where(eq(students.id, id))
}
