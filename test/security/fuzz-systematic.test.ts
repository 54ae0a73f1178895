import { beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import {
  type Account,
  anAdmin,
  anAlumnus,
  anHrd,
  aStudent,
  aSuperadmin,
} from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aPortfolioFile } from '../support/builders/files.js'
import { aNotification } from '../support/builders/notifications.js'
import { aDepartment } from '../support/builders/org.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, aPlacement } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { multipart, tinyPdf, tinyPng } from '../support/multipart.js'

/**
 * A deterministic battery of malformed requests against every operation of the app's own OpenAPI
 * document, sent as a role the route admits, with ids of real records around the part under test and an
 * otherwise valid body, so that each bad value reaches the service's own code (fuzz.test.ts sends random
 * bodies, most of which the schemas stop). Fails on every 5xx and every 4xx whose body is not the error
 * envelope, listing them. It found dates PostgreSQL cannot hold, leap seconds, half surrogate pairs in JSON
 * columns and the router's own refusals outside the envelope.
 */
const t = useTestApp({
  APPLY_MAX_PER_HOUR: '100000',
  UPLOAD_MAX_PER_HOUR: '100000',
  LOGIN_MAX_PER_IP: '100000',
  LOGIN_MAX_PER_EMAIL: '100000',
  PASSWORD_RESET_MAX_PER_HOUR: '100000',
  REGISTRATION_MAX_PER_HOUR: '100000',
  VACANCY_WRITE_MAX_PER_HOUR: '100000',
  LOG_LEVEL: process.env.FUZZ_LOG ?? 'silent',
})

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
interface S {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  properties?: Record<string, S>
  required?: string[]
  items?: S
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  pattern?: string
  nullable?: boolean
  anyOf?: S[]
  oneOf?: S[]
  default?: unknown
  examples?: unknown[]
  example?: unknown
}

const accounts = {} as Record<Role, Account>
const ids: Record<string, number> = {}

beforeAll(async () => {
  accounts.superadmin = await aSuperadmin(t)
  accounts.admin = await anAdmin(t)
  const hrd = await anHrd(t)
  accounts.hrd = hrd
  const siswa = await aStudent(t)
  accounts.siswa = siswa
  const alumni = await anAlumnus(t)
  accounts.alumni = alumni
  const vacancy = await aVacancy(t, { companyId: hrd.companyId, majorIds: [siswa.majorId, alumni.majorId] })
  const pending = await anApplication(t, { vacancyId: vacancy.id, studentId: siswa.studentId })
  const cand = await aCandidate(t, vacancy.id, { reviewed: true })
  const alumniApp = await anApplication(t, {
    vacancyId: vacancy.id,
    studentId: alumni.studentId,
    role: 'alumni',
    status: 'in_progress',
    values: { reviewDecision: 'lolos', reviewedAt: new Date() },
  })
  const { schedule, participants } = await aSchedule(t, {
    companyId: hrd.companyId,
    vacancyId: vacancy.id,
    applicationIds: [cand.application.id, alumniApp.id],
    scheduledAt: hoursFromNow(48),
  })
  const placed = await aPlacement(t, { companyId: hrd.companyId, vacancyId: vacancy.id })
  const siswaFile = await aPortfolioFile(t, siswa.studentId)
  const alumniFile = await aPortfolioFile(t, alumni.studentId)
  const dept = await aDepartment(t)
  const notif = await aNotification(t, siswa.id)
  // Records the staff routes change (deactivate, reset, upgrade), apart from the callers' own.
  const victimHrd = await anHrd(t)
  const victimStudent = await aStudent(t, { account: false })
  const victimAlumnus = await aStudent(t, { role: 'alumni', account: false })
  Object.assign(ids, {
    company: hrd.companyId,
    vacancy: vacancy.id,
    pending: pending.id,
    inProgress: cand.application.id,
    alumniApp: alumniApp.id,
    schedule: schedule.id,
    participant: participants[0].id,
    placement: placed.placement.id,
    siswaFile: siswaFile.id,
    alumniFile: alumniFile.id,
    department: dept.id,
    major: siswa.majorId,
    notification: notif.id,
    siswaStudent: siswa.studentId,
    alumniStudent: alumni.studentId,
    hrdUser: hrd.id,
    victimUser: victimHrd.id,
    victimCompany: victimHrd.companyId,
    victimStudent: victimStudent.studentId,
    victimAlumnus: victimAlumnus.studentId,
    siswaUser: siswa.id,
  })
})

/** A real record for a path parameter, by the route it is in. */
function paramFor(url: string, name: string): string {
  if (name === 'participantId') return String(ids.participant)
  if (name === 'scheduleId') return String(ids.schedule)
  if (name === 'applicationId') return String(ids.inProgress)
  if (name === 'alumniId') return String(ids.alumniStudent)
  if (name === 'userId') return String(ids.victimUser)
  if (name === 'key') return 'application.received'
  if (url.includes('/admin/companies')) return String(ids.victimCompany)
  if (url.includes('/admin/students')) return String(ids.victimStudent)
  if (url.includes('/admin/alumni')) return String(ids.victimAlumnus)
  if (url.includes('/admin/users')) return String(ids.victimUser)
  if (url.includes('job-vacancies')) return String(ids.vacancy)
  if (url.includes('applicant-reviews')) return String(ids.pending)
  if (url.includes('test-schedules')) return String(ids.schedule)
  if (url.includes('job-placements')) return String(ids.placement)
  if (url.includes('my-applications')) return String(ids.pending)
  if (url.includes('notifications')) return String(ids.notification)
  if (url.includes('files')) return String(ids.siswaFile)
  if (url.includes('siswa/portfolio')) return String(ids.siswaFile)
  if (url.includes('alumni/portfolio')) return String(ids.alumniFile)
  if (url.includes('departments')) return String(ids.department)
  if (url.includes('majors')) return String(ids.major)
  if (url.includes('companies')) return String(ids.company)
  if (url.includes('students')) return String(ids.siswaStudent)
  if (url.includes('alumni')) return String(ids.alumniStudent)
  if (url.includes('users')) return String(ids.hrdUser)
  if (url.includes('attendances')) return String(ids.participant)
  if (url.includes('recruitment-selections')) return String(ids.vacancy)
  return '1'
}

/** A plausible value for a field, from its schema and name. */
function validValue(name: string, s: S | undefined): unknown {
  if (!s) return 'x'
  if (s.anyOf) return validValue(name, s.anyOf.find((b) => b.type !== 'null') ?? s.anyOf[0])
  if (s.oneOf) return validValue(name, s.oneOf.find((b) => b.type !== 'null') ?? s.oneOf[0])
  if (s.enum) return s.enum.find((v) => v !== null)
  if (s.examples?.length) return s.examples[0]
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type
  const idOf = (n: string): number => {
    if (/vacanc/.test(n)) return ids.vacancy
    if (/application/.test(n)) return ids.inProgress
    if (/major/.test(n)) return ids.major
    if (/department/.test(n)) return ids.department
    if (/company/.test(n)) return ids.company
    if (/alumni/.test(n)) return ids.victimAlumnus
    if (/student|learner/.test(n)) return ids.victimStudent
    if (/participant|attendance/.test(n)) return ids.participant
    if (/schedule/.test(n)) return ids.schedule
    if (/user/.test(n)) return ids.victimUser
    if (/file/.test(n)) return ids.siswaFile
    return 1
  }
  switch (type) {
    case 'integer':
      if (/_id$|^id$/.test(name)) return idOf(name)
      return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1))
    case 'number':
      return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1))
    case 'boolean':
      return true
    case 'array':
      if (/_ids$/.test(name)) return [idOf(name)]
      return s.minItems ? [validValue(name, s.items)] : []
    case 'object':
      return validObject(s)
    default: {
      if (s.format === 'date') return '2099-06-15'
      if (s.format === 'date-time') return '2099-06-15T08:00:00+07:00'
      if (s.format === 'email') return `fuzz${Math.random().toString(36).slice(2, 8)}@test.local`
      if (s.format === 'uri') return 'https://example.com/x'
      if (s.pattern === '^\\d{4}/\\d{4}$') return '2025/2026'
      if (/password/.test(name)) return 'Kuat-Sekali-2026!x'
      if (/phone/.test(name)) return '081234567890'
      if (/year/.test(name)) return '2024'
      const n = Math.max(s.minLength ?? 1, 5)
      return 'Fuzzy'.padEnd(Math.min(n, s.maxLength ?? n), 'z')
    }
  }
}

function validObject(s: S | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of s?.required ?? []) out[name] = validValue(name, s?.properties?.[name])
  return out
}

/** Valid bodies where the schema alone does not make one, so that the variants reach the service. */
function baseOverride(key: string): Record<string, unknown> {
  const placement = { student_id: ids.victimStudent, position: 'Operator', accepted_date: '2025-01-15' }
  const tracer = {
    career_status: 'lanjut_studi',
    institution_name: 'Politeknik',
    city: 'Bandung',
    province: 'Jawa Barat',
    start_date: '2024-08-01',
  }
  const table: Record<string, Record<string, unknown>> = {
    'POST /api/admin/companies/{id}/hr-accounts': {
      email: 'hrfuzz@test.local',
      full_name: 'HR Fuzz',
      password: 'Kuat-Sekali-2026!x',
    },
    'POST /api/hrd/job-placements': placement,
    'PUT /api/hrd/job-placements/{id}': placement,
    'POST /api/admin/job-placements': { ...placement, company_id: ids.company },
    'PUT /api/admin/job-placements/{id}': { ...placement, company_id: ids.company },
    'POST /api/alumni/tracer-study': tracer,
    'POST /api/admin/tracer-studies/{alumniId}': tracer,
    'POST /api/admin/alumni/upgrade': { student_ids: [ids.victimStudent], graduation_year: 2025 },
    'POST /api/admin/graduations': { student_ids: [ids.victimStudent], graduation_year: 2025 },
    'POST /api/admin/alumni': { nis: 'FZ-ALUMNI-1', graduation_year: 2024 },
  }
  return table[key] ?? {}
}

const LONG_NUM = '9'.repeat(400)
const PATH_VARIANTS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '99999999999999999999',
  '2147483648',
  '%00',
  LONG_NUM,
  '1e3',
  '%ED%A0%80',
]

const BAD_DATES = ['2026-02-30', '2026-13-01', '0000-01-01', '275760-09-14', '0001-01-01', '9999-12-31']
const BAD_DATETIMES = [
  '2099-12-31T23:59:60Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-12:00',
  '2099-01-01t08:00:00z',
  '2099-01-01T08:00:00+23:59',
]

function queryVariants(name: string, s: S): string[] {
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type
  const v = ['', 'abc', '%00', '%', '_', "'", '%ED%A0%80', '%ZZ', 'x'.repeat(10000)]
  if (type === 'integer' || type === 'number')
    v.push('0', '-1', '1.5', '2147483648', '99999999999999999999', '1e308', 'NaN', 'Infinity')
  if (s.format === 'date' || /date|_from$|_to$/.test(name)) v.push(...BAD_DATES)
  if (s.format === 'date-time') v.push(...BAD_DATETIMES)
  return v
}

function bodyVariants(name: string, s: S | undefined): unknown[] {
  const type = Array.isArray(s?.type) ? s?.type.find((x) => x !== 'null') : s?.type
  const out: unknown[] = [{ a: 1 }, [1], null, true]
  if (type === 'string' || !type) {
    out.push(
      '\u0000',
      '\ud800',
      'a\ud800b',
      'x'.repeat(100_000),
      '   ',
      ' ',
      '',
      'ab\u0000',
      '\ufeff',
      '\u200b',
    )
    if (s?.format === 'date') out.push(...BAD_DATES)
    if (s?.format === 'date-time') out.push(...BAD_DATETIMES)
    if (s?.enum) out.push(`${s.enum[0]} `, String(s.enum[0]).toUpperCase())
    if (s?.maxLength) out.push('x'.repeat(s.maxLength), 'é'.repeat(s.maxLength), '😀'.repeat(s.maxLength))
  }
  if (type === 'integer' || type === 'number')
    out.push(-1, 0, 1e308, 'NaN', 1.5, 2147483648, -2147483649, 9007199254740992, '1', '', 1e-300)
  if (type === 'boolean') out.push('true', 'yes', 0, 1)
  if (type === 'array') {
    const v = validValue(name, s)
    const one = Array.isArray(v) && v.length ? v[0] : (validValue(name, s?.items) ?? 1)
    out.push(
      [],
      [one, one],
      Array.from({ length: 5000 }, (_, i) => (typeof one === 'number' ? i + 1 : `x${i}`)),
    )
    out.push([null], [{ a: 1 }], [[1]], ['\u0000'], ['\ud800'], ['a\ud800'], [2147483648], [-1])
  }
  if (type === 'object') out.push({}, { '\u0000': 1 }, { '\ud800': 'x' }, [])
  return out
}

interface Failure {
  method: string
  path: string
  role: string
  variant: string
  status: number
  body: string
}
const failures: Failure[] = []
let sent = 0

async function send(
  method: Method,
  url: string,
  role: Role | null,
  variant: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
) {
  sent++
  let res: Awaited<ReturnType<typeof call>>
  try {
    res = await call(t, method, url, { as: role ? accounts[role] : null, ...opts })
  } catch (err) {
    failures.push({
      method,
      path: url.slice(0, 120),
      role: String(role),
      variant,
      status: -1,
      body: String(err).slice(0, 200),
    })
    return
  }
  const b = res.body as { success?: unknown; message?: unknown } | null
  const envelope = typeof b === 'object' && b !== null && b.success === false && typeof b.message === 'string'
  if (res.status >= 500 || (res.status >= 400 && !envelope))
    failures.push({
      method,
      path: url.length > 120 ? `${url.slice(0, 117)}...` : url,
      role: String(role),
      variant,
      status: res.status,
      body: res.raw.slice(0, 200),
    })
}

interface Op {
  method: Method
  path: string
  params: string[]
  query: Record<string, S>
  body?: S
  multipart?: S
  roles: Role[] | null
}

function rolesFor(route: { roles: readonly string[] | null; public: boolean } | undefined): Role[] | null {
  if (!route) return ['admin']
  if (route.public) return null
  if (!route.roles) return ['admin', 'siswa', 'hrd']
  const r = route.roles as Role[]
  if (r.includes('hrd')) return ['hrd']
  return [r[0]]
}

describe('every route against malformed input', () => {
  it('answers the envelope and never a 5xx', async () => {
    const doc = (await call(t, 'GET', '/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string; schema?: S; required?: boolean }[]
            requestBody?: { content?: Record<string, { schema?: S }> }
          }
        >
      >
    }
    const ops: Op[] = []
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(byMethod)) {
        const method = m.toUpperCase() as Method
        const url = path.replace(/\{([A-Za-z]+)\}/g, ':$1')
        const route = t.app.routeList.find((r) => r.method === method && r.url.replace(/\/$/, '') === url)
        const params = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((x) => x[1])
        const query = Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        )
        const content = op.requestBody?.content ?? {}
        ops.push({
          method,
          path,
          params,
          query,
          body: content['application/json']?.schema,
          multipart: content['multipart/form-data']?.schema,
          roles: rolesFor(route),
        })
      }
    }
    // Destructive operations last, so that the records stay for the others.
    const order = (o: Op) =>
      (o.method === 'DELETE' ? 3 : 0) +
      (/logout|toggle-active|graduations|upgrade|publish|cancel/.test(o.path) ? 2 : 0)
    ops.sort((a, b) => order(a) - order(b))

    for (const op of ops) {
      if (/\/api\/logout/.test(op.path)) continue
      const fill = (over: Record<string, string> = {}) =>
        op.path.replace(/\{([A-Za-z]+)\}/g, (_, n: string) => over[n] ?? paramFor(op.path, n))
      const hasBody = op.method !== 'GET' && op.method !== 'DELETE'
      const base = op.body
        ? { ...validObject(op.body), ...baseOverride(`${op.method} ${op.path}`) }
        : undefined
      for (const role of op.roles ?? [null]) {
        // Path parameters.
        for (const p of op.params)
          for (const v of PATH_VARIANTS)
            await send(op.method, fill({ [p]: v }), role, `path ${p}=${v.slice(0, 20)}`, {
              body: hasBody && op.body ? base : undefined,
            })
        const url = fill()
        // Query parameters, declared and unknown.
        for (const [name, s] of Object.entries(op.query))
          for (const v of queryVariants(name, s))
            await send(op.method, `${url}?${name}=${v}`, role, `query ${name}=${v.slice(0, 20)}`, {
              body: hasBody && op.body ? base : undefined,
            })
        if (op.method === 'GET') {
          await send(op.method, `${url}?page=1&page=2&per_page=1&per_page=5`, role, 'query repeated page')
          await send(op.method, `${url}?page=0`, role, 'query page=0')
          await send(op.method, `${url}?per_page=100000`, role, 'query per_page=100000')
          await send(op.method, `${url}?page=100000&per_page=100`, role, 'query huge offset')
          await send(op.method, `${url}?zzz=1&__proto__=x&constructor=y`, role, 'query unknown keys')
          await send(op.method, `${url}?search[]=a&search[]=b`, role, 'query array search')
          await send(op.method, `${url}?search=a&search=b`, role, 'query repeated search')
          for (const [name, s] of Object.entries(op.query)) {
            if (s.type === 'array') continue
            await send(op.method, `${url}?${name}=1&${name}=2`, role, `query repeated ${name}`)
          }
        }
        if (!hasBody) continue
        // Multipart routes.
        if (op.multipart) {
          const fields = Object.keys(op.multipart.properties ?? {})
          const textFields: Record<string, string> = {}
          for (const f of fields) {
            const fs = op.multipart.properties?.[f]
            if (fs?.format === 'binary' || f === 'file' || f === 'letter_file' || f === 'decision_letter')
              continue
            const v = validValue(f, fs)
            if (v !== undefined && v !== null) textFields[f] = String(v)
          }
          const fileField = fields.find((f) => op.multipart?.properties?.[f]?.format === 'binary') ?? 'file'
          const pdf = { data: tinyPdf(), filename: 'cv.pdf', contentType: 'application/pdf' }
          const forms: [
            string,
            [string, string | { data: Buffer; filename: string; contentType?: string }][],
          ][] = [
            ['mp no file', Object.entries(textFields)],
            ['mp two files', [...Object.entries(textFields), [fileField, pdf], [fileField, pdf]]],
            ['mp wrong field name', [...Object.entries(textFields), ['wrongname', pdf]]],
            [
              'mp empty file',
              [...Object.entries(textFields), [fileField, { ...pdf, data: Buffer.alloc(0) }]],
            ],
            [
              'mp png bytes as pdf',
              [
                ...Object.entries(textFields),
                [fileField, { data: tinyPng(), filename: 'a.pdf', contentType: 'application/pdf' }],
              ],
            ],
            [
              'mp text bytes as xlsx',
              [
                ...Object.entries(textFields),
                [
                  fileField,
                  {
                    data: Buffer.from('hello'),
                    filename: 'a.xlsx',
                    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                  },
                ],
              ],
            ],
            [
              'mp zip junk as xlsx',
              [
                ...Object.entries(textFields),
                [
                  fileField,
                  {
                    data: Buffer.from('PK\u0003\u0004garbagegarbage'),
                    filename: 'a.xlsx',
                    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                  },
                ],
              ],
            ],
            [
              'mp filename NUL',
              [...Object.entries(textFields), [fileField, { ...pdf, filename: 'a\u0000b.pdf' }]],
            ],
            [
              'mp filename long',
              [...Object.entries(textFields), [fileField, { ...pdf, filename: `${'n'.repeat(5000)}.pdf` }]],
            ],
            ['mp filename empty', [...Object.entries(textFields), [fileField, { ...pdf, filename: '' }]]],
            ['mp file first', [[fileField, pdf], ...Object.entries(textFields)]],
            ['mp file only', [[fileField, pdf]]],
          ]
          for (const f of Object.keys(textFields)) {
            for (const bad of [
              '\u0000',
              'a\u0000b',
              'x'.repeat(60_000),
              '   ',
              '',
              '-1',
              '1e308',
              '1.5',
              '2147483648',
              'abc',
              '0000-01-01',
              '2026-02-30',
            ])
              forms.push([
                `mp ${f}=${JSON.stringify(bad).slice(0, 20)}`,
                [...Object.entries({ ...textFields, [f]: bad }), [fileField, pdf]],
              ])
            forms.push([
              `mp ${f} twice`,
              [...Object.entries(textFields), [f, textFields[f]], [fileField, pdf]],
            ])
          }
          for (const [variant, entries] of forms) {
            const form = multipart(entries)
            await send(op.method, url, role, variant, { body: form.body, headers: form.headers })
          }
          await send(op.method, url, role, 'mp but json body', { body: { a: 1 } })
          await send(op.method, url, role, 'mp broken boundary', {
            body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n',
            headers: { 'content-type': 'multipart/form-data; boundary=abc' },
          })
          await send(op.method, url, role, 'mp no boundary', {
            body: 'x',
            headers: { 'content-type': 'multipart/form-data' },
          })
          continue
        }
        // JSON bodies.
        const json = { 'content-type': 'application/json' }
        for (const raw of ['[]', '"x"', 'null', '1', '{', '{"a":', 'nul', '{"a":1}{', '\u0000'])
          await send(op.method, url, role, `raw ${raw}`, { body: raw, headers: json })
        await send(op.method, url, role, 'empty json body', { body: '', headers: json })
        await send(op.method, url, role, 'text/plain body', {
          body: 'hello',
          headers: { 'content-type': 'text/plain' },
        })
        await send(op.method, url, role, 'urlencoded body', {
          body: 'a=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
        await send(op.method, url, role, 'deep nesting', {
          body: `${'['.repeat(5000)}${']'.repeat(5000)}`,
          headers: json,
        })
        await send(op.method, url, role, 'proto keys', {
          body: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}',
          headers: json,
        })
        if (!op.body) continue
        await send(op.method, url, role, 'body {}', { body: {} })
        for (const [name, s] of Object.entries(op.body.properties ?? {}))
          for (const v of bodyVariants(name, s)) {
            const label =
              typeof v === 'string'
                ? JSON.stringify(v.slice(0, 16))
                : Array.isArray(v)
                  ? `array(${v.length})`
                  : JSON.stringify(v)?.slice(0, 20)
            await send(op.method, url, role, `body ${name}=${label}`, { body: { ...base, [name]: v } })
          }
        // Nested objects one level down (e.g. arrays of objects): each field of an item.
        for (const [name, s] of Object.entries(op.body.properties ?? {})) {
          const item = s.items
          if (s.type !== 'array' || item?.type !== 'object') continue
          const good = validObject(item)
          for (const [f, fs] of Object.entries(item.properties ?? {}))
            for (const v of bodyVariants(f, fs).slice(0, 14))
              await send(op.method, url, role, `body ${name}[0].${f}=${JSON.stringify(v)?.slice(0, 16)}`, {
                body: { ...base, [name]: [{ ...good, [f]: v }] },
              })
        }
      }
    }

    const table = failures
      .map(
        (f) => `${f.status}\t${f.method} ${f.path}\t${f.role}\t${f.variant}\t${f.body.replace(/\s+/g, ' ')}`,
      )
      .join('\n')
    if (failures.length > 0) console.log(`${failures.length} of ${sent} requests failed:\n${table}`)
    expect(ops.length).toBeGreaterThan(150)
    expect(sent).toBeGreaterThan(10_000)
    expect(failures).toEqual([])
  }, 1_800_000)
})
