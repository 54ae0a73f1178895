import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { students, users } from '../../src/db/schema/index.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { anAdmin, aStudent, aSuperadmin } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { waitingForLocks } from '../support/locks.js'

/**
 * User management carries a new name or login to the learner record (`followLearner`, d992d70): it locked
 * the account, then wrote the learner row (found by the review of this session's changes; it now locks the
 * learner first). Everything else that changes both (a graduation, a roster import,
 * the learner form) locks the learner first, then the account (src/modules/users/queries.ts says so). A
 * superadmin correcting a student's name while staff graduate the student's class: the two deadlocked and one
 * of them was the 409 "try again" (40P01), the whole graduation included.
 */
const t = useTestApp()

describe("renaming a student's account while the student's class graduates", () => {
  it('both finish; neither is a 409 deadlock', async () => {
    const major = await aMajor(t)
    const ani = await aStudent(t, { majorId: major.id, values: { className: 'XII RENAME 1' } })
    const admin = await anAdmin(t)
    const superadmin = await aSuperadmin(t)

    let graduation: Promise<Res> | undefined
    let rename: Promise<Res> | undefined
    // Someone else (an edit of Ani's record) holds her row for a moment while both start.
    await t.db.transaction(async (tx) => {
      await tx.select().from(students).where(eq(students.id, ani.studentId)).for('update')
      graduation = call(t, 'POST', '/api/admin/graduations', {
        as: admin,
        body: { graduation_year: 2026, class_name: 'XII RENAME 1', major_id: major.id },
      })
      await waitingForLocks(t, 1)
      rename = call(t, 'PUT', `/api/admin/users/${ani.id}`, {
        as: superadmin,
        body: { full_name: 'Ani Rahmawati' },
      })
      await waitingForLocks(t, 2)
    })
    const [g, r] = await Promise.all([graduation!, rename!])
    const outcome = (res: Res) => ({ status: res.status, message: res.body.message })
    // Before: one of the two is 409 "... diubah oleh permintaan lain ... coba lagi" (a deadlock).
    expect([outcome(g), outcome(r)]).toEqual([
      expect.objectContaining({ status: 200 }),
      expect.objectContaining({ status: 200 }),
    ])
    const [account] = await t.db.select().from(users).where(eq(users.id, ani.id))
    expect(account).toMatchObject({ fullName: 'Ani Rahmawati', role: 'alumni' })
  })
})
