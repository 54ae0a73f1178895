import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, reminderDeliveries, testParticipants } from '../../src/db/schema/index.js'
import { createMailer } from '../../src/jobs/mailer.js'
import { deliverReminder, sweepReminders } from '../../src/modules/reminders/service.js'
import { calendarSettings } from '../../src/modules/schedules/service.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'
import { eventually, useSmtp } from '../support/smtp.js'

const env: Record<string, string> = { SMTP_FROM: 'BKK SMK <bkk@smk.test>' }
const smtp = useSmtp(env)
const t = useTestApp(env)

/** A company with an upcoming test of `n` participants who have accounts, and one without an account. */
async function upcomingTest(n = 2, hours = 48) {
  const { company, hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Reminder Jaya' })
  const applicants = await candidates(t, vacancy.id, n)
  const noAccount = await aCandidate(t, vacancy.id, { account: false })
  const { schedule, participants } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [...applicants.map((a) => a.application.id), noAccount.application.id],
    scheduledAt: hoursFromNow(hours),
    name: 'Psikotes Gelombang 1',
  })
  return { company, hrd, vacancy, applicants, schedule, participants }
}

const deliveriesOf = (reminderId: number) =>
  t.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.reminderId, reminderId))
const remindersOf = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'test.reminder')))

describe('POST /api/hrd/test-schedules/:id/remind-all', () => {
  it('queues one reminder per participant with an account, then delivers in-app and by e-mail', async () => {
    const { hrd, applicants, schedule, participants } = await upcomingTest(2)
    const before = smtp.received.length
    const res = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: hrd })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, data: { queued: 2 } })

    const [delivery] = await t.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.participantId, participants[0].id))
    const rows = await eventually(async () => {
      const all = await deliveriesOf(delivery.reminderId)
      return all.every((d) => d.notifiedAt && d.emailSentAt) ? all : null
    })
    expect(rows).toHaveLength(2)
    expect(rows.every((d) => d.attempts === 1)).toBe(true)

    const mails = smtp.received.slice(before)
    expect(mails.map((m) => m.to[0]).sort()).toEqual(applicants.map((a) => a.learner.email).sort())
    expect(mails[0].from).toBe('bkk@smk.test')
    expect(mails[0].subject).toBe('[BKK] Pengingat: Psikotes "Psikotes Gelombang 1"')
    expect(mails[0].text).toContain('Aula SMK')
    expect(mails[0].text).toContain('PT Reminder Jaya')
    expect(mails[0].text).toContain('WIB')

    for (const a of applicants) {
      const inApp = await remindersOf(a.learner.id as number)
      expect(inApp).toHaveLength(1)
      expect(inApp[0]).toMatchObject({
        title: 'Pengingat: Psikotes "Psikotes Gelombang 1"',
        data: { applicationId: a.application.id, testScheduleId: schedule.id },
      })
    }
    const [p] = await t.db.select().from(testParticipants).where(eq(testParticipants.id, participants[0].id))
    expect(p.lastRemindedAt).not.toBeNull()
  })

  it('never delivers twice for one press: running the job again and sweeping send nothing more', async () => {
    const { hrd, applicants, schedule } = await upcomingTest(1)
    const res = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: hrd })
    expect(res.body.data).toEqual({ queued: 1, alreadyReminded: 0 })
    const userId = applicants[0].learner.id as number
    const [mine] = await eventually(async () => {
      const rows = await t.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, userId))
      return rows[0]?.emailSentAt ? rows : null
    })
    const mailsBefore = smtp.received.length
    await deliverReminder(t.db, createMailer(t.config.smtp), mine.reminderId, calendarSettings(t.config))
    await sweepReminders(t.db, t.app.jobs, true)
    await new Promise((r) => setTimeout(r, 1500))
    expect(smtp.received.length).toBe(mailsBefore)
    expect(await remindersOf(userId)).toHaveLength(1)
  })

  it('a second press within the hour leaves out who the first reminds (a double click sends one); after it, a new reminder', async () => {
    const { hrd, applicants, schedule, participants } = await upcomingTest(1)
    const userId = applicants[0].learner.id as number
    const url = `/api/hrd/test-schedules/${schedule.id}/remind-all`
    const [first, second] = await Promise.all([
      call(t, 'POST', url, { as: hrd }),
      call(t, 'POST', url, { as: hrd }),
    ])
    expect([first.body.data, second.body.data]).toEqual(
      expect.arrayContaining([
        { queued: 1, alreadyReminded: 0 },
        { queued: 0, alreadyReminded: 1 },
      ]),
    )
    const repeat = first.body.data.queued === 0 ? first : second
    expect(repeat.body.message).toBe(
      '0 pengingat dijadwalkan untuk dikirim; 1 peserta sudah diingatkan dalam 1 jam terakhir.',
    )
    const alone = await call(
      t,
      'POST',
      `/api/hrd/test-schedules/${schedule.id}/participants/${participants[0].id}/remind`,
      { as: hrd },
    )
    expect(alone.status).toBe(422)
    expect(alone.body.message).toBe(
      'Peserta ini sudah diingatkan dalam 1 jam terakhir; pengingat tidak dikirim lagi.',
    )
    await eventually(async () => (await remindersOf(userId)).length === 1)

    // An hour and a minute later (the press moved back), the next press reminds again.
    await t.db.execute(sql`update reminders set created_at = created_at - interval '61 minutes'
      where test_schedule_id = ${schedule.id}`)
    const later = await call(t, 'POST', url, { as: hrd })
    expect(later.body.data).toEqual({ queued: 1, alreadyReminded: 0 })
    await eventually(async () => (await remindersOf(userId)).length === 2)
    const rows = await eventually(async () => {
      const all = await t.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, userId))
      return all.length === 2 && all.every((r) => r.emailSentAt) ? all : null
    })
    expect(new Set(rows.map((r) => r.reminderId)).size).toBe(2)
  })

  it('retries an e-mail the SMTP server refused, and sends it once it is accepted', async () => {
    const { hrd, applicants, schedule } = await upcomingTest(1)
    const userId = applicants[0].learner.id as number
    smtp.state.failNext = 1
    const before = smtp.received.length
    await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: hrd })
    const [row] = await eventually(async () => {
      const rows = await t.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, userId))
      return rows[0]?.emailSentAt ? rows : null
    }, 25_000)
    expect(row.attempts).toBe(2)
    expect(row.lastError).toBeNull()
    expect(smtp.received.slice(before).filter((m) => m.to[0] === applicants[0].learner.email)).toHaveLength(1)
    expect(await remindersOf(userId)).toHaveLength(1)
  })

  it('422 for a cancelled test and for a test that has taken place; nothing queued', async () => {
    const cancelled = await upcomingTest(1)
    await t.db
      .update((await import('../../src/db/schema/index.js')).testSchedules)
      .set({ status: 'cancelled' })
      .where(eq((await import('../../src/db/schema/index.js')).testSchedules.id, cancelled.schedule.id))
    const a = await call(t, 'POST', `/api/hrd/test-schedules/${cancelled.schedule.id}/remind-all`, {
      as: cancelled.hrd,
    })
    expect(a.status).toBe(422)
    expect(a.body).toMatchObject({ success: false, data: null })
    expect(a.body.message).toContain('dibatalkan')

    const past = await upcomingTest(1, -3)
    const b = await call(t, 'POST', `/api/hrd/test-schedules/${past.schedule.id}/remind-all`, {
      as: past.hrd,
    })
    expect(b.status).toBe(422)
    expect(b.body.message).toContain('sudah berlangsung')
    for (const userId of [cancelled.applicants[0].learner.id, past.applicants[0].learner.id]) {
      const rows = await t.db
        .select()
        .from(reminderDeliveries)
        .where(eq(reminderDeliveries.userId, userId as number))
      expect(rows).toHaveLength(0)
    }
  })

  it("404 for another company's schedule, and for an unknown one", async () => {
    const { schedule } = await upcomingTest(1)
    const other = await anHrd(t)
    const res = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: other })
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, data: null })
    const unknown = await call(t, 'POST', '/api/hrd/test-schedules/99999999/remind-all', { as: other })
    expect(unknown.status).toBe(404)
  })

  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'POST', '/api/hrd/test-schedules/99999999/remind-all', ['hrd', 'admin'])
  })
})

describe('POST /api/hrd/test-schedules/:id/participants/:participantId/remind', () => {
  it('reminds that participant only', async () => {
    const { hrd, applicants, schedule, participants } = await upcomingTest(2)
    const res = await call(
      t,
      'POST',
      `/api/hrd/test-schedules/${schedule.id}/participants/${participants[1].id}/remind`,
      { as: hrd },
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ queued: 1, alreadyReminded: 0 })
    await eventually(async () => (await remindersOf(applicants[1].learner.id as number)).length === 1)
    expect(await remindersOf(applicants[0].learner.id as number)).toHaveLength(0)
  })

  it("404 for a participant of another schedule, and for another company's schedule", async () => {
    const a = await upcomingTest(1)
    const b = await upcomingTest(1)
    const wrong = await call(
      t,
      'POST',
      `/api/hrd/test-schedules/${a.schedule.id}/participants/${b.participants[0].id}/remind`,
      { as: a.hrd },
    )
    expect(wrong.status).toBe(404)
    const foreign = await call(
      t,
      'POST',
      `/api/hrd/test-schedules/${b.schedule.id}/participants/${b.participants[0].id}/remind`,
      { as: a.hrd },
    )
    expect(foreign.status).toBe(404)
  })

  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'POST', '/api/hrd/test-schedules/99999999/participants/1/remind', ['hrd', 'admin'])
  })
})
