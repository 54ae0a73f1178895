import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { type EmbeddedServer, startEmbedded } from '../../src/db/embedded.js'
import { holdEmbedded } from '../support/embedded.js'

/**
 * A power cut: the service and its PostgreSQL die at once, and after the reboot the service is started again on
 * the same data folder. The files the dead processes left name their pids, which after a reboot may belong to
 * other programs. docs/operations.md, Embedded database: "After an unclean stop: a lock whose process is gone is
 * taken over; a `postmaster.pid` whose process is gone is removed and PostgreSQL recovers by itself". Both
 * used to keep the service down until someone deleted a file by hand (found by the operations audit).
 */
const dirs: string[] = []
const servers: EmbeddedServer[] = []
const others: ChildProcess[] = []
afterAll(async () => {
  for (const o of others) o.kill('SIGKILL')
  for (const s of servers) await s.stop().catch(() => {})
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** A service on a new data folder, then a power cut: the service and its postmaster killed outright. */
async function dataFolderAfterPowerCut() {
  const dir = mkdtempSync(join(tmpdir(), 'bursa-powercut-'))
  dirs.push(dir)
  const { holder, postmaster } = await holdEmbedded(dir)
  holder.kill('SIGKILL')
  process.kill(postmaster, 'SIGKILL')
  await new Promise((r) => holder.once('exit', r))
  await new Promise((r) => setTimeout(r, 300))
  return dir
}

/** A program started after the reboot by the same user as the database (it got a pid the dead ones had). */
function anotherProgram(uid: number, gid: number) {
  const other = spawn('sleep', ['120'], { stdio: 'ignore', uid, gid })
  others.push(other)
  return other.pid as number
}

const rows = async (server: EmbeddedServer) => {
  const c = new pg.Client({ connectionString: server.url() })
  await c.connect()
  try {
    return (await c.query('select 1 as ok')).rows
  } finally {
    await c.end()
  }
}

describe('starting again after a power cut', () => {
  it('takes over bursa.lock when the pid it names now belongs to another program', async () => {
    const dir = await dataFolderAfterPowerCut()
    // The lock as the dead service wrote it (its pid, and who that process was), the pid now another program's.
    const lock = join(dir, 'bursa.lock')
    const other = anotherProgram(process.getuid?.() ?? 0, process.getgid?.() ?? 0)
    writeFileSync(lock, readFileSync(lock, 'utf8').replace(/^\d+/, String(other)))
    // Before the fix: "The data folder … is in use by process <the other program>. Stop that process first, or
    // give this one another DATA_DIR": the school's service stays down until someone deletes the lock by hand.
    const server = await startEmbedded({ dataDir: dir })
    servers.push(server)
    expect(await rows(server)).toEqual([{ ok: 1 }])
  }, 120_000)

  it("starts PostgreSQL when the socket's lock file names a pid that now belongs to another program of the database's user", async () => {
    const dir = await dataFolderAfterPowerCut()
    const { uid, gid } = statSync(join(dir, 'pg'))
    const lock = join(dir, 'run', '.s.PGSQL.5432.lock')
    writeFileSync(lock, readFileSync(lock, 'utf8').replace(/^\d+/, String(anotherProgram(uid, gid))))
    // Before the fix: "Cannot open the database: PostgreSQL exited during start-up: … FATAL: lock file
    // "…/run/.s.PGSQL.5432.lock" already exists. HINT: Is another postmaster (PID …) using socket file". The
    // service clears a stale postmaster.pid, not the socket's lock file in DATA_DIR/run, which survives a reboot.
    const server = await startEmbedded({ dataDir: dir })
    servers.push(server)
    expect(await rows(server)).toEqual([{ ok: 1 }])
  }, 120_000)
})
