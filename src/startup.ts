import { createServer } from 'node:net'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from './db/client.js'
import { accessTokens, users } from './db/schema/index.js'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/seed.js'
import { verifyPassword } from './modules/auth/passwords.js'

/** Checks before anything is set up: a busy port is reported in one line instead of a stack trace later. */
export function portIsFree(host: string, port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(true)
  return new Promise((done) => {
    const probe = createServer()
    probe.once('error', () => done(false))
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => done(true)))
  })
}

/** Demo accounts that are active and still accept the demo password (each distinct hash checked once). */
export async function demoAccountsOpen(db: Db): Promise<{ email: string; role: string }[]> {
  const rows = await db
    .select({ email: users.email, role: users.role, hash: users.passwordHash })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
        eq(users.isActive, true),
      ),
    )
  const verdicts = new Map<string, Promise<boolean>>()
  const open = []
  for (const row of rows) {
    if (!verdicts.has(row.hash)) verdicts.set(row.hash, verifyPassword(row.hash, DEMO_PASSWORD))
    if (await verdicts.get(row.hash)) open.push({ email: row.email, role: row.role })
  }
  return open
}

export async function hasActiveSuperadmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.isActive, true)))
    .limit(1)
  return row !== undefined
}

/** The block printed on a development start while demo accounts accept the demo password. */
export function demoBlock(base: string, accounts: { email: string; role: string }[]): string {
  const width = Math.max(...accounts.map((a) => a.email.length))
  return [
    '',
    '  Demo accounts (development only), password: ' + DEMO_PASSWORD,
    ...accounts.map((a) => `    ${a.email.padEnd(width)}  ${a.role}`),
    `  Open ${base}/ to log in; API docs at ${base}/docs`,
    '',
  ].join('\n')
}

/** Deactivates every demo account and ends its sessions; returns the e-mails it changed. */
export async function disableDemoAccounts(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ isActive: false })
      .where(
        and(
          inArray(
            users.email,
            DEMO_ACCOUNTS.map((a) => a.email),
          ),
          eq(users.isActive, true),
        ),
      )
      .returning({ id: users.id, email: users.email })
    if (rows.length > 0)
      await tx.delete(accessTokens).where(
        inArray(
          accessTokens.userId,
          rows.map((r) => r.id),
        ),
      )
    return rows.map((r) => r.email)
  })
}
