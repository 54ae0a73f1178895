import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aSuperadmin } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'
import { eventsOf, storedParticipant } from '../support/stored.js'

const t = useTestApp()

/** A test that took place yesterday with `n` participants, HR's marks left to the test. */
async function heldTest(n = 1, opts: { scheduledAt?: string; status?: 'scheduled' | 'cancelled' } = {}) {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t)
  const applicants = await candidates(t, vacancy.id, n)
  const { schedule, participants } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: applicants.map((a) => a.application.id),
    scheduledAt: opts.scheduledAt ?? hoursFromNow(-24),
    kind: 'psikotes',
    name: 'Psikotes Batch 3',
    status: opts.status,
  })
  return { hrd, company, vacancy, schedule, applicants, participants }
}

const validateUrl = (id: number) => `/api/admin/attendances/${id}/validate`

describe('PATCH /api/admin/attendances/:id/validate', () => {
  it('admits admin and superadmin only', async () => {
    const w = await heldTest()
    await expectRoles(t, 'PATCH', validateUrl(w.participants[0].id), ['admin'], {
      status: 'hadir',
      validation_status: 'verified',
    })
  })

  it('verifies, records who and when, writes the timeline and moves the record from queue to history', async () => {
    const w = await heldTest()
    const admin = await anAdmin(t, { fullName: 'Bu Sri' })
    const [p] = w.participants
    const [a] = w.applicants
    // HR marked izin; the career center corrects it to hadir while verifying.
    const mark = await call(
      t,
      'PATCH',
      `/api/hrd/test-schedules/${w.schedule.id}/participants/${p.id}/attendance`,
      {
        as: w.hrd,
        body: { status: 'izin', notes: 'Terlambat datang' },
      },
    )
    expect(mark.status).toBe(200)
    const inQueue = await call(t, 'GET', '/api/admin/attendances/queue', {
      as: admin,
      query: { test_schedule_id: w.schedule.id },
    })
    expect(inQueue.body.data.map((r: { id: number }) => r.id)).toEqual([p.id])

    const res = await call(t, 'PATCH', validateUrl(p.id), {
      as: admin,
      body: { status: 'hadir', validation_status: 'verified', notes: ' Ada di daftar hadir ' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Kehadiran divalidasi.')
    expect(res.body.data).toMatchObject({
      id: p.id,
      attendanceStatus: 'hadir',
      attendanceNotes: 'Terlambat datang',
      validationStatus: 'verified',
      validationNotes: 'Ada di daftar hadir',
      validatedAt: expect.stringMatching(/Z$/),
      validatedBy: { id: admin.id, fullName: 'Bu Sri' },
      schedule: { id: w.schedule.id, status: 'done' },
    })
    const row = await storedParticipant(t, p.id)
    expect(row).toMatchObject({
      attendanceStatus: 'hadir',
      validationStatus: 'verified',
      validationNotes: 'Ada di daftar hadir',
      validatedBy: admin.id,
      markedBy: w.hrd.id,
    })
    expect(row.validatedAt?.toISOString()).toBe(res.body.data.validatedAt)
    expect((await eventsOf(t, a.application.id)).at(-1)).toMatchObject({
      stage: 'test_attendance',
      status: 'hadir',
      notes: 'Psikotes: Psikotes Batch 3',
      actorId: admin.id,
      visibleToApplicant: true,
    })

    const queue = await call(t, 'GET', '/api/admin/attendances/queue', {
      as: admin,
      query: { test_schedule_id: w.schedule.id },
    })
    expect(queue.body.data).toEqual([])
    const history = await call(t, 'GET', '/api/admin/attendances/history', {
      as: admin,
      query: { test_schedule_id: w.schedule.id },
    })
    expect(history.body.data.map((r: { id: number }) => r.id)).toEqual([p.id])
    // HR sees the verification, and can no longer change the mark.
    const hr = await call(t, 'GET', `/api/hrd/test-schedules/${w.schedule.id}/participants`, { as: w.hrd })
    expect(hr.body.data[0]).toMatchObject({ validationStatus: 'verified', validatedBy: { id: admin.id } })
  })

  it('validating again with the same values changes nothing; other values update it', async () => {
    const w = await heldTest()
    const admin = await anAdmin(t)
    const other = await aSuperadmin(t)
    const [p] = w.participants
    const body = { status: 'alpa', validation_status: 'verified', notes: 'Tidak hadir' }
    const first = await call(t, 'PATCH', validateUrl(p.id), { as: admin, body })
    const again = await call(t, 'PATCH', validateUrl(p.id), { as: other, body })
    expect(again.status).toBe(200)
    expect(again.body.data.validatedAt).toBe(first.body.data.validatedAt)
    expect(again.body.data.validatedBy.id).toBe(admin.id)
    // Without notes: the same values too (absent notes keep the stored ones).
    const noNotes = await call(t, 'PATCH', validateUrl(p.id), {
      as: other,
      body: { status: 'alpa', validation_status: 'verified' },
    })
    expect(noNotes.body.data).toMatchObject({
      validatedAt: first.body.data.validatedAt,
      validationNotes: 'Tidak hadir',
    })
    const stages = async () =>
      (await eventsOf(t, w.applicants[0].application.id)).filter((e) => e.stage === 'test_attendance')
    expect(await stages()).toHaveLength(1)

    const changed = await call(t, 'PATCH', validateUrl(p.id), {
      as: other,
      body: { status: 'izin', validation_status: 'verified', notes: null },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({
      attendanceStatus: 'izin',
      validationNotes: null,
      validatedBy: { id: other.id },
    })
    expect(changed.body.data.validatedAt >= first.body.data.validatedAt).toBe(true)
    expect((await stages()).map((e) => e.status)).toEqual(['alpa', 'izin'])
  })

  it('the same validation sent five times at once writes one timeline row', async () => {
    const w = await heldTest()
    const admin = await anAdmin(t)
    const [p] = w.participants
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        call(t, 'PATCH', validateUrl(p.id), {
          as: admin,
          body: { status: 'hadir', validation_status: 'verified' },
        }),
      ),
    )
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(results.map((r) => r.body.data.validatedAt)).size).toBe(1)
    const events = await eventsOf(t, w.applicants[0].application.id)
    expect(events.filter((e) => e.stage === 'test_attendance')).toHaveLength(1)
  })

  it('a rejection writes no timeline row and HR can mark again', async () => {
    const w = await heldTest()
    const admin = await anAdmin(t)
    const [p] = w.participants
    const res = await call(t, 'PATCH', validateUrl(p.id), {
      as: admin,
      body: { status: 'hadir', validation_status: 'rejected', notes: 'Bukti tidak ada' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Kehadiran ditolak.')
    expect(res.body.data).toMatchObject({ validationStatus: 'rejected', validationNotes: 'Bukti tidak ada' })
    expect((await eventsOf(t, w.applicants[0].application.id)).map((e) => e.stage)).toEqual(['applied'])
    const remark = await call(
      t,
      'PATCH',
      `/api/hrd/test-schedules/${w.schedule.id}/participants/${p.id}/attendance`,
      { as: w.hrd, body: { status: 'hadir', notes: 'Foto daftar hadir terlampir' } },
    )
    expect(remark.body.data.validationStatus).toBe('pending')
  })

  it('422 for a test still ahead or cancelled; 404 unknown; nothing stored', async () => {
    const admin = await anAdmin(t)
    const body = { status: 'hadir', validation_status: 'verified' }
    const ahead = await heldTest(1, { scheduledAt: hoursFromNow(3) })
    const early = await call(t, 'PATCH', validateUrl(ahead.participants[0].id), { as: admin, body })
    expect(early.status).toBe(422)
    expect(early.body.message).toBe('Tes ini belum berlangsung sehingga kehadirannya belum dapat divalidasi.')
    expect(await storedParticipant(t, ahead.participants[0].id)).toMatchObject({
      validationStatus: 'pending',
      attendanceStatus: null,
      validatedBy: null,
    })

    const off = await heldTest(1, { status: 'cancelled' })
    const cancelled = await call(t, 'PATCH', validateUrl(off.participants[0].id), { as: admin, body })
    expect(cancelled.status).toBe(422)
    expect((await storedParticipant(t, off.participants[0].id)).validationStatus).toBe('pending')

    const unknown = await call(t, 'PATCH', validateUrl(999999), { as: admin, body })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ success: false, message: 'Data kehadiran tidak ditemukan.', data: null })
  })

  it('422 per field for a bad body', async () => {
    const w = await heldTest()
    const admin = await anAdmin(t)
    const res = await call(t, 'PATCH', validateUrl(w.participants[0].id), {
      as: admin,
      body: { status: 'telat', validation_status: 'pending', notes: 'x'.repeat(1001) },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      status: ['harus salah satu dari: hadir, izin, alpa'],
      validation_status: ['harus salah satu dari: verified, rejected'],
      notes: ['maksimal 1000 karakter'],
    })
  })
})

describe('PATCH /api/admin/attendances/bulk-validate', () => {
  it('admits admin and superadmin only', async () => {
    await expectRoles(t, 'PATCH', '/api/admin/attendances/bulk-validate', ['admin'], {
      attendance_ids: [1],
      status: 'hadir',
      validation_status: 'verified',
    })
  })

  it('validates what it can in one go and reports every other id with its reason', async () => {
    const admin = await anAdmin(t)
    const w = await heldTest(3)
    const ahead = await heldTest(1, { scheduledAt: hoursFromNow(5) })
    const off = await heldTest(1, { status: 'cancelled' })
    const [p1, p2, p3] = w.participants
    // p3 already holds exactly the values: it counts as succeeded and keeps its validatedAt.
    await call(t, 'PATCH', validateUrl(p3.id), {
      as: admin,
      body: { status: 'hadir', validation_status: 'verified' },
    })
    const before = await storedParticipant(t, p3.id)

    const res = await call(t, 'PATCH', '/api/admin/attendances/bulk-validate', {
      as: admin,
      body: {
        attendance_ids: [p1.id, ahead.participants[0].id, p2.id, 999999, off.participants[0].id, p3.id],
        status: 'hadir',
        validation_status: 'verified',
        notes: 'Sesuai absensi',
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('3 dari 6 data kehadiran berhasil divalidasi.')
    expect(res.body.data).toEqual({
      processed: 6,
      succeeded: 3,
      failed: 3,
      failures: [
        { id: ahead.participants[0].id, reason: 'tes belum berlangsung' },
        { id: 999999, reason: 'tidak ditemukan' },
        { id: off.participants[0].id, reason: 'jadwal tes dibatalkan' },
      ],
    })
    for (const p of [p1, p2])
      expect(await storedParticipant(t, p.id)).toMatchObject({
        attendanceStatus: 'hadir',
        validationStatus: 'verified',
        validationNotes: 'Sesuai absensi',
        validatedBy: admin.id,
      })
    // p3 had other notes (none): the new notes make it a change.
    const after = await storedParticipant(t, p3.id)
    expect(after.validationNotes).toBe('Sesuai absensi')
    expect(after.validatedAt!.getTime()).toBeGreaterThanOrEqual(before.validatedAt!.getTime())
    expect((await storedParticipant(t, ahead.participants[0].id)).validationStatus).toBe('pending')
    for (const a of w.applicants)
      expect((await eventsOf(t, a.application.id)).at(-1)?.stage).toBe('test_attendance')
  })

  it('repeating a bulk validation leaves validatedAt alone', async () => {
    const admin = await anAdmin(t)
    const w = await heldTest(2)
    const body = {
      attendance_ids: w.participants.map((p) => p.id),
      status: 'alpa',
      validation_status: 'rejected',
    }
    await call(t, 'PATCH', '/api/admin/attendances/bulk-validate', { as: admin, body })
    const first = await Promise.all(w.participants.map((p) => storedParticipant(t, p.id)))
    const again = await call(t, 'PATCH', '/api/admin/attendances/bulk-validate', {
      as: admin,
      body,
      headers: { 'accept-language': 'en' },
    })
    expect(again.body.data).toEqual({ processed: 2, succeeded: 2, failed: 0, failures: [] })
    const second = await Promise.all(w.participants.map((p) => storedParticipant(t, p.id)))
    expect(second.map((r) => r.validatedAt?.getTime())).toEqual(first.map((r) => r.validatedAt?.getTime()))
  })

  it('422 for an empty, oversized or duplicated id list', async () => {
    const admin = await anAdmin(t)
    const send = (attendance_ids: number[]) =>
      call(t, 'PATCH', '/api/admin/attendances/bulk-validate', {
        as: admin,
        body: { attendance_ids, status: 'hadir', validation_status: 'verified' },
      })
    expect((await send([])).body.errors).toEqual({ attendance_ids: ['pilih paling sedikit satu'] })
    expect((await send([4, 4])).body.errors).toEqual({ attendance_ids: ['tidak boleh berisi duplikat'] })
    const many = await send(Array.from({ length: 101 }, (_, i) => i + 1))
    expect(many.status).toBe(422)
    expect(many.body.errors).toEqual({ attendance_ids: ['maksimal 100 item'] })
  })
})

describe('validating from the queue (`pending_only`) a record a colleague validated meanwhile', () => {
  it('one record: 412, the colleague’s validation and notes stay; the same validation again is no change', async () => {
    const w = await heldTest()
    const [p] = w.participants
    const colleague = await anAdmin(t)
    const admin = await anAdmin(t)
    const theirs = await call(t, 'PATCH', validateUrl(p.id), {
      as: colleague,
      body: { status: 'hadir', validation_status: 'verified', notes: 'Datang terlambat 10 menit' },
    })
    expect(theirs.status).toBe(200)
    // The queue the admin read still showed the record; they mark it absent, with no notes.
    const stale = await call(t, 'PATCH', validateUrl(p.id), {
      as: admin,
      body: { status: 'alpa', validation_status: 'verified', notes: null, pending_only: true },
    })
    expect(stale.status).toBe(412)
    expect(stale.body).toMatchObject({ success: false, code: 'edited_elsewhere', data: null })
    expect(await storedParticipant(t, p.id)).toMatchObject({
      attendanceStatus: 'hadir',
      validationNotes: 'Datang terlambat 10 menit',
      validatedBy: colleague.id,
    })
    // The colleague's own double click: the same values, no refusal and no second timeline row.
    const again = await call(t, 'PATCH', validateUrl(p.id), {
      as: colleague,
      body: {
        status: 'hadir',
        validation_status: 'verified',
        notes: 'Datang terlambat 10 menit',
        pending_only: true,
      },
    })
    expect(again.status).toBe(200)
    const rows = (await eventsOf(t, w.applicants[0].application.id)).filter(
      (e) => e.stage === 'test_attendance',
    )
    expect(rows).toHaveLength(1)
  })

  it('in bulk: the record validated meanwhile fails with its reason, the others are validated', async () => {
    const w = await heldTest(3)
    const [first, second, third] = w.participants
    const colleague = await anAdmin(t)
    const admin = await anAdmin(t)
    await call(t, 'PATCH', validateUrl(second.id), {
      as: colleague,
      body: { status: 'izin', validation_status: 'verified', notes: 'Surat dokter' },
    })
    const res = await call(t, 'PATCH', '/api/admin/attendances/bulk-validate', {
      as: admin,
      body: {
        attendance_ids: [first.id, second.id, third.id],
        status: 'hadir',
        validation_status: 'verified',
        notes: null,
        pending_only: true,
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      processed: 3,
      succeeded: 2,
      failed: 1,
      failures: [
        { id: second.id, reason: 'sudah divalidasi orang lain sejak antrean dibuka (lihat Riwayat)' },
      ],
    })
    expect(await storedParticipant(t, second.id)).toMatchObject({
      attendanceStatus: 'izin',
      validationNotes: 'Surat dokter',
      validatedBy: colleague.id,
    })
    expect(await storedParticipant(t, first.id)).toMatchObject({
      attendanceStatus: 'hadir',
      validatedBy: admin.id,
    })
  })
})

describe('correcting from the history (If-Match: the validation as read) a record a colleague corrected meanwhile', () => {
  it('412, the colleague’s correction stays; the same correction again is no change; a fresh read corrects', async () => {
    const w = await heldTest()
    const [p] = w.participants
    const colleague = await anAdmin(t)
    const admin = await anAdmin(t)
    const first = await call(t, 'PATCH', validateUrl(p.id), {
      as: admin,
      body: { status: 'hadir', validation_status: 'verified', notes: null },
    })
    expect(first.status).toBe(200)
    // Both open the history and read the record as validated at this time.
    const read = { 'if-match': `"${first.body.data.validatedAt}"` }
    const theirs = await call(t, 'PATCH', validateUrl(p.id), {
      as: colleague,
      headers: read,
      body: { status: 'izin', validation_status: 'verified', notes: 'Surat dokter menyusul' },
    })
    expect(theirs.status).toBe(200)

    const stale = await call(t, 'PATCH', validateUrl(p.id), {
      as: admin,
      headers: read,
      body: { status: 'alpa', validation_status: 'rejected', notes: 'Tidak datang' },
    })

    // It was 200: the admin's correction silently replaced the colleague's izin and its notes.
    expect(stale.status).toBe(412)
    expect(stale.body).toMatchObject({ success: false, code: 'edited_elsewhere', data: null })
    expect(await storedParticipant(t, p.id)).toMatchObject({
      attendanceStatus: 'izin',
      validationNotes: 'Surat dokter menyusul',
      validatedBy: colleague.id,
    })
    const again = await call(t, 'PATCH', validateUrl(p.id), {
      as: colleague,
      headers: read,
      body: { status: 'izin', validation_status: 'verified', notes: 'Surat dokter menyusul' },
    })
    expect(again.status).toBe(200)
    const fresh = await call(t, 'PATCH', validateUrl(p.id), {
      as: admin,
      headers: { 'if-match': `"${theirs.body.data.validatedAt}"` },
      body: { status: 'alpa', validation_status: 'rejected', notes: 'Tidak datang' },
    })
    expect(fresh.status).toBe(200)
    expect(await storedParticipant(t, p.id)).toMatchObject({
      attendanceStatus: 'alpa',
      validatedBy: admin.id,
    })
  })
})
