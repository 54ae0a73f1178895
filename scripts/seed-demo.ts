/**
 * npm run seed:demo
 *
 * Writes the demo school year (src/demo: master data, partner companies, learners, vacancies,
 * applications at every stage, tests, results, placements, tracer answers; files through the
 * configured storage) into the configured database when it holds no account yet; `npm start` does
 * the same by itself outside production. Refuses to run with NODE_ENV=production.
 */
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/client.js'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from '../src/demo/seed.js'
import { createStorage } from '../src/storage/storage.js'

const config = loadConfig()
if (config.env === 'production') {
  console.error('Demo data is never written with NODE_ENV=production.')
  process.exit(2)
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 1,
  schoolTimeZone: config.schoolTimeZone,
})
try {
  await database.migrate()
  if (!(await isEmpty(database.db))) {
    console.log('The database already holds accounts; demo data is only written into an empty one.')
  } else {
    await seedDemo(database.db, createStorage(config), config.schoolTimeZone)
    console.log(
      `Demo data written. Log in with ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} and password "${DEMO_PASSWORD}".`,
    )
  }
} finally {
  await database.close()
}
