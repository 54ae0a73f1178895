import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, aSuperadmin } from '../support/builders/accounts.js'

/**
 * The OpenAPI document (`GET /openapi.json`) against what the routes answer. docs/api.md sends clients to
 * it for "the exact schema of each" route, and the web client's types are generated from it.
 */
const t = useTestApp()

type Op = {
  security?: Record<string, string[]>[]
  responses: Record<string, { content?: Record<string, unknown> }>
}
type Doc = {
  security?: Record<string, string[]>[]
  paths: Record<string, Record<string, Op>>
  components?: { responses?: Record<string, { content?: Record<string, unknown> }> }
}

async function openapi(): Promise<Doc> {
  const res = await call(t, 'GET', '/openapi.json')
  expect(res.status).toBe(200)
  return res.body as Doc
}

const opOf = (doc: Doc, method: string, url: string): Op | undefined => {
  const path = url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/(.)\/$/, '$1')
  return doc.paths[path]?.[method.toLowerCase()]
}

describe('GET /openapi.json against the routes', () => {
  it('routes that take no token are documented without a token requirement', async () => {
    const doc = await openapi()
    // The routes the app itself registers as public (no token checked): login, password links, the
    // company sign-up, the vocabulary, health and readiness.
    const publicRoutes = t.app.routeList.filter((r) => r.public && !r.hidden)
    expect(publicRoutes.length).toBeGreaterThan(5)
    // They really answer without a token.
    expect((await call(t, 'GET', '/api/vocabulary')).status).toBe(200)
    expect(
      (await call(t, 'POST', '/api/login', { body: { email: 'x@y.test', password: 'wrong-one' } })).status,
    ).toBe(401)

    const documentedAsNeedingToken: string[] = []
    for (const r of publicRoutes) {
      const op = opOf(doc, r.method, r.url)
      expect(op, `${r.method} ${r.url} in the document`).toBeDefined()
      const security = op?.security ?? doc.security ?? []
      // OpenAPI: no requirement is `security: []` (or an empty object among the alternatives).
      const needsToken = security.length > 0 && !security.some((s) => Object.keys(s).length === 0)
      if (needsToken) documentedAsNeedingToken.push(`${r.method} ${r.url}`)
    }
    expect(documentedAsNeedingToken).toEqual([])
  })

  it('documents the error statuses the routes answer, with the error envelope', async () => {
    const doc = await openapi()
    const superadmin = await aSuperadmin(t)
    const admin = await anAdmin(t)
    const alumnus = await anAlumnus(t)
    const cases: {
      method: 'GET' | 'POST'
      url: string
      route: string
      as?: { authorization: string }
      body?: unknown
    }[] = [
      // wrong password
      {
        method: 'POST',
        url: '/api/login',
        route: '/api/login',
        body: { email: superadmin.email, password: 'not-the-password' },
      },
      // missing fields
      { method: 'POST', url: '/api/login', route: '/api/login', body: {} },
      // no token
      { method: 'GET', url: '/api/admin/departments', route: '/api/admin/departments' },
      // a role the route does not admit
      { method: 'GET', url: '/api/admin/users', route: '/api/admin/users', as: admin },
      // an unknown id
      { method: 'GET', url: '/api/admin/users/999999', route: '/api/admin/users/:id', as: superadmin },
      // an invalid body
      { method: 'POST', url: '/api/admin/departments', route: '/api/admin/departments', as: admin, body: {} },
      // an invalid tracer-study answer
      {
        method: 'POST',
        url: '/api/alumni/tracer-study',
        route: '/api/alumni/tracer-study',
        as: alumnus,
        body: { career_status: 'bekerja' },
      },
    ]
    const undocumented: string[] = []
    for (const c of cases) {
      const res = await call(t, c.method, c.url, { as: c.as, body: c.body })
      expect(res.status, `${c.method} ${c.url}`).toBeGreaterThanOrEqual(400)
      expect(res.body).toMatchObject({ success: false, data: null })
      const op = opOf(doc, c.method, c.route)
      expect(op, `${c.method} ${c.route} in the document`).toBeDefined()
      const declared = op?.responses[String(res.status)] ?? op?.responses['4XX'] ?? op?.responses.default
      // A response may be a reference to one the document's components hold.
      const ref = (declared as { $ref?: string } | undefined)?.$ref
      const documented = ref
        ? doc.components?.responses?.[ref.replace('#/components/responses/', '')]
        : declared
      if (!documented?.content?.['application/json'])
        undocumented.push(
          `${c.method} ${c.route} answers ${res.status}; documented: ${Object.keys(op?.responses ?? {}).join(', ')}`,
        )
    }
    expect(undocumented).toEqual([])
  })

  it('documents the CSV and XLSX answers of `?format=csv|xlsx` as such', async () => {
    const doc = await openapi()
    const admin = await anAdmin(t)
    const wrong: string[] = []
    for (const [route, format] of [
      ['/api/admin/reports/recruitment', 'csv'],
      ['/api/admin/reports/tracer-study', 'xlsx'],
      ['/api/admin/tracer-studies', 'csv'],
    ] as const) {
      const res = await call(t, 'GET', route, { as: admin, query: { format } })
      expect(res.status, `${route}?format=${format}`).toBe(200)
      const type = String(res.headers['content-type']).split(';')[0]
      expect(type).not.toBe('application/json')
      const content = Object.keys(opOf(doc, 'GET', route)?.responses['200']?.content ?? {})
      if (!content.includes(type))
        wrong.push(
          `GET ${route}?format=${format} answers ${type}; the document's 200 has only ${content.join(', ')}`,
        )
    }
    expect(wrong).toEqual([])
  })
})
