import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, reminderDeliveries } from '../../src/db/schema/index.js'
import { createMailer, type Mailer } from '../../src/jobs/mailer.js'
import { deliverOutbox } from '../../src/jobs/outbox.js'
import { deliverReminder } from '../../src/modules/reminders/service.js'
import { calendarSettings } from '../../src/modules/schedules/service.js'
import { call, useTestApp } from '../support/app.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { eventually, icsOf, icsProp, useSmtp } from '../support/smtp.js'

const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
// A failed reminder e-mail is held back an hour before it is tried again (production: 1, 4, 16... minutes).
const t = useTestApp(env, { emailRetrySeconds: 3600 })

/** The value of an iCalendar property of the event (lines unfolded). */

/**
 * One participant's test two days ahead; HR presses "remind" while the SMTP server is briefly unavailable,
 * so the reminder's e-mail waits for its retry (an hour: see `t` above).
 */
async function aReminderWaitingForItsRetry(companyName: string, name?: string) {
  const { company, hrd, vacancy } = await anHrdWithVacancy(t, { companyName })
  const [ani] = await candidates(t, vacancy.id, 1)
  const { schedule } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [ani.application.id],
    scheduledAt: hoursFromNow(48),
    name,
  })
  smtp.state.failNext = 1
  const press = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: hrd })
  expect(press.body.data).toEqual({ queued: 1, alreadyReminded: 0 })
  const [delivery] = await eventually(async () => {
    const rows = await t.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, ani.learner.id as number))
    return rows[0]?.lastError ? rows : null
  }, 20_000)
  expect(delivery.emailSentAt).toBeNull()
  return { hrd, schedule, learner: ani.learner, email: ani.learner.email as string, delivery }
}

/** The reminder's retry comes due (an hour later) and the worker delivers what is owed. */
async function retryNow(delivery: { id: number; reminderId: number }) {
  await t.db
    .update(reminderDeliveries)
    .set({ emailClaimedUntil: sql`now() - interval '1 second'` })
    .where(eq(reminderDeliveries.id, delivery.id))
  await deliverReminder(t.db, createMailer(t.config.smtp), delivery.reminderId, calendarSettings(t.config))
}

describe('a reminder owed when the test is cancelled', () => {
  it('is not delivered after the cancellation: no e-mail with METHOD:REQUEST puts the cancelled test back in the calendar', async () => {
    // HR presses "remind"; the SMTP server is briefly unavailable, so the e-mail waits for its retry.
    const { hrd, schedule, email, delivery } = await aReminderWaitingForItsRetry(
      'PT Pengingat',
      'Psikotes Gelombang 1',
    )

    // Meanwhile HR cancels the test: the participant gets the cancellation (METHOD:CANCEL).
    const cancel = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/cancel`, {
      as: hrd,
      body: { reason: 'Ruang tes direnovasi' },
    })
    expect(cancel.status).toBe(200)
    await eventually(async () => smtp.received.some((m) => m.to[0] === email && /dibatalkan/.test(m.subject)))

    // The reminder's retry comes due (an hour later) and is delivered.
    await retryNow(delivery).catch(() => undefined)
    await new Promise((r) => setTimeout(r, 1000))

    const reminders = smtp.received.filter((m) => m.to[0] === email && /Pengingat/.test(m.subject))
    const sent = reminders.map((m) => {
      const ics = icsOf(m)
      return {
        subject: m.subject,
        method: icsProp(ics, 'METHOD'),
        status: icsProp(ics, 'STATUS'),
        sequence: icsProp(ics, 'SEQUENCE'),
      }
    })
    // Before the fix: one reminder "Jangan lupa, Anda mengikuti …" with METHOD:REQUEST, STATUS:CONFIRMED and the same
    // SEQUENCE as the cancellation, so a calendar takes it as the latest revision and shows the test again.
    expect(sent).toEqual([])
  }, 40_000)

  it('is not e-mailed to an account deactivated since the press, as a press leaves inactive accounts out', async () => {
    const { learner, email, delivery } = await aReminderWaitingForItsRetry('PT Akun Nonaktif')
    // Staff deactivate the account (the learner left school); then the retry comes due.
    await t.db.execute(sql`update users set is_active = false where id = ${learner.id}`)
    await retryNow(delivery)

    expect(smtp.received.filter((m) => m.to[0] === email && /Pengingat/.test(m.subject))).toEqual([])
    const [after] = await t.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.id, delivery.id))
    expect(after.emailSentAt).toBeNull()
    expect(after.lastError).toMatch(/not sent/)
  }, 40_000)

  it('an invitation still waiting for its retry is not sent after the cancellation that supersedes it', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Undangan' })
    const [budi] = await candidates(t, vacancy.id, 1)
    const email = budi.learner.email as string

    // The invitation's first try fails (SMTP briefly down): it waits for its retry in the outbox.
    smtp.state.failNext = 1
    const created = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Psikotes Tahap 1',
        kind: 'psikotes',
        scheduled_at: hoursFromNow(72),
        location: 'Aula',
        application_ids: [budi.application.id],
      },
    })
    expect(created.status).toBe(201)
    const [invite] = await eventually(async () => {
      const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))
      return rows[0]?.lastError ? rows : null
    }, 20_000)
    expect(invite.calendarMethod).toBe('REQUEST')

    // HR cancels the test; the cancellation (METHOD:CANCEL, SEQUENCE:1) reaches the learner first.
    await call(t, 'POST', `/api/hrd/test-schedules/${created.body.data.id}/cancel`, {
      as: hrd,
      body: { reason: 'Ditunda' },
    })
    await eventually(async () => smtp.received.some((m) => m.to[0] === email && /dibatalkan/.test(m.subject)))

    // The invitation's retry comes due.
    await t.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, invite.id))
    await deliverOutbox(t.db, createMailer(t.config.smtp) as Mailer, { retrySeconds: 3600 })

    const mails = smtp.received.filter((m) => m.to[0] === email).map((m) => m.subject)
    // Before the fix: ['[BKK] Psikotes dibatalkan: Psikotes Tahap 1', '[BKK] Jadwal Psikotes: Psikotes Tahap 1']: the
    // stale METHOD:REQUEST arrives after the cancellation, and a calendar that never held the event adds
    // the cancelled test.
    expect(mails).toEqual(['[BKK] Psikotes dibatalkan: Psikotes Tahap 1'])
    // Neither row keeps its body: the cancellation was sent, the invitation superseded.
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))
    expect(rows.map((r) => [r.calendarMethod, r.text, r.calendar])).toEqual([
      ['REQUEST', '', null],
      ['CANCEL', '', null],
    ])
  }, 40_000)
})
