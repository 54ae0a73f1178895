import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { StorageUnavailableError } from '../storage/storage.js'
import { type Lang, langOf, type Msg, msg, tr } from './i18n.js'
import { patternWords } from './patterns.js'

export type FieldErrors = Record<string, Msg[]>

/**
 * Adds `m` to the list of `field`, once. Field names can come from the request (a body key named
 * `constructor` or `__proto__`), so only the object's own entries count, and the list is defined, not
 * assigned: an inherited member is never read as a list, and `__proto__` never replaces the prototype.
 */
export function addFieldError<T>(errors: Record<string, T[]>, field: string, m: NoInfer<T>): void {
  const list = Object.hasOwn(errors, field) ? errors[field] : []
  if (list.includes(m)) return
  Object.defineProperty(errors, field, {
    value: [...list, m],
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** The one error type services throw. The error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly userMessage: Msg,
    readonly fieldErrors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(typeof userMessage === 'string' ? userMessage : userMessage.en)
    this.name = 'AppError'
  }
}

export const notFound = (what: Msg = msg('Data tidak ditemukan.', 'Not found.')): never => {
  throw new AppError(404, what)
}
export const forbidden = (
  m: Msg = msg('Anda tidak berhak melakukan tindakan ini.', 'You may not do this.'),
): never => {
  throw new AppError(403, m)
}
export const conflict = (m: Msg, fieldErrors?: FieldErrors): never => {
  throw new AppError(409, m, fieldErrors)
}
/** 422: the request is well-formed but breaks a rule (of a field, or of the workflow). */
export const unprocessable = (m: Msg, fieldErrors?: FieldErrors): never => {
  throw new AppError(422, m, fieldErrors)
}
/** 422 for one field. */
export const invalidField = (field: string, m: Msg): never =>
  unprocessable(msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), { [field]: [m] })

/**
 * 422 on `to` when a list's range is turned the wrong way round (`date_to` before `date_from`): an empty
 * list would not tell the user why.
 */
export function refuseBackwardsRange(query: object, from = 'date_from', to = 'date_to'): void {
  const a = (query as Record<string, unknown>)[from]
  const b = (query as Record<string, unknown>)[to]
  if (typeof a === 'string' && typeof b === 'string' && b < a) invalidField(to, backwardsRange(from))
}

/** The end of a date range before its start: said in words on the end field (the screen shows it there). */
export const backwardsRange = (from: string) =>
  msg('tidak boleh sebelum tanggal awal', `must not be before ${from}`)

export interface ErrorBody {
  success: false
  message: string
  data: null
  errors?: Record<string, string[]>
}

export function errorBody(lang: Lang, message: Msg, fieldErrors?: FieldErrors): ErrorBody {
  const body: ErrorBody = { success: false, message: tr(message, lang), data: null }
  if (fieldErrors) {
    body.errors = Object.fromEntries(
      Object.entries(fieldErrors).map(([k, v]) => [k, v.map((m) => tr(m, lang))]),
    )
  }
  return body
}

interface AjvError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  message?: string
}

const TYPE_NAMES: Record<string, Msg> = {
  string: msg('teks', 'a string'),
  integer: msg('bilangan bulat', 'an integer'),
  number: msg('angka', 'a number'),
  boolean: msg('pilihan ya atau tidak', 'yes or no (true or false)'),
  array: msg('daftar (array)', 'an array'),
  object: msg('objek', 'an object'),
  null: msg('null', 'null'),
}

const FORMAT_NAMES: Record<string, Msg> = {
  email: msg('alamat e-mail yang valid', 'a valid e-mail address'),
  date: msg(
    'tanggal dengan format YYYY-MM-DD antara tahun 1900 dan 2999',
    'a date formatted YYYY-MM-DD between the years 1900 and 2999',
  ),
  'date-time': msg(
    'waktu ISO 8601 (mis. 2026-01-31T08:00:00Z) antara tahun 1900 dan 2999',
    'an ISO 8601 time (e.g. 2026-01-31T08:00:00Z) between the years 1900 and 2999',
  ),
  uri: msg('URL yang valid', 'a valid URL'),
  line: msg(
    'satu baris teks, tanpa baris baru atau karakter kendali',
    'one line of text, without line breaks or control characters',
  ),
}

/** A field's refusal of its format, as a 422 names it ("harus berupa satu baris teks, …"). */
export const notOfFormat = (format: keyof typeof FORMAT_NAMES): Msg =>
  msg(`harus berupa ${tr(FORMAT_NAMES[format], 'id')}`, `must be ${tr(FORMAT_NAMES[format], 'en')}`)

function ajvMessage(e: AjvError, lang: Lang): string {
  const p = e.params
  const en = lang === 'en'
  switch (e.keyword) {
    case 'required':
      return en ? 'is required' : 'wajib diisi'
    case 'type': {
      const t = String(p.type).split(',')[0]
      return `${en ? 'must be' : 'harus berupa'} ${tr(TYPE_NAMES[t] ?? t, lang)}`
    }
    case 'format':
      return `${en ? 'must be' : 'harus berupa'} ${tr(FORMAT_NAMES[String(p.format)] ?? String(p.format), lang)}`
    case 'minLength':
      return p.limit === 1
        ? en
          ? 'must not be empty'
          : 'tidak boleh kosong'
        : en
          ? `must be at least ${p.limit} characters`
          : `minimal ${p.limit} karakter`
    case 'maxLength':
      return en ? `must be at most ${p.limit} characters` : `maksimal ${p.limit} karakter`
    case 'minimum':
      return en ? `must be at least ${p.limit}` : `minimal ${p.limit}`
    case 'maximum':
      return en ? `must be at most ${p.limit}` : `maksimal ${p.limit}`
    case 'exclusiveMinimum':
      return en ? `must be greater than ${p.limit}` : `harus lebih dari ${p.limit}`
    case 'exclusiveMaximum':
      return en ? `must be less than ${p.limit}` : `harus kurang dari ${p.limit}`
    case 'minItems':
      // Said under a list to tick (participants, majors): what to do, in words as for HR, not the schema's.
      return p.limit === 1
        ? en
          ? 'choose at least one'
          : 'pilih paling sedikit satu'
        : en
          ? `choose at least ${p.limit}`
          : `pilih paling sedikit ${p.limit}`
    case 'maxItems':
      return en ? `must have at most ${p.limit} items` : `maksimal ${p.limit} item`
    case 'uniqueItems':
      return en ? 'must not contain duplicates' : 'tidak boleh berisi duplikat'
    case 'enum':
      // A nullable enum lists null among its values; clearing with null needs no mention here.
      return `${en ? 'must be one of' : 'harus salah satu dari'}: ${(p.allowedValues as unknown[]).filter((v) => v !== null).join(', ')}`
    case 'const':
      return `${en ? 'must be' : 'harus bernilai'} ${String(p.allowedValue)}`
    case 'pattern': {
      const words = patternWords(String(p.pattern))
      if (words) return tr(words, lang)
      return en ? 'has an invalid format' : 'formatnya tidak valid'
    }
    case 'additionalProperties':
      return en ? 'is not an allowed field' : 'bukan kolom yang diizinkan'
    default:
      return en ? 'is invalid' : 'tidak valid'
  }
}

/** The most fields a 422 names: the answer stays small whatever the body (a 1 MB array of wrong items). */
const MAX_FIELDS = 50

/** An error of a top-level field (or of the body itself), not of something inside one. */
const isShallow = (e: AjvError) => e.instancePath.lastIndexOf('/') <= 0

/**
 * AJV errors -> `{ field: [message] }`, field paths dotted (`application_ids.0`), at most `MAX_FIELDS` of
 * them: the top-level fields' first (an array's own limit before its items), then the others until the
 * limit. A body of 500,000 wrong items answered 500,000 fields: 19 MB, built over seconds on the event loop.
 */
export function validationErrors(errors: AjvError[], lang: Lang): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  let fields = 0
  for (const shallow of [true, false])
    for (const e of errors) {
      if (isShallow(e) !== shallow) continue
      // anyOf/oneOf repeat what their branches said; the branch messages are enough.
      if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue
      let path = e.instancePath.replace(/^\//, '').replace(/\//g, '.')
      if (e.keyword === 'required')
        path = path ? `${path}.${p(e).missingProperty}` : String(p(e).missingProperty)
      if (e.keyword === 'additionalProperties')
        path = path ? `${path}.${p(e).additionalProperty}` : String(p(e).additionalProperty)
      const field = path || '_'
      if (!Object.hasOwn(out, field)) {
        if (fields === MAX_FIELDS) return out
        fields++
      }
      addFieldError(out, field, ajvMessage(e, lang))
    }
  return out
}
const p = (e: AjvError) => e.params as Record<string, string>

const PG_UNIQUE = '23505'
const PG_FOREIGN_KEY = '23503'
const PG_RESTRICT = '23001'
const PG_CHECK = '23514'
const PG_NUMERIC_RANGE = '22003'
/** A date or time PostgreSQL cannot hold or read (out of range, malformed): the request's fault. */
const PG_DATETIME = ['22007', '22008']
/** A deadlock or a serialization failure: another request changed the same records at that moment. */
const PG_CONCURRENT = ['40P01', '40001']

/** The PostgreSQL error in `err` or its causes (Drizzle wraps the driver's). */
function pgError(err: unknown): { code: string; constraint?: unknown } | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string }
    e = e.cause as typeof e
  }
  return undefined
}

function pgCode(err: unknown): string | undefined {
  return pgError(err)?.code
}

/**
 * The field a unique key holds, for a 409 that names it. The services check these before writing and say
 * so on the field; this is the loser of two requests at once, which both passed the check.
 */
const UNIQUE_FIELDS: Readonly<Record<string, string>> = {
  users_email_lower_key: 'email',
  students_nis_key: 'nis',
  students_nisn_key: 'nisn',
  departments_code_unique: 'code',
  majors_code_unique: 'code',
}

/** A unique violation's field errors, when its key holds a field a form sends. */
function takenField(err: unknown): FieldErrors | undefined {
  const constraint = pgError(err)?.constraint
  const field =
    typeof constraint === 'string' && Object.hasOwn(UNIQUE_FIELDS, constraint)
      ? UNIQUE_FIELDS[constraint]
      : undefined
  return field
    ? { [field]: [msg('sudah dipakai data lain', 'is already used by another record')] }
    : undefined
}

function isConnectionError(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown; message?: unknown; syscall?: unknown } | undefined
  for (let i = 0; e && i < 4; i++) {
    if (
      typeof e.code === 'string' &&
      [
        'ECONNREFUSED',
        'ECONNRESET',
        'ETIMEDOUT',
        'EPIPE',
        '57P01',
        '57P02',
        '57P03',
        '08006',
        '08001',
        '53300',
      ].includes(e.code)
    )
      return true
    // A socket that cannot be reached at all (the embedded server's socket file gone while it restarts).
    if (e.syscall === 'connect') return true
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable/i.test(
        e.message,
      )
    )
      return true
    e = e.cause as typeof e
  }
  return false
}

export function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body)
}

/** A path parameter over the router's 100 characters (414). */
export const ADDRESS_TOO_LONG = msg('Alamat terlalu panjang.', 'The address is too long.')

/**
 * Errors the router raises before any route or hook (Fastify's `frameworkErrors`): a path that is not valid
 * percent-encoding (400), a path parameter over 100 characters (414). Answered in the envelope, with the
 * headers every answer carries (`headers`: the security headers; the request id).
 */
export function frameworkErrors(headers: () => Record<string, string>) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers()).header('x-request-id', req.id).header('cache-control', 'no-store')
    const lang = langOf(req)
    if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, errorBody(lang, ADDRESS_TOO_LONG))
    if (err.code === 'FST_ERR_BAD_URL')
      return send(reply, 400, errorBody(lang, msg('Alamat tidak valid.', 'The address is not valid.')))
    req.log.error({ err }, 'unhandled framework error')
    return send(
      reply,
      500,
      errorBody(lang, msg('Terjadi kesalahan pada server.', 'Something went wrong on our side.')),
    )
  }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(req)
    if (err instanceof AppError) {
      const retryAfter = err.extra?.retryAfter
      if ((err.statusCode === 429 || err.statusCode === 503) && typeof retryAfter === 'number')
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))))
      if (err.extra)
        return reply
          .code(err.statusCode)
          .send({ ...errorBody(lang, err.userMessage, err.fieldErrors), ...err.extra })
      return send(reply, err.statusCode, errorBody(lang, err.userMessage, err.fieldErrors))
    }
    if (err.validation) {
      return send(reply, 422, {
        ...errorBody(lang, msg('Data yang dikirim tidak valid.', 'The given data was invalid.')),
        errors: validationErrors(err.validation as AjvError[], lang),
      })
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(
          reply,
          400,
          errorBody(
            lang,
            msg('Isi permintaan bukan JSON yang valid.', 'The request body is not valid JSON.'),
          ),
        )
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return send(
          reply,
          413,
          errorBody(lang, msg('Ukuran data terlalu besar.', 'The request is too large.')),
        )
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(
          reply,
          415,
          errorBody(lang, msg('Jenis konten tidak didukung.', 'Unsupported content type.')),
        )
    }
    if (err.statusCode === 429) {
      return send(
        reply,
        429,
        errorBody(
          lang,
          msg('Terlalu banyak permintaan. Coba lagi nanti.', 'Too many requests. Try again later.'),
        ),
      )
    }
    const code = pgCode(err)
    if (code === PG_UNIQUE)
      return send(
        reply,
        409,
        errorBody(
          lang,
          msg('Data yang sama sudah ada.', 'A record with the same data already exists.'),
          takenField(err),
        ),
      )
    if (code === PG_FOREIGN_KEY || code === PG_RESTRICT)
      return send(
        reply,
        409,
        errorBody(
          lang,
          msg('Data masih terhubung dengan data lain.', 'The record is linked to other records.'),
        ),
      )
    if (code === PG_CHECK || code === PG_NUMERIC_RANGE || PG_DATETIME.includes(code ?? ''))
      return send(
        reply,
        422,
        errorBody(lang, msg('Data yang dikirim tidak valid.', 'The given data was invalid.')),
      )
    if (PG_CONCURRENT.includes(code ?? '')) {
      req.log.warn({ err }, 'concurrent change refused by the database')
      return send(
        reply,
        409,
        errorBody(
          lang,
          msg(
            'Data yang sama sedang diubah oleh permintaan lain. Coba lagi.',
            'The same records were being changed by another request. Try again.',
          ),
        ),
      )
    }
    if (err instanceof StorageUnavailableError) {
      req.log.error({ err }, 'file storage unavailable')
      return send(
        reply,
        503,
        errorBody(
          lang,
          msg(
            'Penyimpanan berkas sedang tidak dapat dipakai. Coba lagi sebentar lagi.',
            'The file storage is unavailable. Try again shortly.',
          ),
        ),
      )
    }
    if (isConnectionError(err)) {
      req.log.error({ err }, 'database unavailable')
      return send(
        reply,
        503,
        errorBody(
          lang,
          msg(
            'Layanan sedang tidak tersedia. Coba lagi sebentar lagi.',
            'The service is unavailable. Try again shortly.',
          ),
        ),
      )
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, err.statusCode, errorBody(lang, msg('Permintaan tidak valid.', 'Bad request.')))
    }
    req.log.error({ err }, 'unhandled error')
    return send(
      reply,
      500,
      errorBody(lang, msg('Terjadi kesalahan pada server.', 'Something went wrong on our side.')),
    )
  })

  // Worded by Accept-Language also outside /api (which is no-store anyway): a 404 may be kept by a shared cache,
  // which would hand one language's answer to the other.
  app.setNotFoundHandler((req, reply) =>
    send(
      reply.header('cache-control', 'no-store'),
      404,
      errorBody(langOf(req), msg('Alamat tidak ditemukan.', 'Route not found.')),
    ),
  )
}
