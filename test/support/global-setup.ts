import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { postgresDatabase } from '../../src/db/client.js'
import { startEmbedded } from '../../src/db/embedded.js'
import { adminQuery, type TestServer, templateName, withDatabase } from './databases.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server test databases are made on, and the migrated template they copy. */
    dbServer: TestServer
  }
}

/**
 * Starts the database server for the run (DATABASE_URL's, or an embedded PostgreSQL in a temporary folder,
 * without fsync: it is thrown away) and migrates a template once; each test file then gets its own copy.
 */
export default async function setup(project: TestProject) {
  let dataDir: string | null = null
  let stopServer = async () => {}
  let adminUrl = process.env.DATABASE_URL ?? ''
  if (!adminUrl) {
    dataDir = mkdtempSync(join(tmpdir(), 'bursa-test-'))
    const server = await startEmbedded({ dataDir, durable: false })
    adminUrl = server.url('postgres')
    stopServer = () => server.stop()
  }
  const server: TestServer = { adminUrl, template: templateName() }
  try {
    await adminQuery(server, `drop database if exists ${server.template} with (force)`)
    await adminQuery(server, `create database ${server.template}`)
    const template = postgresDatabase(withDatabase(adminUrl, server.template), { poolSize: 2 })
    await template.migrate()
    await template.close()
  } catch (err) {
    await stopServer()
    throw err
  }
  project.provide('dbServer', server)
  return async () => {
    const { rows } = await adminQuery(
      server,
      `select datname from pg_database where datname like '${server.template}%'`,
    )
    for (const r of rows) await adminQuery(server, `drop database if exists ${r.datname} with (force)`)
    await stopServer()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}
