import { describe, expect, it } from 'vitest'
import { cheaperThanFullCost, hashInitialPasswords, hashPassword } from '../../src/modules/auth/passwords.js'
import { call, useTestApp } from '../support/app.js'
import { anAccount, anAdmin } from '../support/builders/accounts.js'

/**
 * docs/decisions.md: a wrong e-mail and a wrong password take the same time. An imported account's initial
 * password is hashed at a low cost (1 MiB, 1 pass), so its verification is followed by the full-cost dummy
 * one. The ratio of medians is far from its threshold either way (about 1 now, 0.125 before).
 */
const t = useTestApp()

async function msOnce(email: string, password: string) {
  const started = performance.now()
  const res = await call(t, 'POST', '/api/login', {
    body: { email, password },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  })
  expect(res.status).toBe(401)
  return performance.now() - started
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

/**
 * The median time of a wrong password for `a` and for `b`, measured in turns (a, b, a, b, …) so that the
 * machine's load, which moves over seconds on shared hosts, weighs on both alike.
 */
async function msOfEach(a: string, b: string, n: number) {
  await msOnce('warmup@nowhere.test', 'wrong-password')
  const times: [number[], number[]] = [[], []]
  for (let i = 0; i < n; i++) {
    times[0].push(await msOnce(a, 'wrong-password'))
    times[1].push(await msOnce(b, 'wrong-password'))
  }
  return times.map(median) as [number, number]
}

describe('login: an unknown e-mail and a wrong password take the same time (docs/decisions.md)', () => {
  it('also for an account still on its imported initial password (hashed at the low cost)', async () => {
    // As a roster import stores them (src/modules/imports/service.ts: hashInitialPasswords, must change).
    const [hash] = await hashInitialPasswords(['Xk7pQ2mR9tZa'])
    const imported = await anAccount(t, 'siswa', {
      email: '0051234567@siswa.sekolah.sch.id',
      passwordHash: hash,
      mustChangePassword: true,
    })
    const [unknown, known] = await msOfEach('0059999999@siswa.sekolah.sch.id', imported.email, 9)
    // Before: about 10-20 ms for the unknown e-mail (the dummy hash at OWASP's cost) against well under
    // 2 ms for the imported account, which told whether an e-mail (here a guessable `<nisn>@domain`) has an
    // account that has not changed its initial password yet.
    expect(known / unknown).toBeGreaterThan(0.5)
  })

  it('also for an HR account approved from a sign-up whose contact has not set a password yet', async () => {
    const contact = 'rina.hartati@sinar-jaya.test'
    const form = await call(t, 'POST', '/api/company-registrations', {
      body: {
        name: 'PT Sinar Jaya Abadi',
        industry: 'Manufaktur',
        address: 'Jl. Industri 5',
        city: 'Bekasi',
        province: 'Jawa Barat',
        contact_name: 'Rina Hartati',
        contact_email: contact,
        contact_phone: '081234567890',
      },
    })
    expect(form.status).toBe(201)
    const admin = await anAdmin(t)
    const list = await call(t, 'GET', '/api/admin/company-registrations', { as: admin })
    const id = list.body.data.find((r: { contact: { email: string } }) => r.contact.email === contact).id
    const approved = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: admin })
    expect(approved.status).toBe(200)

    const [unknown, waiting] = await msOfEach('nobody.here@sinar-jaya.test', contact, 9)
    // Before: well under 1 ms for the approved account (its stored value is no hash, so nothing was verified)
    // against 10-20 ms for an unknown e-mail: anyone could tell which addresses are new partners' HR accounts.
    expect(waiting / unknown).toBeGreaterThan(0.5)
  })

  it('pads exactly the hashes cheaper than the full cost', async () => {
    const [initial] = await hashInitialPasswords(['Xk7pQ2mR9tZa'])
    expect(cheaperThanFullCost(initial)).toBe(true)
    expect(cheaperThanFullCost(await hashPassword('Kopi-Tubruk-Senja-77'))).toBe(false)
  })
})
