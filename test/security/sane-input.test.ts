import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'

/**
 * Input that JSON Schema accepts but PostgreSQL cannot store: numbers that are not finite and text
 * with a NUL character. Each is a 422 naming its field, and nothing is stored.
 */
const t = useTestApp({ LOG_LEVEL: 'error' })
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

describe('input the database cannot hold', () => {
  it('a query number of 1e309 (Infinity) is 422 on that field', async () => {
    const res = await call(t, 'GET', '/api/admin/students', { as: admin, query: { page: '1e309' } })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ success: false, data: null, errors: { page: [expect.any(String)] } })
  })

  it('a NUL character in a search is 422 on that field', async () => {
    const res = await call(t, 'GET', '/api/admin/students', { as: admin, query: { search: 'ab\u0000c' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ search: ['Teks memuat karakter yang tidak diizinkan.'] })
  })

  it('a JSON body with 1e309 and a NUL in a name is 422 on both fields, and nothing is stored', async () => {
    const before = await call(t, 'GET', '/api/admin/departments', { as: admin })
    const res = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      headers: { 'content-type': 'application/json' },
      body: '{"code":"X\\u0000Y","name":"Teknik","sort":1e309}',
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toContain('code')
    const after = await call(t, 'GET', '/api/admin/departments', { as: admin })
    expect(after.body.meta.total).toBe(before.body.meta.total)
  })

  it('ordinary input still passes', async () => {
    const res = await call(t, 'GET', '/api/admin/students', {
      as: admin,
      query: { page: '1', search: 'budi' },
    })
    expect(res.status).toBe(200)
  })
})
