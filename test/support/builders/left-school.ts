import { expect } from 'vitest'
import { call, type TestContext } from '../app.js'
import { type Account, anAdmin, aSuperadmin, logIn, PASSWORD } from './accounts.js'
import { schoolToday } from './selection.js'

/**
 * A learner recorded as having left school ("Keluar/Mutasi") by mistake, that undone by staff and her account
 * switched on again, as the career center does it through the API: her new session (the old one was revoked).
 */
export async function leftByMistakeAndPutBack(
  t: TestContext,
  learner: Account & { studentId: number },
): Promise<{ authorization: string }> {
  const admin = await anAdmin(t)
  const superadmin = await aSuperadmin(t)
  const left = await call(t, 'POST', `/api/admin/students/${learner.studentId}/left`, {
    as: admin,
    body: { date: schoolToday(), reason: 'keluar' },
  })
  expect(left.status).toBe(200)
  const undone = await call(t, 'DELETE', `/api/admin/students/${learner.studentId}/left`, { as: admin })
  expect(undone.status).toBe(200)
  const on = await call(t, 'PATCH', `/api/admin/users/${learner.id}/toggle-active`, { as: superadmin })
  expect(on.status).toBe(200)
  const login = await logIn(t, learner.email, PASSWORD)
  expect(login.status).toBe(200)
  return { authorization: `Bearer ${login.body.data.token}` }
}
