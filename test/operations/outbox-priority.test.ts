import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aStudent } from '../support/builders/accounts.js'
import { aRegistrationForm } from '../support/builders/org.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { eventually, useSmtp } from '../support/smtp.js'

/**
 * The school's one e-mail queue: sent one at a time (src/jobs/outbox.ts), by priority, then oldest first. A link
 * someone waits for is not queued behind the e-mails of a bulk action: one test for a cohort queues an invitation
 * per applicant (100 here, 500 at most), 1–2 s each through a real provider with TLS (from the abuse audit).
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env)

/** HR invites `n` applicants to one test; answers the number of e-mails the SMTP server had before. */
async function aCohortInvited(n: number) {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi' })
  const ids: number[] = []
  for (let i = 0; i < n; i++) ids.push((await aCandidate(t, vacancy.id)).application.id)
  const before = smtp.received.length
  const created = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancy.id,
      name: 'Psikotes Massal',
      kind: 'psikotes',
      scheduled_at: '2099-07-15T01:00:00Z',
      location: 'Aula',
      application_ids: ids,
    },
  })
  expect(created.status).toBe(201)
  return before
}

/** The place (from 1) of the first e-mail to `email` among those the SMTP server received after `before`. */
const placeOf = (email: string, before: number) =>
  eventually(async () => {
    const i = smtp.received.slice(before).findIndex((m) => m.to.includes(email))
    return i >= 0 ? i + 1 : null
  }, 25_000)

describe('the outbox sends a link someone waits for before a bulk action’s e-mails', () => {
  it('a password link asked right after HR invites 100 applicants to a test is among the first e-mails sent', async () => {
    const locked = (await aStudent(t)) as Account
    const before = await aCohortInvited(100)
    const forgot = await call(t, 'POST', '/api/forgot-password', {
      body: { email: locked.email },
      remoteAddress: '10.9.8.7',
    })
    expect(forgot.status).toBe(200)
    // Before: e-mail 100 or 101, after every invitation (one or two went out before it was asked).
    expect(
      await placeOf(locked.email, before),
      'place of the password link among the e-mails sent',
    ).toBeLessThanOrEqual(5)
    // The invitations still all go.
    await eventually(async () => smtp.received.length - before >= 101, 25_000)
  })

  it('a company’s sign-up confirmation asked right after such an invitation is among the first e-mails sent', async () => {
    const before = await aCohortInvited(100)
    const form = aRegistrationForm()
    const res = await call(t, 'POST', '/api/company-registrations', { body: form, remoteAddress: '10.9.8.8' })
    expect(res.status).toBe(201)
    const contact = form.contact_email as string
    expect(
      await placeOf(contact, before),
      'place of the confirmation link among the e-mails sent',
    ).toBeLessThanOrEqual(5)
    await eventually(async () => smtp.received.length - before >= 101, 25_000)
  })
})
