import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { placementCheckins, placements } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { aCheckin, anHrdWithVacancy, aPlacement, schoolToday } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

const LIST = '/api/hrd/job-placements'
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((p) => p.id)
const stored = async (id: number) => (await t.db.select().from(placements).where(eq(placements.id, id)))[0]
const checkinsOf = (id: number) =>
  t.db
    .select()
    .from(placementCheckins)
    .where(eq(placementCheckins.placementId, id))
    .orderBy(placementCheckins.monthMark)

async function placed(values: Partial<typeof placements.$inferInsert> = {}) {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { title: 'Operator Las' } })
  const p = await aPlacement(t, { companyId: hrd.companyId, vacancyId: vacancy.id, values })
  return { hrd, vacancy, ...p }
}

describe('GET /api/hrd/job-placements', () => {
  it('admits only hrd', async () => {
    await expectRoles(t, 'GET', LIST, ['hrd'])
  })

  it("lists the company's placements, latest acceptance first, with check-ins and the next one due", async () => {
    const hrd = await anHrd(t)
    const vacancy = await aVacancy(t, {
      companyId: hrd.companyId,
      values: { title: 'Operator Las' },
    })
    const older = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt: '2025-01-31', startDate: '2025-02-03', position: 'Welder' },
      student: { role: 'alumni', values: { graduationYear: 2024 } },
    })
    await aCheckin(t, {
      placementId: older.placement.id,
      monthMark: 3,
      status: 'active',
      notes: 'Betah',
      recordedAt: new Date('2025-05-05T03:00:00Z'),
    })
    const newer = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt: '2025-11-30' },
    })
    const other = await anHrdWithVacancy(t)
    await aPlacement(t, { companyId: other.hrd.companyId, vacancyId: other.vacancy.id })

    const res = await call(t, 'GET', LIST, { as: hrd })
    expect(res.status).toBe(200)
    expect(ids(res)).toEqual([newer.placement.id, older.placement.id])
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 2, totalPages: 1 })
    expect(res.body.data[1]).toEqual({
      id: older.placement.id,
      source: 'bursa',
      applicationId: older.application.id,
      applicant: {
        studentId: older.learner.studentId,
        fullName: older.learner.student.fullName,
        nis: older.learner.student.nis,
        role: 'alumni',
        graduationYear: 2024,
        major: { id: older.learner.majorId, name: expect.any(String) },
      },
      company: { id: hrd.companyId, name: expect.any(String) },
      vacancy: { id: vacancy.id, title: 'Operator Las' },
      position: 'Welder',
      acceptedAt: '2025-01-31',
      startDate: '2025-02-03',
      status: 'active',
      notes: null,
      checkins: [{ monthMark: 3, status: 'active', notes: 'Betah', recordedAt: '2025-05-05T03:00:00.000Z' }],
      nextCheckinDue: { monthMark: 6, dueDate: '2025-08-03' },
      recordedBy: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    // Counted from the acceptance date when no start date is known; the month's end is kept.
    expect(res.body.data[0]).toMatchObject({
      applicant: { role: 'siswa', graduationYear: null },
      checkins: [],
      nextCheckinDue: { monthMark: 3, dueDate: '2026-02-28' },
    })
  })

  it('filters by vacancy, status, major, acceptance dates and search', async () => {
    const hrd = await anHrd(t)
    const major = await aMajor(t)
    const v1 = await aVacancy(t, { companyId: hrd.companyId })
    const v2 = await aVacancy(t, { companyId: hrd.companyId })
    const a = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: v1.id,
      values: { acceptedAt: '2025-03-10', status: 'permanent' },
      student: { majorId: major.id, values: { fullName: 'Dewi Lestari', nis: 'NIS-DEWI-7' } },
    })
    const b = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: v2.id,
      values: { acceptedAt: '2025-06-01' },
    })
    const c = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: v2.id,
      values: { acceptedAt: '2025-09-15', status: 'resigned' },
    })
    const q = async (query: Record<string, string | number>) =>
      ids(await call(t, 'GET', LIST, { as: hrd, query }))
    expect(await q({ job_vacancy_id: v2.id })).toEqual([c.placement.id, b.placement.id])
    expect(await q({ status: 'permanent' })).toEqual([a.placement.id])
    expect(await q({ major_id: major.id })).toEqual([a.placement.id])
    expect(await q({ date_from: '2025-06-01', date_to: '2025-09-14' })).toEqual([b.placement.id])
    expect(await q({ date_from: '2025-06-02' })).toEqual([c.placement.id])
    expect(await q({ search: 'dewi les' })).toEqual([a.placement.id])
    expect(await q({ search: 'nis-dewi' })).toEqual([a.placement.id])
    const resigned = await call(t, 'GET', LIST, { as: hrd, query: { status: 'resigned' } })
    expect(resigned.body.data[0].nextCheckinDue).toBeNull()
    const bad = await call(t, 'GET', LIST, {
      as: hrd,
      query: { status: 'fired', date_from: '2025-13-01' },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['date_from', 'status'])
    const reversed = await call(t, 'GET', LIST, {
      as: hrd,
      query: { date_from: '2025-06-01', date_to: '2025-01-01' },
    })
    expect(reversed.status).toBe(422)
    expect(Object.keys(reversed.body.errors)).toEqual(['date_to'])
  })
})

describe('GET /api/hrd/job-placements/:id', () => {
  it('admits only hrd', async () => {
    await expectRoles(t, 'GET', `${LIST}/2000000000`, ['hrd'])
  })

  it('shows one placement with the contact of the placed person', async () => {
    const { hrd, placement, learner } = await placed()
    const res = await call(t, 'GET', `${LIST}/${placement.id}`, { as: hrd })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: placement.id,
      applicant: { studentId: learner.studentId },
      contact: { phone: '081200000000', email: learner.email },
    })
  })

  it('404 for another company’s placement and an unknown id', async () => {
    const { placement } = await placed()
    const stranger = await anHrd(t)
    const res = await call(t, 'GET', `${LIST}/${placement.id}`, { as: stranger })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Data penempatan tidak ditemukan.', data: null })
    expect((await call(t, 'GET', `${LIST}/2000000000`, { as: stranger })).status).toBe(404)
  })
})

describe('PATCH /api/hrd/job-placements/:id', () => {
  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'PATCH', `${LIST}/2000000000`, ['hrd', 'admin'], { status: 'active' })
  })

  it('records the status, start date and notes; null clears; absent keeps', async () => {
    const { hrd, placement } = await placed({ acceptedAt: '2025-01-10' })
    const res = await call(t, 'PATCH', `${LIST}/${placement.id}`, {
      as: hrd,
      body: { status: 'contract_extended', start_date: '2025-02-01', notes: ' Kontrak 1 tahun ' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Data penempatan berhasil diperbarui.')
    expect(res.body.data).toMatchObject({
      status: 'contract_extended',
      startDate: '2025-02-01',
      notes: 'Kontrak 1 tahun',
      nextCheckinDue: { monthMark: 3, dueDate: '2025-05-01' },
    })
    expect(await stored(placement.id)).toMatchObject({
      status: 'contract_extended',
      startDate: '2025-02-01',
      notes: 'Kontrak 1 tahun',
    })
    const again = await call(t, 'PATCH', `${LIST}/${placement.id}`, {
      as: hrd,
      body: { status: 'permanent', notes: null },
    })
    expect(again.body.data).toMatchObject({ status: 'permanent', startDate: '2025-02-01', notes: null })
  })

  it('422 for an unknown status or a start before the acceptance; nothing changes', async () => {
    const { hrd, placement } = await placed({ acceptedAt: '2025-01-10' })
    const unknown = await call(t, 'PATCH', `${LIST}/${placement.id}`, { as: hrd, body: { status: 'fired' } })
    expect(unknown.status).toBe(422)
    expect(Object.keys(unknown.body.errors)).toEqual(['status'])
    const early = await call(t, 'PATCH', `${LIST}/${placement.id}`, {
      as: hrd,
      body: { status: 'moved', start_date: '2025-01-09' },
    })
    expect(early.status).toBe(422)
    expect(early.body.errors.start_date[0]).toContain('10 Januari 2025')
    expect(await stored(placement.id)).toMatchObject({ status: 'active', startDate: null })
  })

  it('404 for another company’s placement; nothing changes', async () => {
    const { placement } = await placed()
    const stranger = await anHrd(t)
    const res = await call(t, 'PATCH', `${LIST}/${placement.id}`, {
      as: stranger,
      body: { status: 'resigned' },
    })
    expect(res.status).toBe(404)
    expect((await stored(placement.id)).status).toBe('active')
  })
})

describe('POST /api/hrd/job-placements/:id/check-ins', () => {
  it('admits only hrd', async () => {
    await expectRoles(t, 'POST', `${LIST}/2000000000/check-ins`, ['hrd'], { month_mark: 3, status: 'active' })
  })

  it('records a follow-up once its time has come, replaces it on a second call, and sets the status of the latest mark', async () => {
    const { hrd, placement } = await placed({ acceptedAt: '2025-01-10' })
    const url = `${LIST}/${placement.id}/check-ins`
    const first = await call(t, 'POST', url, {
      as: hrd,
      body: { month_mark: 3, status: 'active', notes: 'Masih training' },
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({
      status: 'active',
      checkins: [{ monthMark: 3, status: 'active', notes: 'Masih training' }],
      nextCheckinDue: { monthMark: 6, dueDate: '2025-07-10' },
    })
    const twelve = await call(t, 'POST', url, { as: hrd, body: { month_mark: 12, status: 'permanent' } })
    expect(twelve.body.data.status).toBe('permanent')
    const replaced = await call(t, 'POST', url, {
      as: hrd,
      body: { month_mark: 3, status: 'contract_extended', notes: null },
    })
    expect(replaced.status).toBe(200)
    // The 3-month record is corrected; the placement keeps the latest follow-up's status (12 months).
    expect(replaced.body.data.status).toBe('permanent')
    const rows = await checkinsOf(placement.id)
    expect(rows.map((r) => [r.monthMark, r.status, r.notes, r.recordedBy])).toEqual([
      [3, 'contract_extended', null, hrd.id],
      [12, 'permanent', null, hrd.id],
    ])
    expect((await stored(placement.id)).status).toBe('permanent')
  })

  it('422 for a mark whose time has not come, and for a mark other than 3, 6 or 12', async () => {
    const today = schoolToday()
    const { hrd, placement } = await placed({ acceptedAt: today })
    const url = `${LIST}/${placement.id}/check-ins`
    const early = await call(t, 'POST', url, { as: hrd, body: { month_mark: 3, status: 'resigned' } })
    expect(early.status).toBe(422)
    // The day it opens, as people write dates ("28 Februari 2027"), not 2027-02-28.
    expect(early.body.errors.month_mark[0]).toMatch(
      /^pemantauan 3 bulan baru dapat dicatat mulai \d{1,2} [A-Z][a-z]+ \d{4}$/,
    )
    const odd = await call(t, 'POST', url, { as: hrd, body: { month_mark: 4, status: 'active' } })
    expect(odd.status).toBe(422)
    expect(odd.body.errors.month_mark).toEqual(['harus salah satu dari: 3, 6, 12'])
    expect(await checkinsOf(placement.id)).toEqual([])
    expect((await stored(placement.id)).status).toBe('active')
  })

  it('404 for another company’s placement; nothing recorded', async () => {
    const { placement } = await placed()
    const stranger = await anHrd(t)
    const res = await call(t, 'POST', `${LIST}/${placement.id}/check-ins`, {
      as: stranger,
      body: { month_mark: 3, status: 'active' },
    })
    expect(res.status).toBe(404)
    expect(await checkinsOf(placement.id)).toEqual([])
  })
})
