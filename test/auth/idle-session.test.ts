import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accessTokens } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { aStudent, logIn, PASSWORD } from '../support/builders/accounts.js'

/**
 * Shared computers (the school's lab, a family's phone): the web client keeps the token in the browser, so a learner
 * who closes it instead of pressing "Keluar" stayed signed in for whoever opened it next, until the token's lifetime
 * from login ran out (TOKEN_TTL_HOURS, 7 days): nothing ended a session nobody had used for hours, although
 * `last_used_at` was kept for every token (found by the shared-computers audit). A token unused for
 * TOKEN_IDLE_HOURS (12) now ends as an expired one does.
 */
const t = useTestApp()

/** A fresh login's token, used once, then left unused for `hours`. */
async function leftFor(hours: number) {
  const learner = await aStudent(t)
  const login = await logIn(t, learner.email, PASSWORD)
  expect(login.status).toBe(200)
  const token: string = login.body.data.token
  const as = { authorization: `Bearer ${token}` }
  expect((await call(t, 'GET', '/api/me', { as })).status).toBe(200)
  await t.db
    .update(accessTokens)
    .set({ lastUsedAt: sql`now() - make_interval(mins => ${Math.round(hours * 60)})` })
    .where(eq(accessTokens.id, Number(token.split('|')[0])))
  return as
}

describe('a session left unused', () => {
  it('for 13 hours (the lab PC closed without "Keluar", opened the next morning): ended, as an expired one', async () => {
    const as = await leftFor(13)
    const next = await call(t, 'GET', '/api/my-applications', { as })
    // It was 200: the next person at the computer worked in the learner's account for the rest of the week.
    expect(next.status).toBe(401)
    expect(next.body.message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.')
  })

  it('for 11 hours (a school day between two uses): still signed in, and its use counts again from now', async () => {
    const as = await leftFor(11)
    expect((await call(t, 'GET', '/api/my-applications', { as })).status).toBe(200)
    expect((await call(t, 'GET', '/api/me', { as })).status).toBe(200)
  })
})

/**
 * A tab left open *in view* at the lab asked the bell's count every minute, and each ask counted as use: the
 * session never went idle, and the next person at that computer was signed in as the learner for the token's 7
 * days. The client marks such background asks (`X-Background: 1`); they are answered but do not count as use.
 */
describe('a background ask (the bell polling a tab in view)', () => {
  const lastUsed = async (as: { authorization: string }) => {
    const id = Number(as.authorization.slice('Bearer '.length).split('|')[0])
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, id))
    return row.lastUsedAt as Date
  }

  it('is answered but does not count as use: the session still ends after 12 hours without the learner', async () => {
    const as = await leftFor(11.5)
    const before = await lastUsed(as)
    const poll = await call(t, 'GET', '/api/notifications?per_page=1', {
      as,
      headers: { 'x-background': '1' },
    })
    expect(poll.status).toBe(200)
    // It was moved to now: a tab in view kept the session alive for good.
    expect((await lastUsed(as)).getTime()).toBe(before.getTime())

    await t.db
      .update(accessTokens)
      .set({ lastUsedAt: sql`now() - interval '13 hours'` })
      .where(eq(accessTokens.id, Number(as.authorization.slice(7).split('|')[0])))
    const later = await call(t, 'GET', '/api/notifications?per_page=1', {
      as,
      headers: { 'x-background': '1' },
    })
    expect(later.status).toBe(401)
    expect(later.body.message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.')
  })

  it('a request without the mark (the learner moving on) counts as use', async () => {
    const as = await leftFor(11.5)
    const before = await lastUsed(as)
    expect((await call(t, 'GET', '/api/notifications?per_page=1', { as })).status).toBe(200)
    expect((await lastUsed(as)).getTime()).toBeGreaterThan(before.getTime() + 11 * 3600_000)
  })
})
