import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Conn, Db } from '../db/client.js'
import { accessTokens, companies, type Role, students, users } from '../db/schema/index.js'
import { AppError } from './errors.js'
import { msg } from './i18n.js'

/** The authenticated caller, as every service receives it. */
export interface Actor {
  id: number
  email: string
  fullName: string
  role: Role
  /** For `hrd`: the company every query is scoped to. */
  companyId: number | null
  /** For `siswa` and `alumni`: their learner record. */
  studentId: number | null
  tokenId: number
}

declare module 'fastify' {
  interface FastifyRequest {
    user: Actor
  }
  interface FastifyContextConfig {
    /** Who may call the route. `admin` also admits `superadmin`. */
    roles?: readonly Role[]
    /** No token needed. */
    public?: boolean
  }
}

const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function randomSecret(length = 40): string {
  const bytes = randomBytes(length * 2)
  let out = ''
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b < 248) out += TOKEN_CHARS[b % 62]
    if (out.length === length) return out
  }
  return out + randomSecret(length - out.length)
}

const sha256 = (s: string) => createHash('sha256').update(s).digest()

/** Stores a new token for the user and returns the only copy of its plain text. */
export async function issueToken(
  conn: Conn,
  userId: number,
  ttlHours: number,
  name = 'login',
): Promise<string> {
  const secret = randomSecret()
  const [row] = await conn
    .insert(accessTokens)
    .values({
      userId,
      name,
      tokenHash: sha256(secret).toString('hex'),
      expiresAt: new Date(Date.now() + ttlHours * 3600_000),
    })
    .returning({ id: accessTokens.id })
  return `${row.id}|${secret}`
}

const unauthenticated = (
  m = msg(
    'Anda belum login atau sesi Anda tidak valid.',
    'You are not logged in or your session is invalid.',
  ),
) => new AppError(401, m)

async function authenticate(db: Db, header: string | undefined): Promise<Actor> {
  const match = header?.match(/^Bearer\s+(\d{1,10})\|([A-Za-z0-9]{40})$/)
  if (!match) throw unauthenticated()
  const tokenId = Number(match[1])
  const [row] = await db
    .select({
      tokenHash: accessTokens.tokenHash,
      expiresAt: accessTokens.expiresAt,
      lastUsedAt: accessTokens.lastUsedAt,
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      isActive: users.isActive,
      companyId: users.companyId,
      companyActive: companies.isActive,
      studentId: students.id,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(students, eq(students.userId, users.id))
    .where(eq(accessTokens.id, tokenId))
    .limit(1)
  if (!row || tokenId > 2147483647) throw unauthenticated()
  if (!timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), sha256(match[2]))) throw unauthenticated()
  if (row.expiresAt.getTime() <= Date.now())
    throw unauthenticated(
      msg(
        'Sesi Anda telah berakhir. Silakan login kembali.',
        'Your session has expired. Please log in again.',
      ),
    )
  if (!row.isActive)
    throw unauthenticated(msg('Akun Anda telah dinonaktifkan.', 'Your account has been deactivated.'))
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(accessTokens).set({ lastUsedAt: sql`now()` }).where(eq(accessTokens.id, tokenId))
  }
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    companyId: row.companyId,
    studentId: row.studentId,
    tokenId,
    ...(row.role === 'hrd' ? { companyActive: row.companyActive } : {}),
  } as Actor & { companyActive?: boolean | null }
}

export function allows(required: readonly Role[], role: Role): boolean {
  return required.includes(role) || (role === 'superadmin' && required.includes('admin'))
}

/** One hook for the whole API: a token on every `/api` route but the public ones, then the route's roles. */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null as unknown as Actor)
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const url = req.routeOptions.url
    const config = req.routeOptions.config
    if (!url || !url.startsWith('/api') || config.public) return
    const actor = (await authenticate(db, req.headers.authorization)) as Actor & {
      companyActive?: boolean | null
    }
    const roles = config.roles
    if (roles && !allows(roles, actor.role)) {
      throw new AppError(
        403,
        msg('Peran Anda tidak memiliki akses ke fitur ini.', 'Your role has no access to this feature.'),
      )
    }
    if (roles?.includes('hrd') && actor.role === 'hrd') {
      if (!actor.companyId)
        throw new AppError(
          403,
          msg(
            'Akun HRD Anda belum terhubung dengan perusahaan.',
            'Your HR account is not linked to a company.',
          ),
        )
      if (!actor.companyActive)
        throw new AppError(403, msg('Perusahaan Anda sedang nonaktif.', 'Your company is inactive.'))
    }
    delete actor.companyActive
    req.user = actor
  })
}
