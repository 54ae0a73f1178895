import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, reminderDeliveries } from '../../src/db/schema/index.js'
import { createMailer } from '../../src/jobs/mailer.js'
import { deliverOutbox, MAX_EMAIL_ATTEMPTS, retryDelaySeconds } from '../../src/jobs/outbox.js'
import { sweepReminders } from '../../src/modules/reminders/service.js'
import { call, useTestApp } from '../support/app.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { eventually, useSmtp } from '../support/smtp.js'

const env: Record<string, string> = { SMTP_FROM: 'BKK SMK <bkk@smk.test>' }
const smtp = useSmtp(env)
// The production schedule: a failed e-mail waits a minute before its second try.
const t = useTestApp(env, { emailRetrySeconds: 60 })

const outboxRows = (ids: number[]) => t.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids))

/** E-mails written into the outbox as a change does, then the worker asked to send them. */
async function queueEmails(n: number, values: Partial<typeof emailOutbox.$inferInsert> = {}) {
  const rows = await t.db
    .insert(emailOutbox)
    .values(
      Array.from({ length: n }, (_, i) => ({
        to: `calon${i}@siswa.test`,
        subject: `Undangan ${i}`,
        text: 'Yth. Calon Peserta',
        ...values,
      })),
    )
    .returning({ id: emailOutbox.id })
  t.app.outbox.kick()
  return rows.map((r) => r.id)
}

/** Seconds from the database's now to `at`. */
const secondsUntil = async (at: Date | null) => {
  const [{ now }] = await t.db.select({ now: sql<string>`now()` }).from(sql`(select 1) as one`)
  return ((at as Date).getTime() - new Date(now).getTime()) / 1000
}

describe('e-mails the SMTP server refuses', () => {
  it('wait a minute, then 4, 16, 64 and 256: six tries over about 5 hours 40 minutes', () => {
    const waits = [1, 2, 3, 4, 5].map((n) => retryDelaySeconds(n, 60))
    expect(waits).toEqual([60, 240, 960, 3_840, 15_360])
    expect(MAX_EMAIL_ATTEMPTS).toBe(6)
    expect(waits.reduce((a, b) => a + b) / 3600).toBeCloseTo(5.68, 2)
  })

  it('are tried once each and held back, even when more are owed than a batch; sent once their wait is over', async () => {
    const before = smtp.received.length
    smtp.state.failNext = 25
    const ids = await queueEmails(25)
    const failed = await eventually(async () => {
      const rows = await outboxRows(ids)
      return rows.every((r) => r.lastError || r.sentAt) ? rows : null
    })
    // Another sweep or kick during the wait tries none of them again.
    const again = await deliverOutbox(t.db, createMailer(t.config.smtp)!, { retrySeconds: 60 })
    expect(again).toEqual({ sent: 0, gaveUp: 0, expired: 0 })
    for (const row of await outboxRows(ids)) {
      expect(row.attempts).toBe(1)
      expect(row.sentAt).toBeNull()
      expect(row.lastError).toContain('Mailbox sibuk')
      expect(row.text).toBe('Yth. Calon Peserta') // still owed: its body kept for the next try
      const wait = await secondsUntil(row.claimedUntil)
      expect(wait).toBeGreaterThan(45)
      expect(wait).toBeLessThanOrEqual(60)
    }
    expect(failed).toHaveLength(25)
    expect(smtp.received.length).toBe(before)

    // The minute is over: the next sweep sends them all, on their second try.
    await t.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(inArray(emailOutbox.id, ids))
    t.app.outbox.kick()
    const sent = await eventually(async () => {
      const rows = await outboxRows(ids)
      return rows.every((r) => r.sentAt) ? rows : null
    })
    expect(sent.map((r) => [r.attempts, r.lastError])).toEqual(ids.map(() => [2, null]))
    // Sent: the row keeps who, what subject and when; not the body (docs/operations.md, "E-mail").
    expect(sent.map((r) => r.text)).toEqual(ids.map(() => ''))
    expect(sent.map((r) => r.subject).sort()).toEqual(ids.map((_, i) => `Undangan ${i}`).sort())
    expect(
      smtp.received
        .slice(before)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(Array.from({ length: 25 }, (_, i) => `calon${i}@siswa.test`).sort())
  })

  it('are given up after the sixth failed try: never sent later, the last error kept', async () => {
    const before = smtp.received.length
    smtp.state.failNext = 1
    const [id] = await queueEmails(1, { attempts: MAX_EMAIL_ATTEMPTS - 1, lastError: 'earlier failure' })
    const [row] = await eventually(async () => {
      const rows = await outboxRows([id])
      return rows[0].attempts === MAX_EMAIL_ATTEMPTS && rows[0].lastError?.includes('Mailbox sibuk')
        ? rows
        : null
    })
    expect(row.sentAt).toBeNull()
    await t.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id))
    expect(await deliverOutbox(t.db, createMailer(t.config.smtp)!, { retrySeconds: 60 })).toEqual({
      sent: 0,
      gaveUp: 0,
      expired: 0,
    })
    const [after] = await outboxRows([id])
    expect(after).toMatchObject({ attempts: MAX_EMAIL_ATTEMPTS, sentAt: null })
    // Kept, so that staff can send it again once the server is back (docs/operations.md).
    expect(after.text).toBe('Yth. Calon Peserta')
    expect(smtp.received.length).toBe(before)
  })

  it("a reminder's e-mail waits too: the queue's quick retry leaves it, the sweep sends it once it is due", async () => {
    const { company, hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Coba Lagi' })
    const [applicant] = await candidates(t, vacancy.id, 1)
    const { schedule } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [applicant.application.id],
      scheduledAt: hoursFromNow(48),
    })
    smtp.state.failNext = 1
    const before = smtp.received.length
    const res = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: hrd })
    expect(res.body.data).toEqual({ queued: 1, alreadyReminded: 0 })
    const userId = applicant.learner.id as number
    const mine = () => t.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, userId))
    const [failed] = await eventually(async () => {
      const rows = await mine()
      return rows[0]?.lastError ? rows : null
    })
    // The job failed and the queue retries it a second later (the tests' setting): nothing is due yet.
    await new Promise((r) => setTimeout(r, 3_000))
    const [held] = await mine()
    expect(held).toMatchObject({ attempts: 1, emailSentAt: null })
    expect(held.lastError).toContain('Mailbox sibuk')
    const wait = await secondsUntil(held.emailClaimedUntil)
    expect(wait).toBeGreaterThan(45)
    expect(wait).toBeLessThanOrEqual(60)
    expect(held.notifiedAt).not.toBeNull()
    expect(smtp.received.length).toBe(before)

    // A minute on, the sweep queues the press again and the e-mail goes out on its second try.
    await t.db
      .update(reminderDeliveries)
      .set({
        emailClaimedUntil: sql`now() - interval '1 second'`,
        createdAt: sql`now() - interval '2 minutes'`,
      })
      .where(eq(reminderDeliveries.id, failed.id))
    expect(await sweepReminders(t.db, t.app.jobs, true)).toBe(1)
    const [sent] = await eventually(async () => {
      const rows = await mine()
      return rows[0]?.emailSentAt ? rows : null
    })
    expect(sent).toMatchObject({ attempts: 2, lastError: null })
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual([applicant.learner.email])
  })
})
