import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anHrd } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { leftByMistakeAndPutBack } from '../support/builders/left-school.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aSchedule, hoursFromNow, setAttendance } from '../support/builders/schedules.js'
import { aVacancy } from '../support/builders/vacancies.js'

/**
 * One person, one applicant of a vacancy: a learner recorded Keluar by mistake, put back, applies again. Staff's
 * selection monitoring counted those scheduled for and attending the vacancy's tests by application, so she was
 * two of one applicant (found by the review audit of the superseded applications).
 */
const t = useTestApp()

type Caller = Account | Record<string, string>
const apply = (as: Caller, vacancyId: number) =>
  call(t, 'POST', `/api/job-vacancies/${vacancyId}/apply`, { as, body: {} })

async function setUp() {
  const major = await aMajor(t)
  const company = await aCompany(t)
  const hrd = await anHrd(t, { companyId: company.id })
  const vacancy = await aVacancy(t, { companyId: company.id, majorIds: [major.id], values: { quota: 3 } })
  const learner = await anApplicant(t, { majorId: major.id })
  const first = await apply(learner, vacancy.id)
  expect(first.status).toBe(201)
  const oldId = first.body.data.id as number
  const review = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${oldId}/review`, {
    as: hrd,
    body: { decision: 'lolos' },
  })
  expect(review.status).toBe(200)
  return { major, company, hrd, vacancy, learner, oldId }
}

describe('superseded application: tests of the vacancy', () => {
  it('monitoring counts her once among those scheduled for and attending a test', async () => {
    const admin = await anAdmin(t)
    const { company, hrd, vacancy, learner, oldId } = await setUp()
    // Her first application sat the psikotes (verified present) before the mistaken Keluar.
    const { participants: before } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [oldId],
      scheduledAt: hoursFromNow(-48),
    })
    await setAttendance(t, before[0].id, {
      attendanceStatus: 'hadir',
      validationStatus: 'verified',
      validatedBy: admin.id,
    })

    const as = await leftByMistakeAndPutBack(t, learner)
    const again = await apply(as, vacancy.id)
    expect(again.status).toBe(201)
    const newId = again.body.data.id as number
    expect(
      (
        await call(t, 'PATCH', `/api/hrd/applicant-reviews/${newId}/review`, {
          as: hrd,
          body: { decision: 'lolos' },
        })
      ).status,
    ).toBe(200)
    // HR tests her again (the interview), she attends.
    const { participants: after } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [newId],
      kind: 'wawancara',
      scheduledAt: hoursFromNow(-2),
    })
    await setAttendance(t, after[0].id, {
      attendanceStatus: 'hadir',
      validationStatus: 'verified',
      validatedBy: admin.id,
    })

    const monitoring = await call(t, 'GET', '/api/admin/recruitment-selections', {
      as: admin,
      query: { company_id: company.id },
    })
    expect(monitoring.status).toBe(200)
    const row = monitoring.body.data.find((v: { id: number }) => v.id === vacancy.id)
    expect(row.applicants).toMatchObject({ total: 1, in_progress: 1, withdrawn: 0 })
    // One applicant: one scheduled for a test, one who attended (observed: 2 and 2, "2 of 1 applicants").
    expect({ scheduled: row.scheduled, attended: row.attended }).toEqual({ scheduled: 1, attended: 1 })
  })
})
