import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { companies, notifications } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aNotification } from '../support/builders/notifications.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()
const ALL_ROLES = ['superadmin', 'admin', 'hrd', 'siswa', 'alumni'] as const

const storedOf = (userId: number) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id)

/** An account with three notifications (the middle one read) and a stranger with one of their own. */
async function inbox() {
  const me = await aStudent(t)
  const stranger = await anHrd(t)
  const hour = 3600_000
  const old = await aNotification(t, me.id, {
    kind: 'application.reviewed',
    title: 'Lamaran Anda lolos seleksi berkas',
    body: 'Selamat!',
    data: { applicationId: 7 },
    createdAt: new Date(Date.now() - 3 * hour),
  })
  const read = await aNotification(t, me.id, {
    createdAt: new Date(Date.now() - 2 * hour),
    readAt: new Date(Date.now() - hour),
  })
  const recent = await aNotification(t, me.id, { createdAt: new Date(Date.now() - hour) })
  const foreign = await aNotification(t, stranger.id)
  return { me, stranger, old, read, recent, foreign }
}

describe('GET /api/notifications', () => {
  it('admits every logged-in role', async () => {
    await expectRoles(t, 'GET', '/api/notifications', [...ALL_ROLES])
  })

  it("lists the caller's own notifications newest first with the unread count", async () => {
    const n = await inbox()
    const res = await call(t, 'GET', '/api/notifications', { as: n.me })
    expect(res.status).toBe(200)
    expect(res.body.data.map((i: { id: number }) => i.id)).toEqual([n.recent.id, n.read.id, n.old.id])
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 3, totalPages: 1, unreadCount: 2 })
    expect(res.body.data[2]).toEqual({
      id: n.old.id,
      kind: 'application.reviewed',
      title: 'Lamaran Anda lolos seleksi berkas',
      body: 'Selamat!',
      data: { applicationId: 7 },
      isRead: false,
      readAt: null,
      createdAt: n.old.createdAt.toISOString(),
    })
    expect(res.body.data[1]).toMatchObject({ isRead: true, readAt: n.read.readAt?.toISOString() })
  })

  it('unread=true lists only unread ones, unread=false only read ones', async () => {
    const n = await inbox()
    const unread = await call(t, 'GET', '/api/notifications', { as: n.me, query: { unread: true } })
    expect(unread.body.data.map((i: { id: number }) => i.id)).toEqual([n.recent.id, n.old.id])
    expect(unread.body.meta).toMatchObject({ total: 2, unreadCount: 2 })
    const read = await call(t, 'GET', '/api/notifications', { as: n.me, query: { unread: false } })
    expect(read.body.data.map((i: { id: number }) => i.id)).toEqual([n.read.id])
    expect(read.body.meta).toMatchObject({ total: 1, unreadCount: 2 })
  })

  it('pages', async () => {
    const n = await inbox()
    const res = await call(t, 'GET', '/api/notifications', { as: n.me, query: { per_page: 2, page: 2 } })
    expect(res.body.data.map((i: { id: number }) => i.id)).toEqual([n.old.id])
    expect(res.body.meta).toEqual({ page: 2, perPage: 2, total: 3, totalPages: 2, unreadCount: 2 })
  })

  it('422 for a bad filter', async () => {
    const n = await inbox()
    const res = await call(t, 'GET', '/api/notifications', { as: n.me, query: { unread: 'maybe', page: 0 } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ unread: ['harus berupa pilihan ya atau tidak'], page: ['minimal 1'] })
  })
})

describe('PATCH /api/notifications/:id/read', () => {
  it('admits every logged-in role', async () => {
    await expectRoles(t, 'PATCH', '/api/notifications/2000000000/read', [...ALL_ROLES])
  })

  it('marks one notification read and keeps the first reading time', async () => {
    const n = await inbox()
    const res = await call(t, 'PATCH', `/api/notifications/${n.old.id}/read`, { as: n.me })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: n.old.id, isRead: true, readAt: expect.stringMatching(/Z$/) })
    const stored = await storedOf(n.me.id)
    expect(stored.find((s) => s.id === n.old.id)?.readAt?.toISOString()).toBe(res.body.data.readAt)
    expect(stored.find((s) => s.id === n.recent.id)?.readAt).toBeNull()

    const again = await call(t, 'PATCH', `/api/notifications/${n.read.id}/read`, { as: n.me })
    expect(again.status).toBe(200)
    expect(again.body.data.readAt).toBe(n.read.readAt?.toISOString())

    const list = await call(t, 'GET', '/api/notifications', { as: n.me })
    expect(list.body.meta.unreadCount).toBe(1)
  })

  it("404 for someone else's notification and for an unknown id; nothing changes", async () => {
    const n = await inbox()
    const res = await call(t, 'PATCH', `/api/notifications/${n.foreign.id}/read`, { as: n.me })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Notifikasi tidak ditemukan.', data: null })
    expect((await storedOf(n.stranger.id))[0].readAt).toBeNull()
    expect((await call(t, 'PATCH', '/api/notifications/2000000000/read', { as: n.me })).status).toBe(404)
  })
})

describe('PATCH /api/notifications/read-all', () => {
  it('admits every logged-in role', async () => {
    await expectRoles(t, 'PATCH', '/api/notifications/read-all', [...ALL_ROLES])
  })

  it("marks all the caller's unread notifications read and says how many", async () => {
    const n = await inbox()
    const res = await call(t, 'PATCH', '/api/notifications/read-all', { as: n.me })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ updated: 2 })
    const stored = await storedOf(n.me.id)
    expect(stored.every((s) => s.readAt !== null)).toBe(true)
    expect(stored.find((s) => s.id === n.read.id)?.readAt?.toISOString()).toBe(n.read.readAt?.toISOString())
    expect((await storedOf(n.stranger.id))[0].readAt).toBeNull()

    const list = await call(t, 'GET', '/api/notifications', { as: n.me })
    expect(list.body.meta.unreadCount).toBe(0)
    const again = await call(t, 'PATCH', '/api/notifications/read-all', { as: n.me })
    expect(again.body.data).toEqual({ updated: 0 })
  })
})

describe('HR is told in-app when someone applies to its vacancy', () => {
  it("every active HR account of the vacancy's company gets the notice with the applicant's name, the vacancy's title and the company; nobody else", async () => {
    const major = await aMajor(t)
    const hrd = await anHrd(t)
    const colleague = await anHrd(t, { companyId: hrd.companyId })
    const inactive = await anHrd(t, { companyId: hrd.companyId, values: { isActive: false } })
    const otherCompany = await anHrd(t)
    const vacancy = await aVacancy(t, {
      companyId: hrd.companyId,
      majorIds: [major.id],
      values: { title: 'Teknisi Listrik Pabrik' },
    })
    await aVacancy(t, { companyId: otherCompany.companyId, majorIds: [major.id] })
    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.id, hrd.companyId as number))
    const learner = await anApplicant(t, {
      majorId: major.id,
      values: { fullName: 'Rina Marlina' },
    })

    const applied = await call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, {
      as: learner,
      body: { portfolio_ids: [learner.cv.id] },
    })
    expect(applied.status).toBe(201)
    const applicationId = applied.body.data.id

    for (const hr of [hrd, colleague]) {
      const res = await call(t, 'GET', '/api/notifications', { as: hr })
      expect(res.status).toBe(200)
      expect(res.body.meta.unreadCount).toBe(1)
      expect(res.body.data).toEqual([
        expect.objectContaining({
          kind: 'application.received',
          title: 'Lamaran baru: Teknisi Listrik Pabrik',
          body: `Rina Marlina melamar Teknisi Listrik Pabrik di ${company.name}. Lamaran menunggu seleksi berkas.`,
          data: { applicationId, jobVacancyId: vacancy.id },
          isRead: false,
        }),
      ])
    }
    const other = await call(t, 'GET', '/api/notifications', { as: otherCompany })
    expect(other.body.data).toEqual([])
    expect(other.body.meta.unreadCount).toBe(0)
    expect(await storedOf(inactive.id)).toEqual([])
    // The applicant is not told of their own application.
    expect(await storedOf(learner.id)).toEqual([])
  })

  it('a refused application (already applied) tells nobody again', async () => {
    const major = await aMajor(t)
    const hrd = await anHrd(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId, majorIds: [major.id] })
    const learner = await anApplicant(t, { majorId: major.id })
    const url = `/api/job-vacancies/${vacancy.id}/apply`
    expect((await call(t, 'POST', url, { as: learner, body: {} })).status).toBe(201)
    expect((await call(t, 'POST', url, { as: learner, body: {} })).status).toBe(409)
    expect(await storedOf(hrd.id)).toHaveLength(1)
  })
})
