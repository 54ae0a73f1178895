import type { Actor } from '../../actor.js'
import type { Conn } from '../../db/client.js'
import type { ApplicationStatus } from '../../db/schema/index.js'
import type { FieldErrors } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'
import { labelOf } from '../../vocabulary/index.js'
import { moveApplications } from '../application-lifecycle/service.js'
import {
  type Mailing,
  type NoticeMessage,
  type Recipient,
  type TestFacts,
  tellParticipants,
  whenText,
} from './invitations.js'
import * as q from './queries.js'
import { MAX_PARTICIPANTS } from './schemas.js'

/**
 * Who may take part in a test (in-progress applications of its vacancy), and telling them: the
 * timeline rows on their applications, the in-app notices and the e-mails of invitations.ts.
 */

/** The timeline note of a scheduled or changed test. */
export const timelineNote = (f: TestFacts, timeZone: string) =>
  `${f.name}: ${whenText(f.scheduledAt, timeZone)} di ${f.location}`

type Move = 'testScheduled' | 'testUpdated' | 'testRemoved' | 'testCancelled'

export interface Telling {
  /**
   * A change of a test HR may well make again in a moment (its time or place, its participants): its e-mails are
   * held for a later change to replace (`MailOptions.hold`), and its notice replaces the learner's unread notices
   * of the test's earlier changes.
   */
  change?: boolean
}

/**
 * The test's timeline rows on the applications (one per recipient) and their notices (one lifecycle step),
 * with the e-mails and calendar invitations of the message `key` queued in the same transaction.
 */
export async function tell(
  tx: Conn,
  actor: Actor,
  mailing: Mailing,
  move: Move,
  key: NoticeMessage,
  f: TestFacts,
  recipients: Recipient[],
  row: { status: string; notes: string | null },
  { change = false }: Telling = {},
) {
  if (recipients.length === 0) return
  const notices = await tellParticipants(tx, mailing, key, f, recipients, { hold: change })
  // The bell holds the latest of a burst of changes once: an unread notice of an earlier change is replaced.
  if (change) await q.forgetUnreadChangesOf(tx, f.scheduleId, recipients)
  await moveApplications(
    tx,
    actor,
    recipients.map((r) => ({ applicationId: r.applicationId, move, ...row })),
    { notices: () => notices },
  )
}

/** Tells the applicants of `recipients` that they take part in the test, on their timeline, in-app and by e-mail. */
export async function announceScheduled(
  tx: Conn,
  actor: Actor,
  mailing: Mailing,
  f: TestFacts,
  recipients: Recipient[],
  options: Telling = {},
) {
  await tell(
    tx,
    actor,
    mailing,
    'testScheduled',
    'test.scheduled',
    f,
    recipients,
    { status: f.kind, notes: timelineNote(f, mailing.calendar.timeZone) },
    options,
  )
}

function applicationError(row: { status: string; applicantName: string } | undefined, id: number): Msg {
  if (!row)
    return msg(
      `Lamaran #${id} tidak ditemukan pada lowongan ini.`,
      `Application #${id} was not found for this vacancy.`,
    )
  const status = row.status as ApplicationStatus
  return msg(
    `Lamaran ${row.applicantName} berstatus "${labelOf('applicationStatus', status)}"; hanya lamaran yang lolos seleksi berkas (dalam proses seleksi) yang dapat dijadwalkan.`,
    `The application of ${row.applicantName} is "${labelOf('applicationStatus', status, 'en')}"; only applications in selection (past the document review) can be scheduled.`,
  )
}

/**
 * Checks that every id of `ids` is an in-progress application of the vacancy (share-locking them)
 * and adds an error keyed `<field>.<index>` for each that is not. Returns the locked rows by id.
 */
export async function checkApplications(
  tx: Conn,
  errors: FieldErrors,
  field: string,
  vacancyId: number,
  ids: number[],
) {
  const rows = ids.length ? await q.applicationsOfVacancy(tx, vacancyId, ids) : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  ids.forEach((id, i) => {
    const row = byId.get(id)
    if (row?.status !== 'in_progress') errors[`${field}.${i}`] = [applicationError(row, id)]
  })
  return byId
}

/**
 * The participants an update adds and removes: an added application must be in progress and not take
 * part yet, a removed one must take part with its attendance not validated, and between one and
 * `MAX_PARTICIPANTS` remain. Adds an error per refused index; returns the locked added applications by id.
 */
export async function checkParticipantChanges(
  tx: Conn,
  errors: FieldErrors,
  vacancyId: number,
  current: { applicationId: number; validationStatus: string; applicantName: string }[],
  adds: number[],
  removes: number[],
) {
  const currentByApp = new Map(current.map((p) => [p.applicationId, p]))
  const byId = await checkApplications(tx, errors, 'add_application_ids', vacancyId, adds)
  adds.forEach((appId, i) => {
    const p = currentByApp.get(appId)
    if (p)
      errors[`add_application_ids.${i}`] = [
        msg(
          `${p.applicantName} sudah menjadi peserta tes ini.`,
          `${p.applicantName} already takes part in this test.`,
        ),
      ]
  })
  removes.forEach((appId, i) => {
    const p = currentByApp.get(appId)
    if (!p)
      errors[`remove_application_ids.${i}`] = [
        msg(
          `Lamaran #${appId} bukan peserta tes ini.`,
          `Application #${appId} does not take part in this test.`,
        ),
      ]
    else if (p.validationStatus !== 'pending')
      errors[`remove_application_ids.${i}`] = [
        msg(
          `Kehadiran ${p.applicantName} sudah divalidasi sehingga tidak dapat dihapus dari tes.`,
          `The attendance of ${p.applicantName} has been validated; they cannot be removed from the test.`,
        ),
      ]
  })
  const count = current.length - removes.length + adds.length
  if (count < 1 && !errors.remove_application_ids)
    errors.remove_application_ids = [
      msg(
        'Jadwal tes harus memiliki minimal satu peserta; batalkan jadwal bila tidak ada peserta.',
        'A schedule keeps at least one participant; cancel it instead.',
      ),
    ]
  if (count > MAX_PARTICIPANTS)
    errors.add_application_ids = [
      msg(`Peserta maksimal ${MAX_PARTICIPANTS} orang.`, `At most ${MAX_PARTICIPANTS} participants.`),
    ]
  return byId
}

/** The participants among `applicationIds`, with their accounts, from the locked applications. */
export const recipientsOf = (applicationIds: number[], byId: Map<number, Omit<Recipient, 'applicationId'>>) =>
  applicationIds.map((applicationId) => {
    const r = byId.get(applicationId)
    return {
      applicationId,
      userId: r?.userId ?? null,
      email: r?.email ?? null,
      fullName: r?.fullName ?? null,
      active: r?.active ?? null,
    }
  })
