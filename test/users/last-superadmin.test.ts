import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Actor } from '../../src/actor.js'
import { users } from '../../src/db/schema/index.js'
import { AppError } from '../../src/http/errors.js'
import { deleteUser, toggleUserActive, updateUser } from '../../src/modules/users/service.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { type Account, aSuperadmin } from '../support/builders/accounts.js'
import { storedUser } from '../support/stored.js'

// This file controls every superadmin of its database: no role matrix here.
const t = useTestApp()

/** Leaves `keep` as the only active superadmins. */
async function onlyActiveSuperadmins(...keep: Account[]) {
  await t.db
    .update(users)
    .set({ isActive: false })
    .where(and(eq(users.role, 'superadmin'), eq(users.isActive, true)))
  for (const a of keep) await t.db.update(users).set({ isActive: true }).where(eq(users.id, a.id))
}

async function activeSuperadmins() {
  const rows = await t.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.isActive, true)))
  return rows.map((r) => r.id)
}

/** An actor as the auth hook would have built it for `account`. */
const actorOf = (account: Account): Actor => ({
  id: account.id,
  email: account.email,
  fullName: 'x',
  role: account.role,
  companyId: null,
  studentId: null,
  tokenId: Number(account.token.split('|')[0]),
})

async function rejection(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

describe('the last active superadmin', () => {
  it('two superadmins removing each other at the same moment: one of them stays', async () => {
    const races: [string, (me: Account, other: Account) => Promise<Res>][] = [
      ['deactivate', (me, o) => call(t, 'PATCH', `/api/admin/users/${o.id}/toggle-active`, { as: me })],
      ['demote', (me, o) => call(t, 'PUT', `/api/admin/users/${o.id}`, { as: me, body: { role: 'admin' } })],
      ['delete', (me, o) => call(t, 'DELETE', `/api/admin/users/${o.id}`, { as: me })],
    ]
    for (const [name, remove] of races) {
      const a = await aSuperadmin(t)
      const b = await aSuperadmin(t)
      await onlyActiveSuperadmins(a, b)
      const [ab, ba] = await Promise.all([remove(a, b), remove(b, a)])
      const statuses = [ab.status, ba.status].sort()
      // The loser is refused by the rule (422) or, if its own removal committed first, by the auth hook (401).
      expect(statuses[0], name).toBe(200)
      expect([401, 422], name).toContain(statuses[1])
      const left = await activeSuperadmins()
      expect(left, name).toHaveLength(1)
      expect([a.id, b.id], name).toContain(left[0])
    }
  })

  it('cannot be deactivated, demoted or deleted even by a caller whose own rights ended mid-request', async () => {
    const last = await aSuperadmin(t)
    const demoted = await aSuperadmin(t)
    await onlyActiveSuperadmins(last, demoted)
    // `demoted` passed the role check, then lost its superadmin rights before its change ran.
    const stale = actorOf(demoted)
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, demoted.id))

    const deactivate = await rejection(toggleUserActive(t.db, stale, last.id))
    expect(deactivate.statusCode).toBe(422)
    expect(deactivate.message).toBe('The last active superadmin cannot be deactivated.')
    const demote = await rejection(updateUser(t.db, stale, last.id, { role: 'admin' }))
    expect(demote.statusCode).toBe(422)
    expect(demote.message).toBe('The last active superadmin cannot be demoted.')
    expect(demote.fieldErrors?.role).toHaveLength(1)
    const remove = await rejection(deleteUser(t.db, stale, last.id))
    expect(remove.statusCode).toBe(422)
    expect(remove.message).toBe('The last active superadmin cannot be deleted.')

    expect(await storedUser(t, last.id)).toMatchObject({ role: 'superadmin', isActive: true })
    expect(await activeSuperadmins()).toEqual([last.id])
  })

  it('an inactive superadmin is not the last one: it can be deleted or demoted', async () => {
    const me = await aSuperadmin(t)
    const inactive = await aSuperadmin(t)
    const inactive2 = await aSuperadmin(t)
    await onlyActiveSuperadmins(me)
    const demote = await call(t, 'PUT', `/api/admin/users/${inactive.id}`, {
      as: me,
      body: { role: 'admin' },
    })
    expect(demote.status).toBe(200)
    const remove = await call(t, 'DELETE', `/api/admin/users/${inactive2.id}`, { as: me })
    expect(remove.status).toBe(200)
    // Reactivating one is always allowed, and makes two.
    const back = await aSuperadmin(t)
    await onlyActiveSuperadmins(me)
    expect((await call(t, 'PATCH', `/api/admin/users/${back.id}/toggle-active`, { as: me })).status).toBe(200)
    expect((await activeSuperadmins()).sort()).toEqual([me.id, back.id].sort())
  })
})
