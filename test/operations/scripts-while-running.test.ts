import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, postgresDatabase } from '../../src/db/client.js'
import { runningServerUrl } from '../../src/db/embedded.js'
import { users } from '../../src/db/schema/index.js'
import { DEMO_EMAILS, seedDemo } from '../../src/demo/seed.js'
import { verifyPassword } from '../../src/modules/auth/passwords.js'
import { localStorage } from '../../src/storage/storage.js'
import { holdEmbedded } from '../support/embedded.js'
import { runScript } from '../support/scripts.js'

/**
 * Mid-year the head of the BKK, the only superadmin, is locked out; the IT person runs `npm run create-admin` (or
 * `npm run disable-demo`) on the service as it runs on the embedded database. Both work through the running
 * server, as `npm run backup` does, instead of being refused because the data folder is in use.
 * (Found by the operator audit: resetting one password meant taking the school's service down.)
 */
const cleanup: (() => unknown)[] = []
afterAll(async () => {
  for (const c of cleanup.reverse()) await c()
})

describe('npm run create-admin and npm run disable-demo while the service runs on the embedded database', () => {
  it('reset the superadmin and deactivate the demo accounts through the running server', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scripts-running-'))
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' }
    // A data folder tried in development (demo data), then given the school's superadmin.
    const setup = await openDatabase({ databaseUrl: null, dataDir })
    try {
      await setup.migrate()
      expect(await seedDemo(setup.db, localStorage(join(dataDir, 'files')))).toBe(true)
    } finally {
      await setup.close()
    }
    const first = runScript(
      'create-admin',
      ['--email', 'kepala.bkk@smk.test', '--password', 'Kuda-Laut-Biru-77'],
      env,
    )
    expect(first.code, first.out).toBe(0)

    const { holder } = await holdEmbedded(dataDir)
    cleanup.push(
      () =>
        new Promise<void>((done) => {
          holder.once('exit', () => done())
          holder.kill('SIGTERM')
        }),
    )

    const reset = runScript(
      'create-admin',
      ['--email', 'kepala.bkk@smk.test', '--password', 'Burung-Hantu-Merah-31'],
      env,
    )
    // Before: exit 1, "Cannot open the database: The data folder … is in use by process N. Stop that process first".
    expect(reset.code, reset.out).toBe(0)
    expect(reset.out).toMatch(
      /kepala\.bkk@smk\.test .* is now an active superadmin .* of the running service/,
    )

    const disabled = runScript('disable-demo', [], env)
    expect(disabled.code, disabled.out).toBe(0)
    expect(disabled.out).toContain(`Deactivated ${DEMO_EMAILS.length} demo account(s)`)

    // What the running service's database now holds.
    const database = postgresDatabase(runningServerUrl(dataDir)!, { poolSize: 1 })
    try {
      const [head] = await database.db.select().from(users).where(eq(users.email, 'kepala.bkk@smk.test'))
      expect(head).toMatchObject({ role: 'superadmin', isActive: true })
      expect(await verifyPassword(head!.passwordHash, 'Burung-Hantu-Merah-31')).toBe(true)
      const demo = await database.db.select().from(users).where(eq(users.email, 'superadmin@demo.test'))
      expect(demo[0]?.isActive).toBe(false)
    } finally {
      await database.close()
    }
  }, 240_000)
})
