import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testSchedules } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { aSchedule, hoursFromNow, moveSchedule, setAttendance } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

/** A company with three schedules of two vacancies: one done with marks, one upcoming, one cancelled. */
async function world() {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator CNC' })
  const second = await aVacancy(t, {
    companyId: company.id,
    values: { title: 'Admin Gudang' },
  })
  const [a, b, c] = await candidates(t, vacancy.id, 3)
  const d = await aCandidate(t, second.id)
  const done = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [a.application.id, b.application.id, c.application.id],
    scheduledAt: '2026-01-10T02:00:00Z',
    kind: 'psikotes',
    name: 'Psikotes Gelombang 1',
  })
  await setAttendance(t, done.participants[0].id, {
    attendanceStatus: 'hadir',
    validationStatus: 'verified',
  })
  await setAttendance(t, done.participants[1].id, { attendanceStatus: 'alpa' })
  const upcoming = await aSchedule(t, {
    companyId: company.id,
    vacancyId: second.id,
    applicationIds: [d.application.id],
    scheduledAt: '2099-03-01T17:30:00Z', // 2 March 2099, 00:30 WIB
    kind: 'wawancara',
    name: 'Wawancara User',
  })
  const cancelled = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [a.application.id],
    scheduledAt: '2099-02-01T02:00:00Z',
    kind: 'mcu',
    name: 'MCU Klinik Sehat',
    status: 'cancelled',
  })
  return { hrd, company, vacancy, second, done, upcoming, cancelled }
}

const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((r) => r.id)

describe('GET /api/hrd/test-schedules', () => {
  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'GET', '/api/hrd/test-schedules', ['hrd', 'admin'])
  })

  it("lists the company's schedules latest first with status, vacancy and counts", async () => {
    const w = await world()
    await anHrdWithVacancy(t) // another company's data stays out
    const res = await call(t, 'GET', '/api/hrd/test-schedules', { as: w.hrd })
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 3, totalPages: 1 })
    expect(ids(res)).toEqual([w.upcoming.schedule.id, w.cancelled.schedule.id, w.done.schedule.id])
    const [upcoming, cancelled, done] = res.body.data
    expect(upcoming).toMatchObject({
      name: 'Wawancara User',
      kind: 'wawancara',
      status: 'scheduled',
      vacancy: { id: w.second.id, title: 'Admin Gudang' },
      participantCount: 1,
    })
    expect(cancelled.status).toBe('cancelled')
    expect(done).toMatchObject({
      status: 'done',
      scheduledAt: '2026-01-10T02:00:00.000Z',
      location: 'Aula SMK',
      vacancy: { id: w.vacancy.id, title: 'Operator CNC' },
      participantCount: 3,
      attendance: { hadir: 1, izin: 0, alpa: 1, unmarked: 1, released: 0 },
      validation: { pending: 2, verified: 1, rejected: 0 },
    })
  })

  it('filters by vacancy, kind, status, dates (WIB calendar days) and search; paginates', async () => {
    const w = await world()
    const list = (query: Record<string, string | number>) =>
      call(t, 'GET', '/api/hrd/test-schedules', { as: w.hrd, query })
    expect(ids(await list({ job_vacancy_id: w.vacancy.id }))).toEqual([
      w.cancelled.schedule.id,
      w.done.schedule.id,
    ])
    expect(ids(await list({ kind: 'wawancara' }))).toEqual([w.upcoming.schedule.id])
    expect(ids(await list({ status: 'done' }))).toEqual([w.done.schedule.id])
    expect(ids(await list({ status: 'scheduled' }))).toEqual([w.upcoming.schedule.id])
    expect(ids(await list({ status: 'cancelled' }))).toEqual([w.cancelled.schedule.id])
    // 2099-03-01T17:30Z is 2 March in WIB.
    expect(ids(await list({ date_from: '2099-03-02', date_to: '2099-03-02' }))).toEqual([
      w.upcoming.schedule.id,
    ])
    expect(ids(await list({ date_to: '2099-03-01' }))).toEqual([w.cancelled.schedule.id, w.done.schedule.id])
    expect(ids(await list({ search: 'klinik' }))).toEqual([w.cancelled.schedule.id])
    expect(ids(await list({ search: 'aula smk', kind: 'psikotes' }))).toEqual([w.done.schedule.id])

    const p2 = await list({ per_page: 2, page: 2 })
    expect(ids(p2)).toEqual([w.done.schedule.id])
    expect(p2.body.meta).toEqual({ page: 2, perPage: 2, total: 3, totalPages: 2 })
    const past = await list({ per_page: 2, page: 5 })
    expect(past.body.data).toEqual([])
    expect(past.body.meta.total).toBe(3)
  })

  it('422 for a bad filter', async () => {
    const { hrd } = await anHrdWithVacancy(t)
    const res = await call(t, 'GET', '/api/hrd/test-schedules', {
      as: hrd,
      query: { status: 'open', date_from: '1 Maret', kind: 'x' },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['date_from', 'kind', 'status'])
  })
})

describe('GET /api/hrd/test-schedules/:id', () => {
  it('admits only hrd', async () => {
    const w = await world()
    await expectRoles(t, 'GET', `/api/hrd/test-schedules/${w.done.schedule.id}`, ['hrd'])
  })

  it('answers the schedule with its vacancy and counts', async () => {
    const w = await world()
    const res = await call(t, 'GET', `/api/hrd/test-schedules/${w.done.schedule.id}`, { as: w.hrd })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: w.done.schedule.id,
      name: 'Psikotes Gelombang 1',
      status: 'done',
      participantCount: 3,
      attendance: { hadir: 1, izin: 0, alpa: 1, unmarked: 1, released: 0 },
    })
  })

  it("404 for another company's schedule or an unknown id", async () => {
    const w = await world()
    const other = await anHrdWithVacancy(t)
    const res = await call(t, 'GET', `/api/hrd/test-schedules/${w.done.schedule.id}`, { as: other.hrd })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Jadwal tes tidak ditemukan.', data: null })
    expect((await call(t, 'GET', '/api/hrd/test-schedules/999999', { as: w.hrd })).status).toBe(404)
  })

  it('is ongoing from its start until its duration has passed, and only then done (was done at the start)', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id)
    const { schedule } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [application.id],
      scheduledAt: hoursFromNow(1),
    })
    await t.db.update(testSchedules).set({ durationMinutes: 90 }).where(eq(testSchedules.id, schedule.id))
    const status = async () =>
      (await call(t, 'GET', `/api/hrd/test-schedules/${schedule.id}`, { as: hrd })).body.data.status
    const listed = async (query: string) =>
      ids(await call(t, 'GET', '/api/hrd/test-schedules', { as: hrd, query: { status: query } }))
    expect(await status()).toBe('scheduled')
    await moveSchedule(t, schedule.id, hoursFromNow(-0.01))
    expect(await status()).toBe('ongoing')
    await moveSchedule(t, schedule.id, hoursFromNow(-1.4)) // 84 of its 90 minutes
    expect(await status()).toBe('ongoing')
    expect(await listed('ongoing')).toEqual([schedule.id])
    expect(await listed('done')).toEqual([])
    await moveSchedule(t, schedule.id, hoursFromNow(-1.6))
    expect(await status()).toBe('done')
    expect(await listed('ongoing')).toEqual([])
    expect(await listed('done')).toEqual([schedule.id])
  })

  it('without a duration, is ongoing until the end of its day in WIB', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id)
    const day = 24 * 3_600_000
    const wib = 7 * 3_600_000
    const todayWib = Math.floor((Date.now() + wib) / day) * day - wib // 00:00 WIB today, as an instant
    const { schedule: today } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [application.id],
      scheduledAt: new Date(todayWib).toISOString(),
    })
    const { schedule: lastNight } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [application.id],
      scheduledAt: new Date(todayWib - 3_600_000).toISOString(), // 23.00 WIB yesterday
    })
    const get = async (id: number) =>
      (await call(t, 'GET', `/api/hrd/test-schedules/${id}`, { as: hrd })).body.data
    expect(await get(today.id)).toMatchObject({ status: 'ongoing', durationMinutes: null })
    expect((await get(lastNight.id)).status).toBe('done')
  })
})
