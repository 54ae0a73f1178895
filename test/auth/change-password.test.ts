import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { issuePasswordLink } from '../../src/modules/auth/password-links.js'
import { call, type TestContext, useTestApp } from '../support/app.js'
import {
  type Account,
  anAdmin,
  anAlumnus,
  anHrd,
  aStudent,
  logIn,
  PASSWORD,
} from '../support/builders/accounts.js'
import { auditsOf, storedUser, tokenCount } from '../support/stored.js'

const t = useTestApp({ LOGIN_MAX_PER_EMAIL: '5' })
/** With the token lookups kept (as in production): the flag must still apply and clear at once. */
const cached = useTestApp({ AUTH_CACHE_SECONDS: '60' })

const NEW_PASSWORD = 'Kopi-Tubruk-Senja-77'
const REQUIRED = {
  success: false,
  message: 'Anda harus mengganti kata sandi terlebih dahulu sebelum dapat memakai fitur lain.',
  data: null,
  code: 'password_change_required',
}

const change = (ctx: TestContext, as: Account, body: Record<string, string> = {}) =>
  call(ctx, 'POST', '/api/change-password', {
    as,
    body: {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: body.password ?? NEW_PASSWORD,
      ...body,
    },
  })

const mustChange = (ctx: TestContext, id: number) =>
  ctx.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, id))

describe('POST /api/change-password', () => {
  it('stores the new password as argon2id with 19 MiB and 2 passes, which the next login accepts', async () => {
    const siswa = await aStudent(t)
    expect((await change(t, siswa)).status).toBe(200)
    const { passwordHash } = await storedUser(t, siswa.id)
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(
      (await call(t, 'POST', '/api/login', { body: { email: siswa.email, password: NEW_PASSWORD } })).status,
    ).toBe(200)
  })

  it('changes the password with the current one: the other sessions end, the one in use stays', async () => {
    const hrd = await anHrd(t)
    const phone = await logIn(t, hrd.email, PASSWORD)
    expect(await tokenCount(t, hrd.id)).toBe(2)

    const res = await change(t, hrd)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Kata sandi diganti.')
    expect(res.body.data).toMatchObject({
      id: hrd.id,
      email: hrd.email,
      role: 'hrd',
      mustChangePassword: false,
    })

    expect(await tokenCount(t, hrd.id)).toBe(1)
    expect((await call(t, 'GET', '/api/me', { as: hrd })).status).toBe(200)
    const other = { authorization: `Bearer ${phone.body.data.token}` }
    expect((await call(t, 'GET', '/api/me', { as: other })).status).toBe(401)
    expect((await logIn(t, hrd.email, PASSWORD)).status).toBe(401)
    expect((await logIn(t, hrd.email, NEW_PASSWORD)).status).toBe(200)
    const [audit] = await auditsOf(t, 'user', hrd.id)
    expect(audit).toMatchObject({ actorId: hrd.id, action: 'change_password' })
  })

  it('422 naming each field at fault; nothing changes', async () => {
    const student = await aStudent(t)
    const before = await storedUser(t, student.id)
    const second = await logIn(t, student.email, PASSWORD)

    const wrong = await change(t, student, { current_password: 'bukan-ini-sandinya' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toEqual({
      success: false,
      message: 'Kata sandi belum dapat diganti.',
      data: null,
      errors: { current_password: ['salah'] },
    })
    const weak = await change(t, student, { password: 'rahasia123', password_confirmation: 'rahasia123' })
    expect(weak.body.errors).toEqual({ password: ['terlalu umum dan mudah ditebak; pilih kata sandi lain'] })
    const unconfirmed = await change(t, student, { password_confirmation: 'Kopi-Tubruk-Senja-78' })
    expect(unconfirmed.body.errors).toEqual({ password_confirmation: ['tidak sama dengan kata sandi baru'] })
    const missing = await call(t, 'POST', '/api/change-password', { as: student, body: {} })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors).sort()).toEqual([
      'current_password',
      'password',
      'password_confirmation',
    ])
    const english = await call(t, 'POST', '/api/change-password', {
      as: student,
      headers: { 'accept-language': 'en' },
      body: { current_password: 'nope-nope', password: NEW_PASSWORD, password_confirmation: 'x' },
    })
    expect(english.body.errors).toEqual({
      current_password: ['is wrong'],
      password_confirmation: ['does not match the new password'],
    })

    const after = await storedUser(t, student.id)
    expect(after.passwordHash).toBe(before.passwordHash)
    expect(after.updatedAt).toEqual(before.updatedAt)
    expect(await tokenCount(t, student.id)).toBe(2)
    expect(
      (await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${second.body.data.token}` } })).status,
    ).toBe(200)
  })

  it('422 for the current password again (an account told to change it must choose another)', async () => {
    const alumnus = await anAlumnus(t)
    await mustChange(t, alumnus.id)
    const same = await change(t, alumnus, { current_password: PASSWORD, password: 'Kopi-Tubruk-Senja-77' })
    expect(same.status).toBe(200)
    const again = await change(t, alumnus, {
      current_password: NEW_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    expect(again.status).toBe(422)
    expect(again.body.errors).toEqual({ password: ['harus berbeda dari kata sandi sekarang'] })
  })

  it('voids the unused password links of the account', async () => {
    const student = await aStudent(t)
    const link = await t.db.transaction((tx) =>
      issuePasswordLink(tx, {
        userId: student.id,
        email: student.email,
        purpose: 'reset',
        createdBy: null,
        publicUrl: t.config.publicUrl,
      }),
    )
    expect((await change(t, student)).status).toBe(200)
    const res = await call(t, 'POST', '/api/reset-password', {
      body: {
        email: student.email,
        token: link.token,
        password: 'Teh-Manis-42!',
        password_confirmation: 'Teh-Manis-42!',
      },
      remoteAddress: '203.0.113.50',
    })
    expect(res.status).toBe(422)
    expect((await logIn(t, student.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('429 with Retry-After after LOGIN_MAX_PER_EMAIL attempts of one account within the window', async () => {
    const admin = await anAdmin(t)
    for (let i = 0; i < 5; i++)
      expect((await change(t, admin, { current_password: `tebakan-${i}` })).status).toBe(422)
    const refused = await change(t, admin)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await logIn(t, admin.email, NEW_PASSWORD)).status).toBe(401)
  })
})

describe('an account that must change its password (users.must_change_password)', () => {
  it('is told so at login and by GET /api/me', async () => {
    const student = await aStudent(t)
    await mustChange(t, student.id)
    const login = await logIn(t, student.email, PASSWORD)
    expect(login.status).toBe(200)
    expect(login.body.data.user.mustChangePassword).toBe(true)
    expect(login.body.user.mustChangePassword).toBe(true)
    const me = await call(t, 'GET', '/api/me', { as: student })
    expect(me.status).toBe(200)
    expect(me.body.data.mustChangePassword).toBe(true)
  })

  it('gets 403 with code password_change_required on every other route, its own role’s or not', async () => {
    const student = await aStudent(t)
    await mustChange(t, student.id)
    for (const [method, url] of [
      ['GET', '/api/job-vacancies'],
      ['GET', '/api/my-applications'],
      ['GET', '/api/siswa/portfolio/profile'],
      ['GET', '/api/notifications'],
      ['GET', '/api/admin/users'],
      ['POST', '/api/hrd/job-vacancies'],
    ] as const) {
      const res = await call(t, method, url, { as: student, body: method === 'POST' ? {} : undefined })
      expect(res.status, `${method} ${url}`).toBe(403)
      expect(res.body, `${method} ${url}`).toEqual(REQUIRED)
    }
    const english = await call(t, 'GET', '/api/job-vacancies', {
      as: student,
      headers: { 'accept-language': 'en' },
    })
    expect(english.body.message).toBe('You must change your password before you can use anything else.')
    expect(english.body.code).toBe('password_change_required')
    // Public routes do not ask for a token at all.
    expect((await call(t, 'GET', '/api/vocabulary', { as: student })).status).toBe(200)
  })

  it('changing the password clears it and opens the routes again; logout works meanwhile', async () => {
    const student = await aStudent(t)
    await mustChange(t, student.id)
    const spare = await logIn(t, student.email, PASSWORD)
    expect((await call(t, 'GET', '/api/job-vacancies', { as: student })).status).toBe(403)

    const res = await change(t, student)
    expect(res.status).toBe(200)
    expect(res.body.data.mustChangePassword).toBe(false)
    expect((await storedUser(t, student.id)).mustChangePassword).toBe(false)
    expect((await call(t, 'GET', '/api/job-vacancies', { as: student })).status).toBe(200)
    expect((await call(t, 'GET', '/api/siswa/portfolio/profile', { as: student })).status).toBe(200)
    // The other session was ended by the change.
    expect(
      (await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${spare.body.data.token}` } })).status,
    ).toBe(401)

    const admin = await anAdmin(t)
    await mustChange(t, admin.id)
    const out = await call(t, 'POST', '/api/logout', { as: admin })
    expect(out.status).toBe(200)
    expect(await tokenCount(t, admin.id)).toBe(0)
  })

  it('with the token lookups kept per instance, the 403 and its end both apply to the next request', async () => {
    const student = await aStudent(cached)
    await mustChange(cached, student.id)
    expect((await call(cached, 'GET', '/api/job-vacancies', { as: student })).status).toBe(403)
    expect((await change(cached, student)).status).toBe(200)
    expect((await call(cached, 'GET', '/api/job-vacancies', { as: student })).status).toBe(200)
  })
})
