import { isIP } from 'node:net'
import { type Static, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { isEmail } from './http/schemas.js'
import { parseStorageUrl } from './storage/s3.js'

const Env = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  /** Empty: the embedded PostgreSQL under DATA_DIR/pg. Otherwise postgres://user:pass@host:port/db */
  DATABASE_URL: Type.String({ default: '' }),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  /** A query unanswered this long fails (503): a database that silently stopped answering. */
  DATABASE_QUERY_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 30 }),
  DATA_DIR: Type.String({ default: './data' }),
  /** Empty: local folder DATA_DIR/files. */
  STORAGE_URL: Type.String({ default: '' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  TOKEN_TTL_HOURS: Type.Integer({ minimum: 1, maximum: 24 * 366, default: 24 * 7 }),
  /**
   * Hours a login token may go unused before it ends (a browser closed without "Keluar" at the school's lab or
   * a family's phone); within its TOKEN_TTL_HOURS either way.
   */
  TOKEN_IDLE_HOURS: Type.Integer({ minimum: 1, maximum: 24 * 366, default: 12 }),
  /**
   * Seconds an instance keeps a token's lookup (account, role, company) in memory; 0 turns it off.
   * Default 5, 0 under NODE_ENV=test. See docs/decisions.md (Authentication).
   */
  AUTH_CACHE_SECONDS: Type.Optional(Type.Integer({ minimum: 0, maximum: 60 })),
  /**
   * Seconds a report's result (and the dashboard) is kept for staff asking the same with the same
   * filters; a change made through the same instance shows at once. Default 5, 0 under NODE_ENV=test.
   */
  REPORT_CACHE_SECONDS: Type.Optional(Type.Integer({ minimum: 0, maximum: 300 })),
  /** Create demo data on an empty database (never in production). */
  SEED_DEMO: Type.Union([Type.Literal('auto'), Type.Literal('true'), Type.Literal('false')], {
    default: 'auto',
  }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1024 * 1024 }),
  UPLOAD_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 10 * 1024 * 1024 }),
  LOGIN_MAX_PER_EMAIL: Type.Integer({ minimum: 1, default: 10 }),
  /** Failed logins per address and window (a right password does not count: a school shares one address). */
  LOGIN_MAX_PER_IP: Type.Integer({ minimum: 1, default: 60 }),
  LOGIN_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 15 * 60 }),
  /** Failed logins per e-mail from all addresses together, per LOGIN_EMAIL_CEILING_WINDOW_SECONDS. */
  LOGIN_EMAIL_CEILING: Type.Integer({ minimum: 1, default: 100 }),
  LOGIN_EMAIL_CEILING_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 60 * 60 }),
  /**
   * Where the rate limits count: `memory` (each instance its own counters, gone on restart) or `database`
   * (the `rate_limits` table, shared by every instance and kept across restarts; one statement more per
   * limited request). Default: `database` with DATABASE_URL (where several instances may run), `memory` on
   * the embedded database (one instance by construction).
   */
  RATE_LIMIT_STORE: Type.Optional(Type.Union([Type.Literal('memory'), Type.Literal('database')])),
  APPLY_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 30 }),
  UPLOAD_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 60 }),
  /** HR's vacancy writes (create, edit, switch, delete) per account and hour: each reaches staff and applicants. */
  VACANCY_WRITE_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 60 }),
  /** Slow clients: the headers must arrive within this, and the whole request within the next. */
  HEADERS_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, maximum: 600, default: 20 }),
  REQUEST_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 120 }),
  /**
   * The reverse proxies in front of the service, whose `X-Forwarded-For` entries are believed: `false` (none:
   * the socket's address is the client's), `true` (one on this machine: `loopback`), or their addresses and
   * networks (`10.0.0.5`, `10.0.0.0/8`, `loopback`). Never every hop: a proxy appends to what the client sent,
   * so the leftmost entry is the client's own words (see trustedProxies).
   */
  TRUST_PROXY: Type.String({ default: 'false' }),
  /** Origins of front-ends on other origins that may call the API: `https://a.example,http://localhost:5173`. */
  CORS_ORIGINS: Type.String({
    default: '',
    pattern: '^\\s*(https?://[^/\\s,]+(\\s*,\\s*https?://[^/\\s,]+)*)?\\s*$',
  }),
  SMTP_URL: Type.String({ default: '' }),
  /**
   * Where people reach the web client, for links in e-mails (password links, e-mail confirmation, check-in):
   * `https://bkk.smkn1.sch.id`. Empty: `http://localhost:<PORT>`.
   */
  PUBLIC_URL: Type.String({ default: '', pattern: '^(https?://[^\\s]+)?$' }),
  /**
   * The school's time zone (IANA): its calendar days decide every date rule (deadlines, "today", date
   * filters, reports' weeks and school years) and its clock every time people read.
   */
  SCHOOL_TIME_ZONE: Type.String({ default: 'Asia/Jakarta' }),
  /**
   * The school's name as people write it (`SMKN 1 Bekasi`), for the web client's header, tab and printed
   * sheets; one line, at most 100 characters. Empty: "BKK SMK", the wording of before.
   */
  SCHOOL_NAME: Type.String({ default: '' }),
  /** Login e-mails generated for imported students without an e-mail: `<nisn>@<domain>`. */
  SCHOOL_EMAIL_DOMAIN: Type.String({ default: 'siswa.sekolah.sch.id', pattern: '^[a-z0-9.-]+\\.[a-z]{2,}$' }),
  /**
   * Secret (at least 32 characters) the key that encrypts imported accounts' initial passwords is derived
   * from, for several instances; empty: a key file DATA_DIR/credentials.key made (0600) on first use.
   */
  CREDENTIALS_KEY: Type.String({ default: '', pattern: '^(.{32,})?$' }),
  /** Forgot-password requests per address and hour. */
  PASSWORD_RESET_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 10 }),
  /** Company registration requests per address and hour. */
  REGISTRATION_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 5 }),
  SMTP_FROM: Type.String({ default: 'bursa <no-reply@bursa.local>' }),
})

export type Env = Static<typeof Env>

const SECRET_SETTINGS = new Set(['CREDENTIALS_KEY', 'DATABASE_URL', 'SMTP_URL', 'STORAGE_URL'])

export interface Config {
  env: Env['NODE_ENV']
  host: string
  port: number
  databaseUrl: string | null
  databasePoolSize: number
  databaseQueryTimeoutMs: number
  dataDir: string
  storageUrl: string | null
  logLevel: string
  tokenTtlHours: number
  /** A token unused this long is refused as ended (`TOKEN_IDLE_HOURS`). */
  tokenIdleHours: number
  /** Milliseconds a token lookup is kept per instance (0: every request asks the database). */
  authCacheMs: number
  /** Milliseconds a report result is shared (0: only requests arriving while it is computed share it). */
  reportCacheMs: number
  seedDemo: boolean
  bodyLimit: number
  uploadLimit: number
  login: {
    maxPerEmail: number
    maxPerIp: number
    windowSeconds: number
    /** Failed attempts per e-mail from all addresses together, and their window. */
    emailCeiling: number
    emailCeilingWindowSeconds: number
  }
  /** Where the rate limits count (RATE_LIMIT_STORE). */
  rateLimitStore: 'memory' | 'database'
  /** Per account and hour. */
  limits: {
    applyPerHour: number
    uploadPerHour: number
    /** HR's vacancy writes: create, edit, switch on or off, delete. */
    vacancyWritesPerHour: number
    /** Per address: forgot-password requests and company registrations. */
    passwordResetPerHour: number
    registrationPerHour: number
  }
  /** Milliseconds. */
  timeouts: { headers: number; request: number }
  /** Fastify's `trustProxy`: false, or the proxies' addresses and networks (see TRUST_PROXY). */
  trustProxy: false | string[]
  corsOrigins: string[]
  smtp: { url: string | null; from: string }
  /** The web client's base URL, without a trailing slash. */
  publicUrl: string
  schoolTimeZone: string
  /** SCHOOL_NAME, trimmed; '' when unset. */
  schoolName: string
  schoolEmailDomain: string
  /** CREDENTIALS_KEY, or null for the key file in `dataDir` (src/modules/imports/credentials.ts). */
  credentialsKey: string | null
}

const protocolOf = (url: string) => {
  try {
    return new URL(url).protocol
  } catch {
    return ''
  }
}

/**
 * A connection string PostgreSQL's clients read alike (pg, pg_dump): postgres:// or postgresql://, a URL that
 * parses, the host left empty for a socket named by `?host=` as pg allows.
 */
function isPostgresUrl(url: string) {
  if (!/^postgres(ql)?:\/\//.test(url)) return false
  return [url, url.replace('@/', '@localhost/')].some((u) => protocolOf(u) !== '')
}

/** An e-mail sender: an address, or a name with the address in angle brackets. */
const isSender = (from: string) => isEmail(/^[^<>]*<([^<>]*)>\s*$/.exec(from)?.[1] ?? from.trim())

/** Reads and validates the environment once; throws one error naming every bad key. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(Env.properties)) {
    const value = source[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const converted = Value.Default(Env, Value.Convert(Env, raw)) as Env
  const errors = [...Value.Errors(Env, converted)]
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      // A choice of words (LOG_LEVEL, NODE_ENV, …) names what it accepts.
      const choices = (e.schema.anyOf as { const?: unknown }[] | undefined)?.map((s) => s.const)
      const message =
        choices?.length && choices.every((c) => typeof c === 'string')
          ? `must be one of ${choices.join(', ')}`
          : e.message
      const key = e.path.slice(1)
      // Settings that carry a secret (a key, or a password inside a URL) are never echoed.
      const got = SECRET_SETTINGS.has(key) ? 'value not shown' : `got ${JSON.stringify(e.value)}`
      return `  ${key || '(root)'}: ${message} (${got})`
    })
    throw new Error(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`)
  }
  const env = converted
  // What a pattern cannot say, checked before anything is opened: the time zone, and the URLs of the mail
  // server and the object storage (a bad one failed only at the first e-mail, or after the migrations).
  const invalid: string[] = []
  // Its canonical IANA name ("asia/makassar" → "Asia/Makassar"): the same name for Node's clocks and
  // PostgreSQL's, which reads it from each connection's options (src/db/school-day.ts).
  let schoolTimeZone = env.SCHOOL_TIME_ZONE
  try {
    schoolTimeZone = new Intl.DateTimeFormat('en', { timeZone: env.SCHOOL_TIME_ZONE }).resolvedOptions()
      .timeZone
  } catch {
    invalid.push(
      `  SCHOOL_TIME_ZONE: must be an IANA time zone such as Asia/Jakarta (got ${JSON.stringify(env.SCHOOL_TIME_ZONE)})`,
    )
  }
  if (env.DATABASE_URL && !isPostgresUrl(env.DATABASE_URL))
    invalid.push(
      '  DATABASE_URL: must be postgres://USER:PASSWORD@host:port/database (a character such as # @ / in the password percent-encoded), or postgres://USER@/database?host=/socket/folder (value not shown)',
    )
  if (!isSender(env.SMTP_FROM))
    invalid.push(
      `  SMTP_FROM: must hold the sender's e-mail address, as bkk@sekolah.sch.id or BKK SMKN 1 <bkk@sekolah.sch.id> (got ${JSON.stringify(env.SMTP_FROM)})`,
    )
  if (env.SMTP_URL && !/^smtps?:$/.test(protocolOf(env.SMTP_URL)))
    invalid.push('  SMTP_URL: must be smtp://USER:PASSWORD@host:port, or smtps://… for TLS (value not shown)')
  if (env.STORAGE_URL)
    try {
      parseStorageUrl(env.STORAGE_URL)
    } catch (err) {
      invalid.push(
        `  STORAGE_URL: ${(err as Error).message.replace(/^(Invalid )?STORAGE_URL:? ?/, '')} (value not shown)`,
      )
    }
  const schoolName = env.SCHOOL_NAME.trim()
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(schoolName))
    invalid.push(
      `  SCHOOL_NAME: must be the school's name on one line, without control characters, such as SMKN 1 Bekasi (got ${JSON.stringify(schoolName)})`,
    )
  else if ([...schoolName].length > 100)
    invalid.push(`  SCHOOL_NAME: must be at most 100 characters (got ${[...schoolName].length})`)
  const trustProxy = trustedProxies(env.TRUST_PROXY)
  if (trustProxy === null)
    invalid.push(
      `  TRUST_PROXY: must be false, true (a reverse proxy on this machine) or the addresses of the reverse proxies in front of the service, such as 10.0.0.5 or 10.0.0.0/24 (got ${JSON.stringify(env.TRUST_PROXY)})`,
    )
  if (invalid.length > 0) throw new Error(`Invalid configuration:\n${invalid.join('\n')}`)
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseQueryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
    dataDir: env.DATA_DIR,
    storageUrl: env.STORAGE_URL || null,
    logLevel: env.LOG_LEVEL,
    tokenTtlHours: env.TOKEN_TTL_HOURS,
    tokenIdleHours: env.TOKEN_IDLE_HOURS,
    authCacheMs: (env.AUTH_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    reportCacheMs: (env.REPORT_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    // Never in production, whatever SEED_DEMO says.
    seedDemo: env.NODE_ENV !== 'production' && env.SEED_DEMO !== 'false',
    bodyLimit: env.BODY_LIMIT_BYTES,
    uploadLimit: env.UPLOAD_LIMIT_BYTES,
    timeouts: {
      headers: env.HEADERS_TIMEOUT_SECONDS * 1000,
      request: Math.max(env.REQUEST_TIMEOUT_SECONDS, env.HEADERS_TIMEOUT_SECONDS) * 1000,
    },
    login: {
      maxPerEmail: env.LOGIN_MAX_PER_EMAIL,
      maxPerIp: env.LOGIN_MAX_PER_IP,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
      emailCeiling: env.LOGIN_EMAIL_CEILING,
      emailCeilingWindowSeconds: env.LOGIN_EMAIL_CEILING_WINDOW_SECONDS,
    },
    rateLimitStore: env.RATE_LIMIT_STORE ?? (env.DATABASE_URL ? 'database' : 'memory'),
    limits: {
      applyPerHour: env.APPLY_MAX_PER_HOUR,
      uploadPerHour: env.UPLOAD_MAX_PER_HOUR,
      vacancyWritesPerHour: env.VACANCY_WRITE_MAX_PER_HOUR,
      passwordResetPerHour: env.PASSWORD_RESET_MAX_PER_HOUR,
      registrationPerHour: env.REGISTRATION_MAX_PER_HOUR,
    },
    trustProxy: trustProxy ?? false,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    smtp: { url: env.SMTP_URL || null, from: env.SMTP_FROM },
    // In production only what the operator gives: the service refuses to start without it (src/main.ts),
    // since every e-mailed link, the check-in QR code and the invitations' UIDs would name localhost.
    publicUrl: (
      env.PUBLIC_URL || (env.NODE_ENV === 'production' ? '' : `http://localhost:${env.PORT}`)
    ).replace(/\/+$/, ''),
    schoolTimeZone,
    schoolName,
    schoolEmailDomain: env.SCHOOL_EMAIL_DOMAIN,
    credentialsKey: env.CREDENTIALS_KEY || null,
  }
}

/** For entry points (main.ts, scripts): the configuration, or its message on stderr and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig()
  } catch (err) {
    console.error((err as Error).message)
    process.exit(1)
  }
}

/**
 * TRUST_PROXY read: `false` or empty → false; `true` → `['loopback']` (a reverse proxy on the same machine, the
 * usual set-up); else a comma-separated list of addresses, networks (`10.0.0.0/8`) and proxy-addr's names
 * (`loopback`, `linklocal`, `uniquelocal`). Null when it is none of these.
 *
 * The client is then the first address, from the right of `X-Forwarded-For`, that is not a trusted proxy:
 * what the nearest proxy saw, whatever the client wrote to the left. Fastify's `true` (every hop) would take
 * the leftmost, which the client writes itself; a count of hops is refused by Fastify 5 (a client reaching the
 * service directly could forge it). A proxy on the school's network is named by its own address, not by
 * `uniquelocal`: learners' machines there have private addresses too, and would be believed.
 */
export function trustedProxies(value: string): false | string[] | null {
  const v = value.trim().toLowerCase()
  if (v === '' || v === 'false') return false
  if (v === 'true') return ['loopback']
  const list = v.split(',').map((a) => a.trim())
  const valid = (entry: string) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true
    const [address, bits, ...rest] = entry.split('/')
    const family = isIP(address)
    if (family === 0 || rest.length > 0) return false
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
  }
  return list.every(valid) ? list : null
}
