import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { placements, tracerStudies } from '../../src/db/schema/index.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { anHrdWithVacancy, aPlacement, candidates } from '../support/builders/selection.js'
import { storedSchedule } from '../support/stored.js'

/**
 * Dates and times are taken for the years 1900–2999, and only as JavaScript can read them. The `date` and
 * `date-time` formats alone took the year 0000 (PostgreSQL has no year 0: "date/time field value out of
 * range"), a leap second (`23:59:60`, an invalid Date in JavaScript) and a start date whose follow-up falls
 * in the year 10000: each answered 500, the last after saving, and broke every list showing the placement.
 */
const t = useTestApp()

const YEAR_MESSAGE = 'harus berupa tanggal dengan format YYYY-MM-DD antara tahun 1900 dan 2999'

function expect422On(res: Res, field: string) {
  expect(res.status, res.raw.slice(0, 300)).toBe(422)
  expect(res.body).toMatchObject({ success: false, data: null, errors: { [field]: expect.any(Array) } })
}

describe('a date filter outside the years 1900–2999', () => {
  for (const [url, field] of [
    ['/api/admin/reports/recruitment', 'date_from'],
    ['/api/admin/reports/absorption', 'date_from'],
    ['/api/admin/reports/absorption', 'date_to'],
    ['/api/admin/job-placements', 'date_from'],
    ['/api/admin/job-placements', 'date_to'],
    ['/api/admin/job-vacancies', 'deadline_from'],
  ] as const) {
    it(`GET ${url}?${field}=0000-01-01 is a 422 naming ${field}`, async () => {
      const res = await call(t, 'GET', url, { as: await anAdmin(t), query: { [field]: '0000-01-01' } })
      expect422On(res, field)
      expect(res.body.errors[field]).toEqual([YEAR_MESSAGE])
    })
  }

  it("is a 422 on HR's own lists too", async () => {
    const { hrd } = await anHrdWithVacancy(t)
    expect422On(
      await call(t, 'GET', '/api/hrd/job-vacancies', { as: hrd, query: { deadline_from: '0000-01-01' } }),
      'deadline_from',
    )
    expect422On(
      await call(t, 'GET', '/api/hrd/job-placements', { as: hrd, query: { date_from: '1899-12-31' } }),
      'date_from',
    )
  })

  it('the first and last days of the range are taken', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'GET', '/api/admin/job-placements', {
      as: admin,
      query: { date_from: '1900-01-01', date_to: '2999-12-31' },
    })
    expect(res.status).toBe(200)
  })
})

describe('a date field outside the years 1900–2999', () => {
  it("a tracer study's start date in the year 0000 is a 422 naming start_date; nothing stored", async () => {
    const alumnus = await anAlumnus(t)
    const res = await call(t, 'POST', '/api/alumni/tracer-study', {
      as: alumnus,
      body: {
        career_status: 'lanjut_studi',
        institution_name: 'Politeknik Negeri Jakarta',
        city: 'Depok',
        province: 'Jawa Barat',
        start_date: '0000-01-01',
      },
    })
    expect422On(res, 'start_date')
    expect(
      await t.db.select().from(tracerStudies).where(eq(tracerStudies.studentId, alumnus.studentId)),
    ).toHaveLength(0)
  })

  it("an outside placement's accepted date in the year 0000 is a 422; nothing stored", async () => {
    const { hrd } = await anHrdWithVacancy(t)
    const learner = await aStudent(t, { account: false })
    const res = await call(t, 'POST', '/api/hrd/job-placements', {
      as: hrd,
      body: { student_id: learner.studentId, position: 'Operator', accepted_date: '0000-01-01' },
    })
    expect422On(res, 'accepted_date')
    expect(await t.db.select().from(placements).where(eq(placements.studentId, learner.studentId))).toEqual(
      [],
    )
  })

  it('a start date in the year 9999 is a 422 and leaves the placement and every list as they were', async () => {
    const { hrd, vacancy, company } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, { companyId: company.id, vacancyId: vacancy.id })
    const res = await call(t, 'PATCH', `/api/hrd/job-placements/${placement.id}`, {
      as: hrd,
      body: { status: 'active', start_date: '9999-12-31' },
    })
    expect422On(res, 'start_date')
    const [stored] = await t.db.select().from(placements).where(eq(placements.id, placement.id))
    expect(stored.startDate).toBe(placement.startDate)
    expect((await call(t, 'GET', '/api/hrd/job-placements', { as: hrd })).status).toBe(200)
    expect((await call(t, 'GET', `/api/hrd/job-placements/${placement.id}`, { as: hrd })).status).toBe(200)
    expect((await call(t, 'GET', '/api/admin/job-placements', { as: await anAdmin(t) })).status).toBe(200)
  })
})

describe('a time JavaScript cannot read', () => {
  const body = (vacancyId: number, applicationIds: number[], scheduledAt: string) => ({
    job_vacancy_id: vacancyId,
    name: 'Psikotes',
    kind: 'psikotes',
    scheduled_at: scheduledAt,
    location: 'Aula',
    application_ids: applicationIds,
  })

  for (const [what, value] of [
    ['a leap second', '2099-12-31T23:59:60Z'],
    ['the year 10000 in UTC', '9999-12-31T23:00:00-14:00'],
  ] as const) {
    it(`a test scheduled at ${what} is a 422 naming scheduled_at`, async () => {
      const { hrd, vacancy } = await anHrdWithVacancy(t)
      const [a] = await candidates(t, vacancy.id, 1)
      const res = await call(t, 'POST', '/api/hrd/test-schedules', {
        as: hrd,
        body: body(vacancy.id, [a.application.id], value),
      })
      expect422On(res, 'scheduled_at')
    })
  }

  it('a test moved to a leap second is a 422 and keeps its time', async () => {
    const { hrd, vacancy, company } = await anHrdWithVacancy(t)
    const [a] = await candidates(t, vacancy.id, 1)
    const { schedule } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [a.application.id],
      scheduledAt: hoursFromNow(48),
    })
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${schedule.id}`, {
      as: hrd,
      body: { scheduled_at: '2099-12-31T23:59:60Z' },
    })
    expect422On(res, 'scheduled_at')
    expect((await storedSchedule(t, schedule.id)).scheduledAt).toEqual(schedule.scheduledAt)
  })
})
