import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accessTokens, users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent, deactivateAccount, PASSWORD } from '../support/builders/accounts.js'

const t = useTestApp({ LOGIN_MAX_PER_EMAIL: '3' })

describe('POST /api/login', () => {
  it('200 with a Sanctum-shaped token and the user', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'POST', '/api/login', {
      body: { email: hrd.email.toUpperCase(), password: PASSWORD },
    })
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.message).toBe('Berhasil masuk.')
    expect(res.body.data.token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/)
    expect(res.body.data.user).toEqual({
      id: hrd.id,
      email: hrd.email,
      fullName: expect.any(String),
      role: 'hrd',
      companyId: hrd.companyId,
      mustChangePassword: false,
    })
    const me = await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${res.body.data.token}` } })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ id: hrd.id, role: 'hrd', company: { id: hrd.companyId } })
  })

  it('also answers the token as access_token and the account as user, at the top level', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'POST', '/api/login', { body: { email: siswa.email, password: PASSWORD } })
    expect(res.status).toBe(200)
    expect(res.body.access_token).toBe(res.body.data.token)
    expect(res.body.user).toEqual(res.body.data.user)
    expect(res.body.user).toMatchObject({ id: siswa.id, role: 'siswa' })
    const me = await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${res.body.access_token}` } })
    expect(me.status).toBe(200)
    expect(me.body.user).toEqual(me.body.data)
    expect(me.body.user).toMatchObject({ id: siswa.id, email: siswa.email, role: 'siswa' })
    // Not on errors: those keep the plain error envelope.
    const wrong = await call(t, 'POST', '/api/login', {
      body: { email: siswa.email, password: 'salah-salah' },
    })
    expect(Object.keys(wrong.body).sort()).toEqual(['data', 'message', 'success'])
  })

  it('the OpenAPI document shows the top-level access_token and user', async () => {
    const doc = (await call(t, 'GET', '/openapi.json')).body
    const schemaOf = (path: string, method: string) =>
      doc.paths[path][method].responses['200'].content['application/json'].schema
    const login = schemaOf('/api/login', 'post')
    expect(login.properties.access_token.type).toBe('string')
    expect(login.properties.user.properties.role.enum).toContain('siswa')
    expect(login.properties.data.properties.token.type).toBe('string')
    const me = schemaOf('/api/me', 'get')
    expect(Object.keys(me.properties.user.properties)).toEqual(Object.keys(me.properties.data.properties))
  })

  it('stores only a hash of the token', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'POST', '/api/login', { body: { email: admin.email, password: PASSWORD } })
    const [id, secret] = res.body.data.token.split('|')
    const [row] = await t.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.id, Number(id)))
    expect(row.tokenHash).toHaveLength(64)
    expect(row.tokenHash).not.toContain(secret)
  })

  it('accepts passwords hashed by the argon2 package that hashed them before @node-rs/argon2', async () => {
    // Written by `argon2` 0.45 for PASSWORD (its PHC string lists p before t): a user's chosen password
    // (19 MiB, 2 passes) and an imported account's initial one (1 MiB, 1 pass).
    const before = [
      '$argon2id$v=19$m=19456,p=1,t=2$2ynOk2VTAUeoQq3UqTBVbQ$/X1QBHLlAWDiumaFLRFCNSeIcMj8L4BVYnRTEwEDqyo',
      '$argon2id$v=19$m=1024,p=1,t=1$oqU3JEuRJikaX8WkaamoIQ$NEbWAEuAuYaWhf5q8GQtMrJcXCYnCxXPfr3Jm2gHwa8',
    ]
    for (const passwordHash of before) {
      const siswa = await aStudent(t)
      await t.db.update(users).set({ passwordHash }).where(eq(users.id, siswa.id))
      const wrong = await call(t, 'POST', '/api/login', {
        body: { email: siswa.email, password: 'password124' },
      })
      expect(wrong.status).toBe(401)
      const right = await call(t, 'POST', '/api/login', { body: { email: siswa.email, password: PASSWORD } })
      expect(right.status).toBe(200)
      expect(right.body.data.user.id).toBe(siswa.id)
    }
  })

  it('401 with the same message for an unknown e-mail and a wrong password', async () => {
    const admin = await anAdmin(t)
    const wrong = await call(t, 'POST', '/api/login', { body: { email: admin.email, password: 'nope-nope' } })
    const unknown = await call(t, 'POST', '/api/login', {
      body: { email: 'nobody@x.test', password: PASSWORD },
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ success: false, message: 'E-mail atau kata sandi salah.', data: null })
    expect(unknown.body).toEqual(wrong.body)
  })

  it('422 with per-field messages when fields are missing', async () => {
    const res = await call(t, 'POST', '/api/login', { body: { email: '' } })
    expect(res.status).toBe(422)
    expect(res.body.success).toBe(false)
    expect(res.body.errors).toEqual({ email: ['tidak boleh kosong'], password: ['wajib diisi'] })
  })

  it('speaks English on request', async () => {
    const res = await call(t, 'POST', '/api/login', {
      body: {},
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('The given data was invalid.')
    expect(res.body.errors.email).toEqual(['is required'])
  })

  it('400 on malformed JSON', async () => {
    const res = await call(t, 'POST', '/api/login', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ success: false, data: null })
  })

  it('403 for a deactivated account, whose tokens stop working at once', async () => {
    const siswa = await aStudent(t)
    expect((await call(t, 'GET', '/api/me', { as: siswa })).status).toBe(200)
    await deactivateAccount(t, siswa.id)
    const login = await call(t, 'POST', '/api/login', { body: { email: siswa.email, password: PASSWORD } })
    expect(login.status).toBe(403)
    expect(login.body.message).toMatch(/dinonaktifkan/)
    expect((await call(t, 'GET', '/api/me', { as: siswa })).status).toBe(401)
  })

  it('401 without a token says in Indonesian that the user has not signed in ("masuk", not "login")', async () => {
    const res = await call(t, 'GET', '/api/me')
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('Anda belum masuk atau sesi Anda tidak valid.')
  })

  it('429 after too many failed attempts for one e-mail, even with the right password', async () => {
    const admin = await anAdmin(t)
    for (let i = 0; i < 3; i++) {
      expect(
        (await call(t, 'POST', '/api/login', { body: { email: admin.email, password: 'wrong' } })).status,
      ).toBe(401)
    }
    const res = await call(t, 'POST', '/api/login', { body: { email: admin.email, password: PASSWORD } })
    expect(res.status).toBe(429)
    expect(res.body.success).toBe(false)
  })
})

describe('POST /api/logout', () => {
  it('revokes the token in use only', async () => {
    const admin = await anAdmin(t)
    const a = await call(t, 'POST', '/api/login', { body: { email: admin.email, password: PASSWORD } })
    const tokenA = { authorization: `Bearer ${a.body.data.token}` }
    const out = await call(t, 'POST', '/api/logout', { as: tokenA })
    expect(out.status).toBe(200)
    expect((await call(t, 'GET', '/api/me', { as: tokenA })).status).toBe(401)
    expect((await call(t, 'GET', '/api/me', { as: admin })).status).toBe(200)
  })
})

describe('tokens', () => {
  it('401 without a token, with a malformed one, and with a forged secret', async () => {
    const admin = await anAdmin(t)
    const [id] = admin.token.split('|')
    for (const authorization of [undefined, 'Bearer abc', `Bearer ${id}|${'x'.repeat(40)}`]) {
      const res = await call(t, 'GET', '/api/me', { as: { authorization } })
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ success: false, data: null })
    }
  })

  it('the scheme in any case: `bearer` and `BEARER` are `Bearer` (RFC 9110)', async () => {
    const admin = await anAdmin(t)
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await call(t, 'GET', '/api/me', { as: { authorization: `${scheme} ${admin.token}` } })
      expect(res.status).toBe(200)
      expect(res.body.data.email).toBe(admin.email)
    }
  })

  it('401 once the token has expired', async () => {
    const admin = await anAdmin(t)
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, Number(admin.token.split('|')[0])))
    const res = await call(t, 'GET', '/api/me', { as: admin })
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.')
  })

  it('401 with code account_deactivated for a token whose account was switched off (no password brings it back); an expired one has no code', async () => {
    const admin = await anAdmin(t)
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, admin.id))
    const res = await call(t, 'GET', '/api/me', { as: admin })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({
      success: false,
      message: 'Akun Anda telah dinonaktifkan. Hubungi admin BKK sekolah.',
      data: null,
      code: 'account_deactivated',
    })
    const other = await anAdmin(t)
    const unknown = await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${other.token}x` } })
    expect(unknown.status).toBe(401)
    expect(unknown.body.code).toBeUndefined()
  })

  it('records when a token was last used', async () => {
    const admin = await anAdmin(t)
    await call(t, 'GET', '/api/me', { as: admin })
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, admin.id))
    expect(row.lastUsedAt).toBeInstanceOf(Date)
    void users
  })
})

describe('GET /health and /ready', () => {
  it('answer without a token', async () => {
    expect((await call(t, 'GET', '/health')).body.data.status).toBe('ok')
    const ready = await call(t, 'GET', '/ready')
    expect(ready.status).toBe(200)
    expect(ready.body.data.status).toBe('ready')
  })

  it('404 in the envelope for an unknown route', async () => {
    const res = await call(t, 'GET', '/api/nope')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, data: null })
  })

  it('serves the OpenAPI document', async () => {
    const res = await call(t, 'GET', '/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.0.3')
    expect(res.body.paths['/api/login'].post).toBeDefined()
  })
})
