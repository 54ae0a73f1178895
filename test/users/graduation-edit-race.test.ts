import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent, aSuperadmin } from '../support/builders/accounts.js'
import { storedStudent, storedUser } from '../support/stored.js'

const t = useTestApp()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * A graduation (students become alumni, their accounts `alumni`) and a superadmin's edit of one of those
 * accounts (the users page sends the role it shows, `siswa`) at the same moment. The edit waits for the
 * account's lock, which the graduation holds once it turns the account into `alumni`; then it must see the
 * graduation. lockAccountAndSuperadmins used to read the learner record in its locking statement, which after
 * the wait re-read the account only: `graduationYear` still null, `siswa` taken for the role the record
 * needs, and written back over the graduation (200).
 */
describe('a graduation and an edit of the graduating account at once', () => {
  it('leave the alumnus with an alumni account', async () => {
    const admin = await anAdmin(t)
    const superadmin = await aSuperadmin(t)
    const learner = await aStudent(t)

    let pending: Promise<{ status: number; body: { data: { succeeded: number } } }[]> | undefined
    await t.db.transaction(async (tx) => {
      // Hold the account's row: the graduation waits on it when it changes the role, the edit behind it.
      await tx.execute(sql`select id from users where id = ${learner.id} for update`)
      const graduation = call(t, 'POST', '/api/admin/graduations', {
        as: admin,
        body: { student_ids: [learner.studentId], graduation_year: 2025 },
      })
      await sleep(300)
      const edit = call(t, 'PUT', `/api/admin/users/${learner.id}`, {
        as: superadmin,
        body: { full_name: 'Nama Dibetulkan', role: 'siswa' },
      })
      pending = Promise.all([graduation, edit])
      await sleep(500)
    })
    const [graduation, edit] = await pending!
    expect(graduation.status).toBe(200)
    expect(graduation.body.data.succeeded).toBe(1)

    expect((await storedStudent(t, learner.studentId))!.graduationYear).toBe(2025)
    // Done one after the other, the edit is a 422 (the record is an alumnus now: the role must be alumni).
    expect({ edit: edit.status, role: (await storedUser(t, learner.id))!.role }).toEqual({
      edit: 422,
      role: 'alumni',
    })
  })
})
