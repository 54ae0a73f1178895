import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { accessTokens, companies, type Role, students, users } from '../../db/schema/index.js'
import { likePattern, type Page, totalOf } from '../../http/envelope.js'

/** An account as the API shows it: never the password hash. */
const columns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  role: users.role,
  isActive: users.isActive,
  companyId: users.companyId,
  companyName: companies.name,
  companyCity: companies.city,
  companyIsActive: companies.isActive,
  studentId: students.id,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

/** Accounts with their company and learner record (students_user_id_unique keeps this one row each). */
const accounts = (conn: Conn) =>
  conn
    .select(columns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(students, eq(students.userId, users.id))

export type UserRow = Awaited<ReturnType<typeof userById>> & {}

export interface UserFilter {
  search?: string
  role?: Role
  isActive?: boolean
  companyId?: number
}

function whereOf(f: UserFilter): SQL | undefined {
  const pattern = f.search?.trim() ? likePattern(f.search) : null
  return and(
    pattern ? or(ilike(users.fullName, pattern), ilike(users.email, pattern)) : undefined,
    f.role === undefined ? undefined : eq(users.role, f.role),
    f.isActive === undefined ? undefined : eq(users.isActive, f.isActive),
    f.companyId === undefined ? undefined : eq(users.companyId, f.companyId),
  )
}

/** One page of accounts, newest first, with the total: one query (two past the last page). */
export async function listUsers(conn: Conn, f: UserFilter, page: Page) {
  const where = whereOf(f)
  const rows = await conn
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(students, eq(students.userId, users.id))
    .where(where)
    .orderBy(desc(users.id))
    .limit(page.limit)
    .offset(page.offset)
  return {
    rows,
    total: await totalOf(rows, page, () => conn.select({ n: count() }).from(users).where(where)),
  }
}

export async function userById(conn: Conn, id: number) {
  const [row] = await accounts(conn).where(eq(users.id, id))
  return row
}

/**
 * Locks the learner record of an account (none for staff and HR) before the account is: the order a
 * graduation, a roster import and the learner form take them in, so that a change of both cannot deadlock
 * with one of those.
 */
export async function lockLearnerOf(conn: Conn, userId: number) {
  await conn.select({ id: students.id }).from(students).where(eq(students.userId, userId)).for('update')
}

/**
 * Locks the account and every active superadmin, in id order (so two such transactions never
 * deadlock), and answers the account with its learner record and the ids of the active superadmins.
 * Whoever changes an account's role, active flag or existence holds these locks until commit, so
 * "the last active superadmin" is decided by one transaction at a time.
 *
 * The learner record is read in a second statement, once the locks are held: a statement that waited for
 * a lock re-reads only the locked rows, so a joined learner record would be the one from before the wait
 * (a graduation committed meanwhile read as a student: a staff edit then set the new alumnus's account
 * back to `siswa`). It is not locked: a graduation locks learners before accounts.
 */
export async function lockAccountAndSuperadmins(conn: Conn, id: number) {
  const rows = await conn
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      companyId: users.companyId,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(or(eq(users.id, id), and(eq(users.role, 'superadmin'), eq(users.isActive, true))))
    .orderBy(users.id)
    // `no key update`: enough to take turns with another change of these accounts, and it leaves the
    // key-share lock an audit row's actor takes (a superadmin resetting a password while another deactivates
    // the account deadlocked: 500).
    .for('no key update')
  // Re-checked after waiting for a lock: a row another transaction demoted drops out here.
  const activeSuperadmins = rows.filter((r) => r.role === 'superadmin' && r.isActive).map((r) => r.id)
  const found = rows.find((r) => r.id === id)
  if (!found) return { account: undefined, activeSuperadmins }
  const [learner] = await conn
    .select({ studentId: students.id, graduationYear: students.graduationYear, leftOn: students.leftOn })
    .from(students)
    .where(eq(students.userId, id))
  const account = {
    ...found,
    studentId: learner?.studentId ?? null,
    graduationYear: learner?.graduationYear ?? null,
    /** The learner's day of leaving school (keluar/mutasi), if recorded. */
    leftOn: learner?.leftOn ?? null,
  }
  return { account, activeSuperadmins }
}

export type LockedAccount = NonNullable<Awaited<ReturnType<typeof lockAccountAndSuperadmins>>['account']>

export async function companyExists(conn: Conn, id: number) {
  const [row] = await conn
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, id))
    .for('key share')
  return row !== undefined
}

/** The learner record, locked until commit so that two accounts cannot claim it at once. */
export async function lockStudent(conn: Conn, id: number) {
  const [row] = await conn
    .select({
      id: students.id,
      userId: students.userId,
      graduationYear: students.graduationYear,
      leftOn: students.leftOn,
    })
    .from(students)
    .where(eq(students.id, id))
    .for('update')
  return row
}

export async function linkStudent(conn: Conn, studentId: number, userId: number) {
  await conn.update(students).set({ userId, updatedAt: sql`now()` }).where(eq(students.id, studentId))
}

/** Inserts the account; undefined when the e-mail is taken (users_email_lower_key). */
export async function insertUser(conn: Conn, values: typeof users.$inferInsert) {
  const [row] = await conn.insert(users).values(values).onConflictDoNothing().returning({ id: users.id })
  return row
}

export async function updateUser(conn: Conn, id: number, values: Partial<typeof users.$inferInsert>) {
  await conn
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
}

/**
 * A learner account's name or login changed in user management, carried to its learner record (what HR,
 * placements and reports show): the name always, the e-mail where the record's was the old login (a contact
 * address the learner gave of their own is theirs to keep).
 */
export async function followLearner(
  conn: Conn,
  studentId: number,
  change: { fullName?: string; email?: string; oldEmail: string },
) {
  if (change.fullName === undefined && change.email === undefined) return
  await conn
    .update(students)
    .set({
      ...(change.fullName !== undefined ? { fullName: change.fullName } : {}),
      ...(change.email !== undefined
        ? {
            email: sql`case when ${students.email} = ${change.oldEmail} then ${change.email} else ${students.email} end`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(students.id, studentId))
}

/** Sets the active flag of an account its caller has locked. */
export async function setActive(conn: Conn, id: number, isActive: boolean) {
  await conn.update(users).set({ isActive, updatedAt: sql`now()` }).where(eq(users.id, id))
}

/** Switches the account off when it is on; answers whether it was (an account already off is left as it is). */
export async function deactivate(conn: Conn, id: number) {
  const rows = await conn
    .update(users)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.isActive, true)))
    .returning({ id: users.id })
  return rows.length > 0
}

export async function setPasswordHash(conn: Conn, id: number, passwordHash: string) {
  const [row] = await conn
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id })
  return row
}

/** Ends the account's sessions, except the one making the request (when it is the account's own). */
export async function revokeTokens(conn: Conn, userId: number, keepTokenId = 0) {
  const gone = await conn
    .delete(accessTokens)
    .where(and(eq(accessTokens.userId, userId), ne(accessTokens.id, keepTokenId)))
    .returning({ id: accessTokens.id })
  return gone.length
}

export async function deleteUser(conn: Conn, id: number) {
  await conn.delete(users).where(eq(users.id, id))
}

/**
 * Creates a superadmin or turns the account with that e-mail into an active superadmin with the new
 * password: one statement. An account linked to a learner record is left alone (no row comes back).
 */
export async function upsertSuperadmin(
  conn: Conn,
  values: { email: string; passwordHash: string; fullName: string | null; defaultName: string },
) {
  const result = await conn.execute(sql`
    insert into ${users} (email, password_hash, full_name, role)
    values (${values.email}, ${values.passwordHash}, ${values.fullName ?? values.defaultName}, 'superadmin')
    on conflict (lower(email)) do update set
      password_hash = excluded.password_hash,
      full_name = coalesce(${values.fullName}, ${users.fullName}),
      role = 'superadmin',
      is_active = true,
      company_id = null,
      updated_at = now()
    where not exists (select 1 from ${students} where ${students.userId} = ${users.id})
    returning id, (xmax = 0) as created`)
  const row = (result as unknown as { rows: { id: number; created: boolean }[] }).rows[0]
  return row ? { id: Number(row.id), created: row.created === true } : undefined
}
