import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, reminderDeliveries, reminders } from '../../src/db/schema/index.js'
import { CONTACT_CHANGED, MAX_EMAIL_ATTEMPTS } from '../../src/jobs/outbox.js'
import { NOT_DUE } from '../../src/modules/reminders/service.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aSuperadmin } from '../support/builders/accounts.js'
import { aSchedule } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { useSmtp } from '../support/smtp.js'

/**
 * The career center sees on its front page whether e-mail gets out: how many e-mails wait to be sent, how many of
 * those failed their last try, and how many were given up after their last try this past week. A wrong SMTP
 * password otherwise showed only in the operator's log, while learners missed their test invitations.
 * The figures are counts only: no address, subject or text.
 */
const env: Record<string, string> = { SMTP_FROM: 'BKK SMK <bkk@smk.test>' }
useSmtp(env)
const t = useTestApp(env)

const inAnHour = sql`now() + interval '1 hour'`

describe('GET /api/admin/dashboard: e-mails', () => {
  it('counts what waits, what keeps failing and what was given up after its last try, nothing else', async () => {
    const { vacancy, company } = await anHrdWithVacancy(t)
    const candidates = await Promise.all([1, 2, 3, 4].map(() => aCandidate(t, vacancy.id)))
    const { participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: candidates.map((c) => c.application.id),
    })
    const mail = { to: 'sari@gmail.test', subject: 'Undangan', text: 'Yth. Sari' }
    const tenDaysAgo = sql`now() - interval '10 days'`
    await t.db.insert(emailOutbox).values([
      // Waiting: held (a change of a test), and one due again after a failed try.
      { ...mail, claimedUntil: inAnHour },
      { ...mail, attempts: 2, lastError: 'connect ECONNREFUSED', claimedUntil: inAnHour },
      // Given up after its last try: failed. One of ten days ago is no longer counted.
      { ...mail, attempts: MAX_EMAIL_ATTEMPTS, lastError: 'Invalid login: 535' },
      { ...mail, attempts: MAX_EMAIL_ATTEMPTS, lastError: 'Invalid login: 535', createdAt: tenDaysAgo },
      // Not sent by rule (no body left), and sent: neither counts.
      { ...mail, text: '', attempts: MAX_EMAIL_ATTEMPTS, lastError: CONTACT_CHANGED },
      { ...mail, text: '', sentAt: new Date() },
    ] as (typeof emailOutbox.$inferInsert)[])
    const [press] = await t.db
      .insert(reminders)
      .values({ testScheduleId: participants[0].testScheduleId })
      .returning()
    const reminder = { reminderId: press.id, email: 'dewi@gmail.test', notifiedAt: new Date() }
    await t.db.insert(reminderDeliveries).values([
      // A reminder e-mail waiting after a failed try, and one given up after its last.
      {
        ...reminder,
        participantId: participants[0].id,
        attempts: 1,
        lastError: 'EAUTH',
        emailClaimedUntil: inAnHour,
      },
      { ...reminder, participantId: participants[1].id, attempts: MAX_EMAIL_ATTEMPTS, lastError: 'EAUTH' },
      // No longer due (the test cancelled), and one without an e-mail: neither counts.
      { ...reminder, participantId: participants[2].id, attempts: MAX_EMAIL_ATTEMPTS, lastError: NOT_DUE },
      { ...reminder, participantId: participants[3].id, email: null },
    ] as (typeof reminderDeliveries.$inferInsert)[])

    for (const as of [await anAdmin(t), await aSuperadmin(t)]) {
      const res = await call(t, 'GET', '/api/admin/dashboard', { as })
      expect(res.status).toBe(200)
      expect(res.body.data.emails).toEqual({ enabled: true, waiting: 3, failing: 2, failedLast7Days: 2 })
    }
  })
})
