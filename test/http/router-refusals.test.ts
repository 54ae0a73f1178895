import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'

/**
 * Refusals made before a route's handler: the router's own (a path that is not valid percent-encoding, a path
 * parameter over 100 characters; they were Fastify's raw `{ error, code, message }`), and a content type the
 * API does not take. Each is in the envelope, with the headers every /api answer carries (docs/api.md).
 */
const t = useTestApp()
let admin: Account
beforeAll(async () => {
  admin = await anAdmin(t)
})

describe("the router's own refusals and unsupported content types", () => {
  it('a path parameter over 100 characters is 414 in the envelope, with the usual headers', async () => {
    const res = await call(t, 'PUT', `/api/admin/departments/${'9'.repeat(101)}`, { as: admin, body: {} })
    expect(res.status).toBe(414)
    expect(res.body).toEqual({ success: false, message: 'Alamat terlalu panjang.', data: null })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-request-id']).toEqual(expect.any(String))
  })

  it("a path that is not valid percent-encoding is 400 in the envelope, in the caller's language", async () => {
    const res = await call(t, 'GET', '/api/admin/departments/%ED%A0%80', {
      as: admin,
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ success: false, message: 'The address is not valid.', data: null })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('414 for a path parameter over 100 characters on a GET route too (not only PUT/POST/PATCH)', async () => {
    // GET falls through to the web client's catch-all `GET /*` (it was a 404 "Alamat tidak ditemukan.").
    const long = '9'.repeat(101)
    for (const url of [
      `/api/admin/departments/${long}`,
      `/api/admin/message-templates/${'a'.repeat(101)}`,
      `/api/admin/tracer-studies/${long}`,
    ]) {
      const res = await call(t, 'GET', url, { as: admin })
      expect(res.status, `GET ${url.slice(0, 40)}…`).toBe(414)
      expect(res.body).toEqual({ success: false, message: 'Alamat terlalu panjang.', data: null })
    }
  })

  it('the router refusals under /api (414, 400) carry Cache-Control: no-store like every other /api answer', async () => {
    const tooLong = await call(t, 'PUT', `/api/admin/departments/${'9'.repeat(101)}`, { as: admin, body: {} })
    expect(tooLong.status).toBe(414)
    expect(tooLong.headers['cache-control']).toBe('no-store')
    const badPath = await call(t, 'GET', '/api/admin/departments/%ED%A0%80', { as: admin })
    expect(badPath.status).toBe(400)
    expect(badPath.headers['cache-control']).toBe('no-store')
  })

  it('415 for a text/plain body (an unsupported content type), not a 422 about the body not being an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/departments',
      headers: {
        'content-type': 'text/plain',
        authorization: admin.authorization,
        accept: 'application/json',
      },
      payload: 'code=X&name=Y',
    })
    // Fastify's own text/plain parser made it a 422 { errors: { _: ['harus berupa object'] } }.
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ success: false, message: 'Jenis konten tidak didukung.', data: null })
  })
})
