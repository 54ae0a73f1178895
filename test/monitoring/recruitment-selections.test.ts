import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aSchedule, hoursFromNow, setAttendance } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, aPlacement, aResult } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

/**
 * One company whose main vacancy went through every stage, so each count has a known value, and
 * vacancies that are closed, inactive or deleted beside it.
 */
async function build() {
  const admin = await anAdmin(t)
  const company = await aCompany(t, { name: 'PT Pantau Jaya' })
  const major = await aMajor(t, { name: 'Teknik Otomotif' })
  const otherMajor = await aMajor(t)
  const main = await aVacancy(t, {
    companyId: company.id,
    majorIds: [major.id],
    values: { title: 'Mekanik Junior', quota: 3, deadline: '2099-12-31' },
  })
  const apply = (status: 'pending' | 'in_progress' | 'accepted' | 'rejected' | 'withdrawn') =>
    aCandidate(t, main.id, { status })
  await apply('pending')
  await apply('pending')
  const a1 = await apply('in_progress')
  const a2 = await apply('in_progress')
  const a3 = await apply('in_progress')
  const a4 = await apply('in_progress')
  const a5 = await apply('accepted')
  await apply('rejected')
  await apply('withdrawn')

  const s1 = await aSchedule(t, {
    companyId: company.id,
    vacancyId: main.id,
    applicationIds: [a1.application.id, a2.application.id, a3.application.id, a5.application.id],
    scheduledAt: '2026-02-01T02:00:00Z',
    name: 'Psikotes',
  })
  const s2 = await aSchedule(t, {
    companyId: company.id,
    vacancyId: main.id,
    applicationIds: [a1.application.id],
    scheduledAt: '2026-02-08T02:00:00Z',
    kind: 'wawancara',
    name: 'Wawancara',
  })
  // A cancelled test does not count as scheduled.
  await aSchedule(t, {
    companyId: company.id,
    vacancyId: main.id,
    applicationIds: [a4.application.id],
    scheduledAt: hoursFromNow(24),
    status: 'cancelled',
  })
  const [p1, p2, p3, p5] = s1.participants
  await setAttendance(t, p1.id, { attendanceStatus: 'hadir', validationStatus: 'verified' })
  await setAttendance(t, s2.participants[0].id, {
    attendanceStatus: 'hadir',
    validationStatus: 'verified',
  })
  await setAttendance(t, p2.id, { attendanceStatus: 'hadir' }) // not verified yet
  await setAttendance(t, p3.id, { attendanceStatus: 'izin', validationStatus: 'verified' })
  await setAttendance(t, p5.id, { attendanceStatus: 'hadir', validationStatus: 'verified' })

  await aResult(t, a1.application.id, { finalScore: 80 })
  await aResult(t, a2.application.id, { psychotestScore: 70 }) // no final score yet
  await aResult(t, a5.application.id, {
    finalScore: 90,
    decision: 'diterima',
    isPublished: true,
    publishedAt: new Date(),
  })
  await aPlacement(t, {
    applicationId: a5.application.id,
    studentId: a5.learner.studentId,
    companyId: company.id,
    vacancyId: main.id,
  })

  const closed = await aVacancy(t, {
    companyId: company.id,
    majorIds: [otherMajor.id],
    values: { title: 'Staf Admin', deadline: '2020-01-31' },
  })
  const inactive = await aVacancy(t, {
    companyId: company.id,
    majorIds: [otherMajor.id],
    values: { title: 'Drafter', isActive: false },
  })
  const deletedEmpty = await aVacancy(t, {
    companyId: company.id,
    values: { title: 'Dihapus Kosong', deletedAt: new Date() },
  })
  const deletedUsed = await aVacancy(t, {
    companyId: company.id,
    values: { title: 'Dihapus Berpelamar', deletedAt: new Date() },
  })
  await aCandidate(t, deletedUsed.id, { status: 'withdrawn' })
  return { admin, company, major, main, closed, inactive, deletedEmpty, deletedUsed, s1, s2 }
}

let w: Awaited<ReturnType<typeof build>>
beforeAll(async () => {
  w = await build()
})

const list = (as: Account, query: Record<string, string | number>) =>
  call(t, 'GET', '/api/admin/recruitment-selections', { as, query })
const idsOf = (res: { body: { data: { id: number }[] } }) => res.body.data.map((r) => r.id)

describe('GET /api/admin/recruitment-selections', () => {
  it('admits admin and superadmin only', async () => {
    await expectRoles(t, 'GET', '/api/admin/recruitment-selections', ['admin'])
  })

  it('counts every stage of each vacancy exactly', async () => {
    const res = await list(w.admin, { company_id: w.company.id })
    expect(res.status).toBe(200)
    // Newest first; the deleted vacancy without applications is left out.
    expect(idsOf(res)).toEqual([w.deletedUsed.id, w.inactive.id, w.closed.id, w.main.id])
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 4, totalPages: 1 })
    const main = res.body.data[3]
    expect(main).toEqual({
      id: w.main.id,
      title: 'Mekanik Junior',
      position: w.main.position,
      company: { id: w.company.id, name: 'PT Pantau Jaya' },
      majors: [{ id: w.major.id, code: w.major.code, name: 'Teknik Otomotif' }],
      quota: 3,
      deadline: '2099-12-31',
      isActive: true,
      isOpen: true,
      approvalStatus: 'approved',
      isDeleted: false,
      applicants: { total: 9, pending: 2, in_progress: 4, accepted: 1, rejected: 1, withdrawn: 1 },
      scheduled: 4,
      attended: 2,
      scored: 2,
      published: 1,
      placed: 1,
      createdAt: expect.any(String),
    })
    const [deletedUsed, inactive, closed] = res.body.data
    expect(deletedUsed).toMatchObject({
      isDeleted: true,
      isOpen: false,
      applicants: { total: 1, withdrawn: 1 },
      scheduled: 0,
    })
    expect(inactive).toMatchObject({ isActive: false, isOpen: false, applicants: { total: 0 }, placed: 0 })
    expect(closed).toMatchObject({ isActive: true, isOpen: false, deadline: '2020-01-31' })
  })

  it('filters by status, major and search', async () => {
    const q = (more: Record<string, string | number>) => list(w.admin, { company_id: w.company.id, ...more })
    expect(idsOf(await q({ status: 'open' }))).toEqual([w.main.id])
    expect(idsOf(await q({ status: 'closed' }))).toEqual([w.deletedUsed.id, w.inactive.id, w.closed.id])
    expect(idsOf(await q({ major_id: w.major.id }))).toEqual([w.main.id])
    expect(idsOf(await q({ search: 'drafter' }))).toEqual([w.inactive.id])
    expect(idsOf(await list(w.admin, { search: 'pantau jaya', status: 'open' }))).toEqual([w.main.id])
  })

  it('a vacancy waiting for approval is not open, and says it waits (not that it closed)', async () => {
    const waiting = await aVacancy(t, {
      values: { title: 'Menunggu Persetujuan', approvalStatus: 'pending' },
    })
    const res = await list(w.admin, { company_id: waiting.companyId })
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: waiting.id, isActive: true, isOpen: false, approvalStatus: 'pending' }),
    ])
  })

  it('paginates; past the last page the total stays', async () => {
    const p2 = await list(w.admin, { company_id: w.company.id, per_page: 3, page: 2 })
    expect(idsOf(p2)).toEqual([w.main.id])
    expect(p2.body.data[0].applicants.total).toBe(9)
    expect(p2.body.meta).toEqual({ page: 2, perPage: 3, total: 4, totalPages: 2 })
    const far = await list(w.admin, { company_id: w.company.id, per_page: 3, page: 9 })
    expect(far.body.data).toEqual([])
    expect(far.body.meta.total).toBe(4)
  })

  it('follows a change: a new verification counts at once', async () => {
    const { company, vacancy } = await anHrdWithVacancy(t)
    const x = await aCandidate(t, vacancy.id)
    const { participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [x.application.id],
    })
    const before = await list(w.admin, { company_id: company.id })
    expect(before.body.data[0]).toMatchObject({ scheduled: 1, attended: 0 })
    const res = await call(t, 'PATCH', `/api/admin/attendances/${participants[0].id}/validate`, {
      as: w.admin,
      body: { status: 'hadir', validation_status: 'verified' },
    })
    expect(res.status).toBe(200)
    const after = await list(w.admin, { company_id: company.id })
    expect(after.body.data[0]).toMatchObject({ scheduled: 1, attended: 1 })
  })

  it('422 for a bad filter', async () => {
    const res = await list(w.admin, { status: 'active', major_id: 0 })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['major_id', 'status'])
  })
})

describe('GET /api/admin/recruitment-selections/:id', () => {
  it('admits admin and superadmin only', async () => {
    await expectRoles(t, 'GET', `/api/admin/recruitment-selections/${w.main.id}`, ['admin'])
  })

  it("answers the vacancy's progress with each schedule and its counts", async () => {
    const res = await call(t, 'GET', `/api/admin/recruitment-selections/${w.main.id}`, { as: w.admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: w.main.id,
      applicants: { total: 9 },
      scheduled: 4,
      attended: 2,
      scored: 2,
      published: 1,
      placed: 1,
    })
    const schedules = res.body.data.schedules
    expect(schedules.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Psikotes', 'done'],
      ['Wawancara', 'done'],
      [expect.any(String), 'cancelled'],
    ])
    expect(schedules[0]).toMatchObject({
      id: w.s1.schedule.id,
      participantCount: 4,
      attendance: { hadir: 3, izin: 1, alpa: 0, unmarked: 0 },
      validation: { pending: 1, verified: 3, rejected: 0 },
    })
  })

  it('404 for an unknown vacancy or a deleted one without applications', async () => {
    const unknown = await call(t, 'GET', '/api/admin/recruitment-selections/999999', { as: w.admin })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ success: false, message: 'Lowongan tidak ditemukan.', data: null })
    const gone = await call(t, 'GET', `/api/admin/recruitment-selections/${w.deletedEmpty.id}`, {
      as: w.admin,
    })
    expect(gone.status).toBe(404)
  })
})
