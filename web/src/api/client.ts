import createClient, { type Middleware } from 'openapi-fetch'
import { earlyFetch } from './early'
import type { paths } from './schema'

export const TOKEN_KEY = 'access_token'

export const token = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (t: string) => localStorage.setItem(TOKEN_KEY, t),
  clear: () => localStorage.removeItem(TOKEN_KEY),
}

/**
 * An answer of the API that is not a success, with the 422 `errors` map when there is one, and for a 429 or 503
 * the seconds its `Retry-After` asks to wait before trying again (shown counting down: lib/retry-wait.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly retryAfter: number | null = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * Called on a 401 (not on the login itself) with the answer's message and code (the session expired, the token
 * was revoked by a logout elsewhere; `account_deactivated`) and the token the refused request carried: the app
 * asks for the password over the screen, or clears the session and shows the login page, which says why
 * (src/features/auth/session.tsx). A 401 of a token no longer held (a late answer to a request sent before the
 * password was given again) is the app's to ignore.
 */
type Unauthorized = (message: string | null, code: string | null, sent: string | null) => void
let onUnauthorizedHandler: Unauthorized = () => {}
export function setUnauthorizedHandler(fn: Unauthorized) {
  onUnauthorizedHandler = fn
}
/** A 401 answered to a request that carried `sent` (the token, or null), with its error `body`. */
export const onUnauthorized = (body: unknown, sent: string | null) =>
  onUnauthorizedHandler(messageOf(body), codeOf(body), sent)
const bearerOf = (authorization: string | null) => authorization?.replace(/^Bearer /, '') || null
/** The 401 of a token whose account was switched off: no password brings that session back. */
export const ACCOUNT_DEACTIVATED = 'account_deactivated'

/** The message of an error body of the envelope, if it has one. */
function messageOf(body: unknown): string | null {
  const m = (body as { message?: unknown } | null)?.message
  return typeof m === 'string' && m ? m : null
}

/** The `code` of an error body, if it has one. */
function codeOf(body: unknown): string | null {
  const c = (body as { code?: unknown } | null)?.code
  return typeof c === 'string' && c ? c : null
}

/**
 * Called on a 403 that says the account is not what this tab holds: `password_change_required` (the account
 * must change its password first, e.g. set by an import while it was signed in), or `role_refused` (its role
 * changed meanwhile: a student graduated to alumni with the tab open), or `company_unavailable` (an HR account
 * unlinked from its company, or whose company was switched off). The app reloads the account, which sends it to
 * the change-password screen, to its new role's screens, or to the notice in place of HR's screens.
 */
let onAccountChanged: () => void = () => {}
export function setAccountChangedHandler(fn: () => void) {
  onAccountChanged = fn
}
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required'
const ACCOUNT_CHANGED = new Set([PASSWORD_CHANGE_REQUIRED, 'role_refused', 'company_unavailable'])

const auth: Middleware = {
  onRequest({ request }) {
    const t = token.get()
    if (t) request.headers.set('authorization', `Bearer ${t}`)
    request.headers.set('accept', 'application/json')
    request.headers.set('accept-language', 'id')
    return request
  },
  async onResponse({ request, response }) {
    if (response.status === 401 && !request.url.endsWith('/api/login')) {
      const body = await response
        .clone()
        .json()
        .catch(() => null)
      onUnauthorized(body, bearerOf(request.headers.get('authorization')))
    }
    if (response.status === 403)
      response
        .clone()
        .json()
        .then(
          (b: { code?: unknown } | null) =>
            typeof b?.code === 'string' && ACCOUNT_CHANGED.has(b.code) && onAccountChanged(),
        )
        .catch(() => {})
    return response
  },
}

// The client reads JSON: a route that also answers CSV or XLSX (`format=csv|xlsx`) is typed by its JSON answer;
// files are fetched by `download` below.
export const api = createClient<paths, 'application/json'>({
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
  fetch: earlyFetch,
})
api.use(auth)

/**
 * The header that makes a change of a record conditional on the version the form read (its `updatedAt`): when
 * someone else changed the record since, the API refuses with 412 (`editedElsewhere`) instead of overwriting.
 */
export const ifMatch = (updatedAt: string | undefined): { 'if-match'?: string } =>
  updatedAt ? { 'if-match': `"${updatedAt}"` } : {}

/**
 * The same for a record that may not be stored yet (a selection result before any score, a template at its
 * default wording): read as missing (`updatedAt` null), the change is refused if one was stored since.
 */
export const ifMatchOrNone = (updatedAt: string | null): { 'if-match'?: string; 'if-none-match'?: string } =>
  updatedAt ? ifMatch(updatedAt) : { 'if-none-match': '*' }

/** A change refused because the record changed after it was read (the form must be opened again). */
export const editedElsewhere = (err: unknown) => err instanceof ApiError && err.status === 412

/** Whole seconds of a `Retry-After` header (the service sends seconds, never a date), or null. */
function secondsOf(retryAfter: string | null | undefined): number | null {
  const n = Number(retryAfter)
  return retryAfter && Number.isFinite(n) && n > 0 ? Math.ceil(n) : null
}

/** Turns an error body of the envelope (or anything else), and its `Retry-After`, into an ApiError. */
export function toApiError(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const b = (body ?? {}) as { message?: unknown; errors?: unknown }
  const message =
    typeof b.message === 'string' && b.message
      ? b.message
      : status === 0
        ? 'Tidak dapat terhubung ke server. Periksa koneksi Anda.'
        : status >= 500
          ? 'Terjadi kesalahan pada server. Coba lagi nanti.'
          : `Permintaan gagal (${status}).`
  const errors: Record<string, string[]> = {}
  if (b.errors && typeof b.errors === 'object') {
    for (const [k, v] of Object.entries(b.errors as Record<string, unknown>)) {
      errors[k] = Array.isArray(v) ? v.map(String) : [String(v)]
    }
  }
  return new ApiError(status, message, errors, secondsOf(retryAfter))
}

/** Awaits an openapi-fetch call: the body on success, an ApiError otherwise. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<NonNullable<T>> {
  let res: { data?: T; error?: unknown; response: Response }
  try {
    res = await call
  } catch {
    throw toApiError(0, null)
  }
  if (res.error !== undefined || !res.response.ok)
    throw toApiError(res.response.status, res.error, res.response.headers.get('retry-after'))
  return res.data as NonNullable<T>
}

/** Mantine form errors from a 422: the first message of each field (`application_ids.2` kept as is). */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {}
  return Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? '']))
}

export interface UploadProgress {
  loaded: number
  total: number
}

/**
 * Multipart upload with progress (fetch has no upload progress): POST `url` with `form`, resolves with
 * the parsed envelope, rejects with an ApiError carrying the server's message and field errors.
 */
export function upload<T = unknown>(
  url: string,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
  /** The request's own headers besides the session's (a save's `ifMatch`); unset ones are not sent. */
  headers: Record<string, string | undefined> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    const t = token.get()
    if (t) xhr.setRequestHeader('authorization', `Bearer ${t}`)
    xhr.setRequestHeader('accept', 'application/json')
    // As every other call (the middleware above): the service's refusals in Indonesian, whatever the
    // browser's language.
    xhr.setRequestHeader('accept-language', 'id')
    for (const [name, value] of Object.entries(headers)) if (value) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (e) => onProgress?.({ loaded: e.loaded, total: e.total })
    xhr.onerror = () => reject(toApiError(0, null))
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {}
      if (xhr.status === 401) onUnauthorized(body, t)
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T)
      // `?.`: the tests' stand-in for XMLHttpRequest may have no headers to give.
      else reject(toApiError(xhr.status, body, xhr.getResponseHeader?.('retry-after')))
    }
    xhr.send(form)
  })
}

/**
 * Downloads a file that needs the token (files, report exports) with progress, then hands it to the
 * browser under the server's file name. The network failing (before the answer or in the middle of the
 * file) rejects with the same connection message as any other call.
 */
export async function download(url: string, onProgress?: (p: UploadProgress) => void): Promise<string> {
  let res: Response
  const sent = token.get()
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${sent ?? ''}`, 'accept-language': 'id' },
    })
  } catch {
    throw toApiError(0, null)
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null)
    if (res.status === 401) onUnauthorized(body, sent)
    throw toApiError(res.status, body)
  }
  const total = Number(res.headers.get('content-length') ?? 0)
  const reader = res.body?.getReader()
  const chunks: Uint8Array[] = []
  let loaded = 0
  if (reader) {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        chunks.push(value)
        loaded += value.length
        onProgress?.({ loaded, total })
      }
    } catch {
      throw toApiError(0, null)
    }
  }
  const name = fileNameOf(res.headers.get('content-disposition')) ?? 'unduhan'
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? undefined })
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
  return name
}

/** One `; name=value` parameter of a header, its value a token or a quoted string (read whole). */
const PARAM = /\s*;\s*([^\s;=]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;"]*)/y

/**
 * The file name of a Content-Disposition (RFC 6266): the UTF-8 `filename*` (RFC 5987) over the plain
 * `filename`. Its parameters are read one after the other, so a `filename*=` written inside the quoted
 * plain name (a learner chooses that name) is part of that name, never a parameter of its own; a
 * `filename*` that does not decode falls back to the plain name.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null
  const params = new Map<string, string>()
  PARAM.lastIndex = disposition.indexOf(';')
  for (let m = PARAM.exec(disposition); m; m = PARAM.exec(disposition)) {
    const [, name, value] = m
    const quoted = value.startsWith('"')
    params.set(name.toLowerCase(), quoted ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value.trim())
  }
  const star = /^UTF-8'[^']*'(.+)$/i.exec(params.get('filename*') ?? '')
  if (star) {
    try {
      return decodeURIComponent(star[1])
    } catch {}
  }
  return params.get('filename') || null
}

/**
 * GET of a route this client's generated types do not list yet (a route landing later): the envelope,
 * untyped. Once the route is in /openapi.json, switch the caller to `api.GET`.
 */
export async function getLoose<T = unknown>(url: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
  let res: Response
  const sent = token.get()
  try {
    res = await fetch(qs ? `${url}?${qs}` : url, {
      headers: {
        authorization: `Bearer ${sent ?? ''}`,
        accept: 'application/json',
        'accept-language': 'id',
      },
    })
  } catch {
    throw toApiError(0, null)
  }
  const body = await res.json().catch(() => null)
  if (res.status === 401) onUnauthorized(body, sent)
  if (!res.ok) throw toApiError(res.status, body)
  return body as { success: true; message: string; data: T; meta?: Record<string, unknown> }
}
