/**
 * `npm run backup [-- --out DIR_OR_FILE]`: writes a dated, gzip'd backup of the service's data
 * (src/db/backup.ts). On the embedded database it works whether the service is running (it connects to
 * the running server) or not (it starts the server itself for the backup). Exit 0 and the file's path.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { loadConfigOrExit } from '../src/config.js'
import { backup } from '../src/db/backup.js'
import { runningServerUrl, startEmbedded } from '../src/db/embedded.js'
import { schoolClockStamp } from '../src/db/school-day.js'

const args = process.argv.slice(2)
const outArg = args[args.indexOf('--out') + 1]
if (args.includes('--help') || (args.includes('--out') && !outArg)) {
  console.error('usage: npm run backup [-- --out DIR_OR_FILE]   (default DIR: DATA_DIR/backups)')
  process.exit(2)
}
const config = loadConfigOrExit()
let url = config.databaseUrl ?? runningServerUrl(config.dataDir)
if (!url && !existsSync(join(config.dataDir, 'pg', 'PG_VERSION'))) {
  // A cron line without DATA_DIR, or a typo in it: starting the embedded server would make a new, empty one.
  console.error(
    `Backup failed: there is no bursa data in DATA_DIR=${resolve(config.dataDir)} (no embedded database in its pg folder). Set DATA_DIR to the service's data folder, or DATABASE_URL to its PostgreSQL.`,
  )
  process.exit(1)
}

// The school's clock, as every time it reads: the 02:00 backup is named after the night it was taken.
const stamp = schoolClockStamp(new Date(), config.schoolTimeZone)
const target = resolve(outArg ?? join(config.dataDir, 'backups'))
const isFile = outArg !== undefined && /\.gz$/.test(outArg)
const file = isFile ? target : join(target, `bursa-${stamp}.backup.gz`)
mkdirSync(dirname(file), { recursive: true })

let stop = async () => {}
if (!url) {
  const server = await startEmbedded({ dataDir: config.dataDir })
  url = server.url()
  stop = () => server.stop()
}
const partial = `${file}.partial`
try {
  const through = new PassThrough()
  const written = pipeline(through, createGzip(), createWriteStream(partial, { mode: 0o600 }))
  const manifest = await backup(url, through)
  through.end()
  await written
  renameSync(partial, file)
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0)
  console.log(
    `Backup written: ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${manifest.tables.length} tables, ${rows} rows).`,
  )
  console.log('Keep a copy off this machine. Restore with: npm run restore -- ' + file)
} catch (err) {
  rmSync(partial, { force: true })
  console.error(`Backup failed: ${(err as Error).message}`)
  process.exitCode = 1
} finally {
  await stop()
}
