import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accessTokens, passwordLinks } from '../../src/db/schema/index.js'
import { sweepSpentCredentials } from '../../src/modules/auth/service.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'

/**
 * Every login adds a row to access_tokens and every "lupa kata sandi" one to password_links; before, only
 * signing out deleted either, so both tables grew with every session ever opened. The periodic sweep deletes
 * tokens a month past their expiry and links a day past theirs; what is younger stays, and a token expired
 * within the month is still told "session ended" rather than "unknown".
 */
const t = useTestApp()

const tokenIdOf = (account: { token: string }) => Number(account.token.split('|')[0])
const expireToken = (id: number, daysAgo: number) =>
  t.db
    .update(accessTokens)
    .set({ expiresAt: sql`now() - make_interval(days => ${daysAgo})` })
    .where(eq(accessTokens.id, id))

describe('the sweep of spent sign-in tokens and password links', () => {
  it('deletes tokens a month past expiry and keeps the rest, which still answer as before', async () => {
    const [live, recent, old] = [await aStudent(t), await aStudent(t), await aStudent(t)]
    await expireToken(tokenIdOf(recent), 2)
    await expireToken(tokenIdOf(old), 31)

    await sweepSpentCredentials(t.db)

    const left = await t.db
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(inArray(accessTokens.id, [live, recent, old].map(tokenIdOf)))
    expect(left.map((r) => r.id).sort()).toEqual([tokenIdOf(live), tokenIdOf(recent)].sort())
    expect((await call(t, 'GET', '/api/me', { as: live })).status).toBe(200)
    const ended = await call(t, 'GET', '/api/me', { as: recent })
    expect(ended.status).toBe(401)
    expect(ended.body.message).toMatch(/Sesi Anda telah berakhir/)
    expect((await call(t, 'GET', '/api/me', { as: old })).status).toBe(401)
  })

  it('deletes password links a day past expiry, used or not, and keeps a live one', async () => {
    const [admin, siswa] = [await anAdmin(t), await aStudent(t)]
    // Each link sent voids the one before: two used, one live.
    for (let i = 0; i < 3; i++)
      expect(
        (await call(t, 'POST', `/api/admin/users/${siswa.id}/password-reset`, { as: admin })).status,
      ).toBe(200)
    const links = await t.db
      .select({ id: passwordLinks.id })
      .from(passwordLinks)
      .where(eq(passwordLinks.userId, siswa.id))
      .orderBy(passwordLinks.id)
    expect(links).toHaveLength(3)
    const [old, recent, live] = links.map((l) => l.id)
    await t.db
      .update(passwordLinks)
      .set({ expiresAt: sql`now() - interval '25 hours'` })
      .where(eq(passwordLinks.id, old))
    await t.db
      .update(passwordLinks)
      .set({ expiresAt: sql`now() - interval '2 hours'` })
      .where(eq(passwordLinks.id, recent))

    await sweepSpentCredentials(t.db)

    const left = await t.db
      .select({ id: passwordLinks.id })
      .from(passwordLinks)
      .where(eq(passwordLinks.userId, siswa.id))
      .orderBy(passwordLinks.id)
    expect(left.map((l) => l.id)).toEqual([recent, live])
  })
})
