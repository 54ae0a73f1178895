import type { Middleware } from 'openapi-fetch'
import { useSyncExternalStore } from 'react'
import { api } from '../api/client'

/**
 * The company career-center staff act for on HR's screens (applicants, test schedules, selection results),
 * for a company without an HR account. Chosen from the admin's vacancy screen and kept for the browser tab
 * (sessionStorage); while it is set, every call of those HR routes carries `company_id` (the service reads
 * it for staff and ignores it for HR; a record's own company wins on the id routes).
 */
export interface ActingCompany {
  id: number
  name: string
}

const KEY = 'bursa_acting_company'
const listeners = new Set<() => void>()
let cached: { raw: string | null; value: ActingCompany | null } = { raw: null, value: null }

function read(): ActingCompany | null {
  let raw: string | null = null
  try {
    raw = sessionStorage.getItem(KEY)
  } catch {}
  if (raw === cached.raw) return cached.value
  let value: ActingCompany | null = null
  try {
    const v = raw ? (JSON.parse(raw) as ActingCompany) : null
    if (v && Number.isInteger(v.id) && typeof v.name === 'string') value = v
  } catch {}
  cached = { raw, value }
  return value
}

function write(value: ActingCompany | null) {
  try {
    if (value) sessionStorage.setItem(KEY, JSON.stringify(value))
    else sessionStorage.removeItem(KEY)
  } catch {}
  for (const l of listeners) l()
}

export const actingCompany = read
/** From now on HR's screens work for this company (staff only). */
export const actFor = (company: ActingCompany) => write(company)
export const stopActing = () => write(null)

export function useActingCompany(): ActingCompany | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    read,
    () => null,
  )
}

/** The HR routes staff may use for a company without HR (src/http/scope.ts `hrOrStaff`). */
export const ACTING_PATHS = [
  '/api/hrd/applicant-reviews',
  '/api/hrd/test-schedules',
  '/api/hrd/selection-results',
]

const withCompany: Middleware = {
  async onRequest({ request }) {
    const company = read()
    if (!company) return request
    const url = new URL(request.url)
    if (!ACTING_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return request
    url.searchParams.set('company_id', String(company.id))
    // A new request with the same body read out (a Request's body stream cannot be handed over as is).
    const bodyless = request.method === 'GET' || request.method === 'HEAD'
    return new Request(url, {
      method: request.method,
      headers: request.headers,
      body: bodyless ? undefined : await request.arrayBuffer(),
      signal: request.signal,
    })
  },
}
api.use(withCompany)
