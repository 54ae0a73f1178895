import type { Actor } from '../../actor.js'
import type { Conn } from '../../db/client.js'
import { notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { invitationOf } from '../schedules/invitations.js'
import type { CalendarSettings } from './ics.js'
import * as q from './queries.js'

export type { CalendarMethod, CalendarSettings } from './ics.js'

/**
 * The `.ics` of one of the learner's tests, the same event as in their e-mails (UID, SEQUENCE): an
 * invitation while the test stands, a cancellation once it is cancelled, once HR removed the application from
 * it, or while it is still ahead once the application has left the selection (withdrawn, decided). 404 unless
 * the application is the caller's and takes part, or took part, in the test.
 */
export async function myTestCalendar(
  conn: Conn,
  actor: Actor,
  applicationId: number,
  scheduleId: number,
  settings: CalendarSettings,
) {
  const t =
    (actor.studentId
      ? await q.ownTest(conn, { userId: actor.id, studentId: actor.studentId }, applicationId, scheduleId)
      : undefined) ??
    notFound(msg('Jadwal tes tidak ditemukan pada lamaran ini.', 'No such test for this application.'))
  const removed = !t.participant
  const outOfSelection = t.applicationStatus !== 'in_progress' && t.upcoming
  const left = !removed && outOfSelection
  const method = t.status === 'cancelled' || removed || left ? 'CANCEL' : 'REQUEST'
  const reason =
    t.cancelReason ??
    (removed
      ? 'Anda tidak lagi menjadi peserta tes ini.'
      : left
        ? 'lamaran Anda tidak lagi dalam tahap seleksi.'
        : undefined)
  // Leaving the selection was e-mailed as a cancellation one SEQUENCE above the invitations (releaseFromTests);
  // a removal raised the schedule's own SEQUENCE, which its cancellation e-mail carried.
  const invitation = invitationOf(
    { ...t, reason, sequence: outOfSelection ? t.sequence + 1 : t.sequence },
    t.applicationId,
    t.email ? { name: t.fullName ?? t.email, email: t.email } : null,
    method,
    settings,
  )
  return { ...invitation, fileName: `tes-${t.scheduleId}.ics` }
}
