import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { leftByMistakeAndPutBack } from '../support/builders/left-school.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'

/**
 * docs/decisions.md, "Keluar/Mutasi": recording that a student left school withdraws her open applications for
 * her (the school's withdrawal, "Ditutup BKK: …"); undoing a mistake leaves them withdrawn and she applies again.
 * She could not: the one application per vacancy and learner answered 409 "Anda sudah melamar lowongan ini." for
 * good, for an application she never withdrew, and its status read "Dibatalkan pelamar".
 */
const t = useTestApp()

const NOT_AGAIN = 'Anda sudah melamar lowongan ini.'
const apply = (as: Account | Record<string, string>, vacancyId: number) =>
  call(t, 'POST', `/api/job-vacancies/${vacancyId}/apply`, { as, body: {} })
const ofVacancy = (vacancyId: number, studentId: number) =>
  t.db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.jobVacancyId, vacancyId), eq(applications.studentId, studentId)))
    .orderBy(applications.id)

/** A grade-12 applicant of a new vacancy open to her major. */
async function anApplicantOfAVacancy() {
  const major = await aMajor(t)
  const vacancy = await aVacancy(t, { majorIds: [major.id] })
  const learner = await anApplicant(t, { majorId: major.id })
  const applied = await apply(learner, vacancy.id)
  expect(applied.status).toBe(201)
  return { vacancy, learner, applicationId: applied.body.data.id as number }
}

describe('a learner recorded as "Keluar/Mutasi" by mistake, then put back', () => {
  it('applies again to a vacancy whose application the school withdrew: a new application, the old one kept', async () => {
    const { vacancy, learner, applicationId } = await anApplicantOfAVacancy()

    const as = await leftByMistakeAndPutBack(t, learner)

    // The vacancy shows the application the school closed, and lets her apply.
    const before = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as })
    expect(before.status).toBe(200)
    expect(before.body.data).toMatchObject({
      application: { id: applicationId, status: 'withdrawn' },
      canApply: true,
      reasons: [],
    })
    const timeline = await call(t, 'GET', `/api/my-applications/${applicationId}`, { as })
    expect(timeline.body.data.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          stage: 'withdrawn',
          notes: 'Ditutup BKK: siswa keluar/mutasi dari sekolah.',
        }),
      ]),
    )

    const again = await apply(as, vacancy.id)
    expect(again.body.message).not.toBe(NOT_AGAIN)
    expect(again.status).toBe(201)
    expect(again.body.data).toMatchObject({ status: 'pending' })
    expect(again.body.data.id).not.toBe(applicationId)
    // The one the school closed stays, as history.
    expect(await ofVacancy(vacancy.id, learner.studentId)).toEqual([
      { id: applicationId, status: 'withdrawn' },
      { id: again.body.data.id, status: 'pending' },
    ])

    // The vacancy now shows the new application; one is all she may hold.
    const after = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as })
    expect(after.body.data).toMatchObject({
      application: { id: again.body.data.id, status: 'pending' },
      canApply: false,
    })
    expect(after.body.data.reasons).toContain(NOT_AGAIN)
    const third = await apply(as, vacancy.id)
    expect(third.status).toBe(409)
    expect(third.body.message).toBe(NOT_AGAIN)
    const mine = await call(t, 'GET', '/api/my-applications', { as })
    expect(mine.body.data.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [again.body.data.id, 'pending'],
      [applicationId, 'withdrawn'],
    ])
  })

  it('an application she withdrew herself still bars applying to that vacancy again (409)', async () => {
    const { vacancy, learner, applicationId } = await anApplicantOfAVacancy()
    const withdrawn = await call(t, 'PATCH', `/api/my-applications/${applicationId}/withdraw`, {
      as: learner,
    })
    expect(withdrawn.status).toBe(200)

    const detail = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as: learner })
    expect(detail.body.data).toMatchObject({
      application: { id: applicationId, status: 'withdrawn' },
      canApply: false,
    })
    const again = await apply(learner, vacancy.id)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(NOT_AGAIN)
    expect(await ofVacancy(vacancy.id, learner.studentId)).toHaveLength(1)
  })
})

describe('the status of a withdrawn application', () => {
  it('reads "Lamaran dibatalkan": it does not say who withdrew it (the learner, or the school)', async () => {
    const res = await call(t, 'GET', '/api/vocabulary')
    expect(res.body.data.applicationStatus).toContainEqual({ code: 'withdrawn', label: 'Lamaran dibatalkan' })
  })
})
