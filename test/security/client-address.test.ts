import { like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { aRegistrationForm } from '../support/builders/org.js'
import { useSmtp } from '../support/smtp.js'

/**
 * The per-address limits (company registrations, logins, forgot-password, bad password links) count an IPv6
 * client by its /64: one home or mobile connection holds a whole /64 (2^64 addresses), as Indonesian mobile
 * networks hand them out. Before, they counted the full address, so one phone could send the public sign-up's
 * confirmation e-mail, with the company and contact names it wrote, from the school's mail server to any number
 * of strangers, a new address each time (and guess passwords the same way).
 */
const env: Record<string, string> = {
  PUBLIC_URL: 'https://bkk.sekolah.test',
  REGISTRATION_MAX_PER_HOUR: '5',
  LOGIN_MAX_PER_IP: '3',
}
useSmtp(env)
const t = useTestApp(env)

describe('one IPv6 /64 is one client', () => {
  it('the public sign-up: five forms an hour from the /64, whatever address in it sends them', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const res = await call(t, 'POST', '/api/company-registrations', {
        body: aRegistrationForm({
          name: 'HADIAH Rp10 JUTA - klaim di https://hadiah-bkk.example/klaim',
          contact_name: 'Pemenang undian BKK',
          contact_email: `orang${i}@stranger.test`,
        }),
        remoteAddress: `2001:db8:1234:5678::${(i + 1).toString(16)}`,
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
    const queued = await t.db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(like(emailOutbox.to, '%@stranger.test'))
    expect(queued).toHaveLength(5)

    // Another /64 (another connection) is another client.
    const other = await call(t, 'POST', '/api/company-registrations', {
      body: aRegistrationForm({ contact_email: 'tetangga@stranger.test' }),
      remoteAddress: '2001:db8:1234:5679::1',
    })
    expect(other.status).toBe(201)
  })

  it('logins: the per-address limit holds across the /64; an IPv4-mapped address is its IPv4 one', async () => {
    const guess = (remoteAddress: string) =>
      call(t, 'POST', '/api/login', {
        body: { email: 'tamu@sekolah.test', password: 'salah' },
        remoteAddress,
      })
    const statuses = []
    for (const suffix of ['a', 'b', 'c', 'd'])
      statuses.push((await guess(`2001:db8:aa:bb::${suffix}`)).status)
    expect(statuses).toEqual([401, 401, 401, 429])

    expect((await guess('198.51.100.20')).status).toBe(401)
    expect((await guess('::ffff:198.51.100.20')).status).toBe(401)
    expect((await guess('198.51.100.20')).status).toBe(401)
    expect((await guess('::ffff:198.51.100.20')).status).toBe(429)
  })
})
