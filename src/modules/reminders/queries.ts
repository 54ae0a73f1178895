import { type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { learnerEmail } from '../../db/learner-email.js'
import type { TestKind } from '../../db/schema/index.js'

/** The SQL of reminders: a press writes an outbox (`reminder_deliveries`); delivery works through it. */

type Rows<T> = { rows: T[] }
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows
const list = (ids: readonly number[]): SQL => sql.join([...ids], sql`, `)

// ---------------------------------------------------------------- a press

/** The company's schedule, locked for the press, and whether it is still ahead. */
export async function lockCompanySchedule(conn: Conn, companyId: number, scheduleId: number) {
  const [schedule] = rowsOf<{ status: string; upcoming: boolean; job_vacancy_id: number }>(
    await conn.execute(sql`
      select status, scheduled_at > now() as upcoming, job_vacancy_id from test_schedules
      where id = ${scheduleId} and company_id = ${companyId}
      for update`),
  )
  if (!schedule) return undefined
  // Read once the lock is held (a statement that waited for it re-reads only the locked row).
  const [vacancy] = rowsOf<{ deleted: boolean }>(
    await conn.execute(
      sql`select deleted_at is not null as deleted from job_vacancies where id = ${schedule.job_vacancy_id}`,
    ),
  )
  return { ...schedule, vacancyDeleted: vacancy?.deleted ?? true }
}

/** The participant of the schedule, with their application's status; undefined when not one of it. */
export async function participantOf(conn: Conn, scheduleId: number, participantId: number) {
  const [p] = rowsOf<{ id: number; application_status: string }>(
    await conn.execute(
      sql`select p.id, a.status as application_status
          from test_participants p join applications a on a.id = p.application_id
          where p.id = ${participantId} and p.test_schedule_id = ${scheduleId}`,
    ),
  )
  return p
}

/** The press itself; answers its id. */
export async function insertReminder(conn: Conn, scheduleId: number, requestedBy: number) {
  const [reminder] = rowsOf<{ id: number }>(
    await conn.execute(
      sql`insert into reminders (test_schedule_id, requested_by) values (${scheduleId}, ${requestedBy}) returning id`,
    ),
  )
  return reminder.id
}

/**
 * Writes a press's deliveries: one per participant still in the selection with an active account (or the one
 * asked for), except those a press made less than `againAfterSeconds` ago already reminds. Answers how many
 * were queued and how many were left out for that reason.
 */
export async function insertDeliveries(
  conn: Conn,
  reminderId: number,
  scheduleId: number,
  participantId: number | null,
  withEmail: boolean,
  againAfterSeconds: number,
) {
  const [counts] = rowsOf<{ queued: number; recent: number }>(
    await conn.execute(sql`
      with eligible as (
        select p.id, u.id as user_id, ${learnerEmail(sql`st.email`, sql`u.email`)} as email,
               exists (select 1 from reminder_deliveries d join reminders r on r.id = d.reminder_id
                       where d.participant_id = p.id
                         and r.created_at > now() - make_interval(secs => ${againAfterSeconds})) as recent
        from test_participants p
        join applications a on a.id = p.application_id and a.status = 'in_progress'
        join students st on st.id = a.student_id
        join users u on u.id = st.user_id and u.is_active
        where p.test_schedule_id = ${scheduleId}
          and (${participantId}::int is null or p.id = ${participantId}::int)),
      queued as (
        insert into reminder_deliveries (reminder_id, participant_id, user_id, email)
        select ${reminderId}, id, user_id, case when ${withEmail} then email end
        from eligible where not recent
        returning 1)
      select (select count(*) from queued)::int as queued,
             (select count(*) from eligible where recent)::int as recent`),
  )
  return counts as { queued: number; recent: number }
}

// ---------------------------------------------------------------- delivering

/** A delivery with what its notice and e-mail say. */
export interface Delivery {
  id: number
  participant_id: number
  user_id: number | null
  email: string | null
  application_id: number
  schedule_id: number
  name: string
  kind: TestKind
  scheduled_at: string | Date
  duration_minutes: number | null
  location: string
  description: string | null
  sequence: number
  calendar_host: string | null
  vacancy_title: string
  company_name: string
  full_name: string | null
  /** Tries so far, this one included (the claim counted it). */
  attempts: number
  /**
   * Still worth telling: the test is neither cancelled nor begun, its vacancy not deleted, the applicant
   * still in the selection and their account active (a press leaves inactive ones out). A delivery owed
   * from a press made before that changed (a retry, a lost job) is dropped.
   */
  due: boolean
}

const deliveryDetails = sql`
  select d.id, d.participant_id, d.user_id,
         -- Her address now (learnerEmail): one corrected since the press is written to, not the old one.
         case when d.email is not null then coalesce(${learnerEmail(sql`st.email`, sql`u.email`)}, d.email) end as email, d.attempts, p.application_id, s.id as schedule_id, s.name,
         s.kind, s.scheduled_at, s.duration_minutes, s.location, s.description, s.sequence, s.calendar_host,
         v.title as vacancy_title, c.name as company_name,
         u.full_name,
         (s.status <> 'cancelled' and s.scheduled_at > now() and a.status = 'in_progress'
          and coalesce(u.is_active, false) and v.deleted_at is null) as due
  from reminder_deliveries d
  join test_participants p on p.id = d.participant_id
  join applications a on a.id = p.application_id
  join students st on st.id = a.student_id
  join test_schedules s on s.id = p.test_schedule_id
  join job_vacancies v on v.id = s.job_vacancy_id
  join companies c on c.id = s.company_id
  left join users u on u.id = d.user_id`

/** The press's deliveries whose in-app notice is still owed, locked (another worker skips them). */
export async function lockOwedNotices(conn: Conn, reminderId: number) {
  return rowsOf<Delivery>(
    await conn.execute(sql`${deliveryDetails}
        where d.reminder_id = ${reminderId} and d.notified_at is null
        order by d.id
        for update of d skip locked`),
  )
}

export async function markNotified(conn: Conn, deliveryIds: readonly number[]) {
  await conn.execute(sql`update reminder_deliveries set notified_at = now()
      where id in (${list(deliveryIds)})`)
}

export async function markParticipantsReminded(conn: Conn, participantIds: readonly number[]) {
  await conn.execute(sql`update test_participants set last_reminded_at = now()
      where id in (${list(participantIds)})`)
}

/**
 * Claims, for `claimSeconds` (longer than a send can take: `CLAIM_SECONDS`, src/jobs/outbox.ts), the next of the
 * press's e-mails not yet sent, not given up (fewer than `maxAttempts` tries) and not in `tried`, counting this
 * try; answers its id, or null when none is left. One at a time, right before its send, as the outbox does.
 */
export async function claimEmail(
  conn: Conn,
  reminderId: number,
  {
    maxAttempts,
    claimSeconds,
    tried,
  }: { maxAttempts: number; claimSeconds: number; tried: readonly number[] },
) {
  const [row] = rowsOf<{ id: number }>(
    await conn.execute(sql`
      update reminder_deliveries
      set email_claimed_until = now() + make_interval(secs => ${claimSeconds}), attempts = attempts + 1
      where id = (
        select id from reminder_deliveries
        where reminder_id = ${reminderId} and email is not null and email_sent_at is null
          and attempts < ${maxAttempts}
          and (email_claimed_until is null or email_claimed_until < now())
          ${tried.length > 0 ? sql`and id not in (${list(tried)})` : sql``}
        order by id
        limit 1
        for update skip locked)
      returning id`),
  )
  return row?.id ?? null
}

export async function deliveriesByIds(conn: Conn, ids: readonly number[]) {
  return rowsOf<Delivery>(
    await conn.execute(sql`${deliveryDetails} where d.id in (${list(ids)}) order by d.id`),
  )
}

export async function markEmailSent(conn: Conn, id: number) {
  await conn.execute(sql`update reminder_deliveries
        set email_sent_at = now(), email_claimed_until = null, last_error = null where id = ${id}`)
}

/** An e-mail no longer worth sending (`Delivery.due`): given up, with the reason. */
export async function dropEmail(conn: Conn, id: number, reason: string, maxAttempts: number) {
  await conn.execute(sql`update reminder_deliveries
        set email_claimed_until = null, attempts = ${maxAttempts}, last_error = ${reason} where id = ${id}`)
}

/** A failed send: the error kept, and the e-mail held back for `waitSeconds` (not due before then). */
export async function releaseEmail(conn: Conn, id: number, error: string, waitSeconds: number) {
  await conn.execute(sql`update reminder_deliveries
        set email_claimed_until = now() + make_interval(secs => ${waitSeconds}), last_error = ${error}
        where id = ${id}`)
}

/**
 * Presses (at most 100) still owing something a minute after they were made: a notice, or (with e-mail
 * on) an e-mail neither sent, given up nor claimed.
 */
export async function owedReminderIds(conn: Conn, emailOn: boolean, maxAttempts: number) {
  return rowsOf<{ reminder_id: number }>(
    await conn.execute(sql`
      select distinct reminder_id from reminder_deliveries
      where created_at < now() - interval '1 minute'
        and (notified_at is null
          or (${emailOn} and email is not null and email_sent_at is null
              and attempts < ${maxAttempts}
              and (email_claimed_until is null or email_claimed_until < now())))
      limit 100`),
  ).map((r) => r.reminder_id)
}

// ---------------------------------------------------------------- the front page's figures

/**
 * The reminder e-mails owed, as counts (`outboxBacklog`, src/jobs/outbox.ts, says what each means): `waiting`, to
 * be tried; `failing`, those whose last try failed; `failed`, given up after their last try (not those dropped as no
 * longer due, `notDue`) in the last `days` days.
 */
export async function reminderEmailBacklog(conn: Conn, maxAttempts: number, notDue: string, days: number) {
  const [row] = rowsOf<{ waiting: number; failing: number; failed: number }>(
    await conn.execute(sql`
      select count(*) filter (where attempts < ${maxAttempts})::int as waiting,
             count(*) filter (where attempts < ${maxAttempts} and last_error is not null)::int as failing,
             count(*) filter (where attempts >= ${maxAttempts} and last_error is distinct from ${notDue}
               and created_at > now() - make_interval(days => ${days}))::int as failed
      from reminder_deliveries
      where email is not null and email_sent_at is null`),
  )
  return row
}
