import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applicationEvents, applications, notifications } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aCompany } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'
import { expectCounters } from '../support/vacancy-counters.js'

const t = useTestApp()

async function company() {
  const hrd = await anHrd(t)
  const vacancy = await aVacancy(t, {
    companyId: hrd.companyId,
    values: { title: 'Staf Gudang' },
  })
  return { hrd, vacancy }
}

async function applicantTo(
  vacancyId: number,
  opts: { status?: 'in_progress' | 'accepted' | 'rejected' | 'withdrawn'; account?: boolean } = {},
) {
  const siswa = await aStudent(t, { account: opts.account })
  const application = await anApplication(t, {
    vacancyId,
    studentId: siswa.studentId,
    status: opts.status,
  })
  return { siswa, application }
}

const stored = async (id: number) =>
  (await t.db.select().from(applications).where(eq(applications.id, id)))[0]
const eventsOf = (id: number) =>
  t.db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, id))
    .orderBy(applicationEvents.id)
const notificationsOf = (userId: number) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId))

describe('PATCH /api/hrd/applicant-reviews/:id/review', () => {
  it('admits only hrd', async () => {
    const { vacancy } = await company()
    const { application } = await applicantTo(vacancy.id)
    await expectRoles(t, 'PATCH', `/api/hrd/applicant-reviews/${application.id}/review`, ['hrd'], {
      decision: 'lolos',
    })
  })

  it('lolos moves a pending application to in_progress, records the timeline and notifies the applicant', async () => {
    const { hrd, vacancy } = await company()
    const { siswa, application } = await applicantTo(vacancy.id)
    const res = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${application.id}/review`, {
      as: hrd,
      body: { decision: 'lolos', notes: '  Berkas lengkap.  ', status: 'accepted' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: application.id,
      status: 'in_progress',
      reviewDecision: 'lolos',
      reviewNotes: 'Berkas lengkap.',
      reviewedAt: expect.stringMatching(/Z$/),
      vacancy: { id: vacancy.id, title: 'Staf Gudang' },
    })

    const row = await stored(application.id)
    expect(row).toMatchObject({
      status: 'in_progress',
      reviewDecision: 'lolos',
      reviewNotes: 'Berkas lengkap.',
      reviewedBy: hrd.id,
    })
    expect(row.reviewedAt?.toISOString()).toBe(res.body.data.reviewedAt)

    const events = await eventsOf(application.id)
    expect(events.map((e) => [e.stage, e.status, e.notes, e.actorId])).toEqual([
      ['applied', 'pending', null, null],
      ['document_review', 'lolos', 'Berkas lengkap.', hrd.id],
    ])

    const [note] = await notificationsOf(siswa.id)
    expect(note).toMatchObject({
      kind: 'application.reviewed',
      title: 'Lamaran Anda lolos seleksi berkas',
      data: { applicationId: application.id, jobVacancyId: vacancy.id, decision: 'lolos' },
      readAt: null,
    })
    expect(note.body).toContain('Staf Gudang')
    expect(note.body).toMatch(/lolos seleksi berkas.*Catatan HRD: Berkas lengkap\./)

    // The applicant sees it in their notifications and in the application's timeline.
    const inbox = await call(t, 'GET', '/api/notifications', { as: siswa })
    expect(inbox.body.meta.unreadCount).toBe(1)
    expect(inbox.body.data[0]).toMatchObject({ id: note.id, kind: 'application.reviewed', isRead: false })
    const mine = await call(t, 'GET', `/api/my-applications/${application.id}`, { as: siswa })
    expect(mine.body.data.status).toBe('in_progress')
    expect(mine.body.data.timeline.at(-1)).toEqual({
      stage: 'document_review',
      status: 'lolos',
      notes: 'Berkas lengkap.',
      actor: expect.any(String),
      at: expect.any(String),
    })
  })

  it('names the vacancy and the company in the notification', async () => {
    const hrd = await anHrd(t, { companyId: (await aCompany(t, { name: 'PT Sinar Jaya' })).id })
    const vacancy = await aVacancy(t, {
      companyId: hrd.companyId,
      values: { title: 'Kasir' },
    })
    const { siswa, application } = await applicantTo(vacancy.id)
    const res = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${application.id}/review`, {
      as: hrd,
      body: { decision: 'tidak_lolos' },
    })
    expect(res.status).toBe(200)
    const [note] = await notificationsOf(siswa.id)
    expect(note.title).toBe('Hasil seleksi berkas lamaran Anda')
    expect(note.body).toBe(
      'Mohon maaf, lamaran Anda untuk lowongan "Kasir" di PT Sinar Jaya belum lolos seleksi berkas.',
    )
  })

  it('tidak_lolos rejects the application', async () => {
    const { hrd, vacancy } = await company()
    const { application } = await applicantTo(vacancy.id)
    const res = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${application.id}/review`, {
      as: hrd,
      body: { decision: 'tidak_lolos', notes: '' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      status: 'rejected',
      reviewDecision: 'tidak_lolos',
      reviewNotes: null,
    })
    expect(await stored(application.id)).toMatchObject({ status: 'rejected', reviewDecision: 'tidak_lolos' })
    expect((await eventsOf(application.id)).at(-1)).toMatchObject({
      stage: 'document_review',
      status: 'tidak_lolos',
    })
    await expectCounters(t, vacancy.id, { applicants: 1, accepted: 0 })
    const hr = await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })
    expect(hr.body.data).toMatchObject({ applicantCount: 1, acceptedCount: 0 })
  })

  it('reviews an applicant without an account, without a notification', async () => {
    const { hrd, vacancy } = await company()
    const { application } = await applicantTo(vacancy.id, { account: false })
    const before = (await t.db.select().from(notifications)).length
    const res = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${application.id}/review`, {
      as: hrd,
      body: { decision: 'lolos' },
    })
    expect(res.status).toBe(200)
    expect((await t.db.select().from(notifications)).length).toBe(before)
  })

  it('422 naming the status when the application is no longer pending; nothing changes', async () => {
    const { hrd, vacancy } = await company()
    for (const [status, pattern] of [
      ['in_progress', /sudah diseleksi berkas \(status: Dalam proses seleksi\)/],
      ['rejected', /sudah diseleksi berkas \(status: Tidak lolos\)/],
      ['accepted', /sudah diseleksi berkas \(status: Diterima\)/],
      ['withdrawn', /sudah dibatalkan/],
    ] as const) {
      const { siswa, application } = await applicantTo(vacancy.id, { status })
      const res = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${application.id}/review`, {
        as: hrd,
        body: { decision: 'tidak_lolos' },
      })
      expect(res.status, status).toBe(422)
      expect(res.body.message).toMatch(pattern)
      expect((await stored(application.id)).status).toBe(status)
      expect(await eventsOf(application.id)).toHaveLength(1)
      expect(await notificationsOf(siswa.id)).toEqual([])
    }
  })

  it('says the status in English on request', async () => {
    const { hrd, vacancy } = await company()
    const { application } = await applicantTo(vacancy.id, { status: 'rejected' })
    const res = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${application.id}/review`, {
      as: hrd,
      body: { decision: 'lolos' },
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(
      'This application has already been document-reviewed (status: Not selected). Only applications with the status "Awaiting document review" can be document-reviewed.',
    )
  })

  it("404 for another company's application and for an unknown id; nothing changes", async () => {
    const { vacancy } = await company()
    const { siswa, application } = await applicantTo(vacancy.id)
    const other = await anHrd(t)
    const foreign = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${application.id}/review`, {
      as: other,
      body: { decision: 'lolos' },
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Lamaran tidak ditemukan.')
    expect((await stored(application.id)).status).toBe('pending')
    expect(await eventsOf(application.id)).toHaveLength(1)
    expect(await notificationsOf(siswa.id)).toEqual([])
    const unknown = await call(t, 'PATCH', '/api/hrd/applicant-reviews/2000000000/review', {
      as: other,
      body: { decision: 'lolos' },
    })
    expect(unknown.status).toBe(404)
  })

  it('422 with per-field messages for a bad body', async () => {
    const { hrd, vacancy } = await company()
    const { application } = await applicantTo(vacancy.id)
    const url = `/api/hrd/applicant-reviews/${application.id}/review`
    const missing = await call(t, 'PATCH', url, { as: hrd, body: { notes: 'x'.repeat(2001) } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ decision: ['wajib diisi'], notes: ['maksimal 2000 karakter'] })
    const wrong = await call(t, 'PATCH', url, { as: hrd, body: { decision: 'diterima' } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors.decision[0]).toMatch(/lolos, tidak_lolos/)
    expect((await stored(application.id)).status).toBe('pending')
  })

  it('two reviews at once: exactly one applies', async () => {
    const { hrd, vacancy } = await company()
    const { siswa, application } = await applicantTo(vacancy.id)
    const url = `/api/hrd/applicant-reviews/${application.id}/review`
    const results = await Promise.all([
      call(t, 'PATCH', url, { as: hrd, body: { decision: 'lolos' } }),
      call(t, 'PATCH', url, { as: hrd, body: { decision: 'tidak_lolos' } }),
      call(t, 'PATCH', url, { as: hrd, body: { decision: 'lolos' } }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422])
    const winner = results.find((r) => r.status === 200)!
    expect((await stored(application.id)).status).toBe(winner.body.data.status)
    expect(await eventsOf(application.id)).toHaveLength(2)
    expect(await notificationsOf(siswa.id)).toHaveLength(1)
  })
})

describe('POST /api/hrd/applicant-reviews/bulk-review', () => {
  const url = '/api/hrd/applicant-reviews/bulk-review'

  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'POST', url, ['hrd', 'admin'], { application_ids: [2000000000], decision: 'lolos' })
  })

  it('reviews the pending ones and reports every other id with its reason', async () => {
    const { hrd, vacancy } = await company()
    const good1 = await applicantTo(vacancy.id)
    const good2 = await applicantTo(vacancy.id)
    const reviewed = await applicantTo(vacancy.id, { status: 'in_progress' })
    const withdrawn = await applicantTo(vacancy.id, { status: 'withdrawn' })
    const foreignCompany = await company()
    const foreign = await applicantTo(foreignCompany.vacancy.id)
    const unknownId = 2000000000

    const ids = [good1, reviewed, foreign, good2, withdrawn].map((a) => a.application.id)
    const res = await call(t, 'POST', url, {
      as: hrd,
      body: { application_ids: [...ids, unknownId], decision: 'tidak_lolos', notes: 'Kuota terpenuhi.' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('2 dari 6 lamaran berhasil diseleksi berkas.')
    expect(res.body.data).toEqual({
      processed: 6,
      succeeded: 2,
      failed: 4,
      failures: [
        { id: reviewed.application.id, reason: 'sudah diseleksi berkas (Dalam proses seleksi)' },
        { id: foreign.application.id, reason: 'tidak ditemukan' },
        { id: withdrawn.application.id, reason: 'lamaran dibatalkan' },
        { id: unknownId, reason: 'tidak ditemukan' },
      ],
    })

    const rows = await t.db.select().from(applications).where(inArray(applications.id, ids))
    const statusOf = Object.fromEntries(rows.map((r) => [r.id, r.status]))
    expect(statusOf).toEqual({
      [good1.application.id]: 'rejected',
      [good2.application.id]: 'rejected',
      [reviewed.application.id]: 'in_progress',
      [foreign.application.id]: 'pending',
      [withdrawn.application.id]: 'withdrawn',
    })
    for (const good of [good1, good2]) {
      expect(await stored(good.application.id)).toMatchObject({
        reviewDecision: 'tidak_lolos',
        reviewNotes: 'Kuota terpenuhi.',
        reviewedBy: hrd.id,
      })
      expect((await eventsOf(good.application.id)).map((e) => [e.stage, e.status])).toEqual([
        ['applied', 'pending'],
        ['document_review', 'tidak_lolos'],
      ])
      expect(await notificationsOf(good.siswa.id)).toHaveLength(1)
    }
    for (const bad of [reviewed, foreign, withdrawn]) {
      expect(await eventsOf(bad.application.id)).toHaveLength(1)
      expect(await notificationsOf(bad.siswa.id)).toEqual([])
    }
    await expectCounters(t, vacancy.id, { applicants: 4, accepted: 0 })
  })

  it('gives the reasons in English on request', async () => {
    const { hrd, vacancy } = await company()
    const reviewed = await applicantTo(vacancy.id, { status: 'rejected' })
    const res = await call(t, 'POST', url, {
      as: hrd,
      body: { application_ids: [reviewed.application.id, 2000000000], decision: 'lolos' },
      headers: { 'accept-language': 'en' },
    })
    expect(res.body.data.failures).toEqual([
      { id: reviewed.application.id, reason: 'already document-reviewed (Not selected)' },
      { id: 2000000000, reason: 'not found' },
    ])
  })

  it('422 for no ids, 101 ids, duplicate ids and a missing decision', async () => {
    const { hrd } = await company()
    const cases: [unknown, Record<string, string[]>][] = [
      [{ application_ids: [], decision: 'lolos' }, { application_ids: ['pilih paling sedikit satu'] }],
      [
        { application_ids: Array.from({ length: 101 }, (_, i) => i + 1), decision: 'lolos' },
        { application_ids: ['maksimal 100 item'] },
      ],
      [
        { application_ids: [1, 2, 1], decision: 'lolos' },
        { application_ids: ['tidak boleh berisi duplikat'] },
      ],
      [{ application_ids: [1] }, { decision: ['wajib diisi'] }],
      [
        { application_ids: [0, 'x'], decision: 'lolos' },
        { 'application_ids.0': ['minimal 1'], 'application_ids.1': ['harus berupa bilangan bulat'] },
      ],
    ]
    for (const [body, errors] of cases) {
      const res = await call(t, 'POST', url, { as: hrd, body })
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422)
      expect(res.body.errors).toEqual(errors)
    }
  })

  it('accepts 100 ids', async () => {
    const { hrd, vacancy } = await company()
    const { application } = await applicantTo(vacancy.id)
    const ids = [application.id, ...Array.from({ length: 99 }, (_, i) => 1900000000 + i)]
    const res = await call(t, 'POST', url, { as: hrd, body: { application_ids: ids, decision: 'lolos' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ processed: 100, succeeded: 1, failed: 99 })
  })

  it('two overlapping bulk reviews at once review each application exactly once', async () => {
    const { hrd, vacancy } = await company()
    const apps = []
    for (let i = 0; i < 6; i++) apps.push((await applicantTo(vacancy.id)).application.id)
    const [a, b] = await Promise.all([
      call(t, 'POST', url, { as: hrd, body: { application_ids: apps, decision: 'lolos' } }),
      call(t, 'POST', url, {
        as: hrd,
        body: { application_ids: [...apps].reverse(), decision: 'tidak_lolos' },
      }),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.data.succeeded + b.body.data.succeeded).toBe(6)
    const events = await t.db
      .select()
      .from(applicationEvents)
      .where(inArray(applicationEvents.applicationId, apps))
    expect(events.filter((e) => e.stage === 'document_review')).toHaveLength(6)
  })
})
