import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { audit } from './db/audit.js'
import type { Db } from './db/client.js'
import { users } from './db/schema/index.js'
import { DEMO_ACCOUNTS, DEMO_EMAILS, DEMO_PASSWORD } from './demo/seed.js'
import { verifyPassword } from './modules/auth/passwords.js'
import { switchAccountOff } from './modules/users/switch-off.js'

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
 * The stored password hashes that accept the demo password. The demo seeding gives every account it makes one
 * hash (src/demo/seed.ts); an account keeps it when its e-mail is changed in user management, and loses it when
 * a password is set. The candidates are the hashes of accounts under a demo e-mail and any hash two accounts
 * share (a hash of a chosen password is salted, so never shared); each is verified once.
 */
async function demoHashes(db: Db): Promise<string[]> {
  const shared = db
    .select({ hash: users.passwordHash })
    .from(users)
    .groupBy(users.passwordHash)
    .having(sql`count(*) > 1`)
  const candidates = await db
    .selectDistinct({ hash: users.passwordHash })
    .from(users)
    .where(or(inArray(users.email, [...DEMO_EMAILS]), inArray(users.passwordHash, shared)))
  const verdicts = await Promise.all(candidates.map((c) => verifyPassword(c.hash, DEMO_PASSWORD)))
  return candidates.filter((_, i) => verdicts[i]).map((c) => c.hash)
}

/**
 * Demo accounts that are active and still accept the demo password: every account the demo seeding made that
 * kept the demo's password, whatever its e-mail became.
 */
export async function demoAccountsOpen(db: Db): Promise<{ email: string; role: string }[]> {
  const hashes = await demoHashes(db)
  if (hashes.length === 0) return []
  const open = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.passwordHash, hashes), eq(users.isActive, true)))
  // In the order of DEMO_EMAILS (the five main accounts first), then the accounts given another e-mail.
  const rank = (email: string) => DEMO_EMAILS.indexOf(email) + 1 || DEMO_EMAILS.length + 1
  return open.sort((a, b) => rank(a.email) - rank(b.email) || a.email.localeCompare(b.email))
}

export async function hasActiveSuperadmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.isActive, true)))
    .limit(1)
  return row !== undefined
}

/**
 * Why production refuses a data folder made by a development start, and the command that fixes it, naming the
 * database this start used: pasted as it is, it works on that data folder, not on the `./data` of wherever it is
 * run. The `DATABASE_URL` itself is not printed (it holds a password).
 */
export function demoRefusal(
  open: { email: string }[],
  where: { databaseUrl: string | null; dataDir: string },
): string {
  const shown = open.slice(0, 3).map((a) => a.email)
  const fix = where.databaseUrl
    ? "NODE_ENV=production DATABASE_URL=… npm run disable-demo   (with this service's DATABASE_URL)"
    : `NODE_ENV=production DATA_DIR=${shellWord(resolve(where.dataDir))} npm run disable-demo`
  return [
    `Refusing to start in production: ${open.length} demo account(s) (${shown.join(', ')}${open.length > 3 ? ', …' : ''}) still accept the demo password.`,
    'This data folder was made by a development start. Either start production on a new DATA_DIR (or an empty DATABASE_URL),',
    `or deactivate the demo accounts first: ${fix}`,
  ].join('\n')
}

/** `word` as the shell reads it back: as it is when plain, else in single quotes. */
const shellWord = (word: string) => (/^[\w./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)

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

/**
 * Deactivates every demo account (under a demo e-mail, or given another e-mail but still on the demo password) as
 * user management does (`switchAccountOff`: its sessions end, the e-mails still owed to it are given up; an audit
 * row `deactivate`, `via: 'disable-demo'`, without actor); returns the e-mails it changed. An account given a real
 * address whose owner set a password of their own is no demo account any more, and stays.
 */
export async function disableDemoAccounts(db: Db): Promise<string[]> {
  const hashes = await demoHashes(db)
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.isActive, true),
          or(
            inArray(users.email, [...DEMO_EMAILS]),
            hashes.length > 0 ? inArray(users.passwordHash, hashes) : undefined,
          ),
        ),
      )
      .orderBy(users.id)
      // Re-checked after waiting for the lock: an account whose owner set a password meanwhile drops out.
      .for('no key update')
    const changed: string[] = []
    for (const row of rows) {
      // Switched off meanwhile by staff (the service may be running): theirs is the audit row.
      const { wasActive, revoked } = await switchAccountOff(tx, row.id)
      if (!wasActive) continue
      await audit(tx, null, 'deactivate', 'user', row.id, { isActive: false, revoked, via: 'disable-demo' })
      changed.push(row.email)
    }
    return changed
  })
}
