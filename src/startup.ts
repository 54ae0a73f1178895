import { createServer } from 'node:net'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from './db/client.js'
import { accessTokens, users } from './db/schema/index.js'
import { DEMO_ACCOUNTS, DEMO_EMAILS, DEMO_PASSWORD } from './demo/seed.js'
import { verifyPassword } from './modules/auth/passwords.js'

/**
 * Checks before anything is set up: why the service could not listen on `host`:`port`, in one line naming
 * the setting to change (instead of a stack trace after the start-up work), or null when it can.
 */
export function listenProblem(host: string, port: number): Promise<string | null> {
  if (port === 0) return Promise.resolve(null)
  return new Promise((done) => {
    const probe = createServer()
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        done(
          `Port ${port} on ${host} is already in use (another bursa, or another program). Stop it, or choose another port with PORT=…`,
        )
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN')
        done(
          `HOST=${host} is not an address of this machine. Use 0.0.0.0 (every address), 127.0.0.1 (this machine only) or one of its own addresses.`,
        )
      else if (err.code === 'EACCES')
        done(`Port ${port} needs privileges this process does not have. Choose a port above 1023 with PORT=…`)
      else done(`Cannot listen on ${host}:${port} (${err.code ?? err.message}). Check HOST and PORT.`)
    })
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => done(null)))
  })
}

/**
 * Demo accounts (every account the demo seeding makes) that are active and still accept the demo password;
 * each distinct hash is checked once (the seeding gives them one).
 */
export async function demoAccountsOpen(db: Db): Promise<{ email: string; role: string }[]> {
  const rows = await db
    .select({ email: users.email, role: users.role, hash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.email, [...DEMO_EMAILS]), eq(users.isActive, true)))
  const verdicts = new Map<string, Promise<boolean>>()
  const open = []
  for (const row of rows) {
    if (!verdicts.has(row.hash)) verdicts.set(row.hash, verifyPassword(row.hash, DEMO_PASSWORD))
    if (await verdicts.get(row.hash)) open.push({ email: row.email, role: row.role })
  }
  // In the order of DEMO_EMAILS: the five main accounts first.
  return open.sort((a, b) => DEMO_EMAILS.indexOf(a.email) - DEMO_EMAILS.indexOf(b.email))
}

export async function hasActiveSuperadmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.isActive, true)))
    .limit(1)
  return row !== undefined
}

/** The block printed on a development start: the five main demo accounts that accept the demo password. */
export function demoBlock(base: string, open: { email: string; role: string }[]): string {
  const main = new Set<string>(DEMO_ACCOUNTS.map((a) => a.email))
  const accounts = open.filter((a) => main.has(a.email))
  const others = open.length - accounts.length
  const width = Math.max(...accounts.map((a) => a.email.length))
  return [
    '',
    '  Demo accounts (development only), password: ' + DEMO_PASSWORD,
    ...accounts.map((a) => `    ${a.email.padEnd(width)}  ${a.role}`),
    ...(others > 0
      ? [`    (and ${others} more demo accounts: other partners' HR staff, students and alumni)`]
      : []),
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
      .where(and(inArray(users.email, [...DEMO_EMAILS]), eq(users.isActive, true)))
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
