import { describe, expect, it } from 'vitest'
import { ensureSuperadmin } from '../../src/modules/users/service.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent, PASSWORD } from '../support/builders/accounts.js'

// Small numbers so the tests stay quick: 3 failures per e-mail and address, 8 per e-mail overall. The same
// rules with the counters in memory and in the database (RATE_LIMIT_STORE).
const LIMITS = { LOGIN_MAX_PER_EMAIL: '3', LOGIN_EMAIL_CEILING: '8', LOGIN_MAX_PER_IP: '1000' }
const stores = {
  memory: useTestApp({ ...LIMITS, RATE_LIMIT_STORE: 'memory' }),
  database: useTestApp({ ...LIMITS, RATE_LIMIT_STORE: 'database' }),
}
const t = stores.memory

describe.each(Object.entries(stores))('POST /api/login: the brake on guessing (counters in %s)', (_, t) => {
  const attempt = (email: string, password: string, remoteAddress: string) =>
    call(t, 'POST', '/api/login', { body: { email, password }, remoteAddress })

  it('failures from one address lock that address out, not the real user at another', async () => {
    const admin = await anAdmin(t)
    for (let i = 0; i < 3; i++)
      expect((await attempt(admin.email, 'salah-tebak', '203.0.113.7')).status).toBe(401)
    const attacker = await attempt(admin.email, PASSWORD, '203.0.113.7')
    expect(attacker.status).toBe(429)
    expect(attacker.body.message).toMatch(/Terlalu banyak percobaan masuk/)
    // The real user, elsewhere, still logs in.
    const owner = await attempt(admin.email, PASSWORD, '198.51.100.20')
    expect(owner.status).toBe(200)
    expect(owner.body.data.user.id).toBe(admin.id)
    // Still 429 at the guessing address: the owner's login elsewhere does not free it.
    expect((await attempt(admin.email, PASSWORD, '203.0.113.7')).status).toBe(429)
  })

  it('a right password from the same address clears its own count', async () => {
    const hrd = await anHrd(t)
    for (let i = 0; i < 2; i++)
      expect((await attempt(hrd.email, 'salah-tebak', '192.0.2.1')).status).toBe(401)
    expect((await attempt(hrd.email, PASSWORD, '192.0.2.1')).status).toBe(200)
    for (let i = 0; i < 2; i++)
      expect((await attempt(hrd.email, 'salah-tebak', '192.0.2.1')).status).toBe(401)
    expect((await attempt(hrd.email, PASSWORD, '192.0.2.1')).status).toBe(200)
  })

  it('guessing spread over many addresses meets the ceiling per e-mail, right password included', async () => {
    const siswa = await aStudent(t)
    // 8 failures from 4 addresses: none of them reaches its own limit of 3.
    for (let i = 0; i < 8; i++) {
      expect((await attempt(siswa.email, `tebakan-${i}`, `10.0.0.${i % 4}`)).status).toBe(401)
    }
    const next = await attempt(siswa.email, PASSWORD, '10.0.0.99')
    expect(next.status).toBe(429)
    expect(next.body.success).toBe(false)
    // Other accounts are not affected.
    const other = await anAdmin(t)
    expect((await attempt(other.email, PASSWORD, '10.0.0.99')).status).toBe(200)
  })

  it('speaks English on request when refusing', async () => {
    const admin = await anAdmin(t)
    for (let i = 0; i < 3; i++) await attempt(admin.email, 'salah-tebak', '192.0.2.50')
    const res = await call(t, 'POST', '/api/login', {
      body: { email: admin.email, password: PASSWORD },
      remoteAddress: '192.0.2.50',
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(/^Too many login attempts\. Try again in \d+ seconds\.$/)
  })
})

describe('npm run create-admin (ensureSuperadmin) after guessing locked the account out', () => {
  const db = stores.database
  const attempt = (email: string, password: string, remoteAddress: string) =>
    call(db, 'POST', '/api/login', { body: { email, password }, remoteAddress })

  it('the new password logs in at once, from the guessing address too (counters in the database)', async () => {
    const admin = await anAdmin(db)
    for (let i = 0; i < 8; i++)
      expect((await attempt(admin.email, `tebakan-${i}`, `10.1.0.${i % 3}`)).status).toBe(401)
    expect((await attempt(admin.email, PASSWORD, '10.1.0.0')).status).toBe(429)
    // Someone else's counters are left as they are.
    const other = await anAdmin(db)
    for (let i = 0; i < 3; i++) await attempt(other.email, 'salah-tebak', '10.1.0.9')

    await ensureSuperadmin(db.db, { email: admin.email, password: 'pemulihan-sekolah-1' })

    // Before: 429 for up to an hour (the ceiling per e-mail), whatever the new password.
    expect((await attempt(admin.email, 'pemulihan-sekolah-1', '10.1.0.0')).status).toBe(200)
    expect((await attempt(other.email, PASSWORD, '10.1.0.9')).status).toBe(429)
  })
})

describe('tokens with an impossible id', () => {
  it('401, not 422, for an id beyond PostgreSQL integers', async () => {
    for (const id of ['2147483648', '9999999999']) {
      const res = await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${id}|${'a'.repeat(40)}` } })
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ success: false, data: null })
    }
    const edge = await call(t, 'GET', '/api/me', {
      as: { authorization: `Bearer 2147483647|${'a'.repeat(40)}` },
    })
    expect(edge.status).toBe(401)
  })
})
