import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.js'
import { DEMO_EMAILS, seedDemo } from '../../src/demo/seed.js'
import { localStorage } from '../../src/storage/storage.js'
import { freePort } from '../failure/service.js'
import { runScript } from '../support/scripts.js'

/**
 * `npm run disable-demo` as the operator runs it: the command production's refusal prints, pasted as it is.
 * (Found by the operator audit: the hint named no DATA_DIR, and on a folder without bursa data the script made a
 * new empty database there and said "nothing to do".)
 */
const root = resolve(import.meta.dirname, '../..')
const cleanup: (() => unknown)[] = []
afterAll(async () => {
  for (const c of cleanup) await c()
})

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe('npm run disable-demo on a data folder that holds no bursa data', () => {
  it('refuses, naming DATA_DIR, and makes no database there', () => {
    const dataDir = join(tempDir('disable-demo-nodata-'), 'data')
    const res = runScript('disable-demo', [], { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' })
    // Before: exit 0, "No active demo account; nothing to do.", and a new empty cluster in dataDir.
    expect(res.code, res.out).toBe(1)
    expect(res.out).toContain(`there is no bursa data in DATA_DIR=${dataDir}`)
    expect(existsSync(dataDir)).toBe(false)
  }, 120_000)
})

describe("production's refusal on a data folder made by a development start", () => {
  it('prints a disable-demo command naming its DATA_DIR, which works when pasted', async () => {
    const dataDir = tempDir('disable-demo-hint-')
    const database = await openDatabase({ databaseUrl: null, dataDir })
    try {
      await database.migrate()
      expect(await seedDemo(database.db, localStorage(join(dataDir, 'files')))).toBe(true)
    } finally {
      await database.close()
    }

    const start = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://bkk.smk.test',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(start.status, start.stderr).toBe(1)
    const hint =
      /deactivate the demo accounts first: (NODE_ENV=production DATA_DIR=(\S+) npm run disable-demo)$/m.exec(
        start.stderr,
      )
    expect(hint, start.stderr).not.toBeNull()
    expect(hint![2]).toBe(dataDir)

    // Pasted from another folder than the project's own ./data: the DATA_DIR it names is what counts.
    const res = runScript('disable-demo', [], {
      NODE_ENV: 'production',
      DATA_DIR: hint![2]!,
      DATABASE_URL: '',
    })
    expect(res.code, res.out).toBe(0)
    expect(res.out).toContain(`Deactivated ${DEMO_EMAILS.length} demo account(s)`)
  }, 180_000)
})
