import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow, setAttendance } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

/**
 * The lists read every company's records, so one world is built once for the file and each test
 * narrows it with a filter (the NIS prefix, a company).
 */
let w: Awaited<ReturnType<typeof build>>
async function build() {
  const admin = await anAdmin(t, { fullName: 'Pak Joko BKK' })
  const one = await anHrdWithVacancy(t, { companyName: 'PT Satu', vacancyTitle: 'Operator' })
  const two = await anHrdWithVacancy(t, { companyName: 'PT Dua', vacancyTitle: 'Kasir' })
  const rina = await aCandidate(t, one.vacancy.id, { fullName: 'Rina Wati', nis: 'Q-7001' })
  const sari = await aCandidate(t, one.vacancy.id, { fullName: 'Sari Ayu', nis: 'Q-7002' })
  const tono = await aCandidate(t, two.vacancy.id, { fullName: 'Tono Adi', nis: 'Q-7003' })
  // PT Satu: a test on 10 Jan 2026 (WIB) and a later one; PT Dua: a test on 12 Jan; a cancelled one.
  const early = await aSchedule(t, {
    companyId: one.company.id,
    vacancyId: one.vacancy.id,
    applicationIds: [rina.application.id, sari.application.id],
    scheduledAt: '2026-01-10T01:00:00Z',
    kind: 'psikotes',
    name: 'Psikotes PT Satu',
  })
  const later = await aSchedule(t, {
    companyId: one.company.id,
    vacancyId: one.vacancy.id,
    applicationIds: [rina.application.id],
    scheduledAt: '2026-01-11T20:00:00Z', // 12 Jan 03:00 WIB
    kind: 'wawancara',
    name: 'Wawancara PT Satu',
  })
  const dua = await aSchedule(t, {
    companyId: two.company.id,
    vacancyId: two.vacancy.id,
    applicationIds: [tono.application.id],
    scheduledAt: '2026-01-12T02:00:00Z',
    kind: 'tes_tulis',
    name: 'Tes Tulis PT Dua',
  })
  const cancelled = await aSchedule(t, {
    companyId: two.company.id,
    vacancyId: two.vacancy.id,
    applicationIds: [tono.application.id],
    scheduledAt: '2026-01-13T02:00:00Z',
    status: 'cancelled',
  })
  const upcoming = await aSchedule(t, {
    companyId: two.company.id,
    vacancyId: two.vacancy.id,
    applicationIds: [tono.application.id],
    scheduledAt: hoursFromNow(48),
    name: 'MCU PT Dua',
    kind: 'mcu',
  })
  const [pRina, pSari] = early.participants
  await setAttendance(t, pRina.id, { attendanceStatus: 'hadir' })
  await setAttendance(t, pSari.id, {
    attendanceStatus: 'alpa',
    validationStatus: 'rejected',
    validatedBy: admin.id,
    validationNotes: 'Hadir menurut absensi',
  })
  const [pTono] = dua.participants
  await setAttendance(t, pTono.id, {
    attendanceStatus: 'izin',
    validationStatus: 'verified',
    validatedBy: admin.id,
  })
  return {
    admin,
    one,
    two,
    rina,
    sari,
    tono,
    early,
    later,
    dua,
    cancelled,
    upcoming,
    pRina,
    pSari,
    pTono,
    pRinaLater: later.participants[0],
    pTonoUpcoming: upcoming.participants[0],
  }
}

beforeAll(async () => {
  w = await build()
})

const idsOf = (res: { body: { data: { id: number }[] } }) => res.body.data.map((r) => r.id)

async function queue(query: Record<string, string | number>) {
  return call(t, 'GET', '/api/admin/attendances/queue', { as: w.admin, query })
}
async function history(query: Record<string, string | number>) {
  return call(t, 'GET', '/api/admin/attendances/history', { as: w.admin, query })
}

describe('GET /api/admin/attendances/queue', () => {
  it('admits admin and superadmin only', async () => {
    await expectRoles(t, 'GET', '/api/admin/attendances/queue', ['admin'])
  })

  it('lists pending records of tests not cancelled that have begun, oldest test first, with applicant, company, vacancy and schedule', async () => {
    const res = await queue({ search: 'Q-700' })
    expect(res.status).toBe(200)
    // The test two days ahead has nothing to validate yet (before the fix it was listed, its "Sahkan hadir" a 422).
    expect(idsOf(res)).toEqual([w.pRina.id, w.pRinaLater.id])
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 2, totalPages: 1 })
    expect(res.body.data[0]).toEqual({
      id: w.pRina.id,
      applicationId: w.rina.application.id,
      applicationStatus: 'in_progress',
      applicant: {
        studentId: w.rina.learner.studentId,
        fullName: 'Rina Wati',
        nis: 'Q-7001',
        major: { id: w.rina.learner.majorId, name: expect.any(String) },
      },
      company: { id: w.one.company.id, name: 'PT Satu' },
      vacancy: { id: w.one.vacancy.id, title: 'Operator' },
      schedule: {
        id: w.early.schedule.id,
        name: 'Psikotes PT Satu',
        kind: 'psikotes',
        scheduledAt: '2026-01-10T01:00:00.000Z',
        location: 'Aula SMK',
        status: 'done',
      },
      attendanceStatus: 'hadir',
      attendanceNotes: null,
      // Written straight in the table (setAttendance), not marked by HR.
      markedStatus: null,
      markedAt: null,
      checkedInAt: null,
      validationStatus: 'pending',
      validationNotes: null,
      validatedAt: null,
      validatedBy: null,
    })
    expect(res.body.data[1].schedule.status).toBe('done')
  })

  it('filters by company, vacancy, schedule, attendance status and WIB dates', async () => {
    expect(idsOf(await queue({ company_id: w.one.company.id }))).toEqual([w.pRina.id, w.pRinaLater.id])
    // PT Dua's validated record is history, its upcoming test not yet in the queue.
    expect(idsOf(await queue({ job_vacancy_id: w.two.vacancy.id }))).toEqual([])
    expect(idsOf(await queue({ test_schedule_id: w.later.schedule.id }))).toEqual([w.pRinaLater.id])
    expect(idsOf(await queue({ company_id: w.one.company.id, attendance_status: 'hadir' }))).toEqual([
      w.pRina.id,
    ])
    expect(idsOf(await queue({ company_id: w.one.company.id, attendance_status: 'unmarked' }))).toEqual([
      w.pRinaLater.id,
    ])
    // The later test is on 12 January in WIB although 11 January in UTC.
    expect(
      idsOf(await queue({ company_id: w.one.company.id, date_from: '2026-01-12', date_to: '2026-01-12' })),
    ).toEqual([w.pRinaLater.id])
    expect(idsOf(await queue({ company_id: w.one.company.id, date_to: '2026-01-11' }))).toEqual([w.pRina.id])
    expect(idsOf(await queue({ search: 'rina w' }))).toEqual([w.pRina.id, w.pRinaLater.id])
  })

  it('paginates; past the last page the total stays', async () => {
    const p2 = await queue({ search: 'Q-700', per_page: 1, page: 2 })
    expect(idsOf(p2)).toEqual([w.pRinaLater.id])
    expect(p2.body.meta).toEqual({ page: 2, perPage: 1, total: 2, totalPages: 2 })
    const far = await queue({ search: 'Q-700', per_page: 1, page: 7 })
    expect(far.body.data).toEqual([])
    expect(far.body.meta.total).toBe(2)
  })

  it('422 for a bad filter', async () => {
    const res = await queue({ company_id: 'satu', attendance_status: 'sakit', date_to: '2026/01/01' })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['attendance_status', 'company_id', 'date_to'])
  })
})

describe('GET /api/admin/attendances/history', () => {
  it('admits admin and superadmin only', async () => {
    await expectRoles(t, 'GET', '/api/admin/attendances/history', ['admin'])
  })

  it('lists verified and rejected records with who validated them and their notes', async () => {
    const res = await history({ search: 'Q-700' })
    expect(res.status).toBe(200)
    expect(idsOf(res).sort()).toEqual([w.pSari.id, w.pTono.id].sort())
    const sari = res.body.data.find((r: { id: number }) => r.id === w.pSari.id)
    expect(sari).toMatchObject({
      attendanceStatus: 'alpa',
      validationStatus: 'rejected',
      validationNotes: 'Hadir menurut absensi',
      validatedAt: expect.stringMatching(/Z$/),
      validatedBy: { id: w.admin.id, fullName: 'Pak Joko BKK' },
      company: { name: 'PT Satu' },
    })
  })

  it('filters by validation_status and the queue filters', async () => {
    expect(idsOf(await history({ search: 'Q-700', validation_status: 'verified' }))).toEqual([w.pTono.id])
    expect(idsOf(await history({ search: 'Q-700', validation_status: 'rejected' }))).toEqual([w.pSari.id])
    expect(idsOf(await history({ company_id: w.two.company.id, attendance_status: 'izin' }))).toEqual([
      w.pTono.id,
    ])
    expect(idsOf(await history({ company_id: w.two.company.id, date_from: '2026-01-13' }))).toEqual([])
    const bad = await history({ validation_status: 'pending' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.validation_status[0]).toBe('harus salah satu dari: verified, rejected')
  })

  it('leaves out records of a cancelled test', async () => {
    await setAttendance(t, w.cancelled.participants[0].id, { validationStatus: 'verified' })
    const res = await history({ company_id: w.two.company.id })
    expect(idsOf(res)).toEqual([w.pTono.id])
    // A vacancy of another company with no tests answers an empty page.
    const empty = await aVacancy(t, { companyId: w.one.company.id })
    expect((await history({ job_vacancy_id: empty.id })).body.data).toEqual([])
  })
})
