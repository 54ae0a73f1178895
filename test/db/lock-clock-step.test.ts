import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type EmbeddedServer, runningServerUrl, startEmbedded } from '../../src/db/embedded.js'
import { holdEmbedded } from '../support/embedded.js'

/**
 * `lockHeld` (src/db/embedded.ts, 3547083) took bursa.lock for stale when its process "started after the lock
 * was written": the process's start read from /proc (boot time + ticks, on today's clock) against the file's
 * mtime (the clock when it was written). The two are different clocks once the wall clock is stepped after the
 * service wrote its lock (found by the review of this session's changes; the lock now records the process's
 * boot and start tick, which no clock step moves): a machine that boots with a clock behind (a power cut on a board without a
 * battery-backed clock, a VM resumed, chrony's `makestep` at boot) and is corrected by NTP after the service
 * started. Every later reading then says the running service "started after its lock": `npm run backup`
 * takes the live service for stopped and starts the database itself, and a second start takes the folder
 * over (shutting down the live service's PostgreSQL) instead of being refused.
 */
const dirs: string[] = []
const holders: ChildProcess[] = []
const servers: EmbeddedServer[] = []
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {})
  for (const h of holders) h.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 2000))
  for (const h of holders) h.kill('SIGKILL')
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** The service running on a new data folder (its postmaster's pid). */
async function runningService() {
  const dir = mkdtempSync(join(tmpdir(), 'bursa-clockstep-'))
  dirs.push(dir)
  const { holder } = await holdEmbedded(dir)
  holders.push(holder)
  return dir
}

/** NTP stepped the clock 2 minutes forward after the service wrote its lock (the lock's time is 2 minutes "early"). */
function clockSteppedForward(dir: string) {
  const lock = join(dir, 'bursa.lock')
  const { atime, mtimeMs } = statSync(lock)
  utimesSync(lock, atime, new Date(mtimeMs - 120_000))
}

describe('the wall clock stepped forward after the service locked its data folder', () => {
  it('npm run backup still finds the running service', async () => {
    const dir = await runningService()
    clockSteppedForward(dir)
    // Before: null, so the backup started the embedded server itself on the live data folder.
    expect(runningServerUrl(dir)).not.toBeNull()
  }, 120_000)

  it('a second start on the same data folder is refused', async () => {
    const dir = await runningService()
    clockSteppedForward(dir)
    // Before: it took the lock over and shut down the running service's PostgreSQL to start its own.
    const second = await startEmbedded({ dataDir: dir }).then(
      (s) => {
        servers.push(s)
        return 'started'
      },
      (err: Error) => err.message,
    )
    expect(second).toMatch(/is in use by process/)
  }, 120_000)
})
