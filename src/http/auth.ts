import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Actor } from '../actor.js'
import type { Conn } from '../db/client.js'
import { accessTokens, type Role } from '../db/schema/index.js'
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
/** The 403 `code` of a route the caller's role may not use: a client may hold an old role (a graduation). */
export const ROLE_REFUSED = 'role_refused'
/**
 * The 403 `code` of an HR route refused because the account has no active company (unlinked, or its company
 * switched off): the client reloads `/api/me`, whose `company` tells which.
 */
export const COMPANY_UNAVAILABLE = 'company_unavailable'

/** 403 `company_unavailable`: the HR account's company is switched off (at the door, or while a request ran). */
export const companyInactive = (): never => {
  throw new AppError(403, msg('Perusahaan Anda sedang nonaktif.', 'Your company is inactive.'), undefined, {
    code: COMPANY_UNAVAILABLE,
  })
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
    'Anda belum masuk atau sesi Anda tidak valid.',
    'You are not logged in or your session is invalid.',
  ),
  code?: string,
) => new AppError(401, m, undefined, code ? { code } : undefined)

/**
 * The 401 of a token whose account was deactivated: no password brings the session back (a client asks for one
 * when a session merely expired or was ended elsewhere, and goes to its login page on this one).
 */
export const ACCOUNT_DEACTIVATED = 'account_deactivated'

/** A token and its account, as the hook reads them (`tokenAccount`, src/modules/auth/queries.ts). */
export interface TokenAccount {
  tokenHash: string
  expiresAt: Date
  lastUsedAt: Date | null
  id: number
  email: string
  fullName: string
  role: Role
  isActive: boolean
  mustChangePassword: boolean
  companyId: number | null
  /** Null without a company. */
  companyActive: boolean | null
  studentId: number | null
}

/**
 * The token's SQL, which the auth module owns (src/modules/auth/queries.ts, prepared statements):
 * app.ts hands it to the hook, since http/ imports no module.
 */
export interface TokenStore {
  /** The token with this id and its account: none or one row. */
  lookup(tokenId: number): Promise<TokenAccount[]>
  /** `last_used_at = now()` for the token. */
  touch(tokenId: number): Promise<unknown>
}

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
  /** A token unused this long is refused as ended (`TOKEN_IDLE_HOURS`). */
  idleMs: number
  generation: number
  entries: Map<number, { row: TokenAccount; until: number }>
}

const TOKEN_CACHE_MAX = 10_000

async function lookupToken(
  tokens: TokenStore,
  cache: TokenCache,
  tokenId: number,
): Promise<TokenAccount | undefined> {
  const hit = cache.ttlMs > 0 ? cache.entries.get(tokenId) : undefined
  if (hit && hit.until > Date.now()) return hit.row
  const generation = cache.generation
  const [row] = await tokens.lookup(tokenId)
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

async function authenticate(
  tokens: TokenStore,
  cache: TokenCache,
  header: string | undefined,
  /** A client's own background ask (`X-Background: 1`: the bell's poll), which is not the person's use. */
  background = false,
): Promise<Checked> {
  // The scheme in any case (RFC 9110 §11.1: `bearer` is `Bearer`).
  const match = header?.match(/^Bearer\s+(\d{1,10})\|([A-Za-z0-9]{40})$/i)
  if (!match) throw unauthenticated()
  const tokenId = Number(match[1])
  // Token ids are PostgreSQL integers: a larger one cannot exist (and would be a database error).
  if (tokenId > 2147483647) throw unauthenticated()
  const row = await lookupToken(tokens, cache, tokenId)
  if (!row) throw unauthenticated()
  if (!timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), sha256(match[2]))) throw unauthenticated()
  // Past its lifetime, or left unused (a browser closed without "Keluar" at the lab): the next person at that
  // browser is not signed in as its owner for the rest of the week.
  const idle = row.lastUsedAt !== null && Date.now() - row.lastUsedAt.getTime() > cache.idleMs
  if (row.expiresAt.getTime() <= Date.now() || idle)
    throw unauthenticated(
      msg(
        'Sesi Anda telah berakhir. Silakan masuk kembali.',
        'Your session has expired. Please log in again.',
      ),
    )
  if (!row.isActive)
    throw unauthenticated(
      msg(
        'Akun Anda telah dinonaktifkan. Hubungi admin BKK sekolah.',
        'Your account has been deactivated. Contact the school career center admin.',
      ),
      ACCOUNT_DEACTIVATED,
    )
  // A tab left open in view polls the bell every minute: counted as use, it kept the lab's session alive for good.
  if (!background && (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000)) {
    await tokens.touch(tokenId)
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

/**
 * One hook for the whole API: a token on every `/api` route but the public ones, then the route's roles.
 * `tokens` reads and touches the token (app.ts passes the auth module's queries).
 */
export function registerAuth(app: FastifyInstance, tokens: TokenStore) {
  const cache: TokenCache = {
    ttlMs: app.config.authCacheMs,
    idleMs: app.config.tokenIdleHours * 3600_000,
    generation: 0,
    entries: new Map(),
  }
  app.decorateRequest('user', null as unknown as Actor)
  // Before the answer leaves: the client's next request already sees the change.
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !req.routeOptions.config?.keepsSessions)
      forgetTokens(cache)
  })
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const url = req.routeOptions.url
    const config = req.routeOptions.config
    if (!url?.startsWith('/api') || config.public) return
    const actor = await authenticate(
      tokens,
      cache,
      req.headers.authorization,
      req.headers['x-background'] === '1',
    )
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
        undefined,
        { code: ROLE_REFUSED },
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
          undefined,
          { code: COMPANY_UNAVAILABLE },
        )
      if (!actor.companyActive) companyInactive()
    }
    delete actor.companyActive
    delete actor.mustChangePassword
    req.user = actor
  })
}
