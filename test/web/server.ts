import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { buildWeb, isStale } from '../../scripts/build-web.js'
import { runningServerUrl } from '../../src/db/embedded.js'
import { queryOn } from '../support/databases.js'

const root = resolve(import.meta.dirname, '../..')

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => ok(port))
    })
  })
}

export interface RunningService {
  url: string
  /** The service's database, for a journey that must set something no screen sets. */
  databaseUrl(): string
  /** One statement on the service's database (`databaseUrl`), through a client of its own: its rows. */
  query(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>
  stop(): Promise<void>
}

/**
 * The real service as `npm start` runs it (src/main.ts: migrate, demo data, listen), on a fresh database:
 * a temporary data folder (the service starts its embedded PostgreSQL there), or a new database on the PostgreSQL server of DATABASE_URL. Builds the web
 * client first when web/dist is older than its sources. `env` adds to (or overrides) the service's environment.
 */
export async function startService(env: Record<string, string> = {}): Promise<RunningService> {
  if (isStale()) await buildWeb()
  const dataDir = mkdtempSync(join(tmpdir(), 'bursa-web-'))
  const port = await freePort()
  let databaseUrl = ''
  let dropDb: (() => Promise<void>) | null = null
  if (process.env.DATABASE_URL) {
    const name = `bursa_web_${process.pid}_${Date.now()}`
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const u = new URL(process.env.DATABASE_URL)
    u.pathname = `/${name}`
    databaseUrl = u.toString()
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    }
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output}`)
    try {
      const res = await fetch(`${url}/ready`)
      if (res.ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error(`the service did not become ready:\n${output}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  const urlOfDatabase = () => {
    const found = databaseUrl || runningServerUrl(dataDir)
    if (!found) throw new Error('the service has no database running')
    return found
  }
  return {
    url,
    databaseUrl: urlOfDatabase,
    query: (text, values) => queryOn(urlOfDatabase(), text, values),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      await dropDb?.()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
