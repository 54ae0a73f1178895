import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { companyRegistrations, emailOutbox } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { useSmtp } from '../support/smtp.js'

const env: Record<string, string> = { PUBLIC_URL: 'https://bkk.sekolah.test' }
useSmtp(env)
const t = useTestApp(env)

const form = (i: number, victim: string) => ({
  name: `PT Daftar ${i}`,
  industry: 'Manufaktur',
  address: 'Jl. Industri Raya No. 5',
  city: 'Karawang',
  province: 'Jawa Barat',
  contact_name: 'Rina Hartati',
  contact_email: victim,
  contact_phone: '0812-3456-7890',
})

describe('POST /api/company-registrations: confirmation e-mails to one mailbox', () => {
  it('are at most 5 an hour, as forgot-password per account: 20 forms from 20 addresses send a stranger 5', async () => {
    const victim = 'korban@mailbox.test'
    const statuses: number[] = []
    for (let i = 0; i < 20; i++)
      statuses.push(
        (
          await call(t, 'POST', '/api/company-registrations', {
            body: form(i, victim),
            // A new client each time (a /64 of its own: many connections); the per-address limit never applies.
            remoteAddress: `2001:db8:${(i + 1).toString(16)}::1`,
          })
        ).status,
      )
    // Every form is answered alike (the public learns nothing); five are stored and e-mailed, the rest neither.
    // Before the fix: 20 e-mails queued to one stranger's mailbox.
    expect(statuses).toEqual(Array(20).fill(201))
    const queued = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, victim))
    expect(queued).toHaveLength(5)
    const stored = await t.db
      .select({ name: companyRegistrations.name })
      .from(companyRegistrations)
      .where(eq(companyRegistrations.contactEmail, victim))
    expect(stored.map((r) => r.name).sort()).toEqual([
      'PT Daftar 0',
      'PT Daftar 1',
      'PT Daftar 2',
      'PT Daftar 3',
      'PT Daftar 4',
    ])
  })
})
