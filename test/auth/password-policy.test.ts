import { beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/http/errors.js'
import { tr } from '../../src/http/i18n.js'
import { passwordProblem } from '../../src/modules/auth/password-policy.js'
import { ensureSuperadmin } from '../../src/modules/users/service.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aSuperadmin, logIn, unique } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { storedUser } from '../support/stored.js'

const t = useTestApp()
let superadmin: Account
let admin: Account

beforeAll(async () => {
  superadmin = await aSuperadmin(t)
  admin = await anAdmin(t)
})

const COMMON = 'terlalu umum dan mudah ditebak; pilih kata sandi lain'
const SPACES = 'tidak boleh hanya berisi spasi'
const SIMPLE = 'terlalu sederhana: pakai lebih banyak karakter yang berbeda'
const PERSONAL = 'tidak boleh memuat e-mail atau nama pemilik akun'
const STRONG = 'kopi-tubruk-pagi-7'

/** The passwords of the issue, each with the reason it is refused, for an account named Budi Santoso. */
function weak(email: string): [string, string][] {
  return [
    ['12345678', COMMON],
    ['password', COMMON],
    ['password123', COMMON],
    ['Password123!', COMMON],
    ['bismillah', COMMON],
    ['        ', SPACES],
    ['aaaaaaaaaa', SIMPLE],
    [email, PERSONAL],
    [`${email.split('@')[0]}2025`, PERSONAL],
    ['Santoso-2025', PERSONAL],
  ]
}

describe('weak passwords are refused wherever a password is set', () => {
  it('POST /api/admin/users: 422 on password, in Indonesian', async () => {
    const email = `${unique('budi')}@sekolah.test`
    for (const [password, reason] of weak(email)) {
      const res = await call(t, 'POST', '/api/admin/users', {
        as: superadmin,
        body: { email, full_name: 'Budi Santoso', password, role: 'admin' },
      })
      expect(res.status, password).toBe(422)
      expect(res.body.errors, password).toEqual({ password: [reason] })
    }
    const ok = await call(t, 'POST', '/api/admin/users', {
      as: superadmin,
      body: { email, full_name: 'Budi Santoso', password: STRONG, role: 'admin' },
    })
    expect(ok.status).toBe(201)
    expect((await logIn(t, email, STRONG)).status).toBe(200)
  })

  it('speaks English on request', async () => {
    const res = await call(t, 'POST', '/api/admin/users', {
      as: superadmin,
      body: {
        email: `${unique('en')}@sekolah.test`,
        full_name: 'Budi Santoso',
        password: 'password',
        role: 'admin',
      },
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ password: ['is too common and easy to guess; choose another one'] })
  })

  it('POST /api/admin/users/:id/reset-password: against the account reset, nothing changed', async () => {
    const target = await anAdmin(t, { fullName: 'Rina Kartika' })
    const before = (await storedUser(t, target.id))!.passwordHash
    for (const [password, reason] of [
      ['12345678', COMMON],
      ['        ', SPACES],
      [target.email, PERSONAL],
      ['kartika-2025', PERSONAL],
    ]) {
      const res = await call(t, 'POST', `/api/admin/users/${target.id}/reset-password`, {
        as: superadmin,
        body: { password },
      })
      expect(res.status, password).toBe(422)
      expect(res.body.errors).toEqual({ password: [reason] })
    }
    expect((await storedUser(t, target.id))!.passwordHash).toBe(before)
    expect((await call(t, 'GET', '/api/me', { as: target })).status).toBe(200)
    const ok = await call(t, 'POST', `/api/admin/users/${target.id}/reset-password`, {
      as: superadmin,
      body: { password: STRONG },
    })
    expect(ok.status).toBe(200)
  })

  it('POST /api/admin/companies/:id/hr-accounts', async () => {
    const company = await aCompany(t)
    const email = `${unique('hrd')}@mitra.test`
    for (const [password, reason] of weak(email)) {
      const res = await call(t, 'POST', `/api/admin/companies/${company.id}/hr-accounts`, {
        as: admin,
        body: { email, full_name: 'Budi Santoso', password },
      })
      expect(res.status, password).toBe(422)
      expect(res.body.errors).toEqual({ password: [reason] })
    }
    const ok = await call(t, 'POST', `/api/admin/companies/${company.id}/hr-accounts`, {
      as: admin,
      body: { email, full_name: 'Budi Santoso', password: STRONG },
    })
    expect(ok.status).toBe(201)
  })

  for (const kind of ['students', 'alumni'] as const) {
    it(`POST and PUT /api/admin/${kind} with a login account`, async () => {
      const major = await aMajor(t)
      const email = `${unique('budi')}@sekolah.test`
      const body = {
        nis: `PW${unique('n')}`.slice(0, 20),
        full_name: 'Budi Santoso',
        major_id: major.id,
        email,
        ...(kind === 'alumni' ? { graduation_year: 2024 } : {}),
      }
      for (const [password, reason] of weak(email)) {
        const res = await call(t, 'POST', `/api/admin/${kind}`, {
          as: admin,
          body: { ...body, create_account: true, password },
        })
        expect(res.status, password).toBe(422)
        expect(res.body.errors, password).toEqual({ password: [reason] })
      }
      // A record without an account, which then gets one through PUT: the same rule, against the
      // record's stored name and e-mail.
      const created = await call(t, 'POST', `/api/admin/${kind}`, { as: admin, body })
      expect(created.status).toBe(201)
      const id = created.body.data.id
      const refused = await call(t, 'PUT', `/api/admin/${kind}/${id}`, {
        as: admin,
        body: { create_account: true, password: 'budi-santoso' },
      })
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toEqual({ password: [PERSONAL] })
      const ok = await call(t, 'PUT', `/api/admin/${kind}/${id}`, {
        as: admin,
        body: { create_account: true, password: STRONG },
      })
      expect(ok.status).toBe(200)
      expect((await logIn(t, email, STRONG)).status).toBe(200)
    })
  }

  it('npm run create-admin (ensureSuperadmin): refused with the reason', async () => {
    const email = `${unique('kepala')}@smk.sch.id`
    for (const [password, reason] of weak(email)) {
      const err = await ensureSuperadmin(t.db, { email, password, fullName: 'Budi Santoso' }).catch((e) => e)
      expect(err, password).toBeInstanceOf(AppError)
      expect(Object.keys(err.fieldErrors)).toEqual(['password'])
      expect(tr(err.fieldErrors.password[0], 'id')).toBe(reason)
    }
    const ok = await ensureSuperadmin(t.db, { email, password: STRONG, fullName: 'Budi Santoso' })
    expect(ok.created).toBe(true)
  })

  it('logging in is not subject to the rule: an old weak password still works', async () => {
    // given.* writes the hash of `password123` directly, as the demo data does.
    const old = await anAdmin(t)
    expect((await logIn(t, old.email, 'password123')).status).toBe(200)
  })
})

describe('passwordProblem', () => {
  it('accepts passphrases and random passwords; short name words only as the whole password', () => {
    const owner = { email: 'ani@sekolah.sch.id', fullName: 'Ani Wijaya' }
    for (const ok of [STRONG, 'Rahasia-Negara-77', 'x7Fq9#kL2m', 'Manikam-Bersinar-9'])
      expect(passwordProblem(ok, owner), ok).toBeNull()
    for (const bad of ['ani12345', 'Ani-2025!', 'wijaya2025'])
      expect(passwordProblem(bad, owner), bad).not.toBeNull()
  })

  it('takes microseconds, not milliseconds', () => {
    const started = performance.now()
    for (let i = 0; i < 1000; i++) passwordProblem(`kopi-tubruk-${i}`, { email: 'a@b.c', fullName: 'A B' })
    expect(performance.now() - started).toBeLessThan(200)
  })
})
