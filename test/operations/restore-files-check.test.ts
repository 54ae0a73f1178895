import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import {
  bearer,
  freePort,
  freshStore,
  prepare,
  type Service,
  type Store,
  startService,
  stopService,
} from '../failure/service.js'
import { adminQuery } from '../support/databases.js'
import { multipart, tinyPdf } from '../support/multipart.js'
import { runScript } from '../support/scripts.js'

/**
 * Tuesday morning a staff member makes a mistake the IT person can only undo by restoring last night's backup
 * (`npm run restore -- FILE --yes`). Files are not in the backup, and the files folder is today's: a CV deleted
 * since the backup is gone from DATA_DIR/files while the restored database names it again, and a CV uploaded
 * since is stored with no row naming it. The restore says both, and removes the second kind only when asked.
 * (Found by the operator audit: the restore printed "Restored …" and nothing else; the school found out file by
 * file, when HR opened a CV: "Isi berkas tidak tersedia lagi".)
 */
let store: Store
let service: Service | null = null
const out = mkdtempSync(join(tmpdir(), 'restore-files-check-'))
afterAll(async () => {
  if (service) await stopService(service)
  await store?.drop()
  rmSync(out, { recursive: true, force: true })
})

/**
 * `env` for a restore: on DATABASE_URL the restore goes into an empty database (README), so the store's database
 * is made anew under its name, as the operator makes a new one; the embedded restore replaces its own.
 */
async function emptied(env: Record<string, string>) {
  if (store.kind === 'postgres') {
    const name = new URL(store.url).pathname.slice(1)
    await adminQuery(inject('dbServer'), `drop database if exists ${name} with (force)`)
    await adminQuery(inject('dbServer'), `create database ${name}`)
  }
  return env
}

describe('npm run restore over a files folder that moved on since the backup', () => {
  it('reports the files the database names that the storage lacks, and the stored files no row names', async () => {
    store = await freshStore(inject('dbServer'))
    const fixture = await prepare(store, {
      learners: 10,
      siswa: 10,
      companies: 2,
      vacancies: 4,
      applications: 0,
    })
    // The bench fixture's CVs are rows without bytes: a files folder in step with the database holds none of them.
    await store.withSql((sql) => sql('delete from files'))
    service = await startService(store, await freePort())
    const token = fixture.pairs[0]!.token
    const me = (await (await fetch(`${service.url}/api/me`, { headers: bearer(token) })).json()).data
    const role = me.role as 'siswa' | 'alumni'
    const upload = async (title: string) => {
      const form = multipart({
        category: 'cv',
        title,
        file: { data: tinyPdf(title), filename: 'cv.pdf', contentType: 'application/pdf' },
      })
      const res = await fetch(`${service!.url}/api/${role}/portfolio/upload`, {
        method: 'POST',
        headers: { ...bearer(token), ...form.headers },
        body: new Uint8Array(form.body),
      })
      expect(res.status).toBe(201)
      return (await res.json()).data.id as number
    }
    const deletedSince = await upload('CV lama')

    const env = { DATA_DIR: store.dataDir, DATABASE_URL: store.url }
    const made = runScript('backup', ['--out', out], env)
    expect(made.code, made.out).toBe(0)

    // The next day: the learner deletes the old CV (its bytes leave DATA_DIR/files) and uploads a new one.
    const del = await fetch(`${service.url}/api/${role}/portfolio/${deletedSince}`, {
      method: 'DELETE',
      headers: bearer(token),
    })
    expect(del.status).toBe(200)
    await upload('CV baru')
    await stopService(service)
    service = null
    const stored = () =>
      readdirSync(join(store.dataDir, 'files'), { recursive: true }).filter((p) => /\d{4}\/./.test(String(p)))
    const storedBefore = stored()

    const backupFile = join(out, readdirSync(out)[0] as string)
    const restored = runScript('restore', [backupFile, '--yes'], await emptied(env))
    expect(restored.code, restored.out).toBe(0)
    // Before: only "Restored … into the embedded database in …".
    expect(restored.out).toContain('1 file named by the restored database is not in the storage')
    expect(restored.out).toMatch(new RegExp(`cv "CV lama" of ${me.fullName} \\(NIS \\S+\\)`))
    expect(restored.out).toContain('1 stored file is named by no row of the restored database')
    expect(restored.out).toContain('--remove-orphans')
    // Kept: the restore may be of the wrong night, and a later backup names it.
    expect(stored()).toEqual(storedBefore)

    service = await startService(store, await freePort())
    const download = await fetch(`${service.url}/api/files/${deletedSince}/download`, {
      headers: bearer(token),
    })
    expect(download.status).toBe(404)
    expect((await download.json()).message).toMatch(/tidak tersedia lagi/)
    await stopService(service)
    service = null

    // Sure of the backup, before the service takes new work: the same restore, removing what no row names.
    const again = runScript('restore', [backupFile, '--yes', '--remove-orphans'], await emptied(env))
    expect(again.code, again.out).toBe(0)
    expect(again.out).toContain('Removed 1 stored file that no row of the restored database names')
    expect(stored()).toHaveLength(storedBefore.length - 1)
    expect(existsSync(join(store.dataDir, 'files'))).toBe(true)
  }, 300_000)
})
