import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, reminderDeliveries } from '../../src/db/schema/index.js'
import { createMailer } from '../../src/jobs/mailer.js'
import { ACCOUNT_DEACTIVATED, ADDRESS_CHANGED, deliverOutbox } from '../../src/jobs/outbox.js'
import { deliverReminder } from '../../src/modules/reminders/service.js'
import { calendarSettings } from '../../src/modules/schedules/service.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aSuperadmin, unique } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { eventually, useSmtp } from '../support/smtp.js'

/**
 * A learner's login e-mail corrected by the superadmin (the address on file was someone else's: a typo)
 * while an e-mail about the learner's selection test is still owed (the SMTP server briefly down). The
 * service already treats an address the school no longer holds an account for as one that must not be
 * written to (`giveUpEmailsTo` on deletion; a new address voids the password links sent to the old one).
 * Once the server was back, the owed e-mail still went to the old mailbox: the minor's test, company, time
 * and place, to a stranger (found by the live-session audit). A reminder now goes to the address the account
 * has when it is sent; what else was owed to the old address is given up.
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
// A failed e-mail waits an hour for its retry (production: 1, 4, 16… minutes); the test makes it due.
const t = useTestApp(env, { emailRetrySeconds: 3600 })

async function correctEmail(userId: number) {
  const superadmin = await aSuperadmin(t)
  const fixed = `${unique('benar')}@sekolah.test`
  const res = await call(t, 'PUT', `/api/admin/users/${userId}`, { as: superadmin, body: { email: fixed } })
  expect(res.status).toBe(200)
  return fixed
}

/**
 * A test invitation owed to a candidate of a new company (`companyName`): the SMTP server refused it once, so it
 * waits for its retry (an hour away). Answers the learner, the address it is owed to and its outbox row.
 */
async function anInvitationOwed(companyName: string, testName: string) {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName })
  const [candidate] = await candidates(t, vacancy.id, 1)
  const old = candidate.learner.email as string
  smtp.state.failNext = 1
  const made = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancy.id,
      name: testName,
      kind: 'psikotes',
      scheduled_at: '2099-07-15T01:00:00Z',
      location: `Aula ${companyName}`,
      application_ids: [candidate.application.id],
    },
  })
  expect(made.status).toBe(201)
  const [owed] = await eventually(async () => {
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, old))
    return rows[0]?.lastError ? rows : null
  }, 20_000)
  return { learner: candidate.learner, old, owed }
}

/** The owed e-mail's retry comes due, and the worker delivers what is owed. */
async function retryNow(id: number) {
  await t.db
    .update(emailOutbox)
    .set({ claimedUntil: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.id, id))
  await deliverOutbox(t.db, createMailer(t.config.smtp)!, { retrySeconds: 0 })
}

describe("an e-mail still owed when the learner's e-mail address is corrected", () => {
  it('a test reminder pressed before the correction is not sent to the old address', async () => {
    const { company, hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Alamat Lama' })
    const [ani] = await candidates(t, vacancy.id, 1)
    const old = ani.learner.email as string
    const { schedule } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [ani.application.id],
      scheduledAt: hoursFromNow(48),
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

    const fixed = await correctEmail(ani.learner.id as number)

    // The retry comes due and the worker delivers what is owed.
    await t.db
      .update(reminderDeliveries)
      .set({ emailClaimedUntil: sql`now() - interval '1 second'` })
      .where(eq(reminderDeliveries.id, delivery.id))
    await deliverReminder(t.db, createMailer(t.config.smtp), delivery.reminderId, calendarSettings(t.config))

    // Before: "Pengingat: psikotes …" with the invitation arrives at the old (wrong) address.
    expect(smtp.received.filter((m) => m.to.includes(old) && /Pengingat/.test(m.subject))).toEqual([])
    expect(smtp.received.filter((m) => m.to.includes(fixed) && /Pengingat/.test(m.subject))).toHaveLength(1)
  })

  it('a test invitation queued before the correction is not sent to the old address', async () => {
    const { learner: budi, old, owed } = await anInvitationOwed('PT Undangan Lama', 'Psikotes Alamat')
    expect(owed.sentAt).toBeNull()

    await correctEmail(budi.id as number)

    await retryNow(owed.id)

    // Before: "Jadwal psikotes: Psikotes Alamat" (time, place, company) reaches the old (wrong) mailbox.
    expect(smtp.received.filter((m) => m.to.includes(old))).toEqual([])
  })

  it('staff correcting the e-mail on the learner form: the invitation queued before is not sent to the old address', async () => {
    const { learner: citra, old, owed } = await anInvitationOwed('PT Formulir Lama', 'Psikotes Formulir')

    const admin = await anAdmin(t)
    const fixed = `${unique('formulir')}@sekolah.test`
    const saved = await call(t, 'PUT', `/api/admin/students/${citra.studentId}`, {
      as: admin,
      body: { email: fixed },
    })
    expect(saved.status).toBe(200)

    await retryNow(owed.id)
    expect(smtp.received.filter((m) => m.to.includes(old))).toEqual([])
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, owed.id))
    expect(row).toMatchObject({ sentAt: null, lastError: ADDRESS_CHANGED })
  })
})

describe('an e-mail still owed when the account is deactivated', () => {
  it('the invitation queued before is given up, and not sent once the account is active again', async () => {
    const { learner: dedi, old, owed } = await anInvitationOwed('PT Nonaktif Lama', 'Psikotes Nonaktif')
    const superadmin = await aSuperadmin(t)
    const off = await call(t, 'PATCH', `/api/admin/users/${dedi.id}/toggle-active`, {
      as: superadmin,
      body: { is_active: false },
    })
    expect(off.status).toBe(200)
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, owed.id))
    expect(row).toMatchObject({ sentAt: null, lastError: ACCOUNT_DEACTIVATED, text: '', calendar: null })

    const on = await call(t, 'PATCH', `/api/admin/users/${dedi.id}/toggle-active`, {
      as: superadmin,
      body: { is_active: true },
    })
    expect(on.status).toBe(200)
    await retryNow(owed.id)
    // Before: the invitation (a minor's test, company, time and place) went out once the server was back.
    expect(smtp.received.filter((m) => m.to.includes(old))).toEqual([])
  })
})
