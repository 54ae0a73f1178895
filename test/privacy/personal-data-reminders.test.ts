import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { reminderDeliveries, reminders } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { anApplicant, anApplication } from '../support/builders/applications.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { anHrdWithVacancy } from '../support/builders/selection.js'

/**
 * A learner's copy of her own data lists every e-mail written to her: the test reminders HR sends wait in their
 * own table (`reminder_deliveries`), which the copy did not read (found by the review audit).
 */
const t = useTestApp()

describe('personal-data copy: completeness', () => {
  it('lists the test-reminder e-mails sent to her address, as it lists the other e-mails written to her', async () => {
    const sari = await anApplicant(t, { role: 'alumni' })
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const app = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: sari.studentId,
      role: 'alumni',
      status: 'in_progress',
    })
    const { schedule, participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [app.id],
      scheduledAt: hoursFromNow(48),
    })
    // HR pressed "Ingatkan" and the reminder e-mail went to her address (what the reminder job leaves behind).
    const [reminder] = await t.db
      .insert(reminders)
      .values({ testScheduleId: schedule.id, requestedBy: hrd.id })
      .returning()
    await t.db.insert(reminderDeliveries).values({
      reminderId: reminder.id,
      participantId: participants[0].id,
      userId: sari.id,
      email: sari.email,
      notifiedAt: sql`now()`,
      emailSentAt: sql`now()`,
      attempts: 1,
    })

    for (const res of [
      await call(t, 'GET', '/api/my-data', { as: sari }),
      await call(t, 'GET', `/api/admin/alumni/${sari.studentId}/personal-data`, { as: await anAdmin(t) }),
    ]) {
      expect(res.status).toBe(200)
      const d = JSON.parse(res.raw).data
      // It was []: the reminder's address and time were held about her and given nowhere.
      expect(d.emails).toEqual([
        {
          to: sari.email,
          subject: `Pengingat tes: ${schedule.name}`,
          createdAt: expect.any(String),
          sentAt: expect.any(String),
        },
      ])
    }
  })
})
