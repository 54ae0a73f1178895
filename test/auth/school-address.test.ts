import { describe, expect, it } from 'vitest'
import { LOGINS_PER_ACCOUNT } from '../../src/modules/auth/service.js'
import { call, useTestApp } from '../support/app.js'
import { aStudent, PASSWORD } from '../support/builders/accounts.js'

/**
 * A school's learners reach the service from one address (its NAT: the computer lab, the school's Wi-Fi). The
 * per-address login limit counts failed attempts only; successful ones count per account. Before, every attempt
 * counted per address (60 per 15 minutes): one learner whose script signed in with their own password on every
 * request, or two classes signing in during one session, refused everyone else at the school for 15 minutes.
 * The defaults are the school's (no setting changed here).
 */
const t = useTestApp()

const loginFrom = (email: string, address: string, password = PASSWORD) =>
  call(t, 'POST', '/api/login', { body: { email, password }, remoteAddress: address })

describe('one address for a whole school', () => {
  it('one account signing in over and over is refused itself; a classmate at the same address signs in', async () => {
    const address = '203.0.113.10'
    const script = await aStudent(t)
    const classmate = await aStudent(t)
    const statuses: number[] = []
    for (let i = 0; i < LOGINS_PER_ACCOUNT + 1; i++)
      statuses.push((await loginFrom(script.email, address)).status)
    expect(statuses.slice(0, LOGINS_PER_ACCOUNT).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)

    const res = await loginFrom(classmate.email, address)
    expect(res.status).toBe(200)
  })

  it('an account over its limit is refused before its password is checked: no hash, no failure at the address', async () => {
    const address = '203.0.113.11'
    const script = await aStudent(t)
    for (let i = 0; i < LOGINS_PER_ACCOUNT; i++)
      expect((await loginFrom(script.email, address)).status).toBe(200)
    // The script goes on, its password now and then mistyped: each try was hashed (argon2id, 19 MiB, the one
    // hash at a time every login of the instance waits for) and a wrong one was a 401 counted as a failure
    // at the school's address, towards refusing everyone there. Refused first, neither.
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await loginFrom(script.email, address, 'salah-ketik')).status)
    // It was 401 each time (the password checked, the failure counted), then the e-mail's own limit.
    expect(statuses).toEqual([429, 429, 429, 429, 429])
  })

  it('two classes (70 learners) signing in during one session: none refused', async () => {
    const address = '203.0.113.20'
    const refused: number[] = []
    for (let i = 0; i < 70; i++) {
      const learner = await aStudent(t)
      const res = await loginFrom(learner.email, address)
      if (res.status !== 200) refused.push(res.status)
    }
    expect(refused).toEqual([])
  })

  it('wrong passwords still count per address: guessing across many e-mails meets the limit (60)', async () => {
    const address = '203.0.113.30'
    const statuses: number[] = []
    for (let i = 0; i < 61; i++)
      statuses.push((await loginFrom(`tebak${i}@sekolah.test`, address, 'salah')).status)
    expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true)
    expect(statuses[60]).toBe(429)
    // The right password of a learner at that address is refused too while the guessing lasts.
    expect((await loginFrom((await aStudent(t)).email, address)).status).toBe(429)
  })
})
