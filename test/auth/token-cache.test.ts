import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { call, createTestApp, type TestContext, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent, aSuperadmin } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'

/**
 * Token lookups kept per instance (AUTH_CACHE_SECONDS, docs/decisions.md): a change made on this
 * instance applies to the next request; one made elsewhere (here: straight in the database, as another
 * instance would) within the cache's seconds.
 */
const t = useTestApp({ AUTH_CACHE_SECONDS: '60' })

const me = (as: { authorization: string }) => call(t, 'GET', '/api/me', { as })
const deactivateElsewhere = (userId: number) =>
  t.db.update(users).set({ isActive: false }).where(eq(users.id, userId))

describe('token lookups kept for AUTH_CACHE_SECONDS', () => {
  it('a change made elsewhere is not seen while the lookup is kept', async () => {
    const siswa = await aStudent(t)
    expect((await me(siswa)).status).toBe(200)
    await deactivateElsewhere(siswa.id)
    expect((await me(siswa)).status).toBe(200)
  })

  it('logout on this instance: the token is refused at once', async () => {
    const siswa = await aStudent(t)
    expect((await me(siswa)).status).toBe(200)
    expect((await call(t, 'POST', '/api/logout', { as: siswa })).status).toBe(200)
    expect((await me(siswa)).status).toBe(401)
  })

  it('deactivation on this instance: refused at once', async () => {
    const superadmin = await aSuperadmin(t)
    const admin = await anAdmin(t)
    expect((await me(admin)).status).toBe(200)
    const res = await call(t, 'PATCH', `/api/admin/users/${admin.id}/toggle-active`, { as: superadmin })
    expect(res.status).toBe(200)
    expect((await me(admin)).status).toBe(401)
  })

  it('a company switched off on this instance: its HR is refused at once', async () => {
    const admin = await anAdmin(t)
    const hrd = await anHrd(t)
    expect((await call(t, 'GET', '/api/hrd/job-vacancies', { as: hrd })).status).toBe(200)
    const res = await call(t, 'PATCH', `/api/admin/companies/${hrd.companyId}/toggle-active`, { as: admin })
    expect(res.status).toBe(200)
    const after = await call(t, 'GET', '/api/hrd/job-vacancies', { as: hrd })
    expect(after.status).toBe(403)
    expect(after.body.message).toBe('Perusahaan Anda sedang nonaktif.')
  })

  it('applying (a change that cannot touch an account) keeps the lookups', async () => {
    const major = await aMajor(t)
    const vacancy = await aVacancy(t, { majorIds: [major.id] })
    const learner = await anApplicant(t, { majorId: major.id })
    const other = await aStudent(t)
    expect((await me(other)).status).toBe(200)
    await deactivateElsewhere(other.id)
    const applied = await call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: learner, body: {} })
    expect(applied.status).toBe(201)
    expect((await me(other)).status).toBe(200)
  })
})

describe('after AUTH_CACHE_SECONDS', () => {
  let short: TestContext & { close(): Promise<void> }
  beforeAll(async () => {
    short = await createTestApp({ AUTH_CACHE_SECONDS: '1' })
  })
  afterAll(async () => {
    await short?.close()
  })

  it('a change made elsewhere is seen', async () => {
    const siswa = await aStudent(short)
    expect((await call(short, 'GET', '/api/me', { as: siswa })).status).toBe(200)
    await short.db.update(users).set({ isActive: false }).where(eq(users.id, siswa.id))
    await new Promise((r) => setTimeout(r, 1100))
    expect((await call(short, 'GET', '/api/me', { as: siswa })).status).toBe(401)
  })
})
