import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  bearer,
  type Fixture,
  freePort,
  freshStore,
  prepare,
  type Service,
  type Store,
  startService,
  stopService,
  withClient,
} from '../failure/service.js'
import { adminQuery, withDatabase } from '../support/databases.js'
import { runScript } from '../support/scripts.js'

const COUNTS = `select (select count(*) from users)::int as users, (select count(*) from students)::int as students,
  (select count(*) from job_vacancies)::int as vacancies, (select count(*) from applications)::int as applications,
  (select count(*) from access_tokens)::int as tokens, (select max(id) from applications)::int as last_application`

/** `npm run backup` and `npm run restore`, on the embedded database and on DATABASE_URL's server. */
describe('backup and restore', () => {
  let store: Store
  let fixture: Fixture
  let service: Service | null = null
  const out = mkdtempSync(join(tmpdir(), 'bursa-backups-'))
  const cleanup: (() => Promise<unknown>)[] = []

  beforeAll(async () => {
    store = await freshStore(inject('dbServer'))
    fixture = await prepare(store, { learners: 40, siswa: 20, companies: 4, vacancies: 12, applications: 60 })
  })
  afterAll(async () => {
    if (service) await stopService(service)
    for (const c of cleanup) await c().catch(() => {})
    await store?.drop()
    rmSync(out, { recursive: true, force: true })
  })

  it('writes a dated file while the service runs and restores every row into an empty database', async () => {
    service = await startService(store, await freePort())
    const applied = await fetch(`${service.url}/api/job-vacancies/${fixture.pairs[0]?.vacancyId}/apply`, {
      method: 'POST',
      headers: { ...bearer(fixture.pairs[0]?.token as string), 'content-type': 'application/json' },
      body: JSON.stringify({
        cover_letter: 'Saya tertarik dengan posisi ini, 100% serius.\nBaris kedua\t"kutip"',
      }),
    })
    expect(applied.status).toBe(201)
    const env = { DATA_DIR: store.dataDir, DATABASE_URL: store.url }
    const made = runScript('backup', ['--out', out], env)
    expect(made.out).toMatch(/Backup written: .*bursa-\d{4}-\d{2}-\d{2}-\d{6}\.backup\.gz/)
    expect(made.code).toBe(0)
    const [file] = readdirSync(out)
    expect(file).toMatch(/^bursa-\d{4}-\d{2}-\d{2}-\d{6}\.backup\.gz$/)
    const letterId = (await applied.json()).data.id
    await stopService(service)
    service = null
    const expected = await store.withSql(async (sql) => (await sql(COUNTS))[0])

    // Into a new, empty place: a new embedded data folder, or a new database on the server.
    const place = await freshStore()
    cleanup.push(() => place.drop())
    let target = place
    if (store.kind === 'postgres') {
      const server = inject('dbServer')
      const name = `bursa_restored_${process.pid}`
      await adminQuery(server, `drop database if exists ${name} with (force)`)
      await adminQuery(server, `create database ${name}`)
      cleanup.push(() => adminQuery(server, `drop database if exists ${name} with (force)`))
      const url = withDatabase(server.adminUrl, name)
      target = {
        ...store,
        kind: 'postgres',
        dataDir: place.dataDir,
        url,
        withSql: (fn) => withClient(url, fn),
      }
    }
    const targetEnv = { DATA_DIR: target.dataDir, DATABASE_URL: target.url }
    const restored = runScript('restore', [join(out, file as string)], targetEnv)
    expect(restored.out).toMatch(/^Restored /m)
    expect(restored.code).toBe(0)
    const [after, letter] = await target.withSql(async (sql) => [
      (await sql(COUNTS))[0],
      (await sql('select cover_letter from applications where id = $1', [letterId]))[0],
    ])
    expect(after).toEqual(expected)
    expect(letter).toEqual({
      cover_letter: 'Saya tertarik dengan posisi ini, 100% serius.\nBaris kedua\t"kutip"',
    })

    // The restored service answers as the old one did: the same tokens, the same application, new ids go on.
    service = await startService(target, await freePort())
    const mine = await fetch(`${service.url}/api/my-applications`, {
      headers: bearer(fixture.pairs[0]?.token as string),
    })
    expect(mine.status).toBe(200)
    expect((await mine.json()).data.map((a: { id: number }) => a.id)).toContain(letterId)
    const next = await fetch(`${service.url}/api/job-vacancies/${fixture.pairs[1]?.vacancyId}/apply`, {
      method: 'POST',
      headers: { ...bearer(fixture.pairs[1]?.token as string), 'content-type': 'application/json' },
      body: JSON.stringify({}),
    })
    expect(next.status).toBe(201)
    expect((await next.json()).data.id).toBeGreaterThan(
      Number((expected as { last_application: number }).last_application),
    )
  }, 180_000)

  it('refuses a file that is not a backup, and an embedded database holding data without --yes', async () => {
    const bogus = join(out, 'bogus.gz')
    spawnSync('sh', ['-c', `echo hello | gzip > ${bogus}`])
    const target = await freshStore()
    cleanup.push(() => target.drop())
    const env = { DATA_DIR: target.dataDir, DATABASE_URL: '' }
    const res = runScript('restore', [bogus], env)
    expect(res.code).toBe(1)
    expect(res.out).toMatch(/not a bursa backup/)
    if (store.kind === 'embedded') {
      const [file] = readdirSync(out).filter((f) => f.startsWith('bursa-'))
      const refused = runScript('restore', [join(out, file as string)], {
        DATA_DIR: store.dataDir,
        DATABASE_URL: '',
      })
      expect(refused.code).toBe(1)
      expect(refused.out).toMatch(/holds data\. Add --yes/)
    }
  }, 120_000)
})
