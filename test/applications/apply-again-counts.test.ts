import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anHrd } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { leftByMistakeAndPutBack } from '../support/builders/left-school.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aResult, publishResults } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectCounters } from '../support/vacancy-counters.js'

/**
 * docs/decisions.md, "One person, one applicant of a vacancy": a learner recorded as "Keluar/Mutasi" by mistake,
 * put back, applies again to the vacancy whose application the school withdrew. The withdrawn one is history
 * (`superseded`): it stays in her own history and is reachable by id, but she is one applicant of the vacancy on
 * its kept count, HR's applicant list and statistics, staff's selection monitoring, the recruitment report and the
 * dashboard. They counted her twice.
 */
const t = useTestApp()

type Caller = Account | Record<string, string>
const apply = (as: Caller, vacancyId: number) =>
  call(t, 'POST', `/api/job-vacancies/${vacancyId}/apply`, { as, body: {} })

/** A vacancy of a new company with its HR, open to a new major, quota 3. */
async function aVacancyWithHr() {
  const major = await aMajor(t)
  const company = await aCompany(t)
  const hrd = await anHrd(t, { companyId: company.id })
  const vacancy = await aVacancy(t, { companyId: company.id, majorIds: [major.id], values: { quota: 3 } })
  return { major, company, hrd, vacancy }
}

describe('a learner who applies again after the school withdrew her application is one applicant', () => {
  it('counts once on the vacancy, HR’s list and statistics, monitoring, the recruitment report and the dashboard', async () => {
    const admin = await anAdmin(t)
    const { major, company, hrd, vacancy } = await aVacancyWithHr()
    const learner = await anApplicant(t, { majorId: major.id })
    const first = await apply(learner, vacancy.id)
    expect(first.status).toBe(201)
    const oldId = first.body.data.id as number

    const as = await leftByMistakeAndPutBack(t, learner)
    const again = await apply(as, vacancy.id)
    expect(again.status).toBe(201)
    const newId = again.body.data.id as number

    // The kept counters are what a recount of the counted applications says.
    await expectCounters(t, vacancy.id, { applicants: 1, accepted: 0 })

    // HR's vacancy page and list, and the statistics.
    const hrVacancy = await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })
    expect(hrVacancy.body.data).toMatchObject({ applicantCount: 1, acceptedCount: 0 })
    const hrList = await call(t, 'GET', '/api/hrd/job-vacancies', { as: hrd })
    expect(hrList.body.data.find((v: { id: number }) => v.id === vacancy.id)).toMatchObject({
      applicantCount: 1,
    })
    const stats = await call(t, 'GET', '/api/hrd/job-vacancies/statistics', { as: hrd })
    expect(stats.body.data.applicants).toEqual({
      total: 1,
      pending: 1,
      in_progress: 0,
      accepted: 0,
      rejected: 0,
      withdrawn: 0,
    })
    expect(stats.body.data.perVacancy).toEqual([
      expect.objectContaining({ id: vacancy.id, applicants: 1, filled: 0 }),
    ])

    // HR's applicant list: her once, the live application, with counts to match.
    const list = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: hrd,
      query: { job_vacancy_id: vacancy.id },
    })
    expect(list.status).toBe(200)
    expect(list.body.data.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [newId, 'pending'],
    ])
    expect(list.body.meta.total).toBe(1)
    const everything = await call(t, 'GET', '/api/hrd/applicant-reviews', { as: hrd })
    expect(everything.body.data.map((a: { id: number }) => a.id)).toEqual([newId])
    const withdrawnOnes = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: hrd,
      query: { status: 'withdrawn' },
    })
    expect(withdrawnOnes.body.data).toEqual([])
    // The old one is history, still reachable by id (from a notice, a test's participants).
    const old = await call(t, 'GET', `/api/hrd/applicant-reviews/${oldId}`, { as: hrd })
    expect(old.status).toBe(200)
    expect(old.body.data).toMatchObject({ id: oldId, status: 'withdrawn' })

    // Her own history keeps both.
    const mine = await call(t, 'GET', '/api/my-applications', { as })
    expect(mine.body.data.map((a: { id: number }) => a.id)).toEqual([newId, oldId])

    // Staff's selection monitoring.
    const monitoring = await call(t, 'GET', '/api/admin/recruitment-selections', {
      as: admin,
      query: { company_id: company.id },
    })
    expect(monitoring.body.data).toEqual([
      expect.objectContaining({
        id: vacancy.id,
        applicants: expect.objectContaining({ total: 1, pending: 1, withdrawn: 0 }),
      }),
    ])

    // The recruitment report (all data, and her major).
    for (const query of [{}, { major_id: major.id }] as Record<string, number>[]) {
      const report = await call(t, 'GET', '/api/admin/reports/recruitment', { as: admin, query })
      expect(report.status).toBe(200)
      expect(
        report.body.data.rows.find((r: { companyId: number }) => r.companyId === company.id),
      ).toMatchObject({
        applicants: 1,
        passedReview: 0,
        accepted: 0,
      })
      expect(report.body.data.totals).toMatchObject({ applicants: 1 })
    }

    // The dashboard (this file's first test: the database holds her applications alone): one application this
    // school year, and one line among the newest.
    const dashboard = await call(t, 'GET', '/api/admin/dashboard', { as: admin })
    expect(dashboard.body.data.applications).toMatchObject({
      total: 1,
      byStatus: expect.objectContaining({ pending: 1, withdrawn: 0 }),
    })
    expect(dashboard.body.data.latestApplications.map((a: { id: number }) => a.id)).toEqual([newId])
  })

  it('accepted, she takes one place of the quota and counts once as accepted', async () => {
    const admin = await anAdmin(t)
    const { major, company, hrd, vacancy } = await aVacancyWithHr()
    const learner = await anApplicant(t, { majorId: major.id })
    expect((await apply(learner, vacancy.id)).status).toBe(201)
    const as = await leftByMistakeAndPutBack(t, learner)
    const again = await apply(as, vacancy.id)
    const newId = again.body.data.id as number

    const review = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${newId}/review`, {
      as: hrd,
      body: { decision: 'lolos' },
    })
    expect(review.status).toBe(200)
    await aResult(t, newId, { decision: 'diterima', finalScore: 80 })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)

    await expectCounters(t, vacancy.id, { applicants: 1, accepted: 1 })
    const detail = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as })
    expect(detail.body.data).toMatchObject({ quotaLeft: 2 })
    const stats = await call(t, 'GET', '/api/hrd/job-vacancies/statistics', { as: hrd })
    expect(stats.body.data.quota).toEqual({ total: 3, filled: 1 })
    expect(stats.body.data.applicants).toMatchObject({ total: 1, accepted: 1, withdrawn: 0 })
    const report = await call(t, 'GET', '/api/admin/reports/recruitment', { as: admin })
    expect(
      report.body.data.rows.find((r: { companyId: number }) => r.companyId === company.id),
    ).toMatchObject({
      applicants: 1,
      passedReview: 1,
      accepted: 1,
      passRatio: 100,
    })
  })

  it('recorded as having left twice by mistake, and applying a third time, she is still one applicant', async () => {
    const { major, hrd, vacancy } = await aVacancyWithHr()
    const learner = await anApplicant(t, { majorId: major.id })
    expect((await apply(learner, vacancy.id)).status).toBe(201)
    const second = await apply(await leftByMistakeAndPutBack(t, learner), vacancy.id)
    expect(second.status).toBe(201)
    const as = await leftByMistakeAndPutBack(t, learner)
    const third = await apply(as, vacancy.id)
    expect(third.status).toBe(201)

    await expectCounters(t, vacancy.id, { applicants: 1, accepted: 0 })
    const list = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: hrd,
      query: { job_vacancy_id: vacancy.id },
    })
    expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([third.body.data.id])
    const mine = await call(t, 'GET', '/api/my-applications', { as })
    expect(mine.body.data).toHaveLength(3)
  })

  it('an application the school withdrew that she did not follow with another still counts, as any withdrawn one', async () => {
    const admin = await anAdmin(t)
    const { major, company, hrd, vacancy } = await aVacancyWithHr()
    const learner = await anApplicant(t, { majorId: major.id })
    const first = await apply(learner, vacancy.id)
    // Another vacancy she applies to after being put back: it does not stand for the first.
    const other = await aVacancy(t, { companyId: company.id, majorIds: [major.id] })
    const as = await leftByMistakeAndPutBack(t, learner)
    expect((await apply(as, other.id)).status).toBe(201)

    await expectCounters(t, vacancy.id, { applicants: 1, accepted: 0 })
    const list = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: hrd,
      query: { job_vacancy_id: vacancy.id },
    })
    expect(list.body.data.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [first.body.data.id, 'withdrawn'],
    ])
    const report = await call(t, 'GET', '/api/admin/reports/recruitment', { as: admin })
    expect(
      report.body.data.rows.find((r: { companyId: number }) => r.companyId === company.id),
    ).toMatchObject({
      applicants: 2,
    })
    const stored = await t.db
      .select({ superseded: applications.superseded })
      .from(applications)
      .where(eq(applications.studentId, learner.studentId))
      .orderBy(applications.id)
    expect(stored.map((r) => r.superseded)).toEqual([false, false])
  })
})
