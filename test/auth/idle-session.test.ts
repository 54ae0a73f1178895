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
