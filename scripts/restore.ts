/**
 * `npm run restore -- FILE [--yes]`: restores a backup made by `npm run backup`.
 * - Embedded database: the service must be stopped. The database is replaced by the backup's data
 *   (`--yes` is required when it holds data).
 * - DATABASE_URL: the database must hold no tables of the service (make a new one with createdb).
 * The load runs in one transaction; on failure the embedded database is left as it was.
 */
import { createReadStream, existsSync } from 'node:fs'
import { createGunzip } from 'node:zlib'
import pg from 'pg'
import { loadConfigOrExit } from '../src/config.js'
import { RestoreError, restore } from '../src/db/backup.js'
import { startEmbedded } from '../src/db/embedded.js'

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--'))
if (!file || args.includes('--help')) {
  console.error('usage: npm run restore -- FILE [--yes]')
  process.exit(2)
}
if (!existsSync(file)) {
  console.error(`No such file: ${file}`)
  process.exit(2)
}
const config = loadConfigOrExit()

async function hasTables(url: string) {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const { rowCount } = await c.query(
      `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname = 'public' limit 1`,
    )
    return (rowCount ?? 0) > 0
  } finally {
    await c.end()
  }
}

const input = () => createReadStream(file).pipe(createGunzip())
try {
  if (config.databaseUrl) {
    const manifest = await restore(config.databaseUrl, input(), config.schoolTimeZone)
    console.log(`Restored ${file} (made ${manifest.createdAt}) into the database of DATABASE_URL.`)
  } else {
    // Taking the data folder fails with a clear message while the service runs.
    const server = await startEmbedded({ dataDir: config.dataDir })
    try {
      const admin = new pg.Client({ connectionString: server.url('postgres') })
      await admin.connect()
      try {
        if ((await hasTables(server.url())) && !args.includes('--yes')) {
          throw new RestoreError(
            `The embedded database in ${config.dataDir} holds data. Add --yes to replace it with the backup (make a backup of it first).`,
          )
        }
        // Loaded into a new database first; the old one is replaced only once the load succeeded.
        await admin.query('drop database if exists bursa_restoring with (force)')
        await admin.query('create database bursa_restoring')
        const manifest = await restore(server.url('bursa_restoring'), input(), config.schoolTimeZone)
        await admin.query('drop database if exists bursa with (force)')
        await admin.query('alter database bursa_restoring rename to bursa')
        console.log(
          `Restored ${file} (made ${manifest.createdAt}) into the embedded database in ${config.dataDir}.`,
        )
      } catch (err) {
        await admin.query('drop database if exists bursa_restoring with (force)').catch(() => {})
        throw err
      } finally {
        await admin.end()
      }
    } finally {
      await server.stop()
    }
  }
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`)
  process.exitCode = 1
}
