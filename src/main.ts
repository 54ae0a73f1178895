import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { openDatabase } from './db/client.js'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './db/seed-demo.js'
import { createStorage } from './storage/storage.js'

const started = performance.now()
let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (err) {
  console.error((err as Error).message)
  process.exit(1)
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  queryTimeoutMs: config.databaseQueryTimeoutMs,
}).catch((err: Error) => {
  console.error(`Cannot open the database: ${err.message}`)
  process.exit(1)
})
await database.migrate()
let seeded = false
if (config.seedDemo && (await isEmpty(database.db))) {
  await seedDemo(database.db)
  seeded = true
}

const app = await buildApp({ config, database, storage: createStorage(config) })

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: finishing requests in flight')
  const force = setTimeout(() => {
    app.log.error('shutdown took over 25 s; exiting')
    process.exit(1)
  }, 25_000)
  force.unref()
  try {
    await app.close()
    await database.close()
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'error during shutdown')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

await app.listen({ host: config.host, port: config.port })
const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`
const ms = Math.round(performance.now() - started)
app.log.info(
  { database: database.kind, startupMs: ms },
  `bursa is ready at ${base} (API docs ${base}/docs) in ${ms} ms on ${database.kind === 'pglite' ? `embedded PGlite (${config.dataDir}/db)` : 'PostgreSQL'}`,
)
if (seeded) {
  app.log.info(
    `demo data created; log in with any of ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} and password "${DEMO_PASSWORD}"`,
  )
}
