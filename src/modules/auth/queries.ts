import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { passwordLinks, users } from '../../db/schema/index.js'

const account = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  role: users.role,
  isActive: users.isActive,
}

/** The account with this e-mail (compared in lower case, as stored), or undefined. */
export async function accountByEmail(conn: Conn, email: string) {
  const [row] = await conn
    .select(account)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
  return row
}

export async function accountById(conn: Conn, id: number) {
  const [row] = await conn.select(account).from(users).where(eq(users.id, id))
  return row
}

/** The account's password hash, for checking the current password. */
export async function passwordHashOf(conn: Conn, id: number) {
  const [row] = await conn
    .select({ ...account, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id))
  return row
}

/** The new password; the account no longer has to change it. */
export async function setNewPassword(tx: Conn, id: number, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
    .where(eq(users.id, id))
}

/** Links the account asked for itself (forgot password) within the last hour. */
export async function selfRequestedLinksLastHour(conn: Conn, userId: number): Promise<number> {
  const [{ n }] = await conn
    .select({ n: count() })
    .from(passwordLinks)
    .where(
      and(
        eq(passwordLinks.userId, userId),
        isNull(passwordLinks.createdBy),
        gt(passwordLinks.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
  return n
}
