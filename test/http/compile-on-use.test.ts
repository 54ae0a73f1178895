import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { compileOnUse } from '../../src/http/compile-on-use.js'
import { call, useTestApp } from '../support/app.js'

const t = useTestApp()

describe('request and answer schemas, compiled on first use', () => {
  it('every route of the service compiles, none fails; after that nothing is left to compile', async () => {
    // A route used before is compiled already: the report counts only what no request has needed.
    const login = await call(t, 'POST', '/api/login', { body: { email: 'nobody@example.com' } })
    expect(login.status).toBe(422)
    expect(login.body.errors).toHaveProperty('password')

    const report = await t.app.compileSchemas()
    expect(report.failed.map((f) => `${f.what}: ${f.error.message}`)).toEqual([])
    // Every route has an answer schema per status, most a request schema too.
    expect(report.compiled).toBeGreaterThan(2 * t.app.routeList.length)
    expect(await t.app.compileSchemas()).toEqual({ compiled: 0, failed: [] })

    // Compiled ahead of use, a schema checks requests as it did: the login's body, both fields missing.
    const empty = await call(t, 'POST', '/api/login', { body: {} })
    expect(empty.status).toBe(422)
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'password'])
  })

  it('a schema that cannot compile: the app starts, the report names its route, a request to it gets a 500', async () => {
    const schemas = compileOnUse()
    const app = Fastify({
      schemaController: { compilersFactory: schemas.compilersFactory },
      exposeHeadRoutes: false,
    })
    app.get('/broken', { schema: { response: { 200: { $ref: 'nowhere#' } } } }, async () => ({ a: 1 }))
    app.get(
      '/fine',
      { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } },
      async (req) => req.query,
    )
    await app.ready()

    const fine = await app.inject({ url: '/fine?n=3' })
    expect(fine.json()).toEqual({ n: 3 })
    expect((await app.inject({ url: '/fine?n=x' })).statusCode).toBe(400)
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500)

    const report = await schemas.compileRest()
    expect(report.compiled).toBe(0)
    expect(report.failed.map((f) => f.what)).toEqual(['GET /broken 200'])
    await app.close()
  })

  it('a header schema naming a header in upper case is refused when the app starts', async () => {
    const app = Fastify({ schemaController: { compilersFactory: compileOnUse().compilersFactory } })
    app.get(
      '/h',
      { schema: { headers: { type: 'object', properties: { 'X-Key': { type: 'string' } } } } },
      async () => 'ok',
    )
    await expect(app.ready()).rejects.toThrow(/a header schema's names must be in lower case/)
  })

  it('a header schema in lower case checks the header as Node gives it', async () => {
    const app = Fastify({ schemaController: { compilersFactory: compileOnUse().compilersFactory } })
    app.get(
      '/h',
      { schema: { headers: { type: 'object', properties: { 'x-key': { type: 'string', minLength: 3 } } } } },
      async (req) => req.headers['x-key'] ?? 'none',
    )
    expect((await app.inject({ url: '/h', headers: { 'X-Key': 'abcd' } })).body).toBe('abcd')
    expect((await app.inject({ url: '/h' })).body).toBe('none')
    expect((await app.inject({ url: '/h', headers: { 'x-key': 'a' } })).statusCode).toBe(400)
    await app.close()
  })
})
