import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, publishResults, schoolToday } from '../support/builders/selection.js'

/**
 * docs/decisions.md, "Placements found outside bursa": one hire is one placement. Recording the outside hire
 * after the bursa placement is a 409 (test/placements/outside-placements.test.ts). In the other order, HR
 * records the hire of one of its applicants as found outside bursa today, then publishes that applicant's
 * "diterima" the same day: the outside record becomes the application's placement. Publishing used to open
 * a second one: the lists showed the hire twice, the dashboard counted it twice, it was followed up twice.
 */
const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

describe('an outside placement recorded by HR, then the same hire accepted through bursa', () => {
  it('publishing does not open a second placement of the same person, company and day', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { position: 'Operator Produksi' } })
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
    const today = schoolToday()

    const outside = await call(t, 'POST', '/api/hrd/job-placements', {
      as: hrd,
      body: { student_id: learner.studentId, position: 'Operator Produksi', accepted_date: today },
    })
    expect(outside.status).toBe(201)
    // The same record again is refused: one hire, one placement.
    const again = await call(t, 'POST', '/api/hrd/job-placements', {
      as: hrd,
      body: { student_id: learner.studentId, position: 'Operator Produksi', accepted_date: today },
    })
    expect(again.status).toBe(409)

    const scored = await call(t, 'POST', `/api/hrd/selection-results/${application.id}`, {
      as: hrd,
      body: { final_score: 90, decision: 'diterima' },
    })
    expect(scored.status).toBe(200)
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)

    const staffList = await call(t, 'GET', '/api/admin/job-placements', {
      as: admin,
      query: { search: learner.student.nis },
    })
    expect(staffList.status).toBe(200)
    const sameHire = staffList.body.data.filter(
      (p: { company: { id: number }; acceptedAt: string }) =>
        p.company.id === hrd.companyId && p.acceptedAt === today,
    )
    // One placement: the record HR made, now the application's (its id kept, and with it any follow-up).
    expect(sameHire).toHaveLength(1)
    expect(sameHire[0]).toMatchObject({
      id: outside.body.data.id,
      source: 'bursa',
      applicationId: application.id,
      vacancy: { id: vacancy.id },
      position: 'Operator Produksi',
    })

    const dashboard = await call(t, 'GET', '/api/admin/dashboard', { as: admin })
    expect(dashboard.body.data.placementsThisSchoolYear).toBe(1)
  })
})
