import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { generate, issueBenchTokens, type Sizes, tokensFor } from '../../scripts/bench-data.js'
import { openDatabase } from '../../src/db/client.js'
import { startEmbedded } from '../../src/db/embedded.js'
import { copyOfTemplate, type TestServer } from '../support/databases.js'

const root = resolve(import.meta.dirname, '../..')

/** Long versions of the failure tests (more writes, more rounds): FAILURE_FULL=1. */
export const FULL = process.env.FAILURE_FULL === '1'

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => ok(port))
    })
  })
}

type Row = Record<string, unknown>
/** SQL on the store while the service is not running (one process owns an embedded data folder). */
export type Sql = <T extends Row = Row>(text: string, params?: unknown[]) => Promise<T[]>

/**
 * Where the service keeps its data, surviving restarts: an embedded PostgreSQL data folder (`url` empty:
 * the service starts its own server there), or (with DATABASE_URL) a new database on that server. `url`
 * may be replaced (e.g. to go through a proxy).
 */
export interface Store {
  kind: 'embedded' | 'postgres'
  dataDir: string
  url: string
  withSql<T>(fn: (sql: Sql) => Promise<T>): Promise<T>
  drop(): Promise<void>
}

export async function withClient<T>(url: string, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(async (text, params) => (await c.query(text, params)).rows)
  } finally {
    await c.end()
  }
}

/** The pid of the embedded postmaster running on a data folder (from its postmaster.pid). */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
}

/** On PostgreSQL, `server` (vitest's `inject('dbServer')`) supplies a migrated template to copy. */
export async function freshStore(server?: TestServer): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursa-failure-'))
  if (process.env.DATABASE_URL && server) {
    const copy = await copyOfTemplate(server, `bursa_failure_${process.pid}`)
    return {
      kind: 'postgres',
      dataDir,
      url: copy.url,
      withSql: (fn) => withClient(copy.url, fn),
      async drop() {
        await copy.drop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  return {
    kind: 'embedded',
    dataDir,
    url: '',
    async withSql(fn) {
      const server = await startEmbedded({ dataDir })
      try {
        return await withClient(server.url(), fn)
      } finally {
        await server.stop()
      }
    },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Small generated data (bench-data.ts) with a token for every account: no logins needed. */
export const SMALL: Sizes = { learners: 400, siswa: 160, companies: 12, vacancies: 240, applications: 0 }

export interface Fixture {
  adminToken: string
  /** A learner and a vacancy open to them that they have not applied to. */
  pairs: { token: string; studentId: number; vacancyId: number }[]
}

export async function prepare(store: Store, sizes: Sizes = SMALL): Promise<Fixture> {
  const database = await openDatabase({ databaseUrl: store.url || null, dataDir: store.dataDir, poolSize: 2 })
  try {
    await database.migrate()
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      await generate(client, sizes)
      await issueBenchTokens(client)
      const { rows: pairs } = await client.query<{ user_id: number; student_id: number; vacancy_id: number }>(
        `select s.user_id, s.id as student_id, v.id as vacancy_id
         from students s join users u on u.id = s.user_id
         join job_vacancy_majors m on m.major_id = s.major_id
         join job_vacancies v on v.id = m.job_vacancy_id
         join companies c on c.id = v.company_id
         where v.is_active and v.deleted_at is null and v.deadline >= current_date and c.is_active
           and v.target in ('all', u.role)
         order by md5(s.id || '-' || v.id)`,
      )
      const { rows: admins } = await client.query<{ id: number }>(`select id from users where role = 'admin'`)
      const ids = [...new Set([admins[0].id, ...pairs.map((p) => p.user_id)])]
      const tokens = await tokensFor(client, ids)
      return {
        adminToken: tokens.get(admins[0].id) as string,
        pairs: pairs.map((p) => ({
          token: tokens.get(p.user_id) as string,
          studentId: p.student_id,
          vacancyId: p.vacancy_id,
        })),
      }
    } finally {
      await client.end()
    }
  } finally {
    await database.close()
  }
}

export interface Service {
  url: string
  port: number
  child: ChildProcess
  /** Resolves with the exit code (or the signal's name) once the process has gone. */
  exited: Promise<number | string>
  output(): string
}

/**
 * `tsx src/main.ts` on the store, in production mode, on `port`; resolves once /ready says 200.
 * `stdout: 'unread'` leaves its standard output unread, as a stalled log collector would.
 */
export async function startService(
  store: Store,
  port: number,
  env: Record<string, string> = {},
  opts: { stdout?: 'read' | 'unread' } = {},
) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bkk.smk.test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      APPLY_MAX_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  if (opts.stdout !== 'unread') child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const exited = new Promise<number | string>((ok) =>
    child.once('exit', (code, signal) => ok(code ?? signal ?? 'unknown')),
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the service exited (${child.exitCode ?? child.signalCode}):\n${output}`)
    try {
      if ((await fetch(`${url}/ready`)).ok) break
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the service did not become ready:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return { url, port, child, exited, output: () => output } satisfies Service
}

/**
 * SIGTERM, then SIGKILL if it has not gone within `killAfterMs` (20 s; past the service's own 25 s
 * forced exit, a slow shutdown shows as exit code 1 instead); resolves with how it exited.
 */
export async function stopService(service: Service, killAfterMs = 20_000) {
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGTERM')
  const timer = setTimeout(() => service.child.kill('SIGKILL'), killAfterMs)
  const how = await service.exited
  clearTimeout(timer)
  return how
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
