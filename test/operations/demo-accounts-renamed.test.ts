import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { DEMO_PASSWORD, seedDemo } from '../../src/demo/seed.js'
import { demoAccountsOpen, disableDemoAccounts } from '../../src/startup.js'
import { localStorage } from '../../src/storage/storage.js'
import { call, useTestApp } from '../support/app.js'

/**
 * The school's IT person tries bursa on a development start and, while trying it, gives demo accounts real
 * addresses in user management ("Ubah": the e-mail only, the demo password stays). Then they go to production on
 * the same data folder, as the README allows: `npm run disable-demo`, start. A demo account is one the demo
 * seeding made, whatever its e-mail became: found by the demo's shared password hash, not by its address alone.
 * (Found by the operator audit: the renamed account kept `password123` in production, and the start let it.)
 */
const t = useTestApp()
const NEW_PASSWORD = 'Kuda-Laut-Biru-77'

const login = (email: string, password: string) =>
  call(t, 'POST', '/api/login', { body: { email, password } })
const idOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id

beforeAll(async () => {
  expect(await seedDemo(t.db, localStorage(join(t.dataDir, 'files')))).toBe(true)
}, 60_000)

describe('demo accounts whose e-mail was changed during the trial', () => {
  it('are seen by the production start check and deactivated by disable-demo, unless they chose a password', async () => {
    const su = {
      authorization: `Bearer ${(await login('superadmin@demo.test', DEMO_PASSWORD)).body.data.token}`,
    }
    const rename = async (from: string, to: string) => {
      const res = await call(t, 'PUT', `/api/admin/users/${await idOf(from)}`, {
        as: su,
        body: { email: to },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    // Two staff accounts get colleagues' addresses; one colleague then sets a password of their own.
    await rename('admin@demo.test', 'bkk.staff@smkn1.sch.id')
    await rename('hrd@demo.test', 'hrd.mitra@pt-maju.co.id')
    const hr = {
      authorization: `Bearer ${(await login('hrd.mitra@pt-maju.co.id', DEMO_PASSWORD)).body.data.token}`,
    }
    const changed = await call(t, 'POST', '/api/change-password', {
      as: hr,
      body: { current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)

    // What the production start checks: the renamed account still opens with the demo password.
    const open = (await demoAccountsOpen(t.db)).map((a) => a.email)
    expect(open).toContain('bkk.staff@smkn1.sch.id')
    expect(open).not.toContain('hrd.mitra@pt-maju.co.id')

    // `npm run disable-demo`: the renamed account is deactivated with the others; the one with its own password stays.
    const deactivated = await disableDemoAccounts(t.db)
    expect(deactivated).toContain('bkk.staff@smkn1.sch.id')
    expect(deactivated).not.toContain('hrd.mitra@pt-maju.co.id')
    expect(await demoAccountsOpen(t.db)).toEqual([])
    expect((await login('bkk.staff@smkn1.sch.id', DEMO_PASSWORD)).status).toBe(403)
    expect((await login('hrd.mitra@pt-maju.co.id', NEW_PASSWORD)).status).toBe(200)
  }, 60_000)
})
