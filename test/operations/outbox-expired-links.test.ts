import { and, eq, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/index.js'
import { createMailer } from '../../src/jobs/mailer.js'
import { deliverOutbox, EXPIRED } from '../../src/jobs/outbox.js'
import { call, useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { aRegistrationForm } from '../support/builders/org.js'
import { eventually, useSmtp } from '../support/smtp.js'

/**
 * A mail server down longer than a link lives (a password link: 60 minutes; a sign-up's confirmation: hours):
 * the outbox kept trying and, once the server was back, delivered the link that then said "tautan tidak berlaku"
 * when followed, first in the queue. An e-mail now carries when its link stops working, and is given up then
 * (`last_error` says why, the body goes); an e-mail without an end is still sent.
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env, { emailRetrySeconds: 60 })

/** The unsent e-mail to `to`, once its first try has failed. */
const failedTo = (to: string) =>
  eventually(async () => {
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), isNull(emailOutbox.sentAt)))
    return row?.lastError ? row : null
  })

/** The outage lasts past `id`'s link: its expiry and its wait are over. */
const pastItsLink = (id: number) =>
  t.db
    .update(emailOutbox)
    .set({
      expiresAt: sql`now() - interval '1 minute'`,
      claimedUntil: sql`now() - interval '1 second'`,
    })
    .where(eq(emailOutbox.id, id))

describe('an e-mail whose link expired during a mail outage', () => {
  it('a password link is given up, not sent dead; an e-mail without an end is sent', async () => {
    const learner = await aStudent(t)
    smtp.state.failNext = 1
    const forgot = await call(t, 'POST', '/api/forgot-password', {
      body: { email: learner.email },
      remoteAddress: '10.7.7.7',
    })
    expect(forgot.status).toBe(200)
    const link = await failedTo(learner.email)
    expect(link.expiresAt).not.toBeNull()
    const [other] = await t.db
      .insert(emailOutbox)
      .values({ to: 'kepala.sekolah@smk.test', subject: 'Laporan', text: 'Isi laporan' })
      .returning()
    await pastItsLink(link.id)
    const before = smtp.received.length

    await deliverOutbox(t.db, createMailer(t.config.smtp)!, { retrySeconds: 60 })

    const sent = smtp.received.slice(before).map((m) => m.to.join())
    expect(sent).toContain(other.to)
    // It was delivered here: the reset link, dead for a minute.
    expect(sent).not.toContain(learner.email)
    const [after] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, link.id))
    expect(after).toMatchObject({ sentAt: null, lastError: EXPIRED, text: '' })
  })

  it("a company sign-up's confirmation carries its link's end, and is given up past it", async () => {
    const form = aRegistrationForm()
    smtp.state.failNext = 1
    const res = await call(t, 'POST', '/api/company-registrations', { body: form, remoteAddress: '10.7.7.8' })
    expect(res.status).toBe(201)
    const confirm = await failedTo(form.contact_email)
    expect(confirm.expiresAt).not.toBeNull()
    await pastItsLink(confirm.id)
    const before = smtp.received.length

    await deliverOutbox(t.db, createMailer(t.config.smtp)!, { retrySeconds: 60 })

    expect(smtp.received.slice(before).map((m) => m.to.join())).not.toContain(form.contact_email)
    const [after] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, confirm.id))
    expect(after).toMatchObject({ sentAt: null, lastError: EXPIRED })
  })

  it('a reset link replaced by a newer one while the first e-mail waited is given up; the newer is sent', async () => {
    const learner = await aStudent(t)
    const before = smtp.received.length
    smtp.state.failNext = 1
    const ask = (from: string) =>
      call(t, 'POST', '/api/forgot-password', { body: { email: learner.email }, remoteAddress: from })
    expect((await ask('10.7.7.9')).status).toBe(200)
    const first = await failedTo(learner.email)
    // The mail server is back; the learner, with nothing in the inbox, asks again.
    expect((await ask('10.7.7.10')).status).toBe(200)
    await eventually(async () => smtp.received.length > before || null)
    await t.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, first.id))

    await deliverOutbox(t.db, createMailer(t.config.smtp)!, { retrySeconds: 60 })

    // It was sent too, second: its link "tidak valid" (only the newest link works) after the one that works.
    const mails = smtp.received.slice(before).filter((m) => m.to.includes(learner.email))
    expect(mails).toHaveLength(1)
    const url = new URL(mails[0].text.match(/https:\/\/bkk\.smk\.test\/atur-kata-sandi\?\S+/)![0])
    const check = await call(t, 'POST', '/api/reset-password/check', {
      body: { email: url.searchParams.get('email'), token: url.searchParams.get('token') },
    })
    expect(check.status).toBe(200)
    const [given] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, first.id))
    expect(given).toMatchObject({ sentAt: null, lastError: EXPIRED, text: '' })
  })
})
