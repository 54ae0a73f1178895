import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { copyOfTemplate } from '../support/databases.js'
import { runScript } from '../support/scripts.js'

/** What `npm run backup` does with where and when it runs (found by the operations audit). */

const cleanup: (() => unknown)[] = []
afterAll(async () => {
  for (const c of cleanup) await c()
})

/**
 * The nightly backup run with a DATA_DIR that holds no bursa data: a cron line without `DATA_DIR=/var/lib/bursa`
 * (README: `… npm run backup`; the default is `./data` of the cron's folder), or a typo in the path.
 */
describe('npm run backup on a data folder that holds no bursa data', () => {
  it('says there is no bursa data in DATA_DIR, and makes no database there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bursa-nodata-'))
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    const dataDir = join(dir, 'data')
    const res = runScript('backup', [], { DATA_DIR: dataDir, DATABASE_URL: '' })
    expect(res.code).toBe(1)
    // Before: "Backup failed: relation "drizzle.__drizzle_migrations" does not exist", after running initdb
    // there: a new, empty 46 MB PostgreSQL cluster (DATA_DIR/pg, pg-password, run/) made by a backup command.
    expect(res.out).toContain(`there is no bursa data in DATA_DIR=${dataDir}`)
    expect(existsSync(dataDir)).toBe(false)
  }, 120_000)
})

/** `YYYY-MM-DD-HHMMSS` of an instant on the wall clock of `timeZone`. */
const wallClock = (at: Date, timeZone: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  )
  return `${p.year}-${p.month}-${p.day}-${p.hour}${p.minute}${p.second}`
}

/**
 * README: the nightly backup "writes /var/lib/bursa/backups/bursa-<date>.backup.gz"; SCHOOL_TIME_ZONE: "its days
 * decide every date rule …, its clock every time shown". The file is named by the UTC clock instead: the
 * backup the docs' own cron line (`0 2 * * *`) takes at 02:00 WIB on the 27th is `bursa-…-26-190000`, and the
 * person restoring "last night's backup" (or the one before a mistake made this morning) picks by that name.
 */
describe('npm run backup names its file', () => {
  it("by the school's clock (SCHOOL_TIME_ZONE), not UTC's", async () => {
    const source = await copyOfTemplate(inject('dbServer'))
    cleanup.push(() => source.drop())
    const out = mkdtempSync(join(tmpdir(), 'bursa-backup-name-'))
    cleanup.push(() => rmSync(out, { recursive: true, force: true }))
    const zone = 'Asia/Jakarta'
    const before = new Date()
    const res = runScript('backup', ['--out', out], { DATABASE_URL: source.url, SCHOOL_TIME_ZONE: zone })
    const after = new Date()
    expect(res.code).toBe(0)
    const [file] = readdirSync(out)
    const stamp = /^bursa-(\d{4}-\d{2}-\d{2}-\d{6})\.backup\.gz$/.exec(file as string)?.[1] as string
    // Before: the UTC time, seven hours behind the school's clock.
    expect(
      stamp >= wallClock(before, zone) && stamp <= wallClock(after, zone),
      `${stamp} (school time ${wallClock(before, zone)})`,
    ).toBe(true)
  }, 120_000)
})
