import type { Actor } from '../../actor.js'
import type { Db } from '../../db/client.js'
import { wallClock, zoneName } from '../../db/school-day.js'
import { notFound, unprocessable } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'
import { companyOf } from '../../http/scope.js'
import { vacancyDeleted } from '../schedules/checks.js'
import { whenText } from '../schedules/service.js'
import { codeOf, isCodeOf, newSecret, parseCode, WINDOW_SECONDS, windowEnd, windowOf } from './code.js'
import * as q from './queries.js'

/**
 * Check-in on the test day: HR (or career-center staff) shows the test's rotating code as a QR code; a
 * participant scans or types it while logged in and is marked `hadir`, with the check-in time as evidence.
 * The mark is HR's attendance mark in every other way: it waits in the career center's validation queue.
 */

export { OPENS_MINUTES_BEFORE } from './queries.js'

/** A code is taken in its own window and the one before (a scan that straddled the change, a slow phone). */
const ACCEPTED_WINDOWS = 2
/** How far back an old code is still recognised as "expired" rather than unknown (about a day). */
const RECOGNISED_WINDOWS = 3000

export type CheckInState = 'not_yet' | 'open' | 'closed'

const iso = (d: Date) => d.toISOString()

/** "2026-07-15 08:00 WIB": an instant on the school's clock, for the English messages. */
const enWhen = (at: Date, timeZone: string) => `${wallClock(at, timeZone)} ${zoneName(timeZone, at)}`
const scheduleNotFound = () => notFound(msg('Jadwal tes tidak ditemukan.', 'Test schedule not found.'))
const cancelled = (name: string) =>
  unprocessable(
    msg(
      `Tes "${name}" sudah dibatalkan; tidak ada check-in.`,
      `The test "${name}" was cancelled; there is no check-in.`,
    ),
  )

function stateOf(w: q.ScheduleWindow): CheckInState {
  if (w.now.getTime() < w.opensAt.getTime()) return 'not_yet'
  if (w.now.getTime() >= w.closesAt.getTime()) return 'closed'
  return 'open'
}

/**
 * The schedule's check-in code now, for HR of its company or for staff (any company): during the window
 * (from an hour before the start until the test ends) the code of the current 30-second window and when
 * it changes; outside it only when the window opens and closes. A cancelled test, or a deleted vacancy's, has
 * none (422).
 */
export async function checkInCode(db: Db, actor: Actor, id: number, publicUrl: string) {
  const companyId = actor.role === 'hrd' ? companyOf(actor) : null
  const w = (await q.scheduleWindow(db, id, companyId)) ?? scheduleNotFound()
  if (w.status === 'cancelled') return cancelled(w.name)
  // A deleted vacancy's test can only be cancelled (docs/decisions.md): nobody is marked present at it.
  if (w.vacancyDeleted) vacancyDeleted()
  const state = stateOf(w)
  let code: string | null = null
  let expiresAt: Date | null = null
  if (state === 'open') {
    const secret = w.secret ?? (await q.ensureSecret(db, w.id, newSecret()))
    const window = windowOf(w.now)
    code = codeOf(secret, w.id, window)
    expiresAt = windowEnd(window)
  }
  return {
    scheduleId: w.id,
    state,
    code,
    url: code ? `${publicUrl}/check-in?code=${encodeURIComponent(code)}` : null,
    expiresAt: expiresAt ? iso(expiresAt) : null,
    refreshInSeconds: expiresAt
      ? Math.max(1, Math.ceil((expiresAt.getTime() - w.now.getTime()) / 1000))
      : null,
    windowSeconds: WINDOW_SECONDS,
    opensAt: iso(w.opensAt),
    closesAt: iso(w.closesAt),
    now: iso(w.now),
    schedule: { name: w.name, scheduledAt: iso(w.scheduledAt), location: w.location },
  }
}

/** 422 with the reason, under the `code` field too (the form shows it there). */
const refuse = (m: Msg): never => unprocessable(m, { code: [m] })

const UNKNOWN = msg(
  'Kode check-in tidak dikenali. Periksa kembali kode yang tampil di layar petugas.',
  'This check-in code is not recognised. Check the code shown on the staff screen.',
)
const EXPIRED = msg(
  'Kode check-in sudah kedaluwarsa. Pindai atau ketik kode terbaru di layar petugas (kode berganti setiap 30 detik).',
  'This check-in code has expired. Scan or type the current code on the staff screen (it changes every 30 seconds).',
)

/** Which of the schedule's codes `chars` is: current (or the one before), an older one, or none. */
function judge(chars: string, secret: string, w: q.ScheduleWindow): 'valid' | 'expired' | 'unknown' {
  const now = windowOf(w.now)
  for (let i = 0; i < ACCEPTED_WINDOWS; i++) if (isCodeOf(chars, secret, w.id, now - i)) return 'valid'
  // Older codes were only shown while the window was open.
  const last = Math.min(now - ACCEPTED_WINDOWS, windowOf(w.closesAt))
  const first = Math.max(windowOf(w.opensAt), last - RECOGNISED_WINDOWS)
  for (let window = last; window >= first; window--)
    if (isCodeOf(chars, secret, w.id, window)) return 'expired'
  return 'unknown'
}

export interface CheckInSettings {
  /** The school's time zone, for the times in messages. */
  timeZone: string
}

/**
 * A participant checks in with the code on the staff screen: refused (422, with the reason) when the code
 * is unknown or expired, the test was cancelled, the window is not open, or the caller does not take part.
 * Marks the caller `hadir` with the time; the mark waits for the career center's validation like HR's.
 * Checking in again changes nothing.
 */
export async function checkIn(db: Db, actor: Actor, input: { code: string }, settings: CheckInSettings) {
  const parsed = parseCode(input.code) ?? refuse(UNKNOWN)
  return db.transaction(async (tx) => {
    const w = (await q.scheduleWindow(tx, parsed.scheduleId, null, true)) ?? refuse(UNKNOWN)
    const verdict = w.secret ? judge(parsed.chars, w.secret, w) : 'unknown'
    if (verdict === 'unknown') return refuse(UNKNOWN)
    if (verdict === 'expired') return refuse(EXPIRED)
    if (w.status === 'cancelled') return cancelled(w.name)
    if (w.vacancyDeleted) vacancyDeleted()
    const state = stateOf(w)
    if (state === 'not_yet')
      return refuse(
        msg(
          `Check-in "${w.name}" baru dibuka ${whenText(w.opensAt, settings.timeZone)} (60 menit sebelum tes dimulai).`,
          `Check-in for "${w.name}" opens at ${enWhen(w.opensAt, settings.timeZone)} (60 minutes before the test starts).`,
        ),
      )
    if (state === 'closed')
      return refuse(
        msg(
          `Check-in "${w.name}" sudah ditutup: tes berakhir ${whenText(w.closesAt, settings.timeZone)}. Hubungi petugas untuk mencatat kehadiran Anda.`,
          `Check-in for "${w.name}" has closed: the test ended at ${enWhen(w.closesAt, settings.timeZone)}. Ask the staff to record your attendance.`,
        ),
      )
    const p = actor.studentId ? await q.lockOwnParticipant(tx, w.id, actor.studentId) : undefined
    if (!p)
      return refuse(
        msg(
          `Anda tidak terdaftar sebagai peserta "${w.name}" (${w.companyName}). Kode ini hanya untuk peserta tes tersebut; bila Anda mengikuti tes lain, pindai kode di ruang tes Anda.`,
          `You are not a participant of "${w.name}" (${w.companyName}). This code is for its participants only; if you take another test, scan the code in your own test room.`,
        ),
      )
    // Withdrawn (or decided): no longer in the selection, so not at its tests.
    if (p.applicationStatus !== 'in_progress')
      return refuse(
        msg(
          `Lamaran Anda untuk "${w.vacancyTitle}" tidak lagi dalam tahap seleksi, sehingga Anda tidak perlu check-in untuk "${w.name}".`,
          `Your application to "${w.vacancyTitle}" is no longer in the selection, so there is no check-in for "${w.name}".`,
        ),
      )
    const schedule = {
      id: w.id,
      name: w.name,
      kind: w.kind,
      scheduledAt: iso(w.scheduledAt),
      location: w.location,
      vacancyTitle: w.vacancyTitle,
      companyName: w.companyName,
    }
    const answer = (checkedInAt: Date | null, alreadyCheckedIn: boolean) => ({
      participantId: p.id,
      applicationId: p.applicationId,
      attendanceStatus: 'hadir' as const,
      checkedInAt: checkedInAt ? iso(checkedInAt) : null,
      alreadyCheckedIn,
      schedule,
    })
    // Again: nothing changes (HR may have corrected the mark since; theirs stands).
    if (p.checkedInAt) return answer(p.checkedInAt, true)
    if (p.validationStatus === 'verified') {
      if (p.attendanceStatus === 'hadir') return answer(null, true)
      return refuse(
        msg(
          'Kehadiran Anda pada tes ini sudah divalidasi BKK sehingga tidak dapat diubah lewat check-in. Hubungi petugas.',
          'Your attendance at this test has been validated by the career center and cannot be changed by checking in. Ask the staff.',
        ),
      )
    }
    const checkedInAt = await q.checkIn(tx, p.id, {
      userId: actor.id,
      resetValidation: p.validationStatus === 'rejected',
    })
    return answer(checkedInAt, false)
  })
}
