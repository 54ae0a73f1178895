import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/index.js'
import { disableDemoAccounts } from '../../src/startup.js'
import { useTestApp } from '../support/app.js'
import { anAccount, logIn, PASSWORD } from '../support/builders/accounts.js'
import { auditsOf, storedUser, tokenCount } from '../support/stored.js'

/**
 * `npm run disable-demo` switches the demo accounts off as user management's "Nonaktifkan" does (one rule,
 * `switchAccountOff`): off, signed out, the e-mails still owed to them given up, an audit row on each. Before, it
 * set the flag and ended the sessions only: an e-mail a trial with SMTP left in the outbox (a demo account given a
 * colleague's address, a password link, a test invitation) went out once production started, and the trail did
 * not say who switched the accounts off.
 */
const t = useTestApp()

describe('disable-demo', () => {
  it('gives up the e-mails owed to a demo account and writes its deactivate audit row', async () => {
    const demo = await anAccount(t, 'admin', { email: 'admin@demo.test' })
    // A password of its own (the builder's accounts share one hash, as the demo's do).
    const real = await anAccount(t, 'admin', { passwordHash: 'a hash of its own' })
    const owed = async (to: string, userId: number) =>
      (
        await t.db
          .insert(emailOutbox)
          .values({ to, userId, subject: 'Tautan atur ulang kata sandi', text: 'x' })
          .returning()
      )[0]!.id
    const demoMail = await owed(demo.email, demo.id)
    const realMail = await owed(real.email, real.id)

    expect(await disableDemoAccounts(t.db)).toEqual(['admin@demo.test'])

    expect((await storedUser(t, demo.id)).isActive).toBe(false)
    expect(await tokenCount(t, demo.id)).toBe(0)
    expect((await logIn(t, demo.email, PASSWORD)).status).toBe(403)
    const mail = async (id: number) =>
      (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!
    expect(await mail(demoMail)).toMatchObject({
      lastError: 'not sent: the account was deactivated',
      text: '',
    })
    const [row] = await auditsOf(t, 'user', demo.id)
    expect(row).toMatchObject({ action: 'deactivate', actorId: null })
    expect(JSON.parse(row!.data!)).toEqual({ isActive: false, revoked: 1, via: 'disable-demo' })

    // Another account is left as it was.
    expect((await storedUser(t, real.id)).isActive).toBe(true)
    expect(await tokenCount(t, real.id)).toBe(1)
    expect(await mail(realMail)).toMatchObject({ lastError: null, text: 'x' })
    expect(await auditsOf(t, 'user', real.id)).toEqual([])

    // Run again: nothing left to switch off, nothing written twice.
    expect(await disableDemoAccounts(t.db)).toEqual([])
    expect(await auditsOf(t, 'user', demo.id)).toHaveLength(1)
  })
})
