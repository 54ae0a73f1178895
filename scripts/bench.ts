/**
 * `npm run bench`: district-scale data on PostgreSQL, then the real service under load.
 *
 *   DATABASE_URL       the server and database to (re)create; default postgres://postgres@127.0.0.1:5432/bursa_bench
 *   BENCH_SCALE        1 = DESIGN section 7 (50,000 learners, 1,000,000 applications); 0.1 for a quick run
 *   BENCH_SECONDS      seconds per route (default 10)
 *   BENCH_CONNECTIONS  concurrent connections (default 50)
 *   BENCH_ONLY         comma-separated route names to load (default all)
 *
 * Prints a table and writes bench/results.json. The database named in DATABASE_URL is dropped first.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon, { type RawRequest, type Result } from 'autocannon'
import pg from 'pg'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/client.js'
import { createStorage } from '../src/storage/storage.js'
import { BENCH_PASSWORD, generate, issueBenchTokens, sizesFor, tokensFor } from './bench-data.js'
import { buildServer, isServerStale, serverBundle } from './build-server.js'

const root = resolve(import.meta.dirname, '..')
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bursa_bench'
const SCALE = Number(process.env.BENCH_SCALE ?? 1)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim())
/** The service's pool (DATABASE_POOL_SIZE); the raw driver loop gets the same number of connections. */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10)

const children: ChildProcess[] = []
const log = (line: string) => process.stdout.write(`${line}\n`)
const ms = (n: number) => Math.round(n * 10) / 10

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

async function recreateDatabase(url: string) {
  const u = new URL(url)
  const name = u.pathname.slice(1)
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsupported database name: ${name}`)
  u.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: u.toString() })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
}

/** Every statement the service runs for one request, captured from the driver. */
type Statement = { text: string; values?: unknown[]; rowMode?: string; types?: unknown }

/**
 * The SQL of one route, exactly as the service sends it: the app built in this process on a pool
 * whose `query` is watched, one request injected per caller. Background queue statements are left out.
 */
async function captureStatements(url: string, requests: { url: string; token: string }[]) {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'bursa-bench-'))
  const database = await openDatabase({ databaseUrl: url, dataDir, poolSize: 2 })
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
  const sets: Statement[][] = []
  try {
    for (const r of requests) {
      recording = []
      const res = await app.inject({
        method: 'GET',
        url: r.url,
        headers: { authorization: `Bearer ${r.token}` },
      })
      if (res.statusCode !== 200) throw new Error(`capture: ${r.url} answered ${res.statusCode}: ${res.body}`)
      sets.push(recording)
      recording = null
    }
  } finally {
    pg.Pool.prototype.query = original
    await app.close()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return sets
}

/** The database's own limit: the captured statements replayed from `workers` loops over a raw pool. */
async function rawLoop(url: string, sets: Statement[][], workers: number, seconds: number, prepared = false) {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE })
  let done = 0
  let next = 0
  const latencies: number[] = []
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const set = sets[next++ % sets.length]
        const t = performance.now()
        // prepared: named statements, parsed and planned once per connection (what drizzle's .prepare() sends).
        for (const [i, s] of set.entries())
          await pool.query({ ...s, ...(prepared ? { name: `bench_${i}` } : {}) } as pg.QueryConfig)
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

interface Row {
  route: string
  rps: number | null
  p50: number | null
  p99: number | null
  non2xx: number | null
  errors: number | null
  requests: number | null
  /** Sequential single requests (ms), for the reports. */
  single?: { median: number; max: number }
  note?: string
  ratio?: number
  raw?: { rps: number; p50: number; p99: number }
  /** The same statements, named (prepared once per connection): what the fix in docs/performance.md would reach. */
  rawPrepared?: { rps: number; p50: number; p99: number }
  statusCodes?: Record<string, number>
}

async function main() {
  const started = performance.now()
  const loadAtStart = Math.round(loadavg()[0] * 100) / 100
  const sizes = sizesFor(SCALE)
  log(
    `bursa bench: scale ${SCALE} (${sizes.learners} learners, ${sizes.companies} companies, ${sizes.vacancies} vacancies, ${sizes.applications} applications)`,
  )
  log(`database ${DATABASE_URL.replace(/:[^:@/]+@/, ':***@')} (recreated)`)
  await recreateDatabase(DATABASE_URL)
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: tmpdir(), poolSize: 2 })
  let t = performance.now()
  await database.migrate()
  await database.close()
  const migrateSeconds = (performance.now() - t) / 1000

  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  log('generating data:')
  t = performance.now()
  const steps = await generate(client, sizes, log)
  await issueBenchTokens(client)
  const generateSeconds = (performance.now() - t) / 1000
  log(`data generated in ${generateSeconds.toFixed(1)} s (migrations ${migrateSeconds.toFixed(1)} s)`)

  // ------------------------------------------------------------ who calls what
  const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await client.query<T>(sql, params)).rows
  const [admin] = await q<{ id: number }>(`select id from users where role = 'admin' limit 1`)
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
     where s.id % 7 = 3 and v.is_active and v.deleted_at is null and v.deadline >= current_date and c.is_active
       and v.target in ('all', u.role)
       and not exists (select 1 from applications a where a.job_vacancy_id = v.id and a.student_id = s.id)
     order by md5(s.id || '-' || v.id) limit 60000`,
  )
  const tokens = await tokensFor(client, [
    admin.id,
    ...hrds.map((h) => h.id),
    ...learners.map((l) => l.user_id),
    ...pairs.map((p) => p.user_id),
  ])
  const tok = (userId: number) => tokens.get(userId) as string
  const detailPairs = pairs.filter((_, i) => i % 4 === 0)
  const applyPairs = pairs.filter((_, i) => i % 4 !== 0)

  // ------------------------------------------------------------ the SQL of the vacancy list
  const listUrl = '/api/job-vacancies'
  const captureFor = learners.slice(0, 50)
  const listSets = await captureStatements(
    DATABASE_URL,
    captureFor.map((l) => ({ url: listUrl, token: tok(l.user_id) })),
  )
  mkdirSync(join(root, 'bench'), { recursive: true })
  writeFileSync(
    join(root, 'bench/vacancy-list.sql'),
    `-- The statements of one GET /api/job-vacancies, captured from the driver (parameters of the first caller).\n${listSets[0]
      .map((s) => `-- parameters: ${JSON.stringify(s.values ?? [])}\n${s.text};\n`)
      .join('\n')}`,
  )
  log(`vacancy list: ${listSets[0].length} statements per request (bench/vacancy-list.sql)`)

  if (process.env.BENCH_CAPTURE_ONLY) return void (await client.end())
  // ------------------------------------------------------------ the service
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'bursa-bench-'))
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    APPLY_MAX_PER_HOUR: '1000000',
    LOGIN_MAX_PER_EMAIL: '1000000',
    LOGIN_MAX_PER_IP: '1000000',
  }
  const base = `http://127.0.0.1:${port}`
  async function startService(logLevel: string) {
    const spawnedAt = performance.now()
    // As `npm start` runs it: the bundle of src/ (built first when stale), under plain node.
    if (isServerStale()) await buildServer()
    const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
      cwd: root,
      env: { ...env, LOG_LEVEL: logLevel },
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
      if (performance.now() - spawnedAt > 60_000)
        throw new Error(`the service did not become ready:\n${output}`)
      await new Promise((r) => setTimeout(r, 10))
    }
    const ms = Math.round(performance.now() - spawnedAt)
    // main.ts logs the time from its first line to listening: the rest is node, tsx and the imports.
    const inMain = Number(output.match(/"startupMs":(\d+)/)?.[1] ?? Number.NaN)
    return { child, ms, inMain }
  }
  async function stopService(child: ChildProcess) {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  // Start-up measured with the default log level (which prints it), then the service under load
  // runs at LOG_LEVEL=warn: the default logs two lines per request.
  const first = await startService('info')
  await stopService(first.child)
  const startupMs = first.ms
  const appStartupMs = first.inMain
  const { child, ms: secondStartupMs } = await startService('warn')
  log(
    `service ready in ${startupMs} ms (spawn to /ready 200; ${appStartupMs} ms of it in main.ts after the imports); again: ${secondStartupMs} ms`,
  )
  const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8')
  const kb = (field: string) => Number(status().match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0)
  const rssAtStartMb = Math.round(kb('VmRSS') / 1024)

  // ------------------------------------------------------------ load
  const rows: Row[] = []
  const rotate = <T>(items: T[]) => {
    let i = 0
    return () => items[i++ % items.length]
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const json = () => ({ 'content-type': 'application/json' })

  /** After a run autocannon has gone, but the requests it left queued still run: wait for them. */
  async function drain() {
    const until = performance.now() + 60_000
    await new Promise((r) => setTimeout(r, 500))
    while (performance.now() < until) {
      const t0 = performance.now()
      await fetch(`${base}/ready`).catch(() => {})
      if (performance.now() - t0 < 50) return
      await new Promise((r) => setTimeout(r, 500))
    }
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
    before?: () => Promise<Row['single']>,
  ): Promise<Row | null> {
    if (ONLY && !ONLY.includes(name)) return null
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
    const single = await before?.()
    if (single) log(`  ${name} alone: median ${single.median} ms, max ${single.max} ms`)
    const result: Result = await autocannon({
      url: base,
      connections: CONNECTIONS,
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
    log(
      `${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors} ${JSON.stringify(statusCodes)}`,
    )
    return row
  }

  const nextLearner = rotate(learners)
  const nextLogin = rotate(learners)
  await load('POST /api/login', () => ({
    method: 'POST',
    path: '/api/login',
    headers: json(),
    body: JSON.stringify({ email: nextLogin().email, password: BENCH_PASSWORD }),
  }))

  const nextListToken = rotate(captureFor.map((l) => tok(l.user_id)))
  const list = await load('GET /api/job-vacancies', () => ({
    method: 'GET',
    path: listUrl,
    headers: auth(nextListToken()),
  }))
  if (list && !list.note) {
    const raw = await rawLoop(DATABASE_URL, listSets, CONNECTIONS, SECONDS)
    list.raw = { rps: Math.round(raw.rps), p50: ms(raw.p50), p99: ms(raw.p99) }
    list.ratio = Math.round(((list.rps ?? 0) / raw.rps) * 100) / 100
    log(
      `  same SQL over a raw pg pool (${POOL_SIZE} connections, ${CONNECTIONS} loops): ${list.raw.rps} req/s, p50 ${list.raw.p50} ms, p99 ${list.raw.p99} ms; ratio ${list.ratio}`,
    )
    const prep = await rawLoop(DATABASE_URL, listSets, CONNECTIONS, SECONDS, true)
    list.rawPrepared = { rps: Math.round(prep.rps), p50: ms(prep.p50), p99: ms(prep.p99) }
    log(
      `  the same as prepared statements: ${list.rawPrepared.rps} req/s, p50 ${list.rawPrepared.p50} ms, p99 ${list.rawPrepared.p99} ms`,
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

  const adminToken = tok(admin.id)
  for (const path of [
    '/api/admin/reports/recruitment',
    '/api/admin/reports/attendance',
    '/api/admin/reports/absorption',
    '/api/admin/reports/tracer-study',
    '/api/admin/dashboard',
  ]) {
    await load(
      `GET ${path}`,
      () => ({ method: 'GET', path, headers: auth(adminToken) }),
      () => alone(path, adminToken),
    )
  }

  const peakRssMb = Math.round(kb('VmHWM') / 1024)
  await stopService(child)
  rmSync(dataDir, { recursive: true, force: true })

  const [{ version: pgVersion }] = await q<{ version: string }>(`select version()`)
  await client.end()

  // ------------------------------------------------------------ report
  const targets = {
    vacancyListP99Ms: 50,
    vacancyListRatio: 0.5,
    reportMs: 300,
    peakRssMb: 250,
    startupMs: 3000,
  }
  const results = {
    at: new Date().toISOString(),
    scale: SCALE,
    sizes,
    connections: CONNECTIONS,
    secondsPerRoute: SECONDS,
    servicePoolSize: POOL_SIZE,
    generateSeconds: Math.round(generateSeconds * 10) / 10,
    generateSteps: steps,
    startupMs,
    appStartupMs,
    secondStartupMs,
    rssAtStartMb,
    peakRssMb,
    machine: {
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      postgres: pgVersion.split(',')[0],
      /** 1-minute load average when the bench started and when it ended: other work on the machine skews every figure. */
      loadAverage: { atStart: loadAtStart, atEnd: Math.round(loadavg()[0] * 100) / 100 },
    },
    routes: rows,
    targets,
  }
  mkdirSync(join(root, 'bench'), { recursive: true })
  writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`)

  const cell = (v: unknown, w: number) => String(v ?? '-').padStart(w)
  log('')
  log(
    `${'route'.padEnd(42)}${cell('req/s', 8)}${cell('p50 ms', 9)}${cell('p99 ms', 9)}${cell('non-2xx', 9)}${cell('alone ms', 10)}  note`,
  )
  for (const r of rows) {
    const note = [r.note, r.ratio !== undefined ? `raw SQL ${r.raw?.rps} req/s, ratio ${r.ratio}` : null]
      .filter(Boolean)
      .join('; ')
    log(
      `${r.route.padEnd(42)}${cell(r.rps, 8)}${cell(r.p50, 9)}${cell(r.p99, 9)}${cell(r.non2xx, 9)}${cell(r.single?.median, 10)}  ${note}`,
    )
  }
  log('')
  log(
    `start-up ${startupMs} ms, RSS at start ${rssAtStartMb} MB, peak RSS ${peakRssMb} MB; data ${generateSeconds.toFixed(1)} s; ${results.machine.cpu} x${results.machine.cores}, node ${process.version}, ${results.machine.postgres}`,
  )
  const list0 = rows.find((r) => r.route === 'GET /api/job-vacancies')
  const misses = [
    list0?.p99 != null && list0.p99 >= targets.vacancyListP99Ms
      ? `vacancy list p99 ${list0.p99} ms >= 50`
      : null,
    list0?.ratio != null && list0.ratio < targets.vacancyListRatio
      ? `vacancy list ratio ${list0.ratio} < 0.5`
      : null,
    ...rows
      .filter((r) => r.single && r.single.median >= targets.reportMs)
      .map((r) => `${r.route} ${r.single?.median} ms >= 300`),
    peakRssMb >= targets.peakRssMb ? `peak RSS ${peakRssMb} MB >= 250` : null,
    startupMs >= targets.startupMs ? `start-up ${startupMs} ms >= 3000` : null,
  ].filter(Boolean)
  log(misses.length ? `targets missed: ${misses.join('; ')}` : 'all measured targets met')
  log(`written bench/results.json; total ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

main().catch((err) => {
  console.error(err)
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  process.exit(1)
})
