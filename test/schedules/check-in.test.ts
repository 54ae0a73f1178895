import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testSchedules } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anHrd } from '../support/builders/accounts.js'
import { aSchedule, moveSchedule } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'
import { eventsOf, storedParticipant, storedSchedule } from '../support/stored.js'

const t = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test' })

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString()
const codeUrl = (id: number) => `/api/hrd/test-schedules/${id}/check-in-code`

/**
 * The code as the design fixes it (docs/decisions.md, "Check-in"): `<id>-` and the first 40 bits of
 * HMAC-SHA256(secret, "<id>:<30-second window>") in Crockford's base32. Written out here so the test
 * checks the service against the design, not against itself.
 */
function expectedCode(secretHex: string, scheduleId: number, window: number) {
  const mac = createHmac('sha256', Buffer.from(secretHex, 'hex')).update(`${scheduleId}:${window}`).digest()
  const bits = mac.subarray(0, 5).reduce((n, byte) => (n << 8n) | BigInt(byte), 0n)
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
  let chars = ''
  for (let i = 7; i >= 0; i--) chars += alphabet[Number((bits >> BigInt(i * 5)) & 31n)]
  return `${scheduleId}-${chars}`
}
const windowAt = (ms: number) => Math.floor(ms / 30_000)

/** Waits while the current 30-second window has less than 4 seconds left (so a step does not straddle it). */
async function awayFromTheEdge() {
  const left = 30_000 - (Date.now() % 30_000)
  if (left < 4_000) await new Promise((r) => setTimeout(r, left + 200))
}

/**
 * A company's test starting `startsIn` minutes from now (negative: already begun), 90 minutes long, with
 * two participants who have accounts.
 */
async function aTest(startsIn = 30) {
  const { company, hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Hadir Jaya' })
  const [ani, budi] = await candidates(t, vacancy.id, 2)
  const { schedule, participants } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [ani.application.id, budi.application.id],
    scheduledAt: minutesFromNow(startsIn),
    name: 'Psikotes Pagi',
    values: { durationMinutes: 90 },
  })
  return {
    company,
    hrd,
    vacancy,
    schedule,
    ani: { ...ani, learner: ani.learner as Account & typeof ani.learner, participant: participants[0] },
    budi: { ...budi, learner: budi.learner as Account & typeof budi.learner, participant: participants[1] },
  }
}

/** HR opens the code; answers the code and the stored secret. */
async function openCode(hrd: Account, scheduleId: number) {
  await awayFromTheEdge()
  const res = await call(t, 'GET', codeUrl(scheduleId), { as: hrd })
  expect(res.status).toBe(200)
  const secret = (await storedSchedule(t, scheduleId)).checkInSecret as string
  return { res, data: res.body.data, secret }
}

const checkIn = (as: Account, code: string) => call(t, 'POST', '/api/test-check-ins', { as, body: { code } })

describe('GET /api/hrd/test-schedules/:id/check-in-code', () => {
  it('admits HR and career-center staff only', async () => {
    await expectRoles(t, 'GET', codeUrl(2_147_483_000), ['hrd', 'admin'])
  })

  it('gives the code of the current 30-second window, the QR code’s URL and when it changes; the code rotates', async () => {
    const w = await aTest(30)
    const { data, secret } = await openCode(w.hrd, w.schedule.id)
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    const window = windowAt(Date.parse(data.now))
    expect(data).toEqual({
      scheduleId: w.schedule.id,
      state: 'open',
      code: expectedCode(secret, w.schedule.id, window),
      url: `https://bkk.smk.test/check-in?code=${encodeURIComponent(expectedCode(secret, w.schedule.id, window))}`,
      expiresAt: new Date((window + 1) * 30_000).toISOString(),
      refreshInSeconds: expect.any(Number),
      windowSeconds: 30,
      opensAt: new Date(w.schedule.scheduledAt.getTime() - 3_600_000).toISOString(),
      closesAt: new Date(w.schedule.scheduledAt.getTime() + 90 * 60_000).toISOString(),
      now: expect.any(String),
      schedule: {
        name: 'Psikotes Pagi',
        scheduledAt: w.schedule.scheduledAt.toISOString(),
        location: 'Aula SMK',
      },
    })
    expect(data.code).toMatch(/^\d+-[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(data.refreshInSeconds).toBeGreaterThanOrEqual(1)
    expect(data.refreshInSeconds).toBeLessThanOrEqual(30)
    // Every window has its own code; the secret is made once and kept.
    const next = new Set([0, 1, 2, 3].map((i) => expectedCode(secret, w.schedule.id, window + i)))
    expect(next.size).toBe(4)
    const again = await openCode(w.hrd, w.schedule.id)
    expect(again.secret).toBe(secret)
    expect(again.data.code).toBe(expectedCode(secret, w.schedule.id, windowAt(Date.parse(again.data.now))))
  })

  it('staff may open any schedule’s code; HR of another company gets 404', async () => {
    const w = await aTest(30)
    const admin = await anAdmin(t)
    const staff = await call(t, 'GET', codeUrl(w.schedule.id), { as: admin })
    expect(staff.status).toBe(200)
    expect(staff.body.data.state).toBe('open')
    const other = await call(t, 'GET', codeUrl(w.schedule.id), { as: await anHrd(t) })
    expect(other.status).toBe(404)
    expect(other.body).toEqual({ success: false, message: 'Jadwal tes tidak ditemukan.', data: null })
  })

  it('outside the window gives no code, only when it opens and closes', async () => {
    const early = await aTest(120)
    const before = await call(t, 'GET', codeUrl(early.schedule.id), { as: early.hrd })
    expect(before.status).toBe(200)
    expect(before.body.data).toMatchObject({
      state: 'not_yet',
      code: null,
      url: null,
      expiresAt: null,
      refreshInSeconds: null,
      opensAt: new Date(early.schedule.scheduledAt.getTime() - 3_600_000).toISOString(),
    })
    expect((await storedSchedule(t, early.schedule.id)).checkInSecret).toBeNull()
    const late = await aTest(-100)
    const after = await call(t, 'GET', codeUrl(late.schedule.id), { as: late.hrd })
    expect(after.body.data).toMatchObject({ state: 'closed', code: null })
  })

  it('422 for a cancelled test', async () => {
    const w = await aTest(30)
    await t.db.update(testSchedules).set({ status: 'cancelled' }).where(eq(testSchedules.id, w.schedule.id))
    const res = await call(t, 'GET', codeUrl(w.schedule.id), { as: w.hrd })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Tes "Psikotes Pagi" sudah dibatalkan; tidak ada check-in.')
  })
})

describe('POST /api/test-check-ins', () => {
  it('admits only learners', async () => {
    await expectRoles(t, 'POST', '/api/test-check-ins', ['siswa', 'alumni'], { code: '1-00000000' })
  })

  it('marks the participant hadir with the time as evidence; the mark enters the validation queue and is validated as HR’s', async () => {
    const w = await aTest(-10)
    const { data } = await openCode(w.hrd, w.schedule.id)
    const res = await checkIn(w.ani.learner, data.code)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Check-in berhasil. Anda tercatat hadir.')
    expect(res.body.data).toEqual({
      participantId: w.ani.participant.id,
      applicationId: w.ani.application.id,
      attendanceStatus: 'hadir',
      checkedInAt: expect.stringMatching(/Z$/),
      alreadyCheckedIn: false,
      schedule: {
        id: w.schedule.id,
        name: 'Psikotes Pagi',
        kind: 'psikotes',
        scheduledAt: w.schedule.scheduledAt.toISOString(),
        location: 'Aula SMK',
        vacancyTitle: w.vacancy.title,
        companyName: 'PT Hadir Jaya',
      },
    })
    const stored = await storedParticipant(t, w.ani.participant.id)
    expect(stored).toMatchObject({
      attendanceStatus: 'hadir',
      markedStatus: 'hadir',
      markedBy: w.ani.learner.id,
      validationStatus: 'pending',
    })
    expect(stored.checkedInAt?.toISOString()).toBe(res.body.data.checkedInAt)
    expect(stored.markedAt?.toISOString()).toBe(res.body.data.checkedInAt)
    // The other participant is untouched.
    expect(await storedParticipant(t, w.budi.participant.id)).toMatchObject({
      attendanceStatus: null,
      checkedInAt: null,
    })

    // HR sees it on the participant list; the career center finds it in its queue, as today.
    const hr = await call(t, 'GET', `/api/hrd/test-schedules/${w.schedule.id}/participants`, {
      as: w.hrd,
      query: { attendance_status: 'hadir' },
    })
    expect(hr.body.data).toEqual([
      expect.objectContaining({
        participantId: w.ani.participant.id,
        checkedInAt: res.body.data.checkedInAt,
      }),
    ])
    const admin = await anAdmin(t)
    const queue = await call(t, 'GET', '/api/admin/attendances/queue', {
      as: admin,
      query: { test_schedule_id: w.schedule.id, attendance_status: 'hadir' },
    })
    expect(queue.body.data).toEqual([
      expect.objectContaining({
        id: w.ani.participant.id,
        attendanceStatus: 'hadir',
        checkedInAt: res.body.data.checkedInAt,
        markedAt: res.body.data.checkedInAt,
        validationStatus: 'pending',
      }),
    ])
    const validated = await call(t, 'PATCH', `/api/admin/attendances/${w.ani.participant.id}/validate`, {
      as: admin,
      body: { status: 'hadir', validation_status: 'verified' },
    })
    expect(validated.status).toBe(200)
    expect((await eventsOf(t, w.ani.application.id)).at(-1)).toMatchObject({
      stage: 'test_attendance',
      status: 'hadir',
    })
  })

  it('takes the previous window’s code; an older one is refused as expired', async () => {
    const w = await aTest(30)
    const { data, secret } = await openCode(w.hrd, w.schedule.id)
    const window = windowAt(Date.parse(data.now))
    const older = await checkIn(w.ani.learner, expectedCode(secret, w.schedule.id, window - 2))
    expect(older.status).toBe(422)
    expect(older.body.message).toBe(
      'Kode check-in sudah kedaluwarsa. Pindai atau ketik kode terbaru di layar petugas (kode berganti setiap 30 detik).',
    )
    expect(older.body.errors).toEqual({ code: [older.body.message] })
    expect((await storedParticipant(t, w.ani.participant.id)).attendanceStatus).toBeNull()

    const previous = await checkIn(w.ani.learner, expectedCode(secret, w.schedule.id, window - 1))
    expect(previous.status).toBe(200)
    expect((await storedParticipant(t, w.ani.participant.id)).attendanceStatus).toBe('hadir')
  })

  it('reads a typed code leniently: lower case, spaces, O for 0 and I or L for 1', async () => {
    const w = await aTest(30)
    const { data } = await openCode(w.hrd, w.schedule.id)
    const [id, chars] = data.code.split('-')
    const typed = ` ${id} - ${chars.slice(0, 4)} ${chars.slice(4)} `
      .toLowerCase()
      .replace(/0/g, 'o')
      .replace(/1/g, 'l')
    const res = await checkIn(w.ani.learner, typed)
    expect(res.status).toBe(200)
  })

  it('refuses a code made for another schedule, and a participant with another test’s code', async () => {
    const a = await aTest(30)
    const b = await aTest(30)
    const codeB = (await openCode(b.hrd, b.schedule.id)).data.code as string
    await openCode(a.hrd, a.schedule.id)
    // B's characters under A's number: the code is bound to its schedule.
    const forged = await checkIn(a.ani.learner, `${a.schedule.id}-${codeB.split('-')[1]}`)
    expect(forged.status).toBe(422)
    expect(forged.body.message).toBe(
      'Kode check-in tidak dikenali. Periksa kembali kode yang tampil di layar petugas.',
    )
    // A's participant with B's real code: not a participant of B.
    const wrongRoom = await checkIn(a.ani.learner, codeB)
    expect(wrongRoom.status).toBe(422)
    expect(wrongRoom.body.message).toBe(
      'Anda tidak terdaftar sebagai peserta "Psikotes Pagi" (PT Hadir Jaya). Kode ini hanya untuk peserta tes tersebut; bila Anda mengikuti tes lain, pindai kode di ruang tes Anda.',
    )
    expect((await storedParticipant(t, a.ani.participant.id)).attendanceStatus).toBeNull()
    expect((await storedParticipant(t, b.ani.participant.id)).attendanceStatus).toBeNull()
  })

  it('refuses someone who is not a participant; nothing is stored', async () => {
    const w = await aTest(30)
    const outsider = await aCandidate(t, w.vacancy.id)
    const { data } = await openCode(w.hrd, w.schedule.id)
    const res = await checkIn(outsider.learner as Account, data.code)
    expect(res.status).toBe(422)
    expect(res.body.message).toMatch(/^Anda tidak terdaftar sebagai peserta "Psikotes Pagi"/)
    for (const p of [w.ani.participant, w.budi.participant])
      expect((await storedParticipant(t, p.id)).attendanceStatus).toBeNull()
  })

  it('refuses before the window opens and after the test ended', async () => {
    const w = await aTest(30)
    const { data } = await openCode(w.hrd, w.schedule.id)
    // The test moved to three hours from now: check-in opens in two hours.
    await moveSchedule(t, w.schedule.id, minutesFromNow(180))
    const early = await checkIn(w.ani.learner, data.code)
    expect(early.status).toBe(422)
    expect(early.body.message).toMatch(
      /^Check-in "Psikotes Pagi" baru dibuka .+ pukul \d\d\.\d\d WIB \(60 menit sebelum tes dimulai\)\.$/,
    )
    // In English too the time is the school's wall clock with its zone, not a UTC timestamp.
    const earlyEn = await call(t, 'POST', '/api/test-check-ins', {
      as: w.ani.learner,
      body: { code: data.code },
      headers: { 'accept-language': 'en' },
    })
    expect(earlyEn.body.message).toMatch(
      /^Check-in for "Psikotes Pagi" opens at \d{4}-\d\d-\d\d \d\d:\d\d WIB \(60 minutes before the test starts\)\.$/,
    )
    // The test began two hours ago and lasted 90 minutes.
    await moveSchedule(t, w.schedule.id, minutesFromNow(-120))
    const late = await checkIn(w.ani.learner, data.code)
    expect(late.status).toBe(422)
    expect(late.body.message).toMatch(/^Check-in "Psikotes Pagi" sudah ditutup: tes berakhir .+ WIB\./)
    const lateEn = await call(t, 'POST', '/api/test-check-ins', {
      as: w.ani.learner,
      body: { code: data.code },
      headers: { 'accept-language': 'en' },
    })
    expect(lateEn.body.message).toMatch(
      /^Check-in for "Psikotes Pagi" has closed: the test ended at \d{4}-\d\d-\d\d \d\d:\d\d WIB\. Ask the staff to record your attendance\.$/,
    )
    expect(await storedParticipant(t, w.ani.participant.id)).toMatchObject({
      attendanceStatus: null,
      checkedInAt: null,
    })
  })

  it('checking in again changes nothing', async () => {
    const w = await aTest(30)
    const { data } = await openCode(w.hrd, w.schedule.id)
    const first = await checkIn(w.ani.learner, data.code)
    const before = await storedParticipant(t, w.ani.participant.id)
    const again = await checkIn(w.ani.learner, data.code)
    expect(again.status).toBe(200)
    expect(again.body.message).toBe('Kehadiran Anda sudah tercatat.')
    expect(again.body.data).toMatchObject({
      alreadyCheckedIn: true,
      checkedInAt: first.body.data.checkedInAt,
    })
    expect(await storedParticipant(t, w.ani.participant.id)).toEqual(before)
  })

  it('HR still marks attendance by hand, also over a check-in (which stays as evidence)', async () => {
    const w = await aTest(-5)
    const { data } = await openCode(w.hrd, w.schedule.id)
    await checkIn(w.ani.learner, data.code)
    const byHand = await call(
      t,
      'PATCH',
      `/api/hrd/test-schedules/${w.schedule.id}/participants/${w.budi.participant.id}/attendance`,
      { as: w.hrd, body: { status: 'izin', notes: 'Sakit' } },
    )
    expect(byHand.status).toBe(200)
    expect(byHand.body.data).toMatchObject({ attendanceStatus: 'izin', checkedInAt: null })
    const corrected = await call(
      t,
      'PATCH',
      `/api/hrd/test-schedules/${w.schedule.id}/participants/${w.ani.participant.id}/attendance`,
      { as: w.hrd, body: { status: 'alpa', notes: 'Pulang sebelum tes' } },
    )
    expect(corrected.status).toBe(200)
    const stored = await storedParticipant(t, w.ani.participant.id)
    expect(stored).toMatchObject({ attendanceStatus: 'alpa', markedBy: w.hrd.id })
    expect(stored.checkedInAt).not.toBeNull()
    // Scanning again does not undo HR's correction.
    const again = await checkIn(w.ani.learner, data.code)
    expect(again.body.data.alreadyCheckedIn).toBe(true)
    expect((await storedParticipant(t, w.ani.participant.id)).attendanceStatus).toBe('alpa')
  })

  it('a mark the career center rejected goes back to its queue when the participant checks in', async () => {
    const w = await aTest(-5)
    const admin = await anAdmin(t)
    await call(
      t,
      'PATCH',
      `/api/hrd/test-schedules/${w.schedule.id}/participants/${w.ani.participant.id}/attendance`,
      {
        as: w.hrd,
        body: { status: 'alpa' },
      },
    )
    await call(t, 'PATCH', `/api/admin/attendances/${w.ani.participant.id}/validate`, {
      as: admin,
      body: { status: 'alpa', validation_status: 'rejected', notes: 'Periksa lagi' },
    })
    const { data } = await openCode(w.hrd, w.schedule.id)
    const res = await checkIn(w.ani.learner, data.code)
    expect(res.status).toBe(200)
    expect(await storedParticipant(t, w.ani.participant.id)).toMatchObject({
      attendanceStatus: 'hadir',
      validationStatus: 'pending',
      validatedBy: null,
      validationNotes: 'Periksa lagi',
    })
  })

  it('422 for a cancelled test, and for what cannot be a code', async () => {
    const w = await aTest(30)
    const { data } = await openCode(w.hrd, w.schedule.id)
    await t.db.update(testSchedules).set({ status: 'cancelled' }).where(eq(testSchedules.id, w.schedule.id))
    const res = await checkIn(w.ani.learner, data.code)
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Tes "Psikotes Pagi" sudah dibatalkan; tidak ada check-in.')
    for (const code of ['abc', '12', `${w.schedule.id}-ABC`, '0-00000000', '99999999999-00000000']) {
      const bad = await checkIn(w.ani.learner, code)
      expect(bad.status, code).toBe(422)
      expect(bad.body.errors, code).toEqual({
        code: ['Kode check-in tidak dikenali. Periksa kembali kode yang tampil di layar petugas.'],
      })
    }
  })
})
