import { like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '../../src/db/schema/index.js'
import { sweepRateLimits } from '../../src/http/rate-limit.js'
import { call, createTestApp, type TestContext } from '../support/app.js'
import { anAdmin, aStudent, PASSWORD } from '../support/builders/accounts.js'

// Two instances of the service on one database, as behind a load balancer; small limits.
const LIMITS = { LOGIN_MAX_PER_EMAIL: '3', LOGIN_MAX_PER_IP: '1000', APPLY_MAX_PER_HOUR: '2' }
type Instance = Awaited<ReturnType<typeof createTestApp>>
let a: Instance
let b: Instance
const opened: Instance[] = []

async function instance(env: Record<string, string>, sharing?: TestContext) {
  const app = await createTestApp({ ...LIMITS, ...env }, { sharing })
  opened.push(app)
  return app
}

beforeAll(async () => {
  a = await instance({ RATE_LIMIT_STORE: 'database' })
  b = await instance({ RATE_LIMIT_STORE: 'database' }, a)
})
afterAll(async () => {
  // The instances sharing a database first; the one that made it drops it.
  for (const app of opened.reverse()) await app.close()
})

const attempt = (on: TestContext, email: string, password: string, remoteAddress = '203.0.113.9') =>
  call(on, 'POST', '/api/login', { body: { email, password }, remoteAddress })

const counters = (on: TestContext, prefix: string) =>
  on.db
    .select({ key: rateLimits.key, points: rateLimits.points })
    .from(rateLimits)
    .where(like(rateLimits.key, `${prefix}:%`))
    .orderBy(rateLimits.key)

describe('RATE_LIMIT_STORE=database: every instance counts on the same rows', () => {
  it('failed logins on one instance refuse the next attempt on the other, with Retry-After', async () => {
    const admin = await anAdmin(a)
    expect((await attempt(a, admin.email, 'salah-1')).status).toBe(401)
    expect((await attempt(b, admin.email, 'salah-2')).status).toBe(401)
    expect((await attempt(a, admin.email, 'salah-3')).status).toBe(401)
    for (const on of [b, a]) {
      const refused = await attempt(on, admin.email, PASSWORD)
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ success: false, data: null })
      expect(refused.body.message).toMatch(/Terlalu banyak percobaan masuk/)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800)
    }
    expect(await counters(a, 'login-email-ip')).toContainEqual({
      key: `login-email-ip:${admin.email} 203.0.113.9`,
      points: 3,
    })
  })

  it('a right password on one instance clears that address count on the other', async () => {
    const admin = await anAdmin(a)
    expect((await attempt(a, admin.email, 'salah-1')).status).toBe(401)
    expect((await attempt(a, admin.email, 'salah-2')).status).toBe(401)
    expect((await attempt(b, admin.email, PASSWORD)).status).toBe(200)
    // Three more failures are allowed again on the first instance: its count started over too.
    for (let i = 0; i < 3; i++) expect((await attempt(a, admin.email, `lagi-${i}`)).status).toBe(401)
    expect((await attempt(a, admin.email, PASSWORD)).status).toBe(429)
  })

  it('applications per account: the second instance counts on from the first', async () => {
    const siswa = await aStudent(a)
    const apply = (on: TestContext) =>
      call(on, 'POST', '/api/job-vacancies/2147483000/apply', { as: siswa, body: {} })
    expect((await apply(a)).status).toBe(404)
    expect((await apply(b)).status).toBe(404)
    const limited = await apply(a)
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/Coba lagi dalam \d+ detik/)
    expect((await apply(b)).status).toBe(429)
    expect(await counters(a, 'apply')).toContainEqual({ key: `apply:${siswa.id}`, points: 4 })
  })

  it('a restart forgets nothing: an instance started afterwards refuses as well', async () => {
    const admin = await anAdmin(a)
    const first = await instance({ RATE_LIMIT_STORE: 'database' }, a)
    for (let i = 0; i < 3; i++) expect((await attempt(first, admin.email, `salah-${i}`)).status).toBe(401)
    await first.close()
    opened.splice(opened.indexOf(first), 1)
    const next = await instance({ RATE_LIMIT_STORE: 'database' }, a)
    expect((await attempt(next, admin.email, PASSWORD)).status).toBe(429)
  })

  it('the periodic sweep deletes the rows of windows closed over an hour ago, and no other', async () => {
    const now = Date.now()
    await a.db.execute(sql`insert into rate_limits (key, points, expire) values
      ('sweep:old', 5, ${now - 3_700_000}), ('sweep:recent', 5, ${now - 60_000}), ('sweep:open', 1, ${now + 60_000})`)
    await sweepRateLimits(a.db)
    expect((await counters(a, 'sweep')).map((r) => r.key)).toEqual(['sweep:open', 'sweep:recent'])
  })

  it('the store failing is answered as a failure, never taken for "too many" nor let through', async () => {
    const own = await instance({ RATE_LIMIT_STORE: 'database' })
    const admin = await anAdmin(own)
    await own.db.execute(sql`alter table rate_limits rename to rate_limits_away`)
    try {
      const res = await attempt(own, admin.email, PASSWORD)
      expect(res.status).toBe(500)
      expect(res.body).toMatchObject({ success: false, data: null })
    } finally {
      await own.db.execute(sql`alter table rate_limits_away rename to rate_limits`)
    }
    expect((await attempt(own, admin.email, PASSWORD)).status).toBe(200)
  })
})

describe('RATE_LIMIT_STORE=memory: each instance counts alone', () => {
  it('failures on one instance do not refuse the other, and nothing is written to the table', async () => {
    const one = await instance({ RATE_LIMIT_STORE: 'memory' })
    const two = await instance({ RATE_LIMIT_STORE: 'memory' }, one)
    const admin = await anAdmin(one)
    for (let i = 0; i < 3; i++) expect((await attempt(one, admin.email, `salah-${i}`)).status).toBe(401)
    expect((await attempt(one, admin.email, PASSWORD)).status).toBe(429)
    expect((await attempt(two, admin.email, PASSWORD)).status).toBe(200)
    expect(await counters(one, 'login-email-ip')).toEqual([])
  })
})
