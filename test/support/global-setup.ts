import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { pgliteDatabase, postgresDatabase } from '../../src/db/client.js'
import { adminUrl, templateName } from './databases.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated data folder. PostgreSQL: the template database's name. */
    dbTemplate: string
  }
}

/** Migrates once; each test file then starts from a copy of the migrated database. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = templateName()
    const admin = new pg.Client({ connectionString: adminUrl(url) })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
    const u = new URL(url)
    u.pathname = `/${name}`
    const template = postgresDatabase(u.toString(), 2)
    await template.migrate()
    await template.close()
    project.provide('dbTemplate', name)
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${name}%`],
      )
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`)
      await admin.end()
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'bursa-test-'))
  const client = await PGlite.create()
  const database = pgliteDatabase(client)
  await database.migrate()
  const dump = await client.dumpDataDir('none')
  const file = join(dir, 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('dbTemplate', file)
  return () => rmSync(dir, { recursive: true, force: true })
}
