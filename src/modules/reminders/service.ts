import type { FastifyBaseLogger } from 'fastify'
import type { Actor } from '../../actor.js'
import type { Db } from '../../db/client.js'
import { notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { companyOf } from '../../http/scope.js'
import type { Mailer } from '../../jobs/mailer.js'
import {
  CLAIM_SECONDS,
  EMAIL_RETRY_SECONDS,
  FAILED_EMAIL_DAYS,
  MAX_EMAIL_ATTEMPTS,
  retryDelaySeconds,
} from '../../jobs/outbox.js'
import type { Jobs } from '../../jobs/queue.js'
import type { CalendarSettings } from '../calendar/ics.js'
import { loadTemplates, renderTemplate } from '../messages/render.js'
import { notify } from '../notifications/service.js'
import { vacancyDeleted } from '../schedules/checks.js'
import { emailText, invitationOf, messageVars, type TestFacts } from '../schedules/invitations.js'
import * as q from './queries.js'

export type { CalendarSettings } from '../calendar/ics.js'

export const DELIVER_REMINDER = 'reminder.deliver'
/** Why an owed reminder e-mail was not sent (`reminder_deliveries.last_error`). */
export const NOT_DUE =
  'not sent: no longer due (the test cancelled or begun, its vacancy deleted, the applicant out of the selection or their account deactivated)'

/** The reminder e-mails owed, counted as the outbox's are (`outboxBacklog`) for the career center's front page. */
export const reminderEmailBacklog = (db: Db) =>
  q.reminderEmailBacklog(db, MAX_EMAIL_ATTEMPTS, NOT_DUE, FAILED_EMAIL_DAYS)

/**
 * How long a participant's reminder keeps them from the next press: a double click, or a press repeated
 * while the first is on its way, must not send a learner the same reminder twice.
 */
export const REMIND_AGAIN_AFTER = 60 * 60

const remindedRecently = (): never =>
  unprocessable(
    msg(
      'Peserta ini sudah diingatkan dalam 1 jam terakhir; pengingat tidak dikirim lagi.',
      'This participant was reminded within the last hour; no reminder is sent again.',
    ),
  )

/**
 * One press of "remind": a `reminders` row and one `reminder_deliveries` row per participant
 * (the outbox), written in one transaction; the delivery job is queued after the commit. A job lost
 * between the two is picked up by the sweep.
 */
async function press(
  db: Db,
  jobs: Jobs,
  log: FastifyBaseLogger,
  actor: Actor,
  scheduleId: number,
  participantId: number | null,
  withEmail: boolean,
) {
  const companyId = companyOf(actor)
  const pressed = await db.transaction(async (tx) => {
    const schedule =
      (await q.lockCompanySchedule(tx, companyId, scheduleId)) ??
      notFound(msg('Jadwal tes tidak ditemukan.', 'Test schedule not found.'))
    if (schedule.status === 'cancelled')
      unprocessable(
        msg(
          'Jadwal tes ini sudah dibatalkan; pengingat tidak dikirim.',
          'This test was cancelled; no reminder is sent.',
        ),
      )
    // A deleted vacancy's test can only be cancelled (docs/decisions.md): nobody is told to attend it.
    if (schedule.vacancyDeleted) vacancyDeleted()
    if (!schedule.upcoming)
      unprocessable(
        msg(
          'Tes ini sudah berlangsung; pengingat hanya untuk tes yang akan datang.',
          'This test has already taken place; reminders are for upcoming tests only.',
        ),
      )
    if (participantId !== null) {
      const p = await q.participantOf(tx, scheduleId, participantId)
      if (!p) notFound(msg('Peserta tidak ditemukan.', 'Participant not found.'))
      if (p.application_status !== 'in_progress')
        unprocessable(
          msg(
            'Lamaran peserta ini tidak lagi dalam tahap seleksi (mis. sudah ditarik); pengingat tidak dikirim.',
            "This participant's application is no longer in the selection (withdrawn, for instance); no reminder is sent.",
          ),
        )
    }
    const id = await q.insertReminder(tx, scheduleId, actor.id)
    const counts = await q.insertDeliveries(tx, id, scheduleId, participantId, withEmail, REMIND_AGAIN_AFTER)
    if (participantId !== null && counts.recent > 0) remindedRecently()
    return { id, ...counts }
  })
  const { id: reminderId, queued, recent } = pressed
  if (queued > 0) {
    await jobs
      .send(DELIVER_REMINDER, { reminderId })
      .catch((err) => log.error({ err, reminderId }, 'could not queue a reminder; the sweep will'))
  }
  return { queued, alreadyReminded: recent }
}

export interface RemindDeps {
  db: Db
  jobs: Jobs
  log: FastifyBaseLogger
  emailOn: boolean
}

export const remindAll = (d: RemindDeps, actor: Actor, scheduleId: number) =>
  press(d.db, d.jobs, d.log, actor, scheduleId, null, d.emailOn)

export const remindOne = (d: RemindDeps, actor: Actor, scheduleId: number, participantId: number) =>
  press(d.db, d.jobs, d.log, actor, scheduleId, participantId, d.emailOn)

/** The test of a delivery as its message and invitation describe it. */
const factsOf = (d: q.Delivery): TestFacts => ({
  scheduleId: d.schedule_id,
  name: d.name,
  kind: d.kind,
  scheduledAt: new Date(d.scheduled_at),
  durationMinutes: d.duration_minutes,
  location: d.location,
  description: d.description,
  sequence: d.sequence,
  calendarHost: d.calendar_host,
  vacancyTitle: d.vacancy_title,
  companyName: d.company_name,
})

/**
 * Delivers what a press still owes: the in-app notification of each participant (notification and
 * `notified_at` commit together, so never twice), then, with SMTP on, each e-mail not yet sent, one at a time:
 * claimed right before its send (`CLAIM_SECONDS`, longer than a send can take), its try counted, and marked sent
 * after; a failure keeps the error and holds the e-mail back for `retryDelaySeconds` (src/jobs/outbox.ts: the
 * outbox's schedule). Answers the failures and how many of them were the last allowed try (given up): the
 * worker logs those and makes the job fail for the others, whose retry by the queue sends them if they are due
 * by then; otherwise the sweep queues the press again once they are.
 */
export async function deliverReminder(
  db: Db,
  mailer: Mailer | null,
  reminderId: number,
  calendar: CalendarSettings,
  retrySeconds = EMAIL_RETRY_SECONDS,
) {
  // The catalogue's `test.reminder` in the school's wording, times in the school's time zone.
  const reminderText = (d: q.Delivery, template: Parameters<typeof renderTemplate>[0]) =>
    renderTemplate(template, messageVars(factsOf(d), calendar.timeZone, d.full_name))
  await db.transaction(async (tx) => {
    const owed = await q.lockOwedNotices(tx, reminderId)
    if (owed.length === 0) return
    // Notices no longer due since the press (`Delivery.due`: the test cancelled or begun, its vacancy
    // deleted, the applicant out of the selection or the account deactivated) are settled without being sent.
    const due = owed.filter((d) => d.due)
    const { 'test.reminder': template } = await loadTemplates(tx, ['test.reminder'])
    await notify(
      tx,
      due
        .filter((d) => d.user_id !== null)
        .map((d) => ({
          userId: d.user_id as number,
          kind: 'test.reminder',
          ...reminderText(d, template),
          data: { applicationId: d.application_id, testScheduleId: d.schedule_id },
        })),
    )
    await q.markNotified(
      tx,
      owed.map((d) => d.id),
    )
    if (due.length > 0)
      await q.markParticipantsReminded(
        tx,
        due.map((d) => d.participant_id),
      )
  })
  const result = { failures: [] as string[], gaveUp: 0 }
  if (!mailer) return result

  // What failed in this run (one due again at once waits for the next run); sent or dropped ones are not claimed
  // again.
  const failed: number[] = []
  let template: Parameters<typeof renderTemplate>[0] | undefined
  for (;;) {
    const id = await q.claimEmail(db, reminderId, {
      maxAttempts: MAX_EMAIL_ATTEMPTS,
      claimSeconds: CLAIM_SECONDS,
      tried: failed,
    })
    if (id === null) break
    template ??= (await loadTemplates(db, ['test.reminder']))['test.reminder']
    const [d] = await q.deliveriesByIds(db, [id])
    const email = d.email as string
    if (!d.due) {
      await q.dropEmail(db, d.id, NOT_DUE, MAX_EMAIL_ATTEMPTS)
      continue
    }
    try {
      await mailer.send({
        to: email,
        ...emailText('test.reminder', reminderText(d, template), d.full_name),
        // The same invitation (UID, SEQUENCE) as the scheduling e-mail: a calendar keeps one event.
        calendar: invitationOf(
          factsOf(d),
          d.application_id,
          { name: d.full_name ?? email, email },
          'REQUEST',
          calendar,
        ),
      })
      await q.markEmailSent(db, d.id)
    } catch (err) {
      const message = (err as Error).message.slice(0, 500)
      failed.push(d.id)
      result.failures.push(message)
      await q.releaseEmail(db, d.id, message, retryDelaySeconds(d.attempts, retrySeconds))
      if (d.attempts >= MAX_EMAIL_ATTEMPTS) result.gaveUp++
    }
  }
  return result
}

/**
 * Presses whose delivery is still owed a minute after the press (a job lost in a crash between commit
 * and queueing, an e-mail whose retries ran out of job attempts): queued again. Harmless when the
 * job is in fact still queued, because delivery only does what is owed.
 */
export async function sweepReminders(db: Db, jobs: Jobs, emailOn: boolean) {
  const owed = await q.owedReminderIds(db, emailOn, MAX_EMAIL_ATTEMPTS)
  for (const reminderId of owed) await jobs.send(DELIVER_REMINDER, { reminderId })
  return owed.length
}
