import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, passwordLinks, users } from '../../src/db/schema/index.js'
import { ADDRESS_CHANGED, MAX_EMAIL_ATTEMPTS } from '../../src/jobs/outbox.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, aStudent, aSuperadmin, unique } from '../support/builders/accounts.js'

/**
 * Changing an account's e-mail gives up what was still owed to the account (f2a1064), and only that: matched by
 * address, it also gave up a company sign-up's e-mails to that address, and the learner form gave up the
 * login's e-mails when staff typed in the login unchanged (found by the review of this session's changes; the
 * outbox now knows each e-mail's account). An SMTP server that is down (nothing listens on port 1) keeps every
 * e-mail owed; a retry waits an hour.
 */
const t = useTestApp(
  { SMTP_URL: 'smtp://127.0.0.1:1', SMTP_FROM: 'BKK SMK <bkk@smk.test>', PUBLIC_URL: 'https://bkk.smk.test' },
  { emailRetrySeconds: 3600 },
)

const owedTo = (address: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, address))

describe('e-mails owed to an address, and a change of an account', () => {
  it("staff putting a learner's unchanged login into the learner form's e-mail give up nothing owed to that login", async () => {
    const admin = await anAdmin(t)
    // The learner keeps a contact address of their own in their profile; the login is the school's.
    const ani = await aStudent(t, { values: { email: `${unique('ortu')}@mail.test` } })
    const sent = await call(t, 'POST', `/api/admin/users/${ani.id}/password-reset`, { as: admin })
    expect(sent.status).toBe(200)
    expect(sent.body.data.emailed).toBe(true)

    // Staff write the learner's login (unchanged) as the record's e-mail.
    const saved = await call(t, 'PUT', `/api/admin/students/${ani.studentId}`, {
      as: admin,
      body: { email: ani.email },
    })
    expect(saved.status).toBe(200)
    const [account] = await t.db.select().from(users).where(eq(users.id, ani.id))
    expect(account.email).toBe(ani.email)

    // The login did not change: the reset link e-mailed to it must still go, and still work.
    const [owed] = await owedTo(ani.email)
    // Before: lastError "not sent: the account's e-mail address was changed", attempts 6, body emptied.
    expect(owed.lastError).not.toBe(ADDRESS_CHANGED)
    expect(owed.attempts).toBeLessThan(MAX_EMAIL_ATTEMPTS)
    const live = await t.db
      .select()
      .from(passwordLinks)
      .where(and(eq(passwordLinks.userId, ani.id), isNull(passwordLinks.usedAt)))
    expect(live).toHaveLength(1)
  })

  it("a company registration's confirmation owed to its contact is not given up when an account's login changes away from that address", async () => {
    // An alumnus who now works at a company registers it with their own address.
    const budi = await anAlumnus(t)
    const form = {
      name: `PT ${unique('Daftar')}`,
      industry: 'Manufaktur',
      address: 'Jl. Industri 1',
      city: 'Bekasi',
      province: 'Jawa Barat',
      contact_name: 'Budi',
      contact_email: budi.email,
      contact_phone: '081234567890',
    }
    const submitted = await call(t, 'POST', '/api/company-registrations', { body: form })
    expect(submitted.status).toBe(201)
    expect(submitted.body.data.emailConfirmation).toBe(true)

    // The superadmin changes the alumnus's login (to the address the school now uses for them).
    const superadmin = await aSuperadmin(t)
    const changed = await call(t, 'PUT', `/api/admin/users/${budi.id}`, {
      as: superadmin,
      body: { email: `${unique('budi')}@alumni.test` },
    })
    expect(changed.status).toBe(200)

    // The confirmation link belongs to the registration, not to the account: it is still owed.
    const [confirm] = await owedTo(budi.email)
    expect(confirm.subject).toMatch(/^Konfirmasi pendaftaran/)
    // Before: given up ("not sent: the account's e-mail address was changed"); the registration can never be
    // confirmed, and staff never see it.
    expect(confirm.lastError).not.toBe(ADDRESS_CHANGED)
    expect(confirm.attempts).toBeLessThan(MAX_EMAIL_ATTEMPTS)
  })
})
