import { and, eq, or, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Config } from '../../config.js'
import type { Conn, Db } from '../../db/client.js'
import { accessTokens, companies, majors, rateLimits, students, users } from '../../db/schema/index.js'
import { issueToken } from '../../http/auth.js'
import { AppError } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import {
  type Limiter,
  limiter,
  limitReached,
  type RateLimitStore,
  tooManyRequests,
} from '../../http/rate-limit.js'
import { verifyPassword } from './passwords.js'

export interface LoginLimiter {
  byIp: Limiter
  byEmailAndIp: Limiter
  byEmail: Limiter
  /** Successful logins per account: a script signing in on every request costs a password hash each time. */
  byAccount: Limiter
}

/** Successful logins one account may make per login window (a person signs in a few times a day). */
export const LOGINS_PER_ACCOUNT = 60

const LOGIN_EMAIL = 'login-email'
const LOGIN_EMAIL_IP = 'login-email-ip'

/**
 * Forgets the failed logins counted against an e-mail in the database store (`RATE_LIMIT_STORE=database`;
 * a memory store's counters go with the restart that `npm run create-admin` needs on the embedded database):
 * for the account given a new password by create-admin, which should not meet a 429 left by the guesses
 * that made its owner run it.
 */
export async function forgetFailedLogins(conn: Conn, email: string) {
  await conn
    .delete(rateLimits)
    .where(
      or(
        eq(rateLimits.key, `${LOGIN_EMAIL}:${email}`),
        sql`starts_with(${rateLimits.key}, ${`${LOGIN_EMAIL_IP}:${email} `})`,
      ),
    )
}

/**
 * Four counters in the service's store: failed attempts per address (guessing across many e-mails); failed
 * attempts per e-mail from one address (the brake on guessing, which someone elsewhere cannot use to lock the
 * real user out); failed attempts per e-mail from all addresses together, a slower ceiling on guessing spread
 * over many addresses; and successful logins per account. A right password never counts against the address:
 * a whole school reaches the service from one address (its NAT), and counting every login there let one
 * learner's script, or two classes signing in at once, refuse everyone else at the school.
 */
export function loginLimiter(config: Config, store: RateLimitStore): LoginLimiter {
  const { maxPerIp, maxPerEmail, windowSeconds, emailCeiling, emailCeilingWindowSeconds } = config.login
  return {
    byIp: limiter(store, { keyPrefix: 'login-ip', points: maxPerIp, duration: windowSeconds }),
    byEmailAndIp: limiter(store, {
      keyPrefix: LOGIN_EMAIL_IP,
      points: maxPerEmail,
      duration: windowSeconds,
    }),
    byEmail: limiter(store, {
      keyPrefix: LOGIN_EMAIL,
      points: emailCeiling,
      duration: emailCeilingWindowSeconds,
    }),
    byAccount: limiter(store, {
      keyPrefix: 'login-account',
      points: LOGINS_PER_ACCOUNT,
      duration: windowSeconds,
    }),
  }
}

const tooMany = (err: unknown) =>
  tooManyRequests(err, (seconds) =>
    msg(
      `Terlalu banyak percobaan masuk. Coba lagi dalam ${seconds} detik.`,
      `Too many login attempts. Try again in ${seconds} seconds.`,
    ),
  )

export async function login(
  db: Db,
  config: Config,
  limiter: LoginLimiter,
  input: { email: string; password: string },
  ip: string,
) {
  const email = input.email.trim().toLowerCase()
  const emailAndIp = `${email} ${ip}`
  for (const [counter, key] of [
    [limiter.byIp, ip],
    [limiter.byEmailAndIp, emailAndIp],
    [limiter.byEmail, email],
  ] as const) {
    const used = await counter.get(key)
    if (used && used.remainingPoints <= 0) tooMany(used)
  }

  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1)
  // An account over its successful logins is refused before its password is hashed: a script going on costs
  // no hash (the one at a time every login waits for), and its typos no failure at its address. Only the
  // account's owner can bring it there, so the early 429 tells nobody else anything.
  if (user) {
    const used = await limiter.byAccount.get(String(user.id))
    if (used && used.remainingPoints <= 0) tooMany(used)
  }
  const valid = await verifyPassword(user?.passwordHash, input.password)
  if (!user || !valid) {
    // Counted past the limit as well: a rejection there is the limit (the next attempt gets the 429).
    await limiter.byIp.consume(ip).catch(limitReached)
    await limiter.byEmailAndIp.consume(emailAndIp).catch(limitReached)
    await limiter.byEmail.consume(email).catch(limitReached)
    throw new AppError(401, msg('E-mail atau kata sandi salah.', 'Wrong e-mail or password.'))
  }
  if (!user.isActive) {
    throw new AppError(
      403,
      msg(
        'Akun Anda dinonaktifkan. Hubungi admin BKK sekolah.',
        "Your account is deactivated. Contact the school's career center.",
      ),
    )
  }
  await limiter.byAccount.consume(String(user.id)).catch(tooMany)
  // The address proved it knows the password; the ceiling across addresses keeps counting.
  await limiter.byEmailAndIp.delete(emailAndIp)
  const token = await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id))
    return issueToken(tx, user.id, config.tokenTtlHours)
  })
  return {
    token,
    user: {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      companyId: user.companyId,
      mustChangePassword: user.mustChangePassword,
    },
  }
}

/** The periodic sweep of sign-in tokens and password links long past use (`sweepSpentCredentials`). */
export { sweepSpentCredentials } from './queries.js'

export async function logout(db: Conn, actor: Actor) {
  await db.delete(accessTokens).where(eq(accessTokens.id, actor.tokenId))
}

export async function me(db: Conn, actor: Actor) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      isActive: users.isActive,
      mustChangePassword: users.mustChangePassword,
      lastLoginAt: users.lastLoginAt,
      companyId: users.companyId,
      companyName: companies.name,
      companyActive: companies.isActive,
      studentId: students.id,
      nis: students.nis,
      majorId: students.majorId,
      majorName: majors.name,
      graduationYear: students.graduationYear,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(majors, eq(majors.id, students.majorId))
    .where(and(eq(users.id, actor.id)))
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    company: row.companyId
      ? { id: row.companyId, name: row.companyName ?? '', isActive: row.companyActive ?? false }
      : null,
    student: row.studentId
      ? {
          id: row.studentId,
          nis: row.nis ?? '',
          majorId: row.majorId ?? 0,
          majorName: row.majorName ?? '',
          graduationYear: row.graduationYear,
        }
      : null,
  }
}
