import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Conn, Db } from '../db/client.js'
import { learnerEmail } from '../db/learner-email.js'
import { emailOutbox, students, users } from '../db/schema/index.js'
import type { Mailer } from './mailer.js'
import type { Jobs } from './queue.js'

export interface OutgoingEmail {
  to: string
  /** The account it is written to; none for an address that is nobody's account (a sign-up's contact). */
  userId?: number | null
  subject: string
  text: string
  /** An iCalendar invitation to attach (`text/calendar; method=…`), of the event `uid`. */
  calendar?: { ics: string; method: 'REQUEST' | 'CANCEL'; uid: string }
  /**
   * One of the many e-mails a single action writes (a test's participants): sent after every e-mail that is not
   * (`EMAIL_PRIORITY`). Left out, an e-mail goes first: someone may be waiting for it.
   */
  bulk?: boolean
  /**
   * A change that may well be followed by another (HR correcting a test's hour or room, a participant removed and
   * added back): not sent before the outbox's hold (`CHANGE_HOLD_SECONDS`) is over, so that a later e-mail of the
   * same event queued meanwhile replaces it (see `queue`). Needs `calendar`.
   */
  hold?: boolean
  /**
   * When what it carries stops working (a password link): not sent after that, given up (`EXPIRED`). A mail
   * server down for an hour otherwise delivered a reset link that said "tautan tidak berlaku" when followed.
   */
  expiresAt?: Date
}

/**
 * The order the outbox sends in (`email_outbox.priority`), lower first, then oldest first. An e-mail someone waits
 * for (a password link, of any purpose; a sign-up's confirmation link; the approved sign-up's setup link) is sent
 * before the e-mails of a bulk action queued before it: one test for 500 applicants queues 500 invitations, 10 to
 * 15 minutes through a provider. Bulk is what the sender says: the few senders that write to many are known, and
 * one that forgets goes first, as every e-mail did before; a link that waited behind them was the harm.
 */
export const EMAIL_PRIORITY = { first: 0, bulk: 1 } as const

/**
 * How long a held change (`hold`) waits before it is sent, at most: 5 minutes. A later e-mail of the same event
 * queued meanwhile replaces it and keeps its time, so a burst of saves sends the participant one e-mail of the
 * final state, at most 5 minutes after the first of them, and a test's changes reach a participant at most once
 * every 5 minutes. The in-app notice is written at once.
 */
export const CHANGE_HOLD_SECONDS = 300

/** An e-mail (the outbox's, a reminder's) is tried at most this many times. */
export const MAX_EMAIL_ATTEMPTS = 6

/**
 * How long an e-mail waits after its `attempts`-th failed try: `base`, then 4 times longer each time. With
 * the default minute: 1, 4, 16, 64 and 256 minutes, so the last of the six tries comes about 5 hours 40
 * minutes after the first, and an SMTP server down for a few hours loses nothing.
 */
export const retryDelaySeconds = (attempts: number, base: number) => base * 4 ** Math.max(0, attempts - 1)

/** The default of `base` above; the tests set 0 (a failed e-mail is due again at once). */
export const EMAIL_RETRY_SECONDS = 60
export const DELIVER_EMAILS = 'email.deliver'
/**
 * An e-mail's body is kept only while it may still be sent: once sent or superseded, the row keeps who, what
 * subject and when. The text may hold a password link that still works for days (a new account's setup link,
 * 7), and whoever reads the table or a backup of it could use it; the invitation names a minor's test. One
 * given up keeps its body, so that staff can send it again once the SMTP server is back (docs/operations.md).
 */
const BODY_GONE = { text: '', calendar: null }

/** Why an e-mail was not sent: the account it was written to was deleted. */
export const ACCOUNT_DELETED = 'not sent: the account was deleted'
/** Why an e-mail was not sent: the account's address was changed (corrected) before it went. */
export const ADDRESS_CHANGED = "not sent: the account's e-mail address was changed"
/** Why an e-mail was not sent: the account was deactivated before it went (a learner who left, a staff member gone). */
export const ACCOUNT_DEACTIVATED = 'not sent: the account was deactivated'

/**
 * Gives up the e-mails still owed to an account being deleted, deactivated, or whose address is being changed
 * (`why`), in that change's transaction: a password link, a test invitation (a minor's test, company, time and place),
 * sent once the SMTP server is back to an address the school no longer holds an account for, maybe a
 * stranger's (a typo corrected). Their bodies go too (`BODY_GONE`). E-mails written to the same address for
 * someone else (a company sign-up naming it as its contact) are not the account's, and go.
 */
export async function giveUpEmailsTo(
  tx: Conn,
  userId: number,
  why: typeof ACCOUNT_DELETED | typeof ACCOUNT_DEACTIVATED | typeof ADDRESS_CHANGED = ACCOUNT_DELETED,
) {
  await tx
    .update(emailOutbox)
    .set({ attempts: MAX_EMAIL_ATTEMPTS, claimedUntil: null, lastError: why, ...BODY_GONE })
    .where(and(isNull(emailOutbox.sentAt), eq(emailOutbox.userId, userId)))
}

/** Why an e-mail was not sent: the learner changed her contact e-mail, the address it was written to, before it went. */
export const CONTACT_CHANGED = 'not sent: the learner changed her contact e-mail'

/**
 * Gives up a learner's unsent e-mails written to an address that is no longer hers, neither her login nor the
 * address her e-mails go to now (`learnerEmail`), in the transaction that changed her contact e-mail: a test change
 * held in the outbox, or one retried while the SMTP server is down, would still reach the old address, maybe a
 * stranger's (the typo she corrected). Her login's e-mails (password links) stay.
 */
export async function giveUpEmailsToFormerContact(tx: Conn, userId: number) {
  await tx
    .update(emailOutbox)
    .set({ attempts: MAX_EMAIL_ATTEMPTS, claimedUntil: null, lastError: CONTACT_CHANGED, ...BODY_GONE })
    .where(
      and(
        isNull(emailOutbox.sentAt),
        eq(emailOutbox.userId, userId),
        sql`not exists (select 1 from ${users} left join ${students} on ${students.userId} = ${users.id}
          where ${users.id} = ${userId} and lower(${emailOutbox.to}) in (lower(${users.email}), lower(${learnerEmail()})))`,
      ),
    )
}

/** How far back the front page counts e-mails given up after their last try (`outboxBacklog`, the reminders' too). */
export const FAILED_EMAIL_DAYS = 7

/**
 * What the outbox owes, as counts for the career center's front page (no address, subject or text): `waiting`, the
 * unsent e-mails still to be tried (held, due, or waiting after a failed try); `failing`, those of them whose last try
 * failed; `failed`, those given up after their last allowed try (a failure: one given up by a rule, superseded,
 * expired or no longer the account's, has no body) created in the last `FAILED_EMAIL_DAYS` days. Staff see a broken
 * mail setup there, not only the operator in the log (docs/operations.md has the SQL to send them again).
 */
export async function outboxBacklog(conn: Conn) {
  const unsent = sql`${emailOutbox.sentAt} is null and ${emailOutbox.text} <> ''`
  const waiting = sql`${unsent} and ${emailOutbox.attempts} < ${MAX_EMAIL_ATTEMPTS}`
  const [row] = await conn
    .select({
      waiting: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
      failing:
        sql<number>`count(*) filter (where ${waiting} and ${emailOutbox.lastError} is not null)`.mapWith(
          Number,
        ),
      failed:
        sql<number>`count(*) filter (where ${unsent} and ${emailOutbox.attempts} >= ${MAX_EMAIL_ATTEMPTS}
        and ${emailOutbox.createdAt} > now() - make_interval(days => ${FAILED_EMAIL_DAYS}))`.mapWith(Number),
    })
    .from(emailOutbox)
    .where(isNull(emailOutbox.sentAt))
  return row
}

/** Why an invitation was not sent: a later e-mail of the same event replaced it. */
export const SUPERSEDED = 'not sent: a later e-mail of the same test replaced it'
/** `last_error` of an e-mail whose link stopped working before it could be sent (`OutgoingEmail.expiresAt`). */
export const EXPIRED = 'not sent: what it carries expired before it could be sent'

/**
 * The account's unsent e-mails whose link has just stopped working (its password links voided: a newer one sent,
 * the password changed): given up as expired by the next delivery, rather than sent to say "tautan tidak valid".
 */
export async function expireLinkEmailsTo(tx: Conn, userId: number) {
  await tx
    .update(emailOutbox)
    .set({ expiresAt: sql`least(${emailOutbox.expiresAt}, now())` })
    .where(and(isNull(emailOutbox.sentAt), eq(emailOutbox.userId, userId), isNotNull(emailOutbox.expiresAt)))
}

/**
 * The e-mail side of the service: `queue` writes e-mails into the outbox inside the caller's
 * transaction (nothing when SMTP is not configured: `enabled` is false, and the caller shows the
 * in-app notice or the link instead); the worker sends them after the commit.
 */
export interface Outbox {
  enabled: boolean
  queue(tx: Conn, mail: OutgoingEmail | OutgoingEmail[]): Promise<void>
  /** After the commit: asks the worker to send now rather than at its next sweep (a few seconds). */
  kick(): void
}

export function createOutbox(
  enabled: boolean,
  jobs: Jobs,
  log: FastifyBaseLogger,
  { holdSeconds = CHANGE_HOLD_SECONDS }: { holdSeconds?: number } = {},
): Outbox {
  return {
    enabled,
    kick() {
      if (!enabled) return
      jobs
        .send(DELIVER_EMAILS, {})
        .catch((err) => log.warn({ err }, 'could not queue e-mail delivery; the sweep will'))
    },
    async queue(tx, mail) {
      if (!enabled) return
      const rows = [mail].flat()
      if (rows.length === 0) return
      // An invitation still unsent is out of date once a later one of its event is queued: sent after a
      // cancellation (its retry due later), it would put the cancelled test back in the calendar.
      const events = rows.flatMap((m) => (m.calendar ? [m.calendar.uid] : []))
      // A held change replaced keeps its time (one never tried, held or due now): the burst goes once, by then.
      const dueBy = new Map<string, Date>()
      if (events.length > 0 && holdSeconds > 0 && rows.some((m) => m.hold)) {
        const waiting = await tx
          .select({
            uid: sql<string>`${emailOutbox.calendarUid}`,
            due: sql<Date>`min(coalesce(${emailOutbox.claimedUntil}, now()))`.mapWith(emailOutbox.createdAt),
          })
          .from(emailOutbox)
          .where(
            and(
              isNull(emailOutbox.sentAt),
              eq(emailOutbox.attempts, 0),
              ne(emailOutbox.text, ''),
              inArray(emailOutbox.calendarUid, events),
            ),
          )
          .groupBy(emailOutbox.calendarUid)
        for (const w of waiting) dueBy.set(w.uid, w.due)
      }
      if (events.length > 0)
        await tx
          .update(emailOutbox)
          .set({ attempts: MAX_EMAIL_ATTEMPTS, claimedUntil: null, lastError: SUPERSEDED, ...BODY_GONE })
          .where(and(isNull(emailOutbox.sentAt), inArray(emailOutbox.calendarUid, events)))
      const heldUntil = (m: OutgoingEmail) => {
        if (!m.hold || !m.calendar || holdSeconds <= 0) return null
        const until = sql`now() + make_interval(secs => ${holdSeconds})`
        const earlier = dueBy.get(m.calendar.uid)
        return earlier ? sql`least(${earlier.toISOString()}::timestamptz, ${until})` : until
      }
      await tx.insert(emailOutbox).values(
        rows.map((m) => ({
          to: m.to,
          userId: m.userId ?? null,
          subject: m.subject,
          text: m.text,
          calendar: m.calendar?.ics ?? null,
          calendarMethod: m.calendar?.method ?? null,
          calendarUid: m.calendar?.uid ?? null,
          priority: m.bulk ? EMAIL_PRIORITY.bulk : EMAIL_PRIORITY.first,
          claimedUntil: heldUntil(m),
          expiresAt: m.expiresAt ?? null,
        })),
      )
    },
  }
}

/**
 * How long an e-mail is claimed by the run that sends it: longer than one send can take (the mailer's
 * `SEND_TIMEOUTS`, src/jobs/mailer.ts, a few minutes at worst), so no other run (the next sweep, another
 * instance) takes it while it is being sent. A run that died with its claim leaves the e-mail to be sent again
 * once the claim is over.
 */
export const CLAIM_SECONDS = 600

/**
 * Sends what the outbox owes, by priority (`EMAIL_PRIORITY`: a link someone waits for before a bulk action's
 * e-mails queued earlier), then oldest first, one e-mail at a time: it is claimed (`CLAIM_SECONDS`), its try
 * counted, sent, then marked sent; a failure keeps the error and holds the e-mail back for `retryDelaySeconds`
 * (not due before then: no sweep or kick tries it sooner). Claimed one by one, right before its send: an e-mail
 * waiting behind a slow one is free for another run to send, and its tries count only the times it was handed
 * to the SMTP server. Run by the worker every few seconds and after a change queues e-mails; safe to run in
 * several instances at once. Answers how many were sent, and how many failed their last allowed try (given up:
 * `last_error` says why).
 */
/** Gives up the unsent e-mails whose link has stopped working (`EXPIRED`); how many. */
async function giveUpExpired(db: Db) {
  const gone = await db
    .update(emailOutbox)
    .set({ attempts: MAX_EMAIL_ATTEMPTS, claimedUntil: null, lastError: EXPIRED, ...BODY_GONE })
    .where(
      and(
        isNull(emailOutbox.sentAt),
        ne(emailOutbox.text, ''),
        lte(emailOutbox.expiresAt, sql`now()`),
        or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .returning({ id: emailOutbox.id })
  return gone.length
}

export async function deliverOutbox(
  db: Db,
  mailer: Mailer,
  { retrySeconds = EMAIL_RETRY_SECONDS }: { retrySeconds?: number } = {},
): Promise<{ sent: number; gaveUp: number; expired: number }> {
  let sent = 0
  let gaveUp = 0
  // What failed in this run: one due again at once (no wait, as in the tests) waits for the next run. A sent
  // e-mail is not claimed again, so the list stays as short as the run's failures.
  const failed: number[] = []
  const expired = await giveUpExpired(db)
  for (;;) {
    const [m] = await db
      .update(emailOutbox)
      .set({
        claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
        attempts: sql`${emailOutbox.attempts} + 1`,
      })
      .where(
        sql`${emailOutbox.id} in (${db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(
            and(
              isNull(emailOutbox.sentAt),
              lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS),
              ne(emailOutbox.text, ''),
              or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
              or(isNull(emailOutbox.expiresAt), gt(emailOutbox.expiresAt, sql`now()`)),
              failed.length > 0 ? notInArray(emailOutbox.id, failed) : undefined,
            ),
          )
          .orderBy(asc(emailOutbox.priority), asc(emailOutbox.createdAt), asc(emailOutbox.id))
          .limit(1)
          .for('update', { skipLocked: true })})`,
      )
      .returning()
    if (!m) return { sent, gaveUp, expired }
    try {
      await mailer.send({
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.calendar ? { calendar: { ics: m.calendar, method: m.calendarMethod ?? 'REQUEST' } } : {}),
      })
      await db
        .update(emailOutbox)
        .set({ sentAt: sql`now()`, lastError: null, ...BODY_GONE })
        .where(eq(emailOutbox.id, m.id))
      sent++
    } catch (err) {
      failed.push(m.id)
      const wait = retryDelaySeconds(m.attempts, retrySeconds)
      await db
        .update(emailOutbox)
        .set({
          claimedUntil: sql`now() + make_interval(secs => ${wait})`,
          lastError: (err as Error).message.slice(0, 500),
        })
        .where(eq(emailOutbox.id, m.id))
      if (m.attempts >= MAX_EMAIL_ATTEMPTS) gaveUp++
    }
  }
}
