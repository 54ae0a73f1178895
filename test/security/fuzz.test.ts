import fc from 'fast-check'
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
import { ROUTES } from './route-table.js'

/**
 * Property-based fuzzing of every route from its own schemas: hostile bodies, path parameters and
 * query strings, sent by an account the route admits. Whatever comes in, the answer is the envelope
 * and never a 5xx. `FUZZ_RUNS` sets the runs per route (default 8 here; see docs/operations.md).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8)
// LOG_LEVEL error: a 5xx, should one happen, is printed with its cause.
const t = useTestApp({
  APPLY_MAX_PER_HOUR: '100000',
  UPLOAD_MAX_PER_HOUR: '100000',
  VACANCY_WRITE_MAX_PER_HOUR: '100000',
  LOG_LEVEL: 'error',
})
const accounts = {} as Record<Role, Account>

beforeAll(async () => {
  accounts.superadmin = await aSuperadmin(t)
  accounts.admin = await anAdmin(t)
  accounts.hrd = await anHrd(t)
  accounts.siswa = await aStudent(t)
  accounts.alumni = await anAlumnus(t)
})

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
interface JsonSchema {
  properties?: Record<string, JsonSchema>
  type?: string | string[]
}

const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table users; --',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '<script>alert(1)</script>',
    '𝕳𝖊𝖑𝖑𝖔 🇮🇩',
    'x'.repeat(5000),
    '-1',
    '1e309',
    'NaN',
    '2026-02-30',
    '9999-99-99T99:99:99Z',
  ),
)
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 0, -1, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), hostileText), { maxLength: 200 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
)
const hostileKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'is_admin')

/** Bodies built from the route's own field names with hostile values, plus anything at all. */
function bodyOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const fields = Object.keys(schema?.properties ?? {})
  const keyed = fc.dictionary(
    fields.length ? fc.oneof(fc.constantFrom(...fields), hostileKeys) : hostileKeys,
    hostileValue,
    { maxKeys: Math.max(3, fields.length + 2) },
  )
  return fc.oneof(keyed, keyed, fc.jsonValue({ maxDepth: 4 }), fc.constant(undefined))
}

function queryOf(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, string>> {
  const fields = Object.keys(schema?.properties ?? {})
  if (!fields.length) return fc.constant({})
  return fc.dictionary(fc.constantFrom(...fields), hostileText.map(String), { maxKeys: fields.length })
}

const paramValue = fc.oneof(
  fc.integer({ min: 1, max: 50 }).map(String),
  fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '%27', '1;select'),
)

function whoMayCall(key: string): Account {
  const allow = ROUTES[key]?.allow
  if (allow === 'everyone' || allow === 'public' || !allow) return accounts.admin
  return accounts[allow[0]]
}

describe('fuzzing every route from its schemas', () => {
  it(
    'answers the envelope with a status below 500, whatever is sent',
    async () => {
      const failures: string[] = []
      let sent = 0
      const routes = t.app.routeList.filter((r) => !r.hidden && r.url !== '/api/logout')
      for (const route of routes) {
        const key = `${route.method} ${route.url}`
        const as = whoMayCall(key)
        const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])
        const bodySchema = bodySchemas.get(key)
        const querySchema = querySchemas.get(key)
        await fc
          .assert(
            fc.asyncProperty(
              bodyOf(bodySchema),
              queryOf(querySchema),
              fc.array(paramValue, { minLength: params.length, maxLength: params.length }),
              async (body, query, values) => {
                let url = route.url
                params.forEach((p, i) => {
                  url = url.replace(`:${p}`, encodeURIComponent(values[i]))
                })
                const res = await call(t, route.method as Method, url, {
                  as: route.public ? null : as,
                  body: route.method === 'GET' || route.method === 'DELETE' ? undefined : (body as object),
                  query,
                })
                sent++
                const envelopeOk =
                  res.status < 400
                    ? res.body?.success === true
                    : res.body?.success === false &&
                      res.body?.data === null &&
                      typeof res.body?.message === 'string'
                if (res.status >= 500 || !envelopeOk) {
                  failures.push(
                    `${key} ${url} ?${new URLSearchParams(query)} ${JSON.stringify(body)?.slice(0, 200)} → ${res.status} ${res.raw.slice(0, 200)}`,
                  )
                  return false
                }
                return true
              },
            ),
            { numRuns: RUNS },
          )
          .catch(() => {})
      }
      expect(failures).toEqual([])
      // Every route was really exercised, with as many cases as asked for.
      expect(routes.length).toBeGreaterThan(60)
      expect(sent).toBe(routes.length * RUNS)
    },
    30_000 + RUNS * 3_000,
  )
})

const bodySchemas = new Map<string, JsonSchema>()
const querySchemas = new Map<string, JsonSchema>()
beforeAll(() => {
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
          parameters?: { in: string; name: string; schema?: JsonSchema }[]
        }
      >
    >
  }
  for (const [path, ops] of Object.entries(doc.paths)) {
    const url = path.replace(/\{([A-Za-z]+)\}/g, ':$1')
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${url}`
      const content = op.requestBody?.content ?? {}
      const body = content['application/json']?.schema ?? content['multipart/form-data']?.schema
      if (body) bodySchemas.set(key, body)
      const query = (op.parameters ?? []).filter((p) => p.in === 'query')
      if (query.length)
        querySchemas.set(key, { properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])) })
    }
  }
})
