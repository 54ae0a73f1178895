import { and, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { placements } from '../../src/db/schema/index.js'
import { dateText } from '../../src/db/school-day.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, publishResults, schoolToday } from '../support/builders/selection.js'
import { dayFromToday } from '../support/builders/vacancies.js'

/**
 * docs/decisions.md, "Placements found outside bursa": one hire is one placement. Recording the outside hire
 * after the bursa placement is a 409 (test/placements/outside-placements.test.ts). In the other order, HR
 * records the hire of one of its applicants as found outside bursa today, then publishes that applicant's
 * "diterima" the same day: the outside record becomes the application's placement. Publishing used to open
 * a second one: the lists showed the hire twice, the dashboard counted it twice, it was followed up twice.
 * Neither depends on the day: staff learn of a hire on the phone days before (or after) HR publishes it.
 */
const t = useTestApp()
let admin: Account

/** The learner's placements at the company that are not deleted. */
const atCompany = (studentId: number, companyId: number) =>
  t.db
    .select()
    .from(placements)
    .where(
      and(
        eq(placements.studentId, studentId),
        eq(placements.companyId, companyId),
        isNull(placements.deletedAt),
      ),
    )
const placedThisYear = async () =>
  (await call(t, 'GET', '/api/admin/dashboard', { as: admin })).body.data.placementsThisSchoolYear as number
const accept = async (hrd: Account, applicationId: number, vacancyId: number) => {
  const scored = await call(t, 'POST', `/api/hrd/selection-results/${applicationId}`, {
    as: hrd,
    body: { final_score: 90, decision: 'diterima' },
  })
  expect(scored.status).toBe(200)
  return publishResults(t, hrd, vacancyId)
}

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

describe('a hire staff recorded days before HR publishes it', () => {
  it('publishing takes over the record, keeping the day she was told: one placement, counted once', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t, { values: { position: 'Operator Produksi' } })
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true, role: 'alumni' })
    const before = await placedThisYear()
    const toldOn = await dayFromToday(t, -2)

    const told = await call(t, 'POST', '/api/admin/job-placements', {
      as: admin,
      body: {
        alumni_id: learner.studentId,
        company_id: company.id,
        position: 'Operator Produksi',
        accepted_date: toldOn,
        notes: 'Dikabarkan lewat telepon',
      },
    })
    expect(told.status).toBe(201)
    expect((await accept(hrd, application.id, vacancy.id)).status).toBe(200)

    const rows = await atCompany(learner.studentId, company.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: told.body.data.id,
      source: 'bursa',
      applicationId: application.id,
      jobVacancyId: vacancy.id,
      acceptedAt: toldOn,
      notes: 'Dikabarkan lewat telepon',
      status: 'active',
    })
    expect((await placedThisYear()) - before).toBe(1)
  })

  it('an outside record that has ended (she left) is history: publishing opens a placement of its own', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true, role: 'alumni' })
    const earlier = await call(t, 'POST', '/api/admin/job-placements', {
      as: admin,
      body: {
        alumni_id: learner.studentId,
        company_id: company.id,
        position: 'Operator',
        accepted_date: await dayFromToday(t, -400),
      },
    })
    expect(earlier.status).toBe(201)
    const ended = await call(t, 'PATCH', `/api/admin/job-placements/${earlier.body.data.id}`, {
      as: admin,
      body: { status: 'resigned' },
    })
    expect(ended.status).toBe(200)

    expect((await accept(hrd, application.id, vacancy.id)).status).toBe(200)

    const rows = await atCompany(learner.studentId, company.id)
    expect(rows.map((r) => [r.source, r.status]).sort()).toEqual([
      ['bursa', 'active'],
      ['outside', 'resigned'],
    ])
  })
})

describe('a hire published through bursa, then recorded by staff on another day', () => {
  it('409 saying she already works there through bursa; nothing is recorded', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi' })
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true, role: 'alumni' })
    expect((await accept(hrd, application.id, vacancy.id)).status).toBe(200)

    const body = {
      alumni_id: learner.studentId,
      company_id: company.id,
      position: 'Operator Produksi',
      accepted_date: await dayFromToday(t, -2),
    }
    const told = await call(t, 'POST', '/api/admin/job-placements', { as: admin, body })
    expect(told.status).toBe(409)
    expect(told.body.message).toBe(
      `${learner.student.fullName} sudah bekerja di ${company.name} lewat bursa (lowongan "Operator Produksi", diterima ${dateText(schoolToday())}). Satu orang satu penempatan di satu perusahaan: catat perubahannya (status, tanggal mulai, catatan) pada penempatan itu.`,
    )
    // HR recording it for its own company is refused alike.
    const byHr = await call(t, 'POST', '/api/hrd/job-placements', {
      as: hrd,
      body: { alumni_id: learner.studentId, position: 'Operator', accepted_date: body.accepted_date },
    })
    expect(byHr.status).toBe(409)
    expect(await atCompany(learner.studentId, company.id)).toHaveLength(1)
  })
})
