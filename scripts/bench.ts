/**
 * `npm run bench`: generated data, then the real service under load, `/health` loaded in the same run
 * as the reference every route is compared with.
 *
 *   DATABASE_URL       unset: the embedded default: the service started as `npm start` does, with DATA_DIR
 *                      at BENCH_DATA_DIR and its own PostgreSQL, school scale. Set: that server (the database
 *                      named in it is dropped and recreated), district scale.
 *   BENCH_SCALE        `school` (3,000 learners, 30,000 applications) or a factor of the district scale of
 *                      DESIGN section 7 (1 = 50,000 learners, 1,000,000 applications; 0.1 for a quick run)
 *   BENCH_SECONDS      seconds per route (default 10)
 *   BENCH_CONNECTIONS  concurrent connections (default 50)
 *   BENCH_ONLY         route names to load, separated by `,` with no space after it (default all; `GET /health`
 *                      always runs)
 *   BENCH_DATA_DIR     the embedded run's data folder (default: bursa-bench-data in the temp folder; emptied)
 *   BENCH_SERVICE_NODE_ARGS  more node flags for the service, after those of `npm start`, space-separated
 *                      (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile per service start, written when
 *                      it stops)
 *
 * Prints a table and writes bench/results.json (bench/results-embedded.json for the embedded run).
 * Loopback only; every loop is bounded by time and the run stops by itself.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon, { type RawRequest, type Result } from 'autocannon'
import pg from 'pg'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/client.js'
import { runningServerUrl } from '../src/db/embedded.js'
import { connectionOptions, DEFAULT_SCHOOL_TIME_ZONE } from '../src/db/school-day.js'
import { createStorage } from '../src/storage/storage.js'
import {
  BENCH_ADMINS,
  BENCH_PASSWORD,
  generate,
  issueBenchTokens,
  schoolSizes,
  sizesFor,
  tokensFor,
} from './bench-data.js'
import { buildServer, isServerStale, serverBundle } from './build-server.js'

const root = resolve(import.meta.dirname, '..')
const EXTERNAL_URL = process.env.DATABASE_URL || null
const EMBEDDED = EXTERNAL_URL === null
const SCALE = process.env.BENCH_SCALE ?? (EMBEDDED ? 'school' : '1')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
// Names are separated by a comma without a space after it: a name may hold ", " (`GET every report, 10 admins at once`).
/**
 * The service's node flags: those of `npm start` (package.json's `start`, between `node` and the bundle), so the
 * bench runs it as a school does, then BENCH_SERVICE_NODE_ARGS (space-separated), which can override them.
 */
const SERVICE_NODE_ARGS = [
  ...startNodeFlags(),
  ...(process.env.BENCH_SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
]
const ONLY = process.env.BENCH_ONLY?.split(/,(?! )/).map((s) => s.trim())
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR || join(tmpdir(), 'bursa-bench-data'))
/** The service's pool (DATABASE_POOL_SIZE); the raw driver loop gets the same number of connections. */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10)
/** The bench's own connections say so, and are left out of the database's memory. */
const BENCH_APP = 'bursa-bench'

function startNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const [command, ...args] = scripts.start.split(' ').filter(Boolean)
  const bundle = args.indexOf('dist/server/main.js')
  if (command !== 'node' || bundle < 0)
    throw new Error(
      `package.json's start script is not \`node [flags] dist/server/main.js\`: ${scripts.start}`,
    )
  return args.slice(0, bundle)
}

/** `VACUUM (ANALYZE)` of the tables a write load filled, on a connection of the bench's own. */
async function vacuumWritten(url: string, tables: string[]) {
  const client = benchClient(url)
  await client.connect()
  try {
    const started = performance.now()
    await client.query(`vacuum (analyze) ${tables.join(', ')}`)
    log(`  vacuumed ${tables.join(', ')} in ${Math.round(performance.now() - started)} ms`)
  } finally {
    await client.end()
  }
}

const children: ChildProcess[] = []
const log = (line: string) => process.stdout.write(`${line}\n`)
const ms = (n: number) => Math.round(n * 10) / 10
const mb = (kb: number) => Math.round(kb / 1024)
const sleep = (t: number) => new Promise((r) => setTimeout(r, t))
const benchClient = (url: string) => new pg.Client({ connectionString: url, application_name: BENCH_APP })

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

/**
 * A connection string as a URL. `postgres://user@/db?host=/var/run/postgresql` (a Unix socket, as
 * docs/operations.md advises on one machine) has no host for WHATWG's URL: `localhost` stands in, which
 * node-postgres ignores when `host` is given.
 */
function urlOf(connectionString: string) {
  return new URL(connectionString.replace(/^(postgres(?:ql)?:\/\/(?:[^@/]*@)?)(?=\/)/, '$1localhost'))
}

function databaseName(url: string) {
  const name = urlOf(url).pathname.slice(1)
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsupported database name: ${name}`)
  return name
}

/** Runs `text` on the server's maintenance database. */
async function onServer(url: string, text: string) {
  const u = urlOf(url)
  u.pathname = '/postgres'
  const admin = benchClient(u.toString())
  await admin.connect()
  try {
    await admin.query(text)
  } finally {
    await admin.end()
  }
}

async function recreateDatabase(url: string) {
  const name = databaseName(url)
  await onServer(url, `drop database if exists ${name} with (force)`)
  await onServer(url, `create database ${name}`)
}

/** Every statement the service runs for one request, captured from the driver. */
type Statement = { text: string; name?: string; values?: unknown[]; rowMode?: string; types?: unknown }

/**
 * The SQL of one route, exactly as the service sends it: the app built in this process on a pool
 * whose `query` is watched. Each caller is asked twice: the first request also looks up the token,
 * the second is what a request sends while its token's lookup is kept (AUTH_CACHE_SECONDS), the steady
 * state under load. Background queue statements are left out.
 */
async function captureStatements(url: string, requests: { url: string; token: string }[]) {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'bursa-bench-'))
  const database = await openDatabase({
    databaseUrl: url,
    dataDir,
    poolSize: 2,
    schoolTimeZone: config.schoolTimeZone,
  })
  const app = await buildApp({
    config: { ...config, dataDir },
    database,
    storage: createStorage({ storageUrl: null, dataDir }),
    logger: false,
  })
  await app.ready()
  const original = pg.Pool.prototype.query
  let recording: Statement[] | null = null
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const q = args[0]
    if (recording && typeof q === 'object' && q && 'text' in q && !/pgboss/i.test(String(q.text)))
      recording.push({
        ...(q as Statement),
        values: (args[1] as unknown[] | undefined) ?? (q as Statement).values,
      })
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof original
  const cold: Statement[][] = []
  const warm: Statement[][] = []
  try {
    for (const r of requests) {
      for (const sets of [cold, warm]) {
        recording = []
        const res = await app.inject({
          method: 'GET',
          url: r.url,
          headers: { authorization: `Bearer ${r.token}` },
        })
        if (res.statusCode !== 200)
          throw new Error(`capture: ${r.url} answered ${res.statusCode}: ${res.body}`)
        sets.push(recording)
        recording = null
      }
    }
  } finally {
    pg.Pool.prototype.query = original
    await app.close()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { cold, warm }
}

/**
 * The database's own limit: the captured statements replayed from `workers` loops over a raw pool, whose
 * connections carry the school's time zone as the service's do.
 */
async function rawLoop(url: string, sets: Statement[][], workers: number, seconds: number) {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    application_name: BENCH_APP,
    options: connectionOptions(DEFAULT_SCHOOL_TIME_ZONE),
  })
  let done = 0
  let next = 0
  const latencies: number[] = []
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const set = sets[next++ % sets.length]
        const t = performance.now()
        // As sent: named statements stay named (parsed and planned once per connection).
        for (const s of set) await pool.query(s as pg.QueryConfig)
        latencies.push(performance.now() - t)
        done++
      }
    }),
  )
  await pool.end()
  latencies.sort((a, b) => a - b)
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))]
  return { rps: done / seconds, p50: pct(50), p99: pct(99), requests: done }
}

// ---------------------------------------------------------------- memory

/** A `/proc/<pid>/<file>` field in kB (VmRSS, VmHWM, Pss); 0 when the process is gone or unreadable. */
function procKb(pid: number, file: 'status' | 'smaps_rollup', field: string): number {
  try {
    const text = readFileSync(`/proc/${pid}/${file}`, 'utf8')
    return Number(text.match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** A process's CPU time so far (user + system) in ms; 0 when it is gone or unreadable. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // pid (comm) state …: utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(f[11]) + Number(f[12])) * 10
  } catch {
    return 0
  }
}

/** Every process below `pid` (the embedded postmaster, its backends and helpers). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid …; comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parentOf.set(Number(entry), ppid)
    } catch {}
  }
  const below = new Set([pid])
  let grew = true
  while (grew) {
    grew = false
    for (const [child, parent] of parentOf)
      if (below.has(parent) && !below.has(child)) {
        below.add(child)
        grew = true
      }
  }
  below.delete(pid)
  return [...below]
}

/**
 * The database's processes: embedded, every process below the service (postmaster, backends, helpers:
 * all of that PostgreSQL); external, the server's backends connected to the bench database other than
 * the bench's own (the postmaster and the server's helpers serve every database and are not counted).
 */
async function databasePids(service: ChildProcess, monitor: pg.Client | null): Promise<number[]> {
  if (EMBEDDED) return descendants(service.pid as number)
  const { rows } = await (monitor as pg.Client).query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and application_name <> $1`,
    [BENCH_APP],
  )
  return rows.map((r) => r.pid)
}

interface Memory {
  serviceRssMb: number
  databasePssMb: number
  totalMb: number
  databaseProcesses: number
}

async function memoryOf(service: ChildProcess, monitor: pg.Client | null): Promise<Memory> {
  const pids = await databasePids(service, monitor)
  const serviceRssMb = mb(procKb(service.pid as number, 'status', 'VmRSS'))
  const databasePssMb = mb(pids.reduce((n, pid) => n + procKb(pid, 'smaps_rollup', 'Pss'), 0))
  return {
    serviceRssMb,
    databasePssMb,
    totalMb: serviceRssMb + databasePssMb,
    databaseProcesses: pids.length,
  }
}

/** Samples memory every half second while the load runs; keeps the highest total. */
function memorySampler(service: ChildProcess, monitor: pg.Client | null) {
  let peak: Memory = { serviceRssMb: 0, databasePssMb: 0, totalMb: 0, databaseProcesses: 0 }
  let busy = false
  const timer = setInterval(async () => {
    if (busy) return
    busy = true
    try {
      const m = await memoryOf(service, monitor)
      if (m.totalMb > peak.totalMb) peak = m
    } catch {
    } finally {
      busy = false
    }
  }, 500)
  return {
    stop() {
      clearInterval(timer)
      return peak
    },
  }
}

// ---------------------------------------------------------------- report rows

interface Row {
  route: string
  rps: number | null
  p50: number | null
  p99: number | null
  non2xx: number | null
  errors: number | null
  requests: number | null
  /** Throughput as a share of /health's in the same run. */
  ofHealth?: number
  /** Sequential single requests (ms), for the reports. */
  single?: { median: number; max: number }
  note?: string
  /** The vacancy list: its steady-state SQL replayed over a raw pool of the service's size. */
  raw?: { rps: number; p50: number; p99: number }
  ratio?: number
  statusCodes?: Record<string, number>
  /** The service's RSS once the route's load has drained. */
  serviceRssMb?: number
  /**
   * CPU time per request (ms) of the service, of the database's processes (as `databasePids` counts
   * them) and of the bench process that sends the load (autocannon), from the start of the load until
   * it has drained. On a machine whose cores all three share, their sum bounds the throughput.
   */
  cpuMsPerRequest?: { service: number; database: number; loader: number; total: number }
  /** What the cores would allow with a service that cost nothing: cores / (database + loader CPU a request). */
  freeServiceBound?: { rps: number; ofHealth: number }
}

const REPORTS = [
  '/api/admin/reports/recruitment',
  '/api/admin/reports/attendance',
  '/api/admin/reports/absorption',
  '/api/admin/reports/tracer-study',
  '/api/admin/dashboard',
]

async function main() {
  const started = performance.now()
  const loadAtStart = Math.round(loadavg()[0] * 100) / 100
  const sizes = SCALE === 'school' ? schoolSizes() : sizesFor(Number(SCALE))
  log(
    `bursa bench: ${EMBEDDED ? 'embedded PostgreSQL' : 'external PostgreSQL'}, scale ${SCALE} (${sizes.learners} learners, ${sizes.companies} companies, ${sizes.vacancies} vacancies, ${sizes.applications} applications)`,
  )

  // ------------------------------------------------------------ database and data
  let t = performance.now()
  let url: string
  let setup: Awaited<ReturnType<typeof openDatabase>>
  if (EMBEDDED) {
    log(`data folder ${DATA_DIR} (emptied)`)
    rmSync(DATA_DIR, { recursive: true, force: true })
    setup = await openDatabase({ databaseUrl: null, dataDir: DATA_DIR, poolSize: 2 })
    url = setup.url
  } else {
    url = EXTERNAL_URL as string
    log(`database ${url.replace(/:[^:@/]+@/, ':***@')} (recreated)`)
    await recreateDatabase(url)
    setup = await openDatabase({ databaseUrl: url, dataDir: tmpdir(), poolSize: 2 })
  }
  await setup.migrate()
  const migrateSeconds = (performance.now() - t) / 1000

  const client = benchClient(url)
  await client.connect()
  log('generating data:')
  t = performance.now()
  const steps = await generate(client, sizes, log)
  await issueBenchTokens(client)
  const generateSeconds = (performance.now() - t) / 1000
  log(
    `data generated in ${generateSeconds.toFixed(1)} s (database and migrations ${migrateSeconds.toFixed(1)} s)`,
  )

  // ------------------------------------------------------------ who calls what
  const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await client.query<T>(sql, params)).rows
  const admins = await q<{ id: number }>(`select id from users where role = 'admin' order by id limit $1`, [
    BENCH_ADMINS,
  ])
  const hrds = await q<{ id: number }>(
    `select u.id from users u join companies c on c.id = u.company_id where u.role = 'hrd' and c.is_active order by u.id limit 200`,
  )
  const learnerStep = Math.max(1, Math.floor(sizes.learners / 200))
  const learners = await q<{ id: number; user_id: number; email: string }>(
    `select s.id, s.user_id, u.email from students s join users u on u.id = s.user_id where s.id % ${learnerStep} = 0 order by s.id limit 200`,
  )
  // Pairs (learner, vacancy open to them, not applied to yet): for detail and apply.
  const pairs = await q<{ user_id: number; vacancy_id: number }>(
    `select s.user_id, v.id as vacancy_id
     from students s join users u on u.id = s.user_id
     join job_vacancy_majors m on m.major_id = s.major_id
     join job_vacancies v on v.id = m.job_vacancy_id
     join companies c on c.id = v.company_id
     where s.id % ${EMBEDDED ? 1 : 7} = ${EMBEDDED ? 0 : 3} and v.is_active and v.deleted_at is null
       and v.deadline >= current_date and c.is_active and v.target in ('all', u.role)
       and not exists (select 1 from applications a where a.job_vacancy_id = v.id and a.student_id = s.id)
     order by md5(s.id || '-' || v.id) limit 60000`,
  )
  const tokens = await tokensFor(client, [
    ...admins.map((a) => a.id),
    ...hrds.map((h) => h.id),
    ...learners.map((l) => l.user_id),
    ...pairs.map((p) => p.user_id),
  ])
  const tok = (userId: number) => tokens.get(userId) as string
  const detailPairs = pairs.filter((_, i) => i % 4 === 0)
  const applyPairs = pairs.filter((_, i) => i % 4 !== 0)
  const [{ version: pgVersion }] = await q<{ version: string }>(`select version()`)
  await client.end()

  // ------------------------------------------------------------ the SQL of the vacancy list
  const listUrl = '/api/job-vacancies'
  const captureFor = learners.slice(0, 50)
  const listSql = await captureStatements(
    url,
    captureFor.map((l) => ({ url: listUrl, token: tok(l.user_id) })),
  )
  const listing = (set: Statement[]) =>
    set.map((s) => `-- parameters: ${JSON.stringify(s.values ?? [])}\n${s.text};\n`).join('\n')
  mkdirSync(join(root, 'bench'), { recursive: true })
  writeFileSync(
    join(root, 'bench/vacancy-list.sql'),
    `-- The statements of GET /api/job-vacancies, captured from the driver (parameters of the first caller).\n-- A request whose token's lookup is kept (the steady state under load; named: ${listSql.warm[0].map((s) => s.name ?? 'unnamed').join(', ')}):\n${listing(listSql.warm[0])}\n-- The first request of a token also looks it up:\n${listing(listSql.cold[0].slice(0, listSql.cold[0].length - listSql.warm[0].length))}`,
  )
  log(
    `vacancy list: ${listSql.warm[0].length} statement(s) per request, ${listSql.cold[0].length} on a token's first (bench/vacancy-list.sql)`,
  )
  // The embedded server stops here: the service starts its own on the same folder.
  await setup.close()
  if (process.env.BENCH_CAPTURE_ONLY) return

  // ------------------------------------------------------------ the service
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const serviceEnv = (dataDir: string, databaseUrl: string | null, logLevel: string) => ({
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl ?? '',
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: logLevel,
    APPLY_MAX_PER_HOUR: '1000000',
    LOGIN_MAX_PER_EMAIL: '1000000',
    LOGIN_MAX_PER_IP: '1000000',
  })
  async function startService(env: NodeJS.ProcessEnv) {
    // As `npm start` runs it: the bundle of src/ (built first when stale), under plain node.
    if (isServerStale()) await buildServer()
    const spawnedAt = performance.now()
    const child: ChildProcess = spawn(process.execPath, [...SERVICE_NODE_ARGS, serverBundle], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    child.stdout?.on('data', (d) => (output += d))
    child.stderr?.on('data', (d) => (output += d))
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output}`)
      try {
        if ((await fetch(`${base}/ready`)).ok) break
      } catch {}
      if (performance.now() - spawnedAt > 120_000)
        throw new Error(`the service did not become ready:\n${output}`)
      await sleep(10)
    }
    const ms = Math.round(performance.now() - spawnedAt)
    // main.ts logs the time from its first line to listening: the rest is node and the imports.
    const inMain = Number(output.match(/"startupMs":(\d+)/)?.[1] ?? Number.NaN)
    return { child, ms, inMain }
  }
  async function stopService(child: ChildProcess) {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    await exited
    clearTimeout(timer)
  }

  // Start-up on a fresh data folder (embedded: initdb and migrations) or a fresh database (external).
  let freshStartupMs: number
  if (EMBEDDED) {
    const fresh = mkdtempSync(join(tmpdir(), 'bursa-bench-fresh-'))
    const s = await startService(serviceEnv(fresh, null, 'info'))
    freshStartupMs = s.ms
    await stopService(s.child)
    rmSync(fresh, { recursive: true, force: true })
  } else {
    const freshUrl = urlOf(url)
    freshUrl.pathname = `/${databaseName(url)}_fresh`
    await recreateDatabase(freshUrl.toString())
    const scratch = mkdtempSync(join(tmpdir(), 'bursa-bench-'))
    const s = await startService(serviceEnv(scratch, freshUrl.toString(), 'info'))
    freshStartupMs = s.ms
    await stopService(s.child)
    await onServer(url, `drop database if exists ${databaseName(freshUrl.toString())} with (force)`)
    rmSync(scratch, { recursive: true, force: true })
  }
  // On the data just generated: start-up measured with the default log level (which prints it), then
  // the service under load runs at LOG_LEVEL=warn (the default logs two lines per request).
  const dataDir = EMBEDDED ? DATA_DIR : mkdtempSync(join(tmpdir(), 'bursa-bench-'))
  const first = await startService(serviceEnv(dataDir, EXTERNAL_URL, 'info'))
  await stopService(first.child)
  const startupMs = first.ms
  const appStartupMs = first.inMain
  const { child, ms: secondStartupMs } = await startService(serviceEnv(dataDir, EXTERNAL_URL, 'warn'))
  log(
    `service ready in ${startupMs} ms on the existing data (spawn to /ready 200; ${appStartupMs} ms of it in main.ts after the imports; again: ${secondStartupMs} ms), ${freshStartupMs} ms on a fresh ${EMBEDDED ? 'data folder' : 'database'}`,
  )
  // While the service runs, its database is reached through the folder (embedded) or the URL.
  const liveUrl = EMBEDDED ? (runningServerUrl(DATA_DIR) ?? '') : url
  if (!liveUrl) throw new Error('the embedded server of the running service was not found')
  const monitor = EMBEDDED ? null : benchClient(liveUrl)
  await monitor?.connect()
  await sleep(1000)
  const atStart = await memoryOf(child, monitor)
  log(
    `memory after start: service RSS ${atStart.serviceRssMb} MB + database PSS ${atStart.databasePssMb} MB (${atStart.databaseProcesses} processes) = ${atStart.totalMb} MB`,
  )
  const sampler = memorySampler(child, monitor)

  // ------------------------------------------------------------ load
  const rows: Row[] = []
  const rotate = <T>(items: T[]) => {
    let i = 0
    return () => items[i++ % items.length]
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const json = () => ({ 'content-type': 'application/json' })

  /**
   * After a run autocannon has gone, but the requests it left queued still run (logins hash passwords
   * on other threads for seconds after): wait until the service uses under a tenth of a core.
   */
  async function drain() {
    const until = performance.now() + 60_000
    let before = cpuMsOf(child.pid as number)
    while (performance.now() < until) {
      await sleep(500)
      const now = cpuMsOf(child.pid as number)
      if (now - before <= 50) return
      before = now
    }
  }

  /**
   * CPU time so far of the service, of each of the database's processes and of this process (ms). A
   * database process that ends during the load takes its time with it (the pool's connections live on).
   */
  async function cpuNow() {
    const pids = await databasePids(child, monitor)
    const own = process.cpuUsage()
    return {
      service: cpuMsOf(child.pid as number),
      database: new Map(pids.map((pid) => [pid, cpuMsOf(pid)])),
      loader: (own.user + own.system) / 1000,
    }
  }
  type Cpu = Awaited<ReturnType<typeof cpuNow>>
  /**
   * CPU ms per request between two readings. A database process new since the first (an autovacuum
   * worker, a new connection) counts from 0, also when it got the number of one that ended meanwhile.
   */
  function cpuPerRequest(before: Cpu, after: Cpu, requests: number) {
    let database = 0
    for (const [pid, ms] of after.database) {
      const earlier = before.database.get(pid) ?? 0
      database += ms >= earlier ? ms - earlier : ms
    }
    const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 1000) / 1000
    const cpu = {
      service: per(after.service - before.service),
      database: per(database),
      loader: per(after.loader - before.loader),
    }
    return { ...cpu, total: Math.round((cpu.service + cpu.database + cpu.loader) * 1000) / 1000 }
  }

  /** Sequential requests alone on the service (median, max of 7, after one warm-up). */
  async function alone(path: string, token: string) {
    const times: number[] = []
    for (let i = 0; i < 8; i++) {
      const t0 = performance.now()
      const res = await fetch(base + path, { headers: auth(token) })
      await res.arrayBuffer()
      if (i > 0) times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    return { median: ms(times[3]), max: ms(times[6]) }
  }

  async function load(
    name: string,
    request: () => RawRequest,
    opts: { before?: () => Promise<Row['single']>; connections?: number } = {},
  ): Promise<Row | null> {
    if (ONLY && !name.startsWith('GET /health') && !ONLY.includes(name)) return null
    const probe = request()
    const first = await fetch(base + probe.path, {
      method: probe.method,
      headers: probe.headers,
      body: probe.body,
    })
    if (first.status === 404 && (await first.json().catch(() => null))?.message?.match(/Alamat|Route/)) {
      const row: Row = {
        route: name,
        rps: null,
        p50: null,
        p99: null,
        non2xx: null,
        errors: null,
        requests: null,
        note: 'missing (404)',
      }
      rows.push(row)
      log(`${name}: missing (the route answers 404)`)
      return row
    }
    const single = await opts.before?.()
    if (single) log(`  ${name} alone: median ${single.median} ms, max ${single.max} ms`)
    const cpuBefore = await cpuNow()
    const result: Result = await autocannon({
      url: base,
      connections: opts.connections ?? CONNECTIONS,
      duration: SECONDS,
      timeout: 30,
      requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
    })
    const statusCodes = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count]),
    )
    const row: Row = {
      route: name,
      rps: Math.round(result.requests.total / result.duration),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      requests: result.requests.total,
      statusCodes,
      ...(single ? { single } : {}),
    }
    rows.push(row)
    await drain()
    row.serviceRssMb = mb(procKb(child.pid as number, 'status', 'VmRSS'))
    const cpu = cpuPerRequest(cpuBefore, await cpuNow(), result.requests.total)
    row.cpuMsPerRequest = cpu
    log(
      `${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors} ${JSON.stringify(statusCodes)}; CPU ms a request: service ${cpu.service}, database ${cpu.database}, loader ${cpu.loader}`,
    )
    return row
  }

  const health = await load('GET /health', () => ({ method: 'GET', path: '/health' }))

  const nextLearner = rotate(learners)

  const nextListToken = rotate(captureFor.map((l) => tok(l.user_id)))
  const list = await load('GET /api/job-vacancies', () => ({
    method: 'GET',
    path: listUrl,
    headers: auth(nextListToken()),
  }))
  if (list && !list.note) {
    const raw = await rawLoop(liveUrl, listSql.warm, CONNECTIONS, SECONDS)
    list.raw = { rps: Math.round(raw.rps), p50: ms(raw.p50), p99: ms(raw.p99) }
    list.ratio = Math.round(((list.rps ?? 0) / raw.rps) * 100) / 100
    log(
      `  same SQL over a raw pg pool (${POOL_SIZE} connections, ${CONNECTIONS} loops): ${list.raw.rps} req/s, p50 ${list.raw.p50} ms, p99 ${list.raw.p99} ms; ratio ${list.ratio}`,
    )
  }

  const nextDetail = rotate(detailPairs)
  await load('GET /api/job-vacancies/:id', () => {
    const p = nextDetail()
    return { method: 'GET', path: `/api/job-vacancies/${p.vacancy_id}`, headers: auth(tok(p.user_id)) }
  })

  let applyIndex = 0
  await load('POST /api/job-vacancies/:id/apply', () => {
    const p = applyPairs[applyIndex++ % applyPairs.length]
    return {
      method: 'POST',
      path: `/api/job-vacancies/${p.vacancy_id}/apply`,
      headers: { ...auth(tok(p.user_id)), ...json() },
      body: '{}',
    }
  })
  if (applyIndex > applyPairs.length)
    log(`  note: ${applyIndex} applies for ${applyPairs.length} distinct pairs; repeats answer 409`)
  // Ten seconds of applies write what a school writes in months (at school scale, a third more
  // applications), and the reads after them would measure the minute before autovacuum comes: index-only
  // scans fetching every new row from the heap. So the written tables are vacuumed first, as autovacuum
  // would within its next minute (docs/performance.md, "HR's notice prepared").
  await vacuumWritten(liveUrl, ['applications', 'application_events', 'notifications', 'job_vacancies'])

  await load('GET /api/my-applications', () => ({
    method: 'GET',
    path: '/api/my-applications',
    headers: auth(tok(nextLearner().user_id)),
  }))

  const nextHrd = rotate(hrds)
  await load('GET /api/hrd/applicant-reviews', () => ({
    method: 'GET',
    path: '/api/hrd/applicant-reviews',
    headers: auth(tok(nextHrd().id)),
  }))

  const adminToken = tok(admins[0].id)
  for (const path of REPORTS) {
    await load(`GET ${path}`, () => ({ method: 'GET', path, headers: auth(adminToken) }), {
      before: () => alone(path, adminToken),
    })
  }

  // Ten admins at once, each going through every report in turn.
  const adminTokens = admins.map((a) => tok(a.id))
  let reportIndex = 0
  const reportsTogether = await load(
    `GET every report, ${adminTokens.length} admins at once`,
    () => {
      const i = reportIndex++
      return {
        method: 'GET',
        path: REPORTS[i % REPORTS.length],
        headers: auth(adminTokens[Math.floor(i / REPORTS.length) % adminTokens.length]),
      }
    },
    { connections: adminTokens.length },
  )

  // The roster import (issue 16): 2,000 new students in one file, alone on the service.
  const hwm = () => mb(procKb(child.pid as number, 'status', 'VmHWM'))
  const rss = () => mb(procKb(child.pid as number, 'status', 'VmRSS'))
  const roster =
    !ONLY || ONLY.includes('import') ? await importScenario(base, adminToken, log, hwm, rss) : null
  if (roster) await drain()

  // Last: logins hash passwords (argon2, 19 MiB each) on the thread pool, the heaviest on memory.
  const nextLogin = rotate(learners)
  await load('POST /api/login', () => ({
    method: 'POST',
    path: '/api/login',
    headers: json(),
    body: JSON.stringify({ email: nextLogin().email, password: BENCH_PASSWORD }),
  }))

  // /health again: other work on the machine changes its speed during a run; the reference is the mean.
  const healthAfter = await load('GET /health (again, last)', () => ({ method: 'GET', path: '/health' }))

  const peak = sampler.stop()
  const servicePeakRssMb = mb(procKb(child.pid as number, 'status', 'VmHWM'))
  await monitor?.end()
  await stopService(child)
  if (!EMBEDDED) rmSync(dataDir, { recursive: true, force: true })

  // ------------------------------------------------------------ report
  // Every throughput as a share of /health's (the mean of its first and last run).
  const healthRps = ((health?.rps ?? 0) + (healthAfter?.rps ?? health?.rps ?? 0)) / 2
  for (const r of rows)
    if (r.rps !== null && healthRps > 0) r.ofHealth = Math.round((r.rps / healthRps) * 1000) / 1000
  const row = (name: string) => rows.find((r) => r.route === name)
  const studentAndHr = [
    'GET /api/job-vacancies/:id',
    'POST /api/job-vacancies/:id/apply',
    'GET /api/my-applications',
    'GET /api/hrd/applicant-reviews',
  ]
  type Check = { target: string; measured: string; met: boolean }
  const checks: Check[] = []
  const check = (
    target: string,
    value: number | null | undefined,
    ok: (v: number) => boolean,
    show: string,
  ) => {
    if (value === null || value === undefined) return
    checks.push({ target, measured: show, met: ok(value) })
  }
  const listRow = row('GET /api/job-vacancies')
  if (EMBEDDED) {
    check('vacancy list >= 25% of /health', listRow?.ofHealth, (v) => v >= 0.25, `${pct(listRow?.ofHealth)}`)
    check('vacancy list p99 < 50 ms', listRow?.p99, (v) => v < 50, `${listRow?.p99} ms`)
    for (const name of studentAndHr) {
      const r = row(name)
      check(`${name} >= 20% of /health`, r?.ofHealth, (v) => v >= 0.2, `${pct(r?.ofHealth)}`)
    }
    check('memory after start <= 300 MB', atStart.totalMb, (v) => v <= 300, `${atStart.totalMb} MB`)
    check('memory at peak <= 400 MB', peak.totalMb, (v) => v <= 400, `${peak.totalMb} MB`)
  } else {
    check('vacancy list >= 1,500 req/s', listRow?.rps, (v) => v >= 1500, `${listRow?.rps} req/s`)
    check('vacancy list p99 <= 100 ms', listRow?.p99, (v) => v <= 100, `${listRow?.p99} ms`)
    check(
      'vacancy list >= 0.8 of its SQL over a raw pool',
      listRow?.ratio,
      (v) => v >= 0.8,
      `${listRow?.ratio}`,
    )
    for (const name of studentAndHr) {
      const r = row(name)
      check(`${name} >= 1,000 req/s`, r?.rps, (v) => v >= 1000, `${r?.rps} req/s`)
    }
    check('peak RSS of the service < 250 MB', servicePeakRssMb, (v) => v < 250, `${servicePeakRssMb} MB`)
  }
  check(
    'ten admins get every report: p99 < 1 s',
    reportsTogether?.p99,
    (v) => v < 1000,
    `${reportsTogether?.p99} ms`,
  )
  check(
    'ten admins get every report: none shed',
    reportsTogether?.non2xx,
    (v) => v === 0 && (reportsTogether?.errors ?? 0) === 0,
    `${reportsTogether?.non2xx} non-2xx, ${reportsTogether?.errors} errors`,
  )
  if (roster) {
    check(
      `roster import of ${roster.rows} new students < 10 s`,
      roster.importMs,
      (v) => v < 10_000,
      `${(roster.importMs / 1000).toFixed(1)} s`,
    )
    check(
      `roster import of ${roster.rows} updated students < 10 s`,
      roster.updateMs,
      (v) => v < 10_000,
      `${(roster.updateMs / 1000).toFixed(1)} s`,
    )
  }
  check('start-up on existing data < 3 s', startupMs, (v) => v < 3000, `${startupMs} ms`)
  check(
    `start-up on a fresh ${EMBEDDED ? 'data folder' : 'database'} < 10 s`,
    freshStartupMs,
    (v) => v < 10_000,
    `${freshStartupMs} ms`,
  )

  // What the cores would allow each route if the service's own part cost nothing: the database's and the
  // loader's CPU time a request is all that is left to share the cores (the same for /health: its loader).
  const cores = cpus().length
  for (const r of rows) {
    const c = r.cpuMsPerRequest
    if (!c || c.database < 0.01 || healthRps <= 0) continue
    const rps = (cores * 1000) / (c.database + c.loader)
    r.freeServiceBound = { rps: Math.round(rps), ofHealth: Math.round((rps / healthRps) * 1000) / 1000 }
  }

  const results = {
    at: new Date().toISOString(),
    database: EMBEDDED ? 'embedded' : 'external',
    scale: SCALE,
    sizes,
    connections: CONNECTIONS,
    secondsPerRoute: SECONDS,
    servicePoolSize: POOL_SIZE,
    /** Where the service's rate limits counted (RATE_LIMIT_STORE, or the service's default for the database). */
    rateLimitStore: loadConfig({ ...process.env, DATABASE_URL: EXTERNAL_URL ?? '' }).rateLimitStore,
    generateSeconds: Math.round(generateSeconds * 10) / 10,
    generateSteps: steps,
    startupMs,
    appStartupMs,
    secondStartupMs,
    freshStartupMs,
    memory: {
      counted: EMBEDDED
        ? 'service RSS + PSS of every process below the service (the embedded postmaster, its backends and helpers)'
        : "service RSS + PSS of the server's backends connected to the bench database (postmaster and helpers of the shared server not counted)",
      atStart,
      peak,
      servicePeakRssMb,
    },
    machine: {
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      postgres: pgVersion.split(',')[0],
      /** 1-minute load average when the bench started and when it ended: other work on the machine skews every figure. */
      loadAverage: { atStart: loadAtStart, atEnd: Math.round(loadavg()[0] * 100) / 100 },
    },
    healthReferenceRps: Math.round(healthRps),
    routes: rows,
    ...(roster ? { rosterImport: roster } : {}),
    checks,
  }
  mkdirSync(join(root, 'bench'), { recursive: true })
  const resultsFile = EMBEDDED ? 'bench/results-embedded.json' : 'bench/results.json'
  writeFileSync(join(root, resultsFile), `${JSON.stringify(results, null, 2)}\n`)

  const cell = (v: unknown, w: number) => String(v ?? '-').padStart(w)
  log('')
  log(
    `${'route'.padEnd(46)}${cell('req/s', 8)}${cell('/health', 9)}${cell('p50 ms', 9)}${cell('p99 ms', 9)}${cell('non-2xx', 9)}${cell('alone ms', 10)}${cell('RSS MB', 8)}${cell('CPU ms/req svc+db+load', 24)}${cell('free svc', 9)}  note`,
  )
  for (const r of rows) {
    const note = [r.note, r.ratio !== undefined ? `raw SQL ${r.raw?.rps} req/s, ratio ${r.ratio}` : null]
      .filter(Boolean)
      .join('; ')
    log(
      `${r.route.padEnd(46)}${cell(r.rps, 8)}${cell(pct(r.ofHealth), 9)}${cell(r.p50, 9)}${cell(r.p99, 9)}${cell(r.non2xx, 9)}${cell(r.single?.median, 10)}${cell(r.serviceRssMb, 8)}${cell(cpuCell(r.cpuMsPerRequest), 24)}${cell(pct(r.freeServiceBound?.ofHealth), 9)}  ${note}`,
    )
  }
  log('')
  log(
    `start-up ${startupMs} ms (fresh ${freshStartupMs} ms); memory (service RSS + database PSS) ${atStart.totalMb} MB after start, ${peak.totalMb} MB at peak (${peak.serviceRssMb} + ${peak.databasePssMb}); service peak RSS ${servicePeakRssMb} MB; data ${generateSeconds.toFixed(1)} s`,
  )
  log(
    `/health reference ${Math.round(healthRps)} req/s (mean of first and last); ${results.machine.cpu} x${results.machine.cores}, node ${process.version}, ${results.machine.postgres}; load average ${loadAtStart} at start, ${results.machine.loadAverage.atEnd} at end`,
  )
  log(
    `CPU a request is the service's + the database's + the loader's (ms); "free svc" is the most the ${cores} cores would allow a route, as a share of /health, if the service's own part cost nothing`,
  )
  for (const c of checks) log(`  ${c.met ? 'met   ' : 'MISSED'} ${c.target}: ${c.measured}`)
  log(`written ${resultsFile}; total ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

const pct = (v: number | undefined) => (v === undefined ? undefined : `${(v * 100).toFixed(1)}%`)
const cpuCell = (c: Row['cpuMsPerRequest']) =>
  c && `${c.service.toFixed(2)}+${c.database.toFixed(2)}+${c.loader.toFixed(2)}=${c.total.toFixed(2)}`

/**
 * `BENCH_ONLY=import`: POST /api/admin/imports/students with a CSV of 2,000 new grade-12 students (the
 * size of a large school's intake), timed from the client: the preview, the preview of the same roster as
 * XLSX (as a Dapodik export comes; the first XLSX loads the reader, whose memory the line shows), the
 * import (accounts with initial passwords: hashing included), the same file again (all unchanged), the
 * file with every class changed (2,000 updates), and the credentials sheet. Each request alone on the
 * service. Each step's line ends with the service's peak RSS so far (`peakMb`: the kernel's high-water
 * mark), so a step that raises the run's peak shows.
 */
async function importScenario(
  base: string,
  adminToken: string,
  log: (line: string) => void,
  peakMb: () => number,
  rssMb: () => number,
) {
  const ROWS = 2000
  const header = 'NISN,NIS,Nama,JK,Tempat Lahir,Tanggal Lahir,Rombel,Jurusan,Email,No HP'.split(',')
  const grid = (className: (i: number) => string) => [
    header,
    ...Array.from({ length: ROWS }, (_, i) => {
      const n = i + 1
      const day = String(1 + (n % 28)).padStart(2, '0')
      return [
        String(90_000_000 + n).padStart(10, '0'),
        `IMP${String(n).padStart(6, '0')}`,
        `Siswa Impor ${n}`,
        n % 2 ? 'L' : 'P',
        'Bandung',
        `${day}/07/2008`,
        className(n),
        `M0${1 + (n % 8)}`,
        '',
        `08130${String(n).padStart(7, '0')}`,
      ]
    }),
  ]
  const csv = (className: (i: number) => string) =>
    `${grid(className)
      .map((r) => r.join(','))
      .join('\r\n')}\r\n`
  const xlsx = async (className: (i: number) => string) => {
    const { default: writeXlsxFile } = await import('write-excel-file/node')
    return writeXlsxFile([{ data: grid(className), sheet: 'Peserta Didik' }]).toBuffer()
  }
  const post = async (file: string | Buffer, dryRun: boolean) => {
    const form = new FormData()
    form.append('dry_run', String(dryRun))
    if (typeof file === 'string')
      form.append('file', new Blob([file], { type: 'text/csv' }), 'roster-bench.csv')
    else
      form.append(
        'file',
        new Blob([new Uint8Array(file)], {
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
        'roster-bench.xlsx',
      )
    const t0 = performance.now()
    const res = await fetch(`${base}/api/admin/imports/students`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${adminToken}` },
    })
    const body = (await res.json()) as {
      data?: {
        id: number | null
        totals: Record<string, number>
        credentials: { downloadUrl: string } | null
      }
      message?: string
    }
    const took = performance.now() - t0
    if (!res.ok) throw new Error(`roster import answered ${res.status}: ${body.message}`)
    return { ms: Math.round(took), data: body.data! }
  }
  const peak = () => `, service peak RSS so far ${peakMb()} MB`
  log(`  roster import${peak()}`)
  const first = csv((n) => `XII IMP ${1 + (n % 36)}`)
  const preview = await post(first, true)
  log(
    `  roster import, ${ROWS} rows: preview ${preview.ms} ms ${JSON.stringify(preview.data.totals)}${peak()}`,
  )
  const before = rssMb()
  const xlsxPreview = await post(await xlsx((n) => `XII IMP ${1 + (n % 36)}`), true)
  log(
    `  roster import, the same ${ROWS} rows as XLSX: preview ${xlsxPreview.ms} ms ${JSON.stringify(xlsxPreview.data.totals)}, service RSS ${before} → ${rssMb()} MB${peak()}`,
  )
  const created = await post(first, false)
  log(
    `  roster import: ${ROWS} new students with accounts in ${created.ms} ms ${JSON.stringify(created.data.totals)}${peak()}`,
  )
  const again = await post(first, false)
  log(`  roster import: the same file again in ${again.ms} ms ${JSON.stringify(again.data.totals)}${peak()}`)
  const moved = await post(
    csv((n) => `XII IMP ${1 + ((n + 1) % 36)}`),
    false,
  )
  log(`  roster import: every class changed in ${moved.ms} ms ${JSON.stringify(moved.data.totals)}${peak()}`)
  const t0 = performance.now()
  const sheet = await fetch(base + created.data.credentials!.downloadUrl, {
    headers: { authorization: `Bearer ${adminToken}` },
  })
  const bytes = (await sheet.arrayBuffer()).byteLength
  const sheetMs = Math.round(performance.now() - t0)
  if (!sheet.ok) throw new Error(`credentials sheet answered ${sheet.status}`)
  log(`  credentials sheet of ${ROWS} accounts: ${sheetMs} ms, ${Math.round(bytes / 1024)} KB${peak()}`)
  return {
    rows: ROWS,
    previewMs: preview.ms,
    xlsxPreviewMs: xlsxPreview.ms,
    importMs: created.ms,
    unchangedMs: again.ms,
    updateMs: moved.ms,
    sheetMs,
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err)
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
    process.exit(1)
  })
