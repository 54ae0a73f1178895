import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Actor } from '../actor.js'
import type { Conn, Db } from '../db/client.js'
import { prepared } from '../db/prepared.js'
import { accessTokens, companies, type Role, students, users } from '../db/schema/index.js'
import { AppError } from './errors.js'
import { msg } from './i18n.js'

declare module 'fastify' {
  interface FastifyRequest {
    user: Actor
  }
  interface FastifyContextConfig {
    /** Who may call the route. `admin` also admits `superadmin`. */
    roles?: readonly Role[]
    /** No token needed. */
    public?: boolean
    /**
     * A change that cannot touch an account, a token or a company's active flag (applying, reviewing):
     * it does not make this instance forget its token lookups (see `TokenCache`).
     */
    keepsSessions?: boolean
    /**
     * Open to an account that must change its password first (`users.must_change_password`): only
     * `GET /api/me`, `POST /api/logout` and `POST /api/change-password`. Every other route answers 403
     * with `code: 'password_change_required'`.
     */
    whilePasswordChangeRequired?: boolean
  }
}

/** The `code` of the 403 an account that must change its password gets (the web client looks for it). */
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required'

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

/** The token and its account, on every request: a prepared statement (src/db/prepared.ts). */
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

type TokenRow = Awaited<ReturnType<ReturnType<typeof tokenLookup>['execute']>>[number]

/**
 * Token lookups kept in memory for `ttlMs` (AUTH_CACHE_SECONDS): most requests then need no database
 * round trip for their token. The secret is still compared and the expiry checked on every request.
 * This instance forgets every entry as soon as any change but the few marked `keepsSessions` has
 * answered (logout, deactivation, a role or company change made here apply to the next request);
 * another instance sees such a change within `ttlMs`. A lookup that started before a forgetting is
 * not kept (`generation`), so a stale row cannot slip back in.
 */
interface TokenCache {
  ttlMs: number
  generation: number
  entries: Map<number, { row: TokenRow; until: number }>
}

const TOKEN_CACHE_MAX = 10_000

async function lookupToken(db: Db, cache: TokenCache, tokenId: number): Promise<TokenRow | undefined> {
  const hit = cache.ttlMs > 0 ? cache.entries.get(tokenId) : undefined
  if (hit && hit.until > Date.now()) return hit.row
  const generation = cache.generation
  const [row] = await tokenLookup(db).execute({ tokenId })
  if (row && cache.ttlMs > 0 && generation === cache.generation) {
    cache.entries.delete(tokenId)
    if (cache.entries.size >= TOKEN_CACHE_MAX)
      cache.entries.delete(cache.entries.keys().next().value as number)
    cache.entries.set(tokenId, { row, until: Date.now() + cache.ttlMs })
  }
  return row
}

function forgetTokens(cache: TokenCache) {
  cache.generation++
  cache.entries.clear()
}

const tokenTouch = prepared((db) =>
  db
    .update(accessTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(accessTokens.id, sql.placeholder('tokenId')))
    .prepare('auth_token_touch'),
)

async function authenticate(db: Db, cache: TokenCache, header: string | undefined): Promise<Checked> {
  const match = header?.match(/^Bearer\s+(\d{1,10})\|([A-Za-z0-9]{40})$/)
  if (!match) throw unauthenticated()
  const tokenId = Number(match[1])
  // Token ids are PostgreSQL integers: a larger one cannot exist (and would be a database error).
  if (tokenId > 2147483647) throw unauthenticated()
  const row = await lookupToken(db, cache, tokenId)
  if (!row) throw unauthenticated()
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
    await tokenTouch(db).execute({ tokenId })
    row.lastUsedAt = new Date()
  }
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    companyId: row.companyId,
    studentId: row.studentId,
    tokenId,
    mustChangePassword: row.mustChangePassword,
    ...(row.role === 'hrd' ? { companyActive: row.companyActive } : {}),
  } as Checked
}

/** The caller with what the hook checks before it hands `req.user` over. */
type Checked = Actor & { companyActive?: boolean | null; mustChangePassword?: boolean }

export function allows(required: readonly Role[], role: Role): boolean {
  return required.includes(role) || (role === 'superadmin' && required.includes('admin'))
}

/** One hook for the whole API: a token on every `/api` route but the public ones, then the route's roles. */
export function registerAuth(app: FastifyInstance, db: Db) {
  const cache: TokenCache = { ttlMs: app.config.authCacheMs, generation: 0, entries: new Map() }
  app.decorateRequest('user', null as unknown as Actor)
  // Before the answer leaves: the client's next request already sees the change.
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !req.routeOptions.config?.keepsSessions)
      forgetTokens(cache)
  })
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const url = req.routeOptions.url
    const config = req.routeOptions.config
    if (!url || !url.startsWith('/api') || config.public) return
    const actor = await authenticate(db, cache, req.headers.authorization)
    // Before the role check: whatever the route, such an account is told what to do first.
    if (actor.mustChangePassword && !config.whilePasswordChangeRequired)
      throw new AppError(
        403,
        msg(
          'Anda harus mengganti kata sandi terlebih dahulu sebelum dapat memakai fitur lain.',
          'You must change your password before you can use anything else.',
        ),
        undefined,
        { code: PASSWORD_CHANGE_REQUIRED },
      )
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
    delete actor.mustChangePassword
    req.user = actor
  })
}
