import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { type App, buildApp } from '../../src/app.js'
import { type Config, loadConfig } from '../../src/config.js'
import { type Database, type Db, postgresDatabase } from '../../src/db/client.js'
import type { JobOptions } from '../../src/jobs/queue.js'
import { localStorage } from '../../src/storage/storage.js'
import { freshDatabase } from './databases.js'

export interface TestContext {
  app: App
  db: Db
  database: Database
  config: Config
  dataDir: string
}

/**
 * Builds the real app on a fresh database, the way production does, for one test file. With `sharing`, a
 * second instance on that app's database (its own pool, queue and memory; the database is left as it is).
 * `jobs` overrides the background work's timing (quick by default: a failed e-mail is due again at once, and a
 * test's change is e-mailed without the hold that lets a later change replace it).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { sharing, jobs }: { sharing?: TestContext; jobs?: JobOptions } = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursa-data-'))
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env })
  const database = sharing
    ? postgresDatabase(sharing.database.url, { poolSize: 5, schoolTimeZone: config.schoolTimeZone })
    : await freshDatabase(inject('dbServer'), config.schoolTimeZone)
  const app = await buildApp({
    config,
    database,
    storage: localStorage(join(dataDir, 'files')),
    jobOptions: {
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
      emailRetrySeconds: 0,
      emailChangeHoldSeconds: 0,
      ...jobs,
    },
  })
  await app.ready()
  return {
    app,
    db: database.db,
    database,
    config,
    dataDir,
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** `const t = useTestApp()` in a test file: the app is built before its tests and closed after. */
export function useTestApp(env: Record<string, string> = {}, jobs?: JobOptions): TestContext {
  const t = {} as TestContext & { close?: () => Promise<void> }
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, { jobs }))
  })
  afterAll(async () => {
    await t.close?.()
  })
  return t
}

export interface Res<T = any> {
  status: number
  body: T
  headers: Record<string, unknown>
  raw: string
}

export interface Caller {
  authorization?: string
}

/** One HTTP call to the app, as a client would make it. */
export async function call<T = any>(
  t: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: {
    as?: Caller | null
    body?: unknown
    query?: Record<string, string | number | boolean>
    headers?: Record<string, string>
    /** The client's address (inject's default is 127.0.0.1). */
    remoteAddress?: string
  } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
  if (opts.as?.authorization) headers.authorization = opts.as.authorization
  const query = opts.query
    ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))
    : undefined
  const res = await t.app.inject({
    method,
    url,
    headers,
    query,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  })
  let body: any = null
  try {
    body = res.json()
  } catch {
    body = res.body
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.body }
}
