import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow, setAttendance } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'
import { storedParticipant } from '../support/stored.js'

const t = useTestApp()

/** A schedule that started an hour ago with three participants named for sorting and search. */
let n = 0
async function heldTest(opts: { scheduledAt?: string } = {}) {
  const k = ++n
  const { hrd, company, vacancy } = await anHrdWithVacancy(t)
  const budi = await aCandidate(t, vacancy.id, { fullName: 'Budi Santoso', nis: `B-1001-${k}` })
  const ani = await aCandidate(t, vacancy.id, { fullName: 'Ani Lestari', nis: `A-2002-${k}` })
  const citra = await aCandidate(t, vacancy.id, { fullName: 'Citra Dewi', nis: `C-3003-${k}` })
  const { schedule, participants } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [budi.application.id, ani.application.id, citra.application.id],
    scheduledAt: opts.scheduledAt ?? hoursFromNow(-1),
  })
  const [pBudi, pAni, pCitra] = participants
  return { hrd, company, vacancy, schedule, budi, ani, citra, pBudi, pAni, pCitra }
}

const url = (scheduleId: number, participantId: number) =>
  `/api/hrd/test-schedules/${scheduleId}/participants/${participantId}/attendance`

describe('GET /api/hrd/test-schedules/:id/participants', () => {
  it('admits only hrd', async () => {
    const w = await heldTest()
    await expectRoles(t, 'GET', `/api/hrd/test-schedules/${w.schedule.id}/participants`, ['hrd'])
  })

  it('lists participants by name with their attendance, validation and validator', async () => {
    const w = await heldTest()
    const admin = await anAdmin(t, { fullName: 'Bu Rina BKK' })
    await setAttendance(t, w.pAni.id, {
      attendanceStatus: 'hadir',
      validationStatus: 'verified',
      validatedBy: admin.id,
      validationNotes: 'Sesuai daftar hadir',
    })
    const res = await call(t, 'GET', `/api/hrd/test-schedules/${w.schedule.id}/participants`, { as: w.hrd })
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 3, totalPages: 1 })
    expect(res.body.data.map((p: { applicant: { fullName: string } }) => p.applicant.fullName)).toEqual([
      'Ani Lestari',
      'Budi Santoso',
      'Citra Dewi',
    ])
    expect(res.body.data[0]).toEqual({
      participantId: w.pAni.id,
      applicationId: w.ani.application.id,
      applicationStatus: 'in_progress',
      applicant: {
        studentId: w.ani.learner.studentId,
        fullName: 'Ani Lestari',
        nis: expect.stringMatching(/^A-2002-/),
        major: { id: w.ani.learner.majorId, name: expect.any(String) },
      },
      attendanceStatus: 'hadir',
      attendanceNotes: null,
      markedAt: null,
      validationStatus: 'verified',
      validationNotes: 'Sesuai daftar hadir',
      validatedAt: expect.stringMatching(/Z$/),
      validatedBy: { id: admin.id, fullName: 'Bu Rina BKK' },
      score: null,
      lastRemindedAt: null,
      checkedInAt: null,
    })
    expect(res.body.data[1]).toMatchObject({
      attendanceStatus: null,
      validationStatus: 'pending',
      validatedBy: null,
    })
  })

  it('filters by attendance_status (unmarked too), validation_status and search; paginates', async () => {
    const w = await heldTest()
    await setAttendance(t, w.pBudi.id, { attendanceStatus: 'alpa', validationStatus: 'rejected' })
    await setAttendance(t, w.pCitra.id, { attendanceStatus: 'izin' })
    const list = async (query: Record<string, string | number>) =>
      (await call(t, 'GET', `/api/hrd/test-schedules/${w.schedule.id}/participants`, { as: w.hrd, query }))
        .body
    const idsOf = (b: { data: { participantId: number }[] }) => b.data.map((p) => p.participantId)
    expect(idsOf(await list({ attendance_status: 'alpa' }))).toEqual([w.pBudi.id])
    expect(idsOf(await list({ attendance_status: 'unmarked' }))).toEqual([w.pAni.id])
    expect(idsOf(await list({ validation_status: 'pending' }))).toEqual([w.pAni.id, w.pCitra.id])
    expect(idsOf(await list({ search: 'c-300' }))).toEqual([w.pCitra.id])
    expect(idsOf(await list({ search: 'santoso' }))).toEqual([w.pBudi.id])
    const p2 = await list({ per_page: 2, page: 2 })
    expect(idsOf(p2)).toEqual([w.pCitra.id])
    expect(p2.meta).toEqual({ page: 2, perPage: 2, total: 3, totalPages: 2 })
    expect((await list({ per_page: 2, page: 9 })).meta.total).toBe(3)
  })

  it("404 for another company's schedule", async () => {
    const w = await heldTest()
    const other = await anHrdWithVacancy(t)
    const res = await call(t, 'GET', `/api/hrd/test-schedules/${w.schedule.id}/participants`, {
      as: other.hrd,
    })
    expect(res.status).toBe(404)
  })
})

describe('PATCH /api/hrd/test-schedules/:id/participants/:participantId/attendance', () => {
  it('admits only hrd', async () => {
    const w = await heldTest()
    await expectRoles(t, 'PATCH', url(w.schedule.id, w.pAni.id), ['hrd'], { status: 'hadir' })
  })

  it('marks attendance after the test started; validation stays pending', async () => {
    const w = await heldTest()
    const res = await call(t, 'PATCH', url(w.schedule.id, w.pBudi.id), {
      as: w.hrd,
      body: { status: 'izin', notes: ' Sakit, ada surat dokter ' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Kehadiran peserta tersimpan.')
    expect(res.body.data).toMatchObject({
      participantId: w.pBudi.id,
      attendanceStatus: 'izin',
      attendanceNotes: 'Sakit, ada surat dokter',
      markedAt: expect.stringMatching(/Z$/),
      validationStatus: 'pending',
    })
    expect(await storedParticipant(t, w.pBudi.id)).toMatchObject({
      attendanceStatus: 'izin',
      attendanceNotes: 'Sakit, ada surat dokter',
      markedBy: w.hrd.id,
      validationStatus: 'pending',
    })
    // A new mark without notes keeps them; null clears them.
    const again = await call(t, 'PATCH', url(w.schedule.id, w.pBudi.id), {
      as: w.hrd,
      body: { status: 'hadir' },
    })
    expect(again.body.data).toMatchObject({
      attendanceStatus: 'hadir',
      attendanceNotes: 'Sakit, ada surat dokter',
    })
    const cleared = await call(t, 'PATCH', url(w.schedule.id, w.pBudi.id), {
      as: w.hrd,
      body: { status: 'hadir', notes: null },
    })
    expect(cleared.body.data.attendanceNotes).toBeNull()
  })

  it('a mark the career center rejected goes back to pending', async () => {
    const w = await heldTest()
    const admin = await anAdmin(t)
    await setAttendance(t, w.pAni.id, {
      attendanceStatus: 'hadir',
      validationStatus: 'rejected',
      validatedBy: admin.id,
      validationNotes: 'Tidak ada di daftar hadir',
    })
    const res = await call(t, 'PATCH', url(w.schedule.id, w.pAni.id), { as: w.hrd, body: { status: 'alpa' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      attendanceStatus: 'alpa',
      validationStatus: 'pending',
      validatedAt: null,
      validatedBy: null,
      validationNotes: 'Tidak ada di daftar hadir',
    })
  })

  it('422 once verified, before the test started, or when the schedule was cancelled', async () => {
    const w = await heldTest()
    await setAttendance(t, w.pAni.id, { attendanceStatus: 'hadir', validationStatus: 'verified' })
    const verified = await call(t, 'PATCH', url(w.schedule.id, w.pAni.id), {
      as: w.hrd,
      body: { status: 'alpa' },
    })
    expect(verified.status).toBe(422)
    expect(verified.body.message).toBe(
      'Kehadiran peserta ini sudah divalidasi BKK sehingga tidak dapat diubah. Minta petugas BKK mengoreksinya bila keliru.',
    )
    expect((await storedParticipant(t, w.pAni.id)).attendanceStatus).toBe('hadir')

    const future = await heldTest({ scheduledAt: hoursFromNow(2) })
    const early = await call(t, 'PATCH', url(future.schedule.id, future.pAni.id), {
      as: future.hrd,
      body: { status: 'hadir' },
    })
    expect(early.status).toBe(422)
    expect(early.body.message).toBe('Kehadiran baru dapat diisi setelah tes dimulai.')
    expect((await storedParticipant(t, future.pAni.id)).attendanceStatus).toBeNull()

    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const x = await aCandidate(t, vacancy.id)
    const cancelled = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [x.application.id],
      status: 'cancelled',
    })
    const res = await call(t, 'PATCH', url(cancelled.schedule.id, cancelled.participants[0].id), {
      as: hrd,
      body: { status: 'hadir' },
    })
    expect(res.status).toBe(422)
  })

  it("404 for another company's schedule or a participant of another schedule; 422 for a bad status", async () => {
    const w = await heldTest()
    const other = await heldTest()
    const foreign = await call(t, 'PATCH', url(w.schedule.id, w.pAni.id), {
      as: other.hrd,
      body: { status: 'hadir' },
    })
    expect(foreign.status).toBe(404)
    const mixed = await call(t, 'PATCH', url(w.schedule.id, other.pAni.id), {
      as: w.hrd,
      body: { status: 'hadir' },
    })
    expect(mixed.status).toBe(404)
    expect(mixed.body.message).toBe('Peserta tes tidak ditemukan.')
    expect((await storedParticipant(t, other.pAni.id)).attendanceStatus).toBeNull()
    const bad = await call(t, 'PATCH', url(w.schedule.id, w.pAni.id), {
      as: w.hrd,
      body: { status: 'sakit' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ status: ['harus salah satu dari: hadir, izin, alpa'] })
  })
})
