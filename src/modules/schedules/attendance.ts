import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import type { Db } from '../../db/client.js'
import { unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { companyOf } from '../../http/scope.js'
import { cancelledAlready, cleanOptional, participantNotFound, scheduleNotFound } from './checks.js'
import { participantOut } from './mappers.js'
import * as q from './queries.js'
import type { MarkAttendanceBody } from './schemas.js'

/**
 * HR marks a participant present (hadir), excused (izin) or absent (alpa) once the test has started.
 * A mark the career center rejected goes back to its queue; a verified one cannot be changed here.
 * (The career center's validation of the mark is the attendance module's.)
 */
export async function markAttendance(
  db: Db,
  actor: Actor,
  scheduleId: number,
  participantId: number,
  input: Static<typeof MarkAttendanceBody>,
) {
  const companyId = companyOf(actor)
  await db.transaction(async (tx) => {
    const schedule = (await q.lockSchedule(tx, companyId, scheduleId)) ?? scheduleNotFound()
    const participant = (await q.lockParticipant(tx, schedule.id, participantId)) ?? participantNotFound()
    if (schedule.status === 'cancelled') return cancelledAlready()
    if (!schedule.started)
      return unprocessable(
        msg(
          'Kehadiran baru dapat diisi setelah tes dimulai.',
          'Attendance can only be marked once the test has started.',
        ),
      )
    if (participant.validationStatus === 'verified')
      return unprocessable(
        msg(
          'Kehadiran peserta ini sudah divalidasi BKK sehingga tidak dapat diubah. Minta petugas BKK mengoreksinya bila keliru.',
          'This attendance has been validated by the career center and can no longer be changed. Ask the career center staff to correct it if it is wrong.',
        ),
      )
    const notes = cleanOptional(input.notes)
    await q.markAttendance(tx, participant.id, {
      status: input.status,
      notes: notes === undefined ? participant.attendanceNotes : notes,
      markedBy: actor.id,
      resetValidation: participant.validationStatus === 'rejected',
    })
  })
  return participantOut((await q.participantOfSchedule(db, scheduleId, participantId))!)
}
