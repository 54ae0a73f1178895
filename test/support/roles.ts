import { expect } from 'vitest'
import type { Role } from '../../src/db/schema/index.js'
import { call, type TestContext } from './app.js'
import { type Account, anAdmin, anAlumnus, anHrd, aStudent, aSuperadmin } from './builders/accounts.js'

const cache = new WeakMap<TestContext, Promise<Record<Role, Account>>>()

/** One account of each role (an HR account with an active company; learners with a record). */
export function accountsOf(t: TestContext): Promise<Record<Role, Account>> {
  let accounts = cache.get(t)
  if (!accounts) {
    accounts = (async () => ({
      superadmin: await aSuperadmin(t),
      admin: await anAdmin(t),
      hrd: await anHrd(t),
      siswa: await aStudent(t),
      alumni: await anAlumnus(t),
    }))()
    cache.set(t, accounts)
  }
  return accounts
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * The role matrix of one route: 401 without a token, 403 in the envelope (`code: role_refused`) for every
 * role not in `allowed`, and anything but 401/403 for the roles in `allowed` (`admin` implies `superadmin`).
 */
export async function expectRoles(
  t: TestContext,
  method: Method,
  url: string,
  allowed: Role[],
  body?: unknown,
) {
  const accounts = await accountsOf(t)
  const anonymous = await call(t, method, url, { body })
  expect(anonymous.status, `${method} ${url} without a token`).toBe(401)
  expect(anonymous.body).toMatchObject({ success: false, data: null })
  const admits = new Set<Role>(allowed)
  if (admits.has('admin')) admits.add('superadmin')
  for (const role of Object.keys(accounts) as Role[]) {
    const res = await call(t, method, url, { as: accounts[role], body })
    if (admits.has(role)) {
      expect([401, 403], `${method} ${url} as ${role}`).not.toContain(res.status)
    } else {
      expect(res.status, `${method} ${url} as ${role}`).toBe(403)
      expect(res.body).toMatchObject({ success: false, data: null })
      // The code tells a client holding an old role (a student graduated with a tab open) to reload the account.
      // Staff on an HR route that admits them when acting for a company without HR (src/http/scope.ts
      // `hrOrStaff`) are refused by that rule instead, without it.
      const acting = (role === 'admin' || role === 'superadmin') && res.body.code === undefined
      if (!acting) expect(res.body.code, `${method} ${url} as ${role}`).toBe('role_refused')
    }
  }
}
