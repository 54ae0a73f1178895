import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, postgresDatabase } from '../../src/db/client.js'

/** Where test databases are made: DATABASE_URL's server, or the embedded one global-setup started. */
export interface TestServer {
  /** A maintenance connection on that server (any database but the ones tests make). */
  adminUrl: string
  /** The migrated database every test file's database is copied from. */
  template: string
}

export const templateName = () => `bursa_t${process.pid}`

/** `url` with another database name (kept: credentials, socket `host` parameter). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

export async function adminQuery(server: TestServer, text: string) {
  const admin = new pg.Client({ connectionString: server.adminUrl })
  await admin.connect()
  try {
    return await admin.query(text)
  } finally {
    await admin.end()
  }
}

/** The rows of one statement run on the database at `url`, through a client of its own. */
export async function queryOn(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query(text, values)).rows
  } finally {
    await c.end()
  }
}

/** A new database copied from the template: migrated, empty. Dropped by `drop()`. */
export async function copyOfTemplate(server: TestServer, prefix = server.template) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  await adminQuery(server, `create database ${name} template ${server.template}`)
  return {
    name,
    url: withDatabase(server.adminUrl, name),
    drop: () => adminQuery(server, `drop database if exists ${name} with (force)`).then(() => {}),
  }
}

/**
 * A fresh, migrated database for one test file: a copy of the template made by global-setup. Its
 * connections carry `schoolTimeZone` as the service's do.
 */
export async function freshDatabase(server: TestServer, schoolTimeZone?: string): Promise<Database> {
  const copy = await copyOfTemplate(server)
  const database = postgresDatabase(copy.url, { poolSize: 5, schoolTimeZone })
  const close = database.close
  database.close = async () => {
    await close()
    await copy.drop()
  }
  return database
}
