/**
 * npm run create-admin -- --email you@school.sch.id --password '…' [--name "Nama Lengkap"]
 *
 * Creates a superadmin on the configured database (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR), or gives
 * the account with that e-mail the new password and makes it an active superadmin. While the service runs on the
 * embedded database, it works through the service's server (as `npm run backup`): no need to stop the school's
 * service to reset one password.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config.js'
import { openForScript } from '../src/db/client.js'
import { AppError } from '../src/http/errors.js'
import { tr } from '../src/http/i18n.js'
import { ensureSuperadmin } from '../src/modules/users/service.js'

const USAGE = 'Usage: npm run create-admin -- --email <e-mail> --password <password> [--name "<full name>"]'

/** The service names fields as the HTTP API does; here they are flags. */
const FLAGS: Record<string, string> = { email: '--email', password: '--password', full_name: '--name' }

function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

let args: { email?: string; password?: string; name?: string; help?: boolean }
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  }).values
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`, 2)
}
if (args.help) {
  console.log(USAGE)
  process.exit(0)
}
const missing = (['email', 'password'] as const).filter((k) => !args[k])
if (missing.length > 0) fail(`Missing ${missing.map((k) => `--${k}`).join(' and ')}.\n${USAGE}`, 2)

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (err) {
  fail((err as Error).message)
}

let opened: Awaited<ReturnType<typeof openForScript>>
try {
  opened = await openForScript({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    schoolTimeZone: config.schoolTimeZone,
  })
} catch (err) {
  fail(`Cannot open the database: ${(err as Error).message}`)
}
const { database, running, where } = opened

let exitCode = 0
try {
  if (!running) await database.migrate()
  const user = await ensureSuperadmin(database.db, {
    email: args.email!,
    password: args.password!,
    fullName: args.name,
  })
  console.log(
    user.created
      ? `Superadmin ${user.email} (id ${user.id}) created on ${where}.`
      : `Account ${user.email} (id ${user.id}) is now an active superadmin with the new password on ${where}; its old sessions were ended.`,
  )
} catch (err) {
  exitCode = 1
  if (err instanceof AppError) {
    const fields = Object.entries(err.fieldErrors ?? {}).map(
      ([field, messages]) => `  ${FLAGS[field] ?? field}: ${messages.map((m) => tr(m, 'en')).join('; ')}`,
    )
    console.error([tr(err.userMessage, 'en'), ...fields].join('\n'))
  } else {
    console.error(`create-admin failed: ${(err as Error).message}`)
  }
} finally {
  await database.close()
}
process.exit(exitCode)
