import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { type PasswordLinkPurpose, passwordLinks } from '../../db/schema/index.js'

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
  await tx
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordLinks.userId, opts.userId), isNull(passwordLinks.usedAt)))
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
