import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import type { TestKind } from '../../db/schema/index.js'
import type { Actor } from '../../http/auth.js'
import { forbidden, notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import type { Mailer } from '../../jobs/mailer.js'
import type { Jobs } from '../../jobs/queue.js'
import { notify } from '../notifications/service.js'
import { KIND_LABELS, whenText } from '../schedules/service.js'

export const DELIVER_REMINDER = 'reminder.deliver'
/** An e-mail is tried at most this many times (each job retry and sweep counts). */
export const MAX_EMAIL_ATTEMPTS = 5

type Rows<T> = { rows: T[] }
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows

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
  const companyId = actor.companyId ?? forbidden()
  const reminderId = await db.transaction(async (tx) => {
    const [schedule] = rowsOf<{ status: string; upcoming: boolean }>(
      await tx.execute(sql`
        select status, scheduled_at > now() as upcoming from test_schedules
        where id = ${scheduleId} and company_id = ${companyId}
        for update`),
    )
    if (!schedule) notFound(msg('Jadwal tes tidak ditemukan.', 'Test schedule not found.'))
    if (schedule.status === 'cancelled')
      unprocessable(
        msg(
          'Jadwal tes ini sudah dibatalkan; pengingat tidak dikirim.',
          'This test was cancelled; no reminder is sent.',
        ),
      )
    if (!schedule.upcoming)
      unprocessable(
        msg(
          'Tes ini sudah berlangsung; pengingat hanya untuk tes yang akan datang.',
          'This test has already taken place; reminders are for upcoming tests only.',
        ),
      )
    if (participantId !== null) {
      const [p] = rowsOf<{ id: number }>(
        await tx.execute(
          sql`select id from test_participants where id = ${participantId} and test_schedule_id = ${scheduleId}`,
        ),
      )
      if (!p) notFound(msg('Peserta tidak ditemukan.', 'Participant not found.'))
    }
    const [reminder] = rowsOf<{ id: number }>(
      await tx.execute(
        sql`insert into reminders (test_schedule_id, requested_by) values (${scheduleId}, ${actor.id}) returning id`,
      ),
    )
    await tx.execute(sql`
      insert into reminder_deliveries (reminder_id, participant_id, user_id, email)
      select ${reminder.id}, p.id, u.id, case when ${withEmail} then u.email end
      from test_participants p
      join applications a on a.id = p.application_id
      join students st on st.id = a.student_id
      join users u on u.id = st.user_id and u.is_active
      where p.test_schedule_id = ${scheduleId}
        and (${participantId}::int is null or p.id = ${participantId}::int)`)
    return reminder.id
  })
  const [{ queued }] = rowsOf<{ queued: number }>(
    await db.execute(
      sql`select count(*)::int as queued from reminder_deliveries where reminder_id = ${reminderId}`,
    ),
  )
  if (queued > 0) {
    await jobs
      .send(DELIVER_REMINDER, { reminderId })
      .catch((err) => log.error({ err, reminderId }, 'could not queue a reminder; the sweep will'))
  }
  return { queued }
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

interface Delivery {
  id: number
  participant_id: number
  user_id: number | null
  email: string | null
  application_id: number
  schedule_id: number
  name: string
  kind: TestKind
  scheduled_at: string | Date
  location: string
  vacancy_title: string
  company_name: string
  full_name: string | null
}

const deliveryDetails = sql`
  select d.id, d.participant_id, d.user_id, d.email, p.application_id, s.id as schedule_id, s.name,
         s.kind, s.scheduled_at, s.location, v.title as vacancy_title, c.name as company_name,
         u.full_name
  from reminder_deliveries d
  join test_participants p on p.id = d.participant_id
  join test_schedules s on s.id = p.test_schedule_id
  join job_vacancies v on v.id = s.job_vacancy_id
  join companies c on c.id = s.company_id
  left join users u on u.id = d.user_id`

const reminderText = (d: Delivery) => {
  const when = whenText(new Date(d.scheduled_at))
  const what = `${KIND_LABELS[d.kind]} "${d.name}"`
  return {
    title: `Pengingat: ${what}`,
    body: `Jangan lupa, Anda mengikuti ${what} untuk lowongan "${d.vacancy_title}" di ${d.company_name} pada ${when} di ${d.location}.`,
  }
}

/**
 * Delivers what a press still owes: the in-app notification of each participant (notification and
 * `notified_at` commit together, so never twice), then, with SMTP on, each e-mail not yet sent. An
 * e-mail is claimed for two minutes before sending and marked sent after; a failure releases the claim
 * and makes the job fail, so the queue retries it with backoff.
 */
export async function deliverReminder(db: Db, mailer: Mailer | null, reminderId: number) {
  await db.transaction(async (tx) => {
    const owed = rowsOf<Delivery>(
      await tx.execute(sql`${deliveryDetails}
        where d.reminder_id = ${reminderId} and d.notified_at is null
        order by d.id
        for update of d skip locked`),
    )
    if (owed.length === 0) return
    await notify(
      tx,
      owed
        .filter((d) => d.user_id !== null)
        .map((d) => ({
          userId: d.user_id as number,
          kind: 'test.reminder',
          ...reminderText(d),
          data: { applicationId: d.application_id, testScheduleId: d.schedule_id },
        })),
    )
    const ids = owed.map((d) => d.id)
    const participants = owed.map((d) => d.participant_id)
    await tx.execute(sql`update reminder_deliveries set notified_at = now()
      where id in (${sql.join(ids, sql`, `)})`)
    await tx.execute(sql`update test_participants set last_reminded_at = now()
      where id in (${sql.join(participants, sql`, `)})`)
  })
  if (!mailer) return

  const claimed = rowsOf<{ id: number }>(
    await db.execute(sql`
      update reminder_deliveries set email_claimed_until = now() + interval '2 minutes', attempts = attempts + 1
      where id in (
        select id from reminder_deliveries
        where reminder_id = ${reminderId} and email is not null and email_sent_at is null
          and attempts < ${MAX_EMAIL_ATTEMPTS}
          and (email_claimed_until is null or email_claimed_until < now())
        for update skip locked)
      returning id`),
  )
  if (claimed.length === 0) return
  const mails = rowsOf<Delivery>(
    await db.execute(
      sql`${deliveryDetails} where d.id in (${sql.join(
        claimed.map((c) => c.id),
        sql`, `,
      )}) order by d.id`,
    ),
  )
  const failures: string[] = []
  for (const d of mails) {
    const text = reminderText(d)
    try {
      await mailer.send({
        to: d.email as string,
        subject: `[BKK] ${text.title}`,
        text: `Yth. ${d.full_name ?? 'peserta'},\n\n${text.body}\n\nMohon hadir tepat waktu dan membawa kartu identitas.\n\nSalam,\nBursa Kerja Khusus`,
      })
      await db.execute(sql`update reminder_deliveries
        set email_sent_at = now(), email_claimed_until = null, last_error = null where id = ${d.id}`)
    } catch (err) {
      const message = (err as Error).message.slice(0, 500)
      failures.push(message)
      await db.execute(sql`update reminder_deliveries
        set email_claimed_until = null, last_error = ${message} where id = ${d.id}`)
    }
  }
  if (failures.length > 0)
    throw new Error(`${failures.length} reminder e-mail(s) failed, retried later: ${failures[0]}`)
}

/**
 * Presses whose delivery is still owed a minute after the press (a job lost in a crash between commit
 * and queueing, an e-mail whose retries ran out of job attempts): queued again. Harmless when the
 * job is in fact still queued, because delivery only does what is owed.
 */
export async function sweepReminders(db: Db, jobs: Jobs, emailOn: boolean) {
  const owed = rowsOf<{ reminder_id: number }>(
    await db.execute(sql`
      select distinct reminder_id from reminder_deliveries
      where created_at < now() - interval '1 minute'
        and (notified_at is null
          or (${emailOn} and email is not null and email_sent_at is null
              and attempts < ${MAX_EMAIL_ATTEMPTS}
              and (email_claimed_until is null or email_claimed_until < now())))
      limit 100`),
  )
  for (const r of owed) await jobs.send(DELIVER_REMINDER, { reminderId: r.reminder_id })
  return owed.length
}
