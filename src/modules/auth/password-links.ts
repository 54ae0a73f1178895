import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { type PasswordLinkPurpose, passwordLinks, users } from '../../db/schema/index.js'
import { expireLinkEmailsTo } from '../../jobs/outbox.js'

/** How long a link works: a reset asked for by the account, and a new account's first password. */
export const PASSWORD_LINK_MINUTES: Record<PasswordLinkPurpose, number> = { reset: 60, setup: 7 * 24 * 60 }

/** The web client's page that takes the link (web/src/features/auth). */
export const PASSWORD_PAGE = '/atur-kata-sandi'

export const hashLinkSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

/**
 * A one-time link that sets the account's password, valid for PASSWORD_LINK_MINUTES[purpose]. Earlier
 * unused links of the account stop working: only the newest one counts. Call inside the transaction
 * that sends it (the e-mail or the staff screen showing it).
 */
export async function issuePasswordLink(
  tx: Conn,
  opts: {
    userId: number
    email: string
    purpose: PasswordLinkPurpose
    /** Staff who sent it; null when the account asked itself. */
    createdBy: number | null
    publicUrl: string
  },
) {
  const secret = randomBytes(32).toString('base64url')
  const minutes = PASSWORD_LINK_MINUTES[opts.purpose]
  await voidPasswordLinks(tx, opts.userId)
  const [row] = await tx
    .insert(passwordLinks)
    .values({
      userId: opts.userId,
      purpose: opts.purpose,
      tokenHash: hashLinkSecret(secret),
      expiresAt: sql`now() + make_interval(mins => ${minutes})`,
      createdBy: opts.createdBy,
    })
    .returning({ expiresAt: passwordLinks.expiresAt })
  const query = new URLSearchParams({ email: opts.email, token: secret })
  return {
    url: `${opts.publicUrl}${PASSWORD_PAGE}?${query}`,
    token: secret,
    expiresAt: (row as { expiresAt: Date }).expiresAt,
    minutes,
  }
}

/**
 * The usable link (not used, not expired: the database's clock) of the account with this e-mail and
 * this secret, with its account; undefined for anything else. Only the secret's hash is compared.
 */
export async function findPasswordLink(conn: Conn, email: string, secret: string) {
  const [row] = await conn
    .select({
      id: passwordLinks.id,
      purpose: passwordLinks.purpose,
      expiresAt: passwordLinks.expiresAt,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
    })
    .from(users)
    .innerJoin(passwordLinks, eq(passwordLinks.userId, users.id))
    .where(
      and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        eq(passwordLinks.tokenHash, hashLinkSecret(secret)),
        isNull(passwordLinks.usedAt),
        gt(passwordLinks.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
  return row
}

/**
 * Uses the link up, in the transaction that sets the password: true when it was still usable (a second
 * request with the same link, even at the same moment, gets false).
 */
export async function usePasswordLink(tx: Conn, linkId: number): Promise<boolean> {
  const used = await tx
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordLinks.id, linkId),
        isNull(passwordLinks.usedAt),
        gt(passwordLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordLinks.id })
  return used.length === 1
}

/**
 * Every unused link of the account stops working (a new one is sent, or the password changed), and so do the
 * e-mails still owed that carry one (`expireLinkEmailsTo`): after a mail outage they were sent dead.
 */
export async function voidPasswordLinks(tx: Conn, userId: number) {
  await tx
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordLinks.userId, userId), isNull(passwordLinks.usedAt)))
  await expireLinkEmailsTo(tx, userId)
}
