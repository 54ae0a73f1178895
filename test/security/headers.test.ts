import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes } from '../../src/http/web.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'

const t = useTestApp()

/** The directives of a Content-Security-Policy header, by name. */
function csp(res: Res): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '')
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  )
}

function expectBrowserHeaders(res: Res) {
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['x-frame-options']).toBe('DENY')
  expect(res.headers['referrer-policy']).toBe('no-referrer')
  const policy = csp(res)
  expect(policy['frame-ancestors']).toEqual(["'none'"])
  expect(policy['object-src']).toEqual(["'none'"])
  expect(policy['script-src']).toContain("'self'")
  expect(policy['script-src']).not.toContain("'unsafe-inline'")
  expect(policy['script-src']).not.toContain("'unsafe-eval'")
}

describe('browser security headers', () => {
  it('on JSON answers, with Cache-Control: no-store when a token was sent', async () => {
    const admin = await anAdmin(t)
    const me = await call(t, 'GET', '/api/me', { as: admin })
    expect(me.status).toBe(200)
    expectBrowserHeaders(me)
    expect(me.headers['cache-control']).toBe('no-store')
    const list = await call(t, 'GET', '/api/admin/departments', { as: admin })
    expect(list.status).toBe(200)
    expect(list.headers['cache-control']).toBe('no-store')
  })

  it('on refusals and errors too: 401, 403, 404, 422', async () => {
    const siswa = await aStudent(t)
    const answers = [
      await call(t, 'GET', '/api/me'),
      await call(t, 'GET', '/api/me', { as: { authorization: 'Bearer 1|nope' } }),
      await call(t, 'GET', '/api/admin/departments', { as: siswa }),
      await call(t, 'GET', '/api/job-vacancies/999999', { as: siswa }),
      await call(t, 'GET', '/api/nope', { as: siswa }),
      await call(t, 'POST', '/api/login', { body: {} }),
    ]
    expect(answers.map((a) => a.status)).toEqual([401, 401, 403, 404, 404, 422])
    for (const res of answers) {
      expectBrowserHeaders(res)
      expect(res.headers['cache-control']).toBe('no-store')
    }
  })

  it('with /api spelled percent-encoded too: the router answers the same personal data, never stored', async () => {
    const siswa = await aStudent(t)
    for (const url of ['/%61pi/me', '/%61pi/notifications']) {
      const res = await call(t, 'GET', url, { as: siswa })
      expect(res.status).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
    }
  })

  it('the login answer, which carries a token, is never stored', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'POST', '/api/login', { body: { email: admin.email, password: 'password123' } })
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('on the web page path and the docs page', async () => {
    // The web client may not be built in this run: the page's answer (or its "not built" 404) has the
    // same headers, and no API caching rule.
    const page = await call(t, 'GET', '/lowongan', { headers: { accept: 'text/html' } })
    expectBrowserHeaders(page)
    expect(page.headers['cache-control']).not.toBe('no-store')
    const docs = await call(t, 'GET', '/docs', { headers: { accept: 'text/html' } })
    expect(docs.status).toBe(200)
    expectBrowserHeaders(docs)
    // Swagger UI sets inline styles; its scripts are files of the service.
    expect(csp(docs)['style-src']).toEqual(["'self'", "'unsafe-inline'"])
    const asset = await call(t, 'GET', '/docs/static/swagger-ui-bundle.js')
    expect(asset.headers['x-content-type-options']).toBe('nosniff')
    expect(asset.headers['cache-control']).not.toBe('no-store')
  })

  it('the policy admits the built page inline script by its hash', async () => {
    const res = await call(t, 'GET', '/api/me')
    const hashes = inlineScriptHashes()
    for (const hash of hashes) expect(csp(res)['script-src']).toContain(`'${hash}'`)
  })
})

describe('inlineScriptHashes', () => {
  it('hashes each inline script, never one loaded from a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bursa-csp-'))
    try {
      writeFileSync(
        join(dir, 'index.html'),
        '<html><head><script>window.a = 1</script><script type="module" src="/assets/x.js"></script></head>' +
          '<body><script>\n  window.b = 2\n</script></body></html>',
      )
      // sha256 (base64) of the exact text between the tags, as browsers compute it
      expect(inlineScriptHashes(dir)).toEqual([
        'sha256-Aif1QuaDxF56ZK3+IyoelKcjrWC+BWl5ZGfcO1AMmA4=',
        'sha256-F++owVD8vDRYqQ8OJ8aeBsRcmZ3PTVrbKjjKRJbgfaQ=',
      ])
      expect(inlineScriptHashes(join(dir, 'missing'))).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
