import { and, eq, sql } from 'drizzle-orm'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { Config } from '../../config.js'
import type { Conn, Db } from '../../db/client.js'
import { accessTokens, companies, majors, students, users } from '../../db/schema/index.js'
import { type Actor, issueToken } from '../../http/auth.js'
import { AppError } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { verifyPassword } from './passwords.js'

export interface LoginLimiter {
  byIp: RateLimiterMemory
  byEmail: RateLimiterMemory
}

/** Per-instance counters: every login attempt per address, failed attempts per e-mail. */
export function loginLimiter(config: Config): LoginLimiter {
  const duration = config.login.windowSeconds
  return {
    byIp: new RateLimiterMemory({ keyPrefix: 'login-ip', points: config.login.maxPerIp, duration }),
    byEmail: new RateLimiterMemory({ keyPrefix: 'login-email', points: config.login.maxPerEmail, duration }),
  }
}

function tooMany(res: unknown): never {
  const seconds = res instanceof RateLimiterRes ? Math.ceil(res.msBeforeNext / 1000) : 60
  throw new AppError(
    429,
    msg(
      `Terlalu banyak percobaan login. Coba lagi dalam ${seconds} detik.`,
      `Too many login attempts. Try again in ${seconds} seconds.`,
    ),
    undefined,
    { retryAfter: seconds },
  )
}

export async function login(
  db: Db,
  config: Config,
  limiter: LoginLimiter,
  input: { email: string; password: string },
  ip: string,
) {
  const email = input.email.trim().toLowerCase()
  await limiter.byIp.consume(ip).catch(tooMany)
  const blocked = await limiter.byEmail.get(email)
  if (blocked && blocked.remainingPoints <= 0) tooMany(blocked)

  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1)
  const valid = await verifyPassword(user?.passwordHash, input.password)
  if (!user || !valid) {
    await limiter.byEmail.consume(email).catch(() => {})
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
  await limiter.byEmail.delete(email)
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
    },
  }
}

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
      lastLoginAt: users.lastLoginAt,
      companyId: users.companyId,
      companyName: companies.name,
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
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    company: row.companyId ? { id: row.companyId, name: row.companyName ?? '' } : null,
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
