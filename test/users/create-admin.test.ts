import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.js'
import { auditLog, users } from '../../src/db/schema/index.js'
import { AppError } from '../../src/http/errors.js'
import { verifyPassword } from '../../src/modules/auth/passwords.js'
import { ensureSuperadmin } from '../../src/modules/users/service.js'
import { useTestApp } from '../support/app.js'
import { anHrd, aStudent, deactivateAccount, logIn, PASSWORD } from '../support/builders/accounts.js'
import { auditsOf, storedUser, tokenCount } from '../support/stored.js'

const run = promisify(execFile)
const t = useTestApp()

/** Runs the script as an operator would, on an embedded database in `dataDir`; never throws. */
async function createAdmin(dataDir: string, args: string[]) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
  }
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/create-admin.ts', ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('npm run create-admin', () => {
  it('creates a superadmin on the configured embedded database; refuses bad arguments', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursa-create-admin-'))
    try {
      const bad = await createAdmin(dataDir, ['--email', 'kepala@smk.sch.id', '--unknown'])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toMatch(/Unknown option '--unknown'/)
      expect(bad.stderr).toMatch(/Usage: npm run create-admin/)

      const created = await createAdmin(dataDir, [
        '--email',
        'Kepala@SMK.sch.id',
        '--password',
        'rahasia-sekolah',
        '--name',
        'Kepala BKK',
      ])
      expect(created.code).toBe(0)
      expect(created.stdout.trim()).toMatch(
        /^Superadmin kepala@smk\.sch\.id \(id \d+\) created on the embedded PostgreSQL/,
      )

      const database = await openDatabase({ databaseUrl: null, dataDir })
      try {
        const [row] = await database.db.select().from(users).where(eq(users.email, 'kepala@smk.sch.id'))
        expect(row).toMatchObject({
          fullName: 'Kepala BKK',
          role: 'superadmin',
          isActive: true,
          companyId: null,
        })
        expect(await verifyPassword(row.passwordHash, 'rahasia-sekolah')).toBe(true)
        const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, row.id))
        expect(audit).toMatchObject({ action: 'create', entity: 'user', actorId: null })
        expect(audit.data).not.toContain('rahasia')
      } finally {
        await database.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('ensureSuperadmin (the service behind create-admin)', () => {
  it('makes an existing account an active superadmin with the new password and ends its sessions', async () => {
    const hrd = await anHrd(t)
    await deactivateAccount(t, hrd.id)
    const before = (await storedUser(t, hrd.id))!
    const user = await ensureSuperadmin(t.db, { email: hrd.email.toUpperCase(), password: 'pemulihan-123' })
    expect(user).toMatchObject({
      id: hrd.id,
      created: false,
      role: 'superadmin',
      isActive: true,
      companyId: null,
    })
    const after = (await storedUser(t, hrd.id))!
    expect(after).toMatchObject({
      role: 'superadmin',
      isActive: true,
      companyId: null,
      fullName: before.fullName,
    })
    expect(await verifyPassword(after.passwordHash, 'pemulihan-123')).toBe(true)
    expect(await tokenCount(t, hrd.id)).toBe(0)
    expect((await auditsOf(t, 'user', hrd.id))[0]).toMatchObject({ action: 'promote', actorId: null })
    expect((await logIn(t, hrd.email, 'pemulihan-123')).body.data.user.role).toBe('superadmin')
  })

  it('refuses an e-mail of an account linked to a learner record, and bad e-mails and passwords', async () => {
    const siswa = await aStudent(t)
    const linked = await ensureSuperadmin(t.db, { email: siswa.email, password: 'pemulihan-456' }).catch(
      (e) => e,
    )
    expect(linked).toBeInstanceOf(AppError)
    expect(linked.statusCode).toBe(422)
    expect(Object.keys(linked.fieldErrors)).toEqual(['email'])
    expect(await storedUser(t, siswa.id)).toMatchObject({ role: 'siswa' })
    expect(await verifyPassword((await storedUser(t, siswa.id))!.passwordHash, PASSWORD)).toBe(true)

    const bad = await ensureSuperadmin(t.db, { email: 'no-at-sign', password: 'short', fullName: ' ' }).catch(
      (e) => e,
    )
    expect(bad).toBeInstanceOf(AppError)
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(['email', 'full_name', 'password'])
  })
})
