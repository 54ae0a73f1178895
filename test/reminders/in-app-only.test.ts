import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, reminderDeliveries } from '../../src/db/schema/index.js'
import { sweepReminders } from '../../src/modules/reminders/service.js'
import { call, useTestApp } from '../support/app.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { eventually } from '../support/smtp.js'

const t = useTestApp()

describe('reminders without SMTP_URL', () => {
  it('deliver in-app only: no e-mail is owed, nothing is left for the sweep', async () => {
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const [a] = await candidates(t, vacancy.id, 1)
    const { schedule } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [a.application.id],
      scheduledAt: hoursFromNow(24),
    })
    const res = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: hrd })
    expect(res.body).toMatchObject({ success: true, data: { queued: 1 } })
    const userId = a.learner.id as number
    const [row] = await eventually(async () => {
      const rows = await t.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, userId))
      return rows[0]?.notifiedAt ? rows : null
    })
    expect(row).toMatchObject({ email: null, emailSentAt: null, attempts: 0 })
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, userId))
    expect(inApp.filter((n) => n.kind === 'test.reminder')).toHaveLength(1)
    await t.db
      .update(reminderDeliveries)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(reminderDeliveries.id, row.id))
    expect(await sweepReminders(t.db, t.app.jobs, false)).toBe(0)
  })
})
