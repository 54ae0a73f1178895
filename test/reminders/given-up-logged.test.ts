import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { reminderDeliveries } from '../../src/db/schema/index.js'
import { MAX_EMAIL_ATTEMPTS } from '../../src/jobs/outbox.js'
import { DELIVER_REMINDER } from '../../src/modules/reminders/service.js'
import { call, useTestApp } from '../support/app.js'
import { aTestAhead } from '../support/builders/selection.js'
import { eventually, useSmtp } from '../support/smtp.js'

/**
 * docs/operations.md: an e-mail given up after its sixth try is logged at error, so that the school's operator learns
 * of mail an SMTP outage lost. The outbox's were; a reminder's was not (its job failed, and the queue logs nothing):
 * learners silently missed the reminder of their test.
 */
const env: Record<string, string> = { SMTP_FROM: 'BKK SMK <bkk@smk.test>' }
const smtp = useSmtp(env)
const t = useTestApp(env)

describe('a reminder e-mail given up after its last try', () => {
  let errors: MockInstance
  beforeEach(() => {
    errors = vi.spyOn(t.app.log, 'error')
  })
  afterEach(() => {
    errors.mockRestore()
    smtp.state.failNext = 0
  })

  it('is logged at error with the reminder, as an outbox e-mail given up is', async () => {
    const {
      hrd,
      scheduleId,
      candidates: [ani],
    } = await aTestAhead(t, ['Ani Lestari'])
    // The SMTP server refuses everything.
    smtp.state.failNext = 1_000
    const press = await call(t, 'POST', `/api/hrd/test-schedules/${scheduleId}/remind-all`, { as: hrd })
    expect(press.body.data).toEqual({ queued: 1, alreadyReminded: 0 })
    const mine = () =>
      t.db
        .select()
        .from(reminderDeliveries)
        .where(eq(reminderDeliveries.userId, ani.learner.id as number))
    const [first] = await eventually(async () => {
      const rows = await mine()
      return rows[0]?.lastError ? rows : null
    })
    // Hours go by: five tries failed, the sixth is due; the sweep's press is delivered again.
    await t.db
      .update(reminderDeliveries)
      .set({ attempts: MAX_EMAIL_ATTEMPTS - 1, emailClaimedUntil: sql`now() - interval '1 second'` })
      .where(eq(reminderDeliveries.id, first.id))
    await t.app.jobs.send(DELIVER_REMINDER, { reminderId: first.reminderId })
    const logged = await eventually(async () => {
      const lines = errors.mock.calls.filter((c) => String(c[1]).startsWith('reminder e-mails given up'))
      return lines.length > 0 ? lines : null
    }, 20_000)
    expect(logged[0][0]).toEqual({ reminderId: first.reminderId, emails: 1, attempts: MAX_EMAIL_ATTEMPTS })
    const [last] = await mine()
    expect(last).toMatchObject({ attempts: MAX_EMAIL_ATTEMPTS, emailSentAt: null })
    expect(last.lastError).toContain('Mailbox sibuk')
  }, 45_000)
})
