import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Conn, Db } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import { accessTokens, companies, passwordLinks, students, users } from '../../db/schema/index.js'
import type { TokenAccount } from '../../http/auth.js'

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

/** The token and its account, on every request the hook does not find cached: a prepared statement. */
const tokenLookup = prepared((db) =>
  db
    .select({
      tokenHash: accessTokens.tokenHash,
      expiresAt: accessTokens.expiresAt,
      lastUsedAt: accessTokens.lastUsedAt,
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      isActive: users.isActive,
      mustChangePassword: users.mustChangePassword,
      companyId: users.companyId,
      companyActive: companies.isActive,
      studentId: students.id,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(students, eq(students.userId, users.id))
    .where(eq(accessTokens.id, sql.placeholder('tokenId')))
    .limit(1)
    .prepare('auth_token_lookup'),
)

/**
 * The token with this id and its account: none or one row. The statement's own promise (no await of
 * its own): the token hook (src/http/auth.ts) gets it from app.ts and awaits it once.
 */
export const tokenAccount = (db: Db, tokenId: number): Promise<TokenAccount[]> =>
  tokenLookup(db).execute({ tokenId })

const tokenTouch = prepared((db) =>
  db
    .update(accessTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(accessTokens.id, sql.placeholder('tokenId')))
    .prepare('auth_token_touch'),
)

/** The token was used now (`last_used_at`; the hook writes it at most once a minute per token). */
export const touchToken = (db: Db, tokenId: number): Promise<unknown> => tokenTouch(db).execute({ tokenId })

/**
 * Sign-in tokens and password links long past use go. A token stays 30 days after it expired, so the client
 * that comes back with it in that month is told its session ended (not that it is unknown); a password link
 * a day, past the hour the self-requested count looks at. What they guard is checked on each use, so the
 * sweep only keeps both tables the size of the live ones (every login adds a token row, and nothing else
 * deleted them but signing out).
 */
export async function sweepSpentCredentials(conn: Conn) {
  const tokens = await conn
    .delete(accessTokens)
    .where(lt(accessTokens.expiresAt, sql`now() - interval '30 days'`))
    .returning({ id: accessTokens.id })
  const links = await conn
    .delete(passwordLinks)
    .where(lt(passwordLinks.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: passwordLinks.id })
  return { tokens: tokens.length, links: links.length }
}
