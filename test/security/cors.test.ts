import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'

const FRONT = 'https://bkk.example'
const t = useTestApp({ CORS_ORIGINS: `${FRONT}, http://localhost:5173` })

const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'access-control-max-age',
]
const corsHeadersOf = (headers: Record<string, unknown>) => CORS_HEADERS.filter((h) => h in headers)

const preflight = (origin: string, method = 'POST', requestHeaders = 'authorization,content-type') =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/login',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': requestHeaders,
    },
  })

describe('CORS_ORIGINS', () => {
  it('a listed origin: its preflight is answered, Authorization allowed', async () => {
    const res = await preflight(FRONT, 'GET', 'authorization')
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe(FRONT)
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/\bPATCH\b/)
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toMatch(/\bauthorization\b/)
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toMatch(/\bcontent-type\b/)
    // A form on another origin saves only what it read (docs/api.md, "Changing a record someone else changed").
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toMatch(/\bif-match\b/)
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toMatch(/\bif-none-match\b/)
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
    expect(String(res.headers.vary)).toMatch(/Origin/i)
    const local = await preflight('http://localhost:5173')
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173')
  })

  it('a listed origin: the answers carry the CORS headers, refusals included', async () => {
    const admin = await anAdmin(t)
    const login = await call(t, 'POST', '/api/login', {
      body: { email: admin.email, password: 'password123' },
      headers: { origin: FRONT },
    })
    expect(login.status).toBe(200)
    expect(login.headers['access-control-allow-origin']).toBe(FRONT)
    expect(String(login.headers['access-control-expose-headers'])).toMatch(/Content-Disposition/)
    const me = await call(t, 'GET', '/api/me', {
      as: { authorization: `Bearer ${login.body.access_token}` },
      headers: { origin: FRONT },
    })
    expect(me.status).toBe(200)
    expect(me.headers['access-control-allow-origin']).toBe(FRONT)
    // A browser can read a 401, so the front-end can send its user to the login screen.
    const refused = await call(t, 'GET', '/api/me', { headers: { origin: FRONT } })
    expect(refused.status).toBe(401)
    expect(refused.headers['access-control-allow-origin']).toBe(FRONT)
  })

  it('any other origin gets no CORS header, on answers and preflights', async () => {
    for (const origin of ['https://evil.example', 'https://bkk.example.evil.test', 'http://bkk.example']) {
      const pre = await preflight(origin)
      expect(pre.statusCode, origin).toBe(404)
      expect(corsHeadersOf(pre.headers), origin).toEqual([])
      const res = await call(t, 'GET', '/api/me', { headers: { origin } })
      expect(res.status).toBe(401)
      expect(corsHeadersOf(res.headers), origin).toEqual([])
    }
  })

  it('a request without Origin (same origin, curl) is answered as always', async () => {
    const res = await call(t, 'GET', '/health')
    expect(res.status).toBe(200)
    expect(corsHeadersOf(res.headers)).toEqual([])
  })
})

describe('CORS_ORIGINS setting', () => {
  it('is empty by default: no CORS at all', async () => {
    expect(loadConfig({}).corsOrigins).toEqual([])
  })

  it('takes a comma-separated list and refuses what is not an origin', () => {
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example ,http://localhost:5173 ' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ])
    for (const bad of ['https://a.example/', 'a.example', 'ftp://a.example', 'https://a.example/app'])
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/)
  })
})
