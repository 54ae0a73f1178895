/**
 * `npm run disable-demo`: deactivates the demo accounts (superadmin@demo.test, …, and a demo account given
 * another e-mail that still accepts the demo password) and ends their sessions, so that a data folder made by a
 * development start may be started in production. The rest of the demo data stays; start production on a new
 * DATA_DIR for a clean database. Works while the service runs (through its embedded server, as `npm run backup`);
 * a DATA_DIR holding no bursa data is refused, and nothing is made there.
 */
import { loadConfigOrExit } from '../src/config.js'
import { openForScript } from '../src/db/client.js'
import { disableDemoAccounts } from '../src/startup.js'

const config = loadConfigOrExit()
const { database, running } = await openForScript({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 2,
  schoolTimeZone: config.schoolTimeZone,
  existing: true,
}).catch((err: Error) => {
  console.error(`Cannot open the database: ${err.message}`)
  process.exit(1)
})
try {
  if (!running) await database.migrate()
  const changed = await disableDemoAccounts(database.db)
  console.log(
    changed.length > 0
      ? `Deactivated ${changed.length} demo account(s): ${changed.join(', ')}.`
      : 'No active demo account; nothing to do.',
  )
} finally {
  await database.close()
}
