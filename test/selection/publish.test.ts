import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  applications,
  jobVacancies,
  notifications,
  placements,
  selectionResults,
} from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import {
  aCandidate,
  anHrdWithVacancy,
  aResult,
  publishResults,
  schoolToday,
  storedSelection,
} from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'
import { expectCounters } from '../support/vacancy-counters.js'

const t = useTestApp()

const PUBLISH = '/api/hrd/selection-results/publish'

/** A vacancy with one in-progress applicant per decision given, each with a draft result. */
async function drafts(decisions: ('pending' | 'diterima' | 'tidak_diterima' | 'cadangan')[], quota = 5) {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { quota, position: 'Operator CNC' } })
  const people = []
  for (const decision of decisions) {
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
    await call(t, 'POST', `/api/hrd/selection-results/${application.id}`, {
      as: hrd,
      body: { final_score: 80, decision, notes: `catatan ${decision}` },
    })
    people.push({ learner, application, decision })
  }
  return { hrd, vacancy, people }
}

const acceptedOf = async (vacancyId: number) =>
  (
    await t.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.jobVacancyId, vacancyId), eq(applications.status, 'accepted')))
  ).length

describe('POST /api/hrd/selection-results/publish', () => {
  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'POST', PUBLISH, ['hrd', 'admin'], { job_vacancy_id: 2000000000 })
  })

  it('publishes every decided draft: statuses, placements, timeline, notifications', async () => {
    const { hrd, vacancy, people } = await drafts(['diterima', 'tidak_diterima', 'cadangan', 'pending'])
    const res = await publishResults(t, hrd, vacancy.id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: '3 hasil seleksi diumumkan.',
      data: { published: 3, accepted: 1, rejected: 1, waitlisted: 1, pendingLeft: 1 },
    })
    const [accepted, rejected, waitlisted, pending] = await Promise.all(
      people.map((p) => storedSelection(t, p.application.id, p.learner.id)),
    )
    expect(accepted.application.status).toBe('accepted')
    expect(rejected.application.status).toBe('rejected')
    expect(waitlisted.application.status).toBe('in_progress')
    expect(pending.application.status).toBe('in_progress')
    for (const s of [accepted, rejected, waitlisted]) {
      expect(s.result).toMatchObject({ isPublished: true, publishedAt: expect.any(Date) })
      // The draft step becomes visible and the publication is added, visible.
      expect(s.events.slice(-2).map((e) => [e.stage, e.visibleToApplicant])).toEqual([
        ['selection_scored', true],
        ['selection_published', true],
      ])
      expect(s.events.at(-1)).toMatchObject({ status: s.result.decision, actorId: hrd.id })
      expect(s.notifications).toEqual([
        expect.objectContaining({
          kind: 'selection.published',
          data: { applicationId: s.application.id, jobVacancyId: vacancy.id, decision: s.result.decision },
        }),
      ])
    }
    expect(accepted.notifications[0].title).toBe('Selamat! Anda diterima')
    expect(pending.result.isPublished).toBe(false)
    expect(pending.events.at(-1)).toMatchObject({ stage: 'selection_scored', visibleToApplicant: false })
    expect(pending.notifications).toEqual([])

    expect(accepted.placement).toMatchObject({
      studentId: people[0].learner.studentId,
      companyId: hrd.companyId,
      jobVacancyId: vacancy.id,
      position: 'Operator CNC',
      acceptedAt: schoolToday(),
      startDate: null,
      status: 'active',
    })
    for (const s of [rejected, waitlisted, pending]) expect(s.placement).toBeUndefined()

    // What the pages show: one place of five taken, four applicants.
    await expectCounters(t, vacancy.id, { applicants: 4, accepted: 1 })
    const hr = await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })
    expect(hr.body.data).toMatchObject({ quota: 5, applicantCount: 4, acceptedCount: 1 })
    const seen = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as: people[3].learner })
    expect(seen.body.data).toMatchObject({ quota: 5, quotaLeft: 4 })

    // What the applicant now sees.
    const mine = await call(t, 'GET', `/api/my-applications/${people[0].application.id}`, {
      as: people[0].learner,
    })
    expect(mine.body.data).toMatchObject({
      status: 'accepted',
      result: { decision: 'diterima', finalScore: 80, notes: 'catatan diterima', letterUrl: null },
      placement: { position: 'Operator CNC', acceptedAt: schoolToday(), status: 'active' },
    })
    expect(mine.body.data.timeline.at(-1)).toMatchObject({ stage: 'selection_published', status: 'diterima' })
  })

  it('publishing again is harmless: nothing left answers zeros and changes nothing', async () => {
    const { hrd, vacancy, people } = await drafts(['diterima', 'pending'])
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    const before = await storedSelection(t, people[0].application.id, people[0].learner.id)
    const again = await publishResults(t, hrd, vacancy.id)
    expect(again.status).toBe(200)
    expect(again.body.data).toEqual({ published: 0, accepted: 0, rejected: 0, waitlisted: 0, pendingLeft: 1 })
    expect(again.body.message).toBe('Tidak ada hasil seleksi untuk diumumkan.')
    expect(await storedSelection(t, people[0].application.id, people[0].learner.id)).toEqual(before)
  })

  it('422 when the accepted would exceed the quota, and nothing changes', async () => {
    const { hrd, vacancy, people } = await drafts(['diterima', 'diterima', 'tidak_diterima'], 2)
    // One place is already taken by an applicant accepted at an earlier publication.
    const { application: earlier } = await aCandidate(t, vacancy.id, { reviewed: true, status: 'accepted' })
    const before = await Promise.all(people.map((p) => storedSelection(t, p.application.id, p.learner.id)))
    const res = await publishResults(t, hrd, vacancy.id)
    expect(res.status).toBe(422)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toBe(
      `Kuota lowongan "${vacancy.title}" adalah 2 orang: 1 sudah diterima dan 2 lagi berkeputusan "diterima" di draf. Ubah 1 keputusan "diterima" (misalnya menjadi cadangan) sebelum mengumumkan. Tidak ada hasil yang diumumkan.`,
    )
    expect(res.body.errors.job_vacancy_id).toHaveLength(1)
    const after = await Promise.all(people.map((p) => storedSelection(t, p.application.id, p.learner.id)))
    expect(after).toEqual(before)
    for (const s of after) {
      expect(s.result.isPublished).toBe(false)
      expect(s.application.status).toBe('in_progress')
      expect(s.placement).toBeUndefined()
      expect(s.notifications).toEqual([])
      expect(s.events.every((e) => e.stage !== 'selection_published')).toBe(true)
    }
    expect(await acceptedOf(vacancy.id)).toBe(1)
    expect((await storedSelection(t, earlier.id)).application.status).toBe('accepted')

    // With one decision changed to the waiting list the publication goes through.
    const change = await call(t, 'PATCH', `/api/hrd/selection-results/${people[1].application.id}/decision`, {
      as: hrd,
      body: { decision: 'cadangan' },
    })
    expect(change.status).toBe(200)
    const ok = await publishResults(t, hrd, vacancy.id)
    expect(ok.body.data).toEqual({ published: 3, accepted: 1, rejected: 1, waitlisted: 1, pendingLeft: 0 })
    expect(await acceptedOf(vacancy.id)).toBe(2)
  })

  it('a waitlisted applicant may be accepted later when a place frees', async () => {
    const { hrd, vacancy, people } = await drafts(['diterima', 'cadangan'], 1)
    expect((await publishResults(t, hrd, vacancy.id)).body.data).toMatchObject({ accepted: 1, waitlisted: 1 })
    const waitlisted = people[1]
    // The quota is full: accepting the waitlisted one is refused.
    await call(t, 'PATCH', `/api/hrd/selection-results/${waitlisted.application.id}/decision`, {
      as: hrd,
      body: { decision: 'diterima', notes: 'Menggantikan yang mengundurkan diri' },
    })
    const full = await publishResults(t, hrd, vacancy.id)
    expect(full.status).toBe(422)
    // The company raises the quota (a place frees): now it goes through.
    await t.db.update(jobVacancies).set({ quota: 2 }).where(eq(jobVacancies.id, vacancy.id))
    const res = await publishResults(t, hrd, vacancy.id)
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ data: { published: 1, accepted: 1 } })
    const s = await storedSelection(t, waitlisted.application.id, waitlisted.learner.id)
    expect(s.application.status).toBe('accepted')
    expect(s.placement).toMatchObject({ status: 'active' })
    await expectCounters(t, vacancy.id, { applicants: 2, accepted: 2 })
    const seen = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as: waitlisted.learner })
    expect(seen.body.data).toMatchObject({ quota: 2, quotaLeft: 0 })
    expect(s.notifications.map((n) => n.data.decision)).toEqual(['cadangan', 'diterima'])
    expect(s.events.filter((e) => e.stage === 'selection_published').map((e) => e.status)).toEqual([
      'cadangan',
      'diterima',
    ])
  })

  it('404 for another company’s vacancy, a deleted one and an unknown id; nothing changes', async () => {
    const { vacancy, people } = await drafts(['diterima'])
    const stranger = await anHrd(t)
    const res = await publishResults(t, stranger, vacancy.id)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Lowongan tidak ditemukan.', data: null })
    expect((await publishResults(t, stranger, 2000000000)).status).toBe(404)
    expect((await storedSelection(t, people[0].application.id)).result.isPublished).toBe(false)
  })

  it('422 without a job_vacancy_id', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'POST', PUBLISH, { as: hrd, body: {} })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ job_vacancy_id: ['wajib diisi'] })
  })

  it('two publications at once: one publishes, the other finds nothing left', async () => {
    const { hrd, vacancy, people } = await drafts(['diterima', 'diterima', 'tidak_diterima'], 2)
    const [a, b] = await Promise.all([publishResults(t, hrd, vacancy.id), publishResults(t, hrd, vacancy.id)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect([a.body.data.published, b.body.data.published].sort()).toEqual([0, 3])
    expect(await acceptedOf(vacancy.id)).toBe(2)
    for (const p of people) {
      const s = await storedSelection(t, p.application.id, p.learner.id)
      expect(s.notifications).toHaveLength(1)
      expect(s.events.filter((e) => e.stage === 'selection_published')).toHaveLength(1)
      expect(s.placement !== undefined).toBe(p.decision === 'diterima')
    }
  })

  it('concurrent publications and decision changes never accept more than the quota', async () => {
    for (let round = 0; round < 4; round++) {
      // Quota 1: one draft `diterima` among many refusals (a publication that takes a while), and
      // a waitlisted applicant whom HR moves to `diterima` and publishes while it runs.
      const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { quota: 1 } })
      const first = await aCandidate(t, vacancy.id, { reviewed: true })
      await aResult(t, first.application.id, { decision: 'diterima' })
      for (let i = 0; i < 20; i++) {
        const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
        await aResult(t, application.id, { decision: 'tidak_diterima' })
      }
      const waitlist = []
      for (let i = 0; i < 1; i++) {
        const w = await aCandidate(t, vacancy.id, { reviewed: true })
        await aResult(t, w.application.id, {
          decision: 'cadangan',
          isPublished: true,
          publishedAt: new Date(),
        })
        waitlist.push(w)
      }
      const results = await Promise.all([
        publishResults(t, hrd, vacancy.id),
        ...waitlist.map(async (w) => {
          await call(t, 'PATCH', `/api/hrd/selection-results/${w.application.id}/decision`, {
            as: hrd,
            body: { decision: 'diterima' },
          })
          return Promise.all([publishResults(t, hrd, vacancy.id), publishResults(t, hrd, vacancy.id)])
        }),
      ]).then((r) => r.flat())
      for (const r of results) expect([200, 422]).toContain(r.status)
      const accepted = await t.db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.jobVacancyId, vacancy.id), eq(applications.status, 'accepted')))
      // However the requests interleave (all refused when the changes land first), never above 1.
      expect(accepted.length, `round ${round}`).toBeLessThanOrEqual(1)
      await expectCounters(t, vacancy.id, { applicants: 22, accepted: accepted.length })
      const placed = await t.db.select().from(placements).where(eq(placements.jobVacancyId, vacancy.id))
      expect(placed.map((p) => p.applicationId)).toEqual(accepted.map((a) => a.id))
      for (const a of accepted) {
        const [r] = await t.db.select().from(selectionResults).where(eq(selectionResults.applicationId, a.id))
        expect(r).toMatchObject({ decision: 'diterima', isPublished: true })
      }
      const acceptedNotices = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.kind, 'selection.published'))
      expect(
        acceptedNotices.filter((n) => n.data.jobVacancyId === vacancy.id && n.data.decision === 'diterima')
          .length,
      ).toBe(accepted.length)
    }
  })
})
