import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { aStudent, aSuperadmin } from '../support/builders/accounts.js'

const t = useTestApp()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('two superadmins acting on one account at once', () => {
  it('a password reset and a deactivation of the same account: both answered cleanly, never 500', async () => {
    const s1 = await aSuperadmin(t)
    const s2 = await aSuperadmin(t)
    const seen: string[] = []
    // The deactivation is sent a little later each round, to meet the reset at every point of its work.
    for (let round = 0; round < 120; round++) {
      const delay = round % 60
      const learner = await aStudent(t)
      const [reset, toggle] = await Promise.all([
        call(t, 'POST', `/api/admin/users/${learner.id}/reset-password`, { as: s1, body: {} }),
        sleep(delay).then(() => call(t, 'PATCH', `/api/admin/users/${learner.id}/toggle-active`, { as: s2 })),
      ])
      seen.push(`${delay}ms: ${reset.status}/${toggle.status}`)
      const [row] = await t.db.select().from(users).where(eq(users.id, learner.id))
      if (toggle.status === 200) expect(row.isActive).toBe(false)
      // A reset that came after the deactivation is refused for the inactive account (no password to hand over).
      if (reset.status === 422) expect(reset.body.message).toMatch(/^Akun ini nonaktif/)
    }
    expect(seen.filter((s) => !s.endsWith(': 200/200') && !s.endsWith(': 422/200'))).toEqual([])
  })
})
