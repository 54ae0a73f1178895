import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { type Database, pgliteDatabase, postgresDatabase } from '../../src/db/client.js'

/** The maintenance connection: same server, the database the URL names. */
export const adminUrl = (url: string) => url

export const templateName = () => `bursa_t${process.pid}`

/** A fresh, migrated database for one test file: a copy of the template made by global-setup. */
export async function freshDatabase(template: string): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = `${template}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await admin.query(`create database ${name} template ${template}`)
    } finally {
      await admin.end()
    }
    const u = new URL(url)
    u.pathname = `/${name}`
    const database = postgresDatabase(u.toString(), 5)
    const close = database.close
    database.close = async () => {
      await close()
      const a = new pg.Client({ connectionString: url })
      await a.connect()
      await a.query(`drop database if exists ${name} with (force)`).finally(() => a.end())
    }
    return database
  }
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) })
  return pgliteDatabase(client)
}
