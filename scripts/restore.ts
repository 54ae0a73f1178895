/**
 * `npm run restore -- FILE [--yes] [--remove-orphans]`: restores a backup made by `npm run backup`.
 * - Embedded database: the service must be stopped. The database is replaced by the backup's data
 *   (`--yes` is required when it holds data).
 * - DATABASE_URL: the database must hold no tables of the service (make a new one with createdb).
 * The load runs in one transaction; on failure the embedded database is left as it was.
 * The backup holds no file bytes: after the load, the restored database's files are checked against the storage
 * (DATA_DIR/files or STORAGE_URL), and what it lacks, and what no row names, is said. The latter is removed only
 * with `--remove-orphans`: a restore can be done again with another night's backup, which may name them, and
 * a removal cannot.
 */
import { createReadStream, existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { createGunzip } from 'node:zlib'
import pg from 'pg'
import { loadConfigOrExit } from '../src/config.js'
import { RestoreError, restore } from '../src/db/backup.js'
import { postgresDatabase } from '../src/db/client.js'
import { startEmbedded } from '../src/db/embedded.js'
import { checkStorage } from '../src/modules/files/service.js'
import { createStorage } from '../src/storage/storage.js'

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--'))
if (!file || args.includes('--help')) {
  console.error('usage: npm run restore -- FILE [--yes] [--remove-orphans]')
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

const SHOWN = 10
/** `1 file is` / `3 files are`, with `what` after the noun. */
const counted = (n: number, noun: string, what = '') =>
  n === 1 ? `1 ${noun}${what} is` : `${n} ${noun}s${what} are`

/**
 * The restored database's files against the storage: the files it names that the storage lacks (by kind, and
 * the first few by learner), and the stored files no row names (removed with --remove-orphans). A check that
 * fails (the object storage unreachable) is said; the restore stands.
 */
async function checkFiles(url: string) {
  const where = config.storageUrl ? 'the object storage of STORAGE_URL' : resolve(config.dataDir, 'files')
  const storage = createStorage(config)
  const database = postgresDatabase(url, { poolSize: 2, schoolTimeZone: config.schoolTimeZone })
  try {
    const { named, missing, orphans } = await checkStorage(database.db, storage)
    if (missing.length === 0 && orphans.length === 0)
      console.log(`Files: the ${named} file(s) the restored database names are all in ${where}.`)
    if (missing.length > 0) {
      const kinds = new Map<string, number>()
      for (const f of missing) kinds.set(f.category, (kinds.get(f.category) ?? 0) + 1)
      const lines = [
        `${counted(missing.length, 'file', ' named by the restored database')} not in the storage (${where}); their downloads answer "Isi berkas tidak tersedia lagi". By kind: ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ')}.`,
        ...missing
          .slice(0, SHOWN)
          .map(
            (f) =>
              `  ${f.category} "${f.title}"${f.learner ? ` of ${f.learner} (NIS ${f.nis})` : ''}, file ${f.id}`,
          ),
        ...(missing.length > SHOWN ? [`  … and ${missing.length - SHOWN} more`] : []),
        '  Copy back the files folder (or bucket) of the same night as the backup, or ask for these files again.',
      ]
      console.log(lines.join('\n'))
    }
    if (orphans.length > 0 && args.includes('--remove-orphans')) {
      for (const key of orphans) await storage.delete(key)
      console.log(
        `Removed ${orphans.length === 1 ? '1 stored file' : `${orphans.length} stored files`} that no row of the restored database names (from ${where}).`,
      )
    } else if (orphans.length > 0) {
      const lines = [
        `${counted(orphans.length, 'stored file')} named by no row of the restored database (uploaded after the backup was made): nobody can open them.`,
        '  They were kept. Once this is the backup you keep, and before the service takes new work, restore it again',
        '  with --remove-orphans to remove them (personal data nobody can reach or erase any more).',
      ]
      console.log(lines.join('\n'))
    }
  } catch (err) {
    console.error(`Could not check the files against ${where}: ${(err as Error).message}`)
  } finally {
    await database.close()
  }
}

const input = () => createReadStream(file).pipe(createGunzip())
try {
  if (config.databaseUrl) {
    const manifest = await restore(config.databaseUrl, input(), config.schoolTimeZone)
    console.log(`Restored ${file} (made ${manifest.createdAt}) into the database of DATABASE_URL.`)
    await checkFiles(config.databaseUrl)
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
      await checkFiles(server.url())
    } finally {
      await server.stop()
    }
  }
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`)
  process.exitCode = 1
}
