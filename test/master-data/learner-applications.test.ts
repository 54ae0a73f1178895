import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import {
  type Account,
  anAdmin,
  anAlumnus,
  anHrd,
  aStudent,
  aSuperadmin,
} from '../support/builders/accounts.js'
import { anApplication, anApplicationEvent } from '../support/builders/applications.js'
import { aCompany } from '../support/builders/org.js'
import { aParticipant, aSchedule, hoursFromNow, setAttendance } from '../support/builders/schedules.js'
import { aPlacement, aResult } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

/**
 * One learner's story for the career center (a homeroom teacher or a parent asks "what has Andi applied to, and
 * where does it stand?"): her applications with their status, vacancy, company, dates and current stage (the
 * review, the last and next test with attendance, the published result), on the master-data record of her kind.
 */
const t = useTestApp()
let admin: Account
let andi: Awaited<ReturnType<typeof aStudent>>
const ids: Record<string, number> = {}
let companyName: string

const list = (path: string, as: Account | null = admin, query?: Record<string, string | number>) =>
  call(t, 'GET', path, { as, query })

beforeAll(async () => {
  admin = await anAdmin(t)
  andi = await aStudent(t, { values: { fullName: 'Andi Saputra' } })
  const company = await aCompany(t)
  companyName = company.name
  const vacancy = async (title: string) =>
    (await aVacancy(t, { companyId: company.id, values: { title } })).id

  // In order of applying: the newest is listed first.
  const at = (daysAgo: number) => ({ createdAt: new Date(Date.now() - daysAgo * 86_400_000) })

  const pending = await anApplication(t, {
    studentId: andi.studentId,
    vacancyId: await vacancy('Admin Gudang'),
  })
  ids.pending = pending.id

  const rejectedVacancy = await vacancy('Kasir')
  ids.rejected = (
    await anApplication(t, {
      studentId: andi.studentId,
      vacancyId: rejectedVacancy,
      status: 'rejected',
      values: {
        ...at(9),
        reviewDecision: 'tidak_lolos',
        reviewNotes: 'Berkas belum lengkap',
        reviewedAt: new Date(),
      },
    })
  ).id

  ids.withdrawn = (
    await anApplication(t, {
      studentId: andi.studentId,
      vacancyId: await vacancy('Barista'),
      status: 'withdrawn',
      values: at(8),
    })
  ).id

  // Withdrawn by the school (a mistaken "Keluar/Mutasi"), then applied again: the first one is history.
  const againVacancy = await vacancy('Teknisi Listrik')
  ids.superseded = (
    await anApplication(t, {
      studentId: andi.studentId,
      vacancyId: againVacancy,
      status: 'withdrawn',
      values: { ...at(7), withdrawnBySchool: true },
    })
  ).id
  ids.again = (
    await anApplication(t, { studentId: andi.studentId, vacancyId: againVacancy, values: at(6) })
  ).id

  // In the selection: passed review, sat a test (verified present), one ahead; HR's draft result not published.
  const selectionVacancy = await vacancy('Operator Produksi')
  const inSelection = await anApplication(t, {
    studentId: andi.studentId,
    vacancyId: selectionVacancy,
    status: 'in_progress',
    values: { ...at(5), reviewDecision: 'lolos', reviewedAt: new Date() },
  })
  ids.inSelection = inSelection.id
  const past = await aSchedule(t, {
    companyId: company.id,
    vacancyId: selectionVacancy,
    name: 'Psikotes Tahap 1',
    scheduledAt: hoursFromNow(-48),
  })
  const sat = await aParticipant(t, past.schedule.id, inSelection.id)
  await setAttendance(t, sat.id, { attendanceStatus: 'hadir', validationStatus: 'verified' })
  const ahead = await aSchedule(t, {
    companyId: company.id,
    vacancyId: selectionVacancy,
    name: 'Wawancara User',
    kind: 'wawancara',
    scheduledAt: hoursFromNow(72),
  })
  await aParticipant(t, ahead.schedule.id, inSelection.id)
  await aResult(t, inSelection.id, {
    psychotestScore: 87.25,
    interviewScore: 66.75,
    finalScore: 77.75,
    decision: 'diterima',
    notes: 'Draf: calon kuat',
  })
  await anApplicationEvent(t, {
    applicationId: inSelection.id,
    stage: 'selection_scored',
    status: 'diterima',
    visibleToApplicant: false,
  })

  // Accepted: the result published, and her placement.
  const acceptedVacancy = await vacancy('Mekanik Junior')
  const accepted = await anApplication(t, {
    studentId: andi.studentId,
    vacancyId: acceptedVacancy,
    status: 'accepted',
    values: { ...at(10), reviewDecision: 'lolos', reviewedAt: new Date() },
  })
  ids.accepted = accepted.id
  await aResult(t, accepted.id, {
    finalScore: 91,
    decision: 'diterima',
    isPublished: true,
    publishedAt: new Date(),
  })
  await anApplicationEvent(t, {
    applicationId: accepted.id,
    stage: 'selection_published',
    status: 'diterima',
  })
  await aPlacement(t, {
    companyId: company.id,
    vacancyId: acceptedVacancy,
    applicationId: accepted.id,
    studentId: andi.studentId,
    values: { position: 'Mekanik Junior' },
  })

  // Someone else's application to the same vacancy: not hers.
  const other = await aStudent(t)
  await anApplication(t, { studentId: other.studentId, vacancyId: selectionVacancy })
  await aPlacement(t, { companyId: company.id, vacancyId: acceptedVacancy })
})

describe('role matrix of the learner applications routes', () => {
  it('admits admin and superadmin only (HR and the learner herself: 403)', async () => {
    await expectRoles(t, 'GET', `/api/admin/students/${andi.studentId}/applications`, ['admin'])
    const alumnus = await anAlumnus(t)
    await expectRoles(t, 'GET', `/api/admin/alumni/${alumnus.studentId}/applications`, ['admin'])
  })

  it('refuses HR of the company she applied to, and Andi herself', async () => {
    const hr = await anHrd(t)
    for (const as of [hr, andi as Account]) {
      const res = await list(`/api/admin/students/${andi.studentId}/applications`, as)
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ success: false, data: null })
    }
  })
})

describe('GET /api/admin/students/{id}/applications', () => {
  it('lists her applications newest first, each with its vacancy, company, status and dates', async () => {
    const res = await list(`/api/admin/students/${andi.studentId}/applications`)
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.meta).toMatchObject({ page: 1, total: 7 })
    const rows = res.body.data as { id: number; status: string; createdAt: string }[]
    expect(rows.map((r) => r.id)).toEqual([
      ids.pending,
      ids.inSelection,
      ids.again,
      ids.superseded,
      ids.withdrawn,
      ids.rejected,
      ids.accepted,
    ])
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['pending', 'in_progress', 'accepted', 'rejected', 'withdrawn']),
    )
    expect(rows[0]).toMatchObject({
      id: ids.pending,
      status: 'pending',
      vacancy: { title: 'Admin Gudang', deleted: false },
      company: { name: companyName },
      superseded: false,
      withdrawnBySchool: false,
      review: null,
      lastTest: null,
      nextTest: null,
      result: null,
      lastEvent: { stage: 'applied', status: 'pending' },
    })
    expect(Date.parse(rows[0].createdAt)).not.toBeNaN()
  })

  it('keeps the application the school withdrew before she applied again, marked as superseded', async () => {
    const res = await list(`/api/admin/students/${andi.studentId}/applications`)
    const byId = new Map((res.body.data as { id: number }[]).map((r) => [r.id, r]))
    expect(byId.get(ids.superseded)).toMatchObject({
      status: 'withdrawn',
      withdrawnBySchool: true,
      superseded: true,
      vacancy: { title: 'Teknisi Listrik' },
    })
    expect(byId.get(ids.again)).toMatchObject({
      status: 'pending',
      superseded: false,
      withdrawnBySchool: false,
    })
    expect(byId.get(ids.withdrawn)).toMatchObject({ withdrawnBySchool: false, superseded: false })
  })

  it('says where one in the selection stands: the review, the test she sat, the test ahead; the draft result never', async () => {
    const res = await list(`/api/admin/students/${andi.studentId}/applications`)
    const row = (res.body.data as { id: number; lastEvent: { stage: string } }[]).find(
      (r) => r.id === ids.inSelection,
    )
    expect(row).toMatchObject({
      status: 'in_progress',
      review: { decision: 'lolos', notes: null },
      lastTest: {
        name: 'Psikotes Tahap 1',
        kind: 'psikotes',
        status: 'scheduled',
        attendanceStatus: 'hadir',
        validationStatus: 'verified',
      },
      nextTest: { name: 'Wawancara User', kind: 'wawancara', attendanceStatus: null },
      result: null,
    })
    // The draft's stage is HR's until published: the stage shown is what the learner sees.
    expect(row?.lastEvent.stage).not.toBe('selection_scored')
    for (const leak of ['87.25', '66.75', '77.75', 'Draf: calon kuat', 'selection_scored'])
      expect(res.raw).not.toContain(leak)
  })

  it('shows the published result and the review of the others', async () => {
    const res = await list(`/api/admin/students/${andi.studentId}/applications`)
    const byId = new Map((res.body.data as { id: number }[]).map((r) => [r.id, r]))
    expect(byId.get(ids.accepted)).toMatchObject({
      status: 'accepted',
      review: { decision: 'lolos' },
      result: { decision: 'diterima', finalScore: 91 },
    })
    expect(byId.get(ids.rejected)).toMatchObject({
      status: 'rejected',
      review: { decision: 'tidak_lolos', notes: 'Berkas belum lengkap' },
      result: null,
    })
  })

  it('pages and filters as the other lists do', async () => {
    const page = await list(`/api/admin/students/${andi.studentId}/applications`, admin, {
      page: 2,
      per_page: 3,
    })
    expect(page.status).toBe(200)
    expect(page.body.meta).toEqual({ page: 2, perPage: 3, total: 7, totalPages: 3 })
    expect(page.body.data.map((r: { id: number }) => r.id)).toEqual([
      ids.superseded,
      ids.withdrawn,
      ids.rejected,
    ])
    const withdrawn = await list(`/api/admin/students/${andi.studentId}/applications`, admin, {
      status: 'withdrawn',
    })
    expect(withdrawn.body.data.map((r: { id: number }) => r.id)).toEqual([ids.superseded, ids.withdrawn])
  })

  it('answers an empty list for a student who never applied', async () => {
    const quiet = await aStudent(t, { account: false })
    const res = await list(`/api/admin/students/${quiet.studentId}/applications`)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
    expect(res.body.meta).toMatchObject({ total: 0 })
  })

  it('404 for an unknown id, and for an alumnus on the students path', async () => {
    const unknown = await list('/api/admin/students/99999999/applications')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ success: false, message: 'Siswa tidak ditemukan.' })
    const alumnus = await anAlumnus(t)
    expect((await list(`/api/admin/students/${alumnus.studentId}/applications`)).status).toBe(404)
  })
})

describe('GET /api/admin/alumni/{id}/applications', () => {
  it("lists an alumnus's applications", async () => {
    const alumnus = await anAlumnus(t)
    const a = await anApplication(t, { studentId: alumnus.studentId, role: 'alumni' })
    const res = await list(`/api/admin/alumni/${alumnus.studentId}/applications`, await aSuperadmin(t))
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: a.id, status: 'pending', superseded: false }),
    ])
  })

  it('404 for a grade-12 student on the alumni path, and for an unknown id', async () => {
    const res = await list(`/api/admin/alumni/${andi.studentId}/applications`)
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, message: 'Alumni tidak ditemukan.' })
    expect((await list('/api/admin/alumni/99999999/applications')).status).toBe(404)
  })
})

describe('GET /api/admin/job-placements?student_id=', () => {
  it('lists her placements only', async () => {
    const res = await list('/api/admin/job-placements', admin, { student_id: andi.studentId })
    expect(res.status).toBe(200)
    expect(res.body.meta).toMatchObject({ total: 1 })
    expect(res.body.data).toEqual([
      expect.objectContaining({
        applicationId: ids.accepted,
        position: 'Mekanik Junior',
        applicant: expect.objectContaining({ studentId: andi.studentId }),
      }),
    ])
  })
})
