import './heap.js'
import { buildApp } from './app.js'
import { loadConfigOrExit } from './config.js'
import { openDatabase } from './db/client.js'
import { isEmpty, seedDemo } from './demo/seed.js'
import { createLogger, flushLogs } from './logger.js'
import { demoAccountsOpen, demoBlock, demoRefusal, hasActiveSuperadmin, listenProblem } from './startup.js'
import { storageProblem } from './storage/probe.js'
import { createStorage } from './storage/storage.js'

const started = performance.now()
const config = loadConfigOrExit()

// Every e-mailed link (set a password, confirm a company's e-mail), the check-in QR code and the calendar
// invitations name this address: in production it is the operator's to give, never localhost by default.
if (!config.publicUrl) {
  console.error(
    'Refusing to start in production without PUBLIC_URL: set it to the address people open bursa at, as https://bkk.sekolah.sch.id (it is the base of e-mailed links and of the check-in QR code).',
  )
  process.exit(1)
}

// Before anything is set up: a busy port or a wrong HOST is one line naming it, not a stack trace later.
const cannotListen = await listenProblem(config.host, config.port)
if (cannotListen) {
  console.error(cannotListen)
  process.exit(1)
}

// A file storage that refuses (a STORAGE_URL key refused, a bucket it may not write, an unwritable folder) stops
// the start naming it, rather than a service whose every upload and download answers 503.
const storage = createStorage(config)
const storageRefused = await storageProblem(storage, config)
if (storageRefused) {
  console.error(storageRefused)
  process.exit(1)
}

const { logger, stream } = createLogger(config.logLevel)
const dbLog = logger.child({ component: 'postgres' })

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  queryTimeoutMs: config.databaseQueryTimeoutMs,
  schoolTimeZone: config.schoolTimeZone,
  log: (level, line) => dbLog[level](line),
}).catch((err: Error) => {
  console.error(`Cannot open the database: ${err.message}`)
  process.exit(1)
})

let closing = false
/** Stops the embedded database even when the service itself cannot finish (force exit). */
function stopDatabaseNow() {
  const pid = database.server?.pid
  if (pid) {
    try {
      process.kill(pid, 'SIGINT')
    } catch {}
  }
}

try {
  await database.migrate()
} catch (err) {
  console.error(`Cannot migrate the database: ${(err as Error).message}`)
  await database.close().catch(() => {})
  process.exit(1)
}

let seeded = false
if (config.seedDemo && (await isEmpty(database.db))) {
  await seedDemo(database.db, storage, config.schoolTimeZone)
  seeded = true
}
const demoOpen = await demoAccountsOpen(database.db)
if (config.env === 'production' && demoOpen.length > 0) {
  console.error(demoRefusal(demoOpen, config))
  await database.close().catch(() => {})
  process.exit(1)
}

const app = await buildApp({
  config,
  database,
  storage,
  loggerInstance: logger,
}).catch(async (err: Error) => {
  console.error(`Cannot start: ${err.message}`)
  await database.close().catch(() => {})
  process.exit(1)
})

async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: finishing requests in flight')
  const force = setTimeout(() => {
    app.log.error('shutdown took over 25 s; exiting')
    stopDatabaseNow()
    process.exit(1)
  }, 25_000)
  force.unref()
  let code = 0
  try {
    await app.close()
  } catch (err) {
    app.log.error({ err }, 'error during shutdown')
    code = 1
  }
  const closingDb = performance.now()
  try {
    await database.close()
    app.log.info({ ms: Math.round(performance.now() - closingDb) }, 'shutdown: database closed')
  } catch (err) {
    app.log.error({ err }, 'error stopping the database')
    code = 1
  }
  // Log lines still buffered get two seconds; a stdout nobody reads never holds the exit.
  await flushLogs(stream, 2000)
  process.exit(code)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

try {
  await app.listen({ host: config.host, port: config.port })
} catch (err) {
  console.error(`Cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`)
  await app.close().catch(() => {})
  await database.close().catch(() => {})
  process.exit(1)
}
const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`
const ms = Math.round(performance.now() - started)
const where = database.kind === 'embedded' ? `the embedded PostgreSQL (${config.dataDir}/pg)` : 'PostgreSQL'
app.log.info(
  { database: database.kind, startupMs: ms, seeded },
  `bursa is ready at ${base} (API docs ${base}/docs) in ${ms} ms on ${where}`,
)
if (config.env !== 'production' && demoOpen.length > 0) {
  stream.write(`${demoBlock(base, demoOpen)}\n`)
} else if (!(await hasActiveSuperadmin(database.db))) {
  app.log.warn(
    'no active superadmin yet: create the first one with  npm run create-admin -- --email you@school.sch.id --password "…"',
  )
}
