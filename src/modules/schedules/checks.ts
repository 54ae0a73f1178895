import type { TestKind } from '../../db/schema/index.js'
import { conflict, type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { squeezed } from '../../http/schemas.js'
import { labelOf } from '../../vocabulary/index.js'
import { whenText } from './invitations.js'

/** The refusals the schedule's services share, and the checks of the texts they store. */

export const scheduleNotFound = () => notFound(msg('Jadwal tes tidak ditemukan.', 'Test schedule not found.'))
export const participantNotFound = () =>
  notFound(msg('Peserta tes tidak ditemukan.', 'Test participant not found.'))
export const invalid = (errors: FieldErrors) =>
  unprocessable(msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), errors)

export const cancelledAlready = () =>
  unprocessable(msg('Jadwal tes ini sudah dibatalkan.', 'This test schedule has been cancelled.'))
export const alreadyHeld = () =>
  unprocessable(
    msg(
      'Jadwal tes ini sudah berlangsung sehingga tidak dapat diubah atau dibatalkan.',
      'This test has already taken place and can no longer be changed or cancelled.',
    ),
  )

export const vacancyDeleted = () =>
  unprocessable(
    msg(
      'Lowongan tes ini sudah dihapus; jadwalnya hanya dapat dibatalkan.',
      "This test's vacancy has been deleted; the test can only be cancelled.",
    ),
  )

/**
 * 409: one of the applicants already takes part in the same test (`sameTestOf`: the vacancy's, of this kind, at
 * this time, not cancelled). Named, so HR opens it (to add the others there) rather than sending a copy that
 * invites everyone again.
 */
export const sameTestScheduled = (
  t: { id: number; name: string; kind: TestKind; scheduledAt: Date; applicantName: string },
  timeZone: string,
) =>
  conflict(
    msg(
      `${t.applicantName} sudah dijadwalkan mengikuti ${labelOf('testKind', t.kind)} "${t.name}" (jadwal #${t.id}) pada ${whenText(t.scheduledAt, timeZone)}. Tes yang sama tidak dibuat dua kali: buka jadwal itu untuk menambah peserta atau mengubahnya.`,
      `${t.applicantName} is already scheduled for the ${labelOf('testKind', t.kind, 'en')} "${t.name}" (schedule #${t.id}) at that time. The same test is not created twice: open that schedule to add participants or change it.`,
    ),
  )

/** A test's name or place, squeezed as it is searched (`squeezed`). */
export const cleanText = (v: string) => squeezed(v)
export const cleanOptional = (v: string | null | undefined) =>
  v === undefined ? undefined : v?.trim() || null

export function requireText(errors: FieldErrors, field: string, value: string | undefined) {
  if (value !== undefined && value.trim() === '')
    errors[field] = [msg('tidak boleh kosong', 'must not be empty')]
}

export function notInFuture(errors: FieldErrors, scheduledAt: Date, now: Date) {
  if (scheduledAt.getTime() <= now.getTime())
    errors.scheduled_at = [msg('harus berupa waktu yang akan datang', 'must be a time in the future')]
}
