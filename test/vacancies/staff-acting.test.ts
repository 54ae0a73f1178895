import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications, placements, testParticipants, users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent, aSuperadmin, deactivateAccount } from '../support/builders/accounts.js'
import { anApplicant, anApplication } from '../support/builders/applications.js'
import { aCompany, deactivateCompany } from '../support/builders/org.js'
import { aSchedule, hoursFromNow, moveSchedule } from '../support/builders/schedules.js'
import { aCandidate } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { eventsOf, notificationsOf, storedSchedule } from '../support/stored.js'

const t = useTestApp()
const HAS_HR = 'Perusahaan ini memiliki akun HRD; seleksi dilakukan oleh HRD-nya.'

/** A company without an HR account, its vacancy and two pending applications from learners with accounts. */
async function hrLessCompany() {
  const company = await aCompany(t, { name: 'CV Bengkel Tanpa HRD' })
  const vacancy = await aVacancy(t, { companyId: company.id, values: { title: 'Mekanik', quota: 3 } })
  const a = await anApplicant(t)
  const b = await anApplicant(t)
  const first = await anApplication(t, { vacancyId: vacancy.id, studentId: a.studentId })
  const second = await anApplication(t, { vacancyId: vacancy.id, studentId: b.studentId })
  return { company, vacancy, learners: [a, b], applications: [first, second] }
}

describe('staff run the selection of a company without an HR account, through the HR routes', () => {
  it('review, schedule, remind, mark attendance, score and publish; every change records the staff member', async () => {
    const staff = await anAdmin(t, { fullName: 'Bu Rina BKK' })
    const { company, vacancy, learners, applications: apps } = await hrLessCompany()
    const q = { company_id: company.id }

    // The applicants and the filter options of that company.
    const list = await call(t, 'GET', '/api/hrd/applicant-reviews', { as: staff, query: q })
    expect(list.status).toBe(200)
    expect(list.body.data.map((r: { id: number }) => r.id).sort()).toEqual(apps.map((a) => a.id).sort())
    expect(list.body.meta.summary).toMatchObject({ pending: 2, total: 2 })
    const options = await call(t, 'GET', '/api/hrd/applicant-reviews/options', { as: staff, query: q })
    expect(options.body.data.vacancies).toEqual([{ value: vacancy.id, label: 'Mekanik' }])
    const detail = await call(t, 'GET', `/api/hrd/applicant-reviews/${apps[0].id}`, { as: staff })
    expect(detail.status).toBe(200)

    // Document review: one by one and in bulk.
    const one = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${apps[0].id}/review`, {
      as: staff,
      body: { decision: 'lolos', notes: 'Berkas lengkap' },
    })
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({ status: 'in_progress', reviewDecision: 'lolos' })
    const bulk = await call(t, 'POST', '/api/hrd/applicant-reviews/bulk-review', {
      as: staff,
      query: q,
      body: { application_ids: [apps[1].id], decision: 'lolos' },
    })
    expect(bulk.body.data).toMatchObject({ processed: 1, succeeded: 1, failed: 0 })
    for (const a of apps) {
      const [row] = await t.db.select().from(applications).where(eq(applications.id, a.id))
      expect(row).toMatchObject({ status: 'in_progress', reviewedBy: staff.id })
      const events = await eventsOf(t, a.id)
      expect(events.at(-1)).toMatchObject({
        stage: 'document_review',
        actorId: staff.id,
        actorName: 'Bu Rina BKK',
      })
    }
    expect((await notificationsOf(t, learners[0].id)).map((n) => n.kind)).toContain('application.reviewed')

    // A test for both.
    const created = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: staff,
      query: q,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Tes praktik mesin',
        kind: 'praktik',
        scheduled_at: hoursFromNow(48),
        location: 'Bengkel sekolah',
        application_ids: apps.map((a) => a.id),
      },
    })
    expect(created.status).toBe(201)
    const scheduleId = created.body.data.id
    expect(await storedSchedule(t, scheduleId)).toMatchObject({ companyId: company.id, createdBy: staff.id })
    const schedules = await call(t, 'GET', '/api/hrd/test-schedules', { as: staff, query: q })
    expect(schedules.body.data.map((s: { id: number }) => s.id)).toEqual([scheduleId])
    const participants = await call(t, 'GET', `/api/hrd/test-schedules/${scheduleId}/participants`, {
      as: staff,
    })
    expect(participants.body.data).toHaveLength(2)
    const remind = await call(t, 'POST', `/api/hrd/test-schedules/${scheduleId}/remind-all`, { as: staff })
    expect(remind.status).toBe(200)
    expect(remind.body.data).toEqual({ queued: 2, alreadyReminded: 0 })

    // The test took place: staff mark attendance.
    await moveSchedule(t, scheduleId, hoursFromNow(-3))
    const participantId = participants.body.data[0].participantId
    const marked = await call(
      t,
      'PATCH',
      `/api/hrd/test-schedules/${scheduleId}/participants/${participantId}/attendance`,
      { as: staff, body: { status: 'hadir' } },
    )
    expect(marked.status).toBe(200)
    const [participant] = await t.db
      .select()
      .from(testParticipants)
      .where(eq(testParticipants.id, participantId))
    expect(participant).toMatchObject({ attendanceStatus: 'hadir', markedBy: staff.id })

    // Scores and decisions, then publication: accepted, placed.
    for (const [a, decision] of [
      [apps[0], 'diterima'],
      [apps[1], 'tidak_diterima'],
    ] as const) {
      const res = await call(t, 'POST', `/api/hrd/selection-results/${a.id}`, {
        as: staff,
        body: { final_score: 80, decision },
      })
      expect(res.status).toBe(200)
    }
    const results = await call(t, 'GET', '/api/hrd/selection-results', {
      as: staff,
      query: { ...q, job_vacancy_id: vacancy.id },
    })
    expect(results.body.meta.quota).toMatchObject({ quota: 3, draftAccepted: 1 })
    const published = await call(t, 'POST', '/api/hrd/selection-results/publish', {
      as: staff,
      query: q,
      body: { job_vacancy_id: vacancy.id },
    })
    expect(published.status).toBe(200)
    expect(published.body.data).toMatchObject({ published: 2, accepted: 1, rejected: 1 })
    const [accepted] = await t.db.select().from(applications).where(eq(applications.id, apps[0].id))
    expect(accepted.status).toBe('accepted')
    const [placement] = await t.db.select().from(placements).where(eq(placements.applicationId, apps[0].id))
    expect(placement).toMatchObject({ companyId: company.id, studentId: learners[0].studentId })
    const mine = await call(t, 'GET', `/api/my-applications/${apps[0].id}`, { as: learners[0] })
    expect(mine.body.data).toMatchObject({ status: 'accepted' })
  })

  it('superadmin too', async () => {
    const { company } = await hrLessCompany()
    const res = await call(t, 'GET', '/api/hrd/test-schedules', {
      as: await aSuperadmin(t),
      query: { company_id: company.id },
    })
    expect(res.status).toBe(200)
  })
})

describe('refusals', () => {
  it('422 errors.company_id on list and create routes without it, or naming an unknown or inactive company', async () => {
    const staff = await anAdmin(t)
    const off = await aCompany(t)
    await deactivateCompany(t, off.id)
    const cases: [Record<string, number>, string][] = [
      [{}, 'wajib diisi: perusahaan tanpa akun HRD yang diwakili admin BKK'],
      [{ company_id: 2_000_000_000 }, 'perusahaan tidak ditemukan'],
      [{ company_id: off.id }, 'perusahaan sedang nonaktif'],
    ]
    for (const [query, message] of cases) {
      for (const url of [
        '/api/hrd/applicant-reviews',
        '/api/hrd/test-schedules',
        '/api/hrd/selection-results',
      ]) {
        const res = await call(t, 'GET', url, { as: staff, query })
        expect(res.status, `${url} ${JSON.stringify(query)}`).toBe(422)
        expect(res.body.errors).toEqual({ company_id: [message] })
      }
    }
  })

  it('403 for a company with an active HR account, by company_id or by a record of it; nothing changes', async () => {
    const staff = await anAdmin(t)
    const company = await aCompany(t)
    await anHrd(t, { companyId: company.id })
    const vacancy = await aVacancy(t, { companyId: company.id })
    const { application } = await aCandidate(t, vacancy.id, { status: 'pending' })
    const { schedule } = await aSchedule(t, { companyId: company.id, vacancyId: vacancy.id })

    const byQuery = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: staff,
      query: { company_id: company.id },
    })
    expect(byQuery.status).toBe(403)
    expect(byQuery.body).toEqual({ success: false, message: HAS_HR, data: null })
    const review = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${application.id}/review`, {
      as: staff,
      body: { decision: 'lolos' },
    })
    expect(review.status).toBe(403)
    expect(review.body.message).toBe(HAS_HR)
    const [row] = await t.db.select().from(applications).where(eq(applications.id, application.id))
    expect(row).toMatchObject({ status: 'pending', reviewedBy: null })
    const cancel = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/cancel`, {
      as: staff,
      body: { reason: 'Ditunda' },
    })
    expect(cancel.status).toBe(403)
    expect((await storedSchedule(t, schedule.id)).status).toBe('scheduled')
  })

  it('follows the HR accounts as they are: refused once HR is linked, allowed again once it is deactivated', async () => {
    const staff = await anAdmin(t)
    const { company } = await hrLessCompany()
    const get = () =>
      call(t, 'GET', '/api/hrd/applicant-reviews', { as: staff, query: { company_id: company.id } })
    expect((await get()).status).toBe(200)
    const hr = await anHrd(t, { companyId: company.id })
    expect((await get()).status).toBe(403)
    await deactivateAccount(t, hr.id)
    expect((await get()).status).toBe(200)
    // An admin account linked to a company does not count as its HR.
    await t.db.update(users).set({ companyId: company.id }).where(eq(users.id, staff.id))
    expect((await get()).status).toBe(200)
  })

  it('404 for an unknown record; 403 for a record of an inactive company', async () => {
    const staff = await anAdmin(t)
    const missing = await call(t, 'GET', '/api/hrd/applicant-reviews/2000000000', { as: staff })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Lamaran tidak ditemukan.')
    expect((await call(t, 'GET', '/api/hrd/test-schedules/2000000000', { as: staff })).status).toBe(404)
    const { company, applications: apps } = await hrLessCompany()
    await deactivateCompany(t, company.id)
    const res = await call(t, 'GET', `/api/hrd/applicant-reviews/${apps[0].id}`, { as: staff })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Perusahaan ini sedang nonaktif.')
  })

  it('HR is unaffected: a company_id of another company is ignored, HR sees its own', async () => {
    const { company: other } = await hrLessCompany()
    const own = await aCompany(t)
    const hr = await anHrd(t, { companyId: own.id })
    const ownVacancy = await aVacancy(t, { companyId: own.id })
    const { application } = await aCandidate(t, ownVacancy.id, { status: 'pending' })
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: hr,
      query: { company_id: other.id },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([application.id])
  })

  it('learners stay refused (403)', async () => {
    const { company } = await hrLessCompany()
    const learner = await aStudent(t)
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: learner,
      query: { company_id: company.id },
    })
    expect(res.status).toBe(403)
  })
})
