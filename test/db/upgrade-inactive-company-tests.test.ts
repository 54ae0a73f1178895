import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { type Database, migrationsFolder, postgresDatabase } from '../../src/db/client.js'
import type { TestContext } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aCompany } from '../support/builders/org.js'
import { aSchedule } from '../support/builders/schedules.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { adminQuery, queryOn, templateName, withDatabase } from '../support/databases.js'

/**
 * Deactivating a company cancels its tests that have not begun: while it is inactive nobody can hold, change or
 * cancel them. A school upgrading has companies an older release switched off with such tests; migration 0021
 * cancels them the same way (reason, timeline row, no notice), as 0015 caught up deleted vacancies'
 * applications. Tested on a database migrated to the release before (0000-0019), then started as now.
 */
const server = inject('dbServer')
const opened: { database: Database; drop: () => Promise<void> }[] = []
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.database.close()
    await o.drop()
  }
})

async function databaseAtLevel(level: number) {
  const name = `${templateName()}_rv_${randomBytes(4).toString('hex')}`
  await adminQuery(server, `create database ${name}`)
  const url = withDatabase(server.adminUrl, name)
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
  const dir = mkdtempSync(join(tmpdir(), 'bursa-old-migrations-'))
  mkdirSync(join(dir, 'meta'))
  const entries = journal.entries.slice(0, level)
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`))
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await migrate(drizzle(c), { migrationsFolder: dir })
  } finally {
    await c.end()
    rmSync(dir, { recursive: true, force: true })
  }
  const database = postgresDatabase(url, { poolSize: 2 })
  opened.push({
    database,
    drop: () => adminQuery(server, `drop database if exists ${name} with (force)`).then(() => {}),
  })
  return { url, database }
}

describe('upgrading a school that switched a company off while its tests lay ahead', () => {
  it('does not leave those tests scheduled on the inactive company', async () => {
    // Level 20 = migrations 0000-0019: the release before dacb658.
    const { url, database } = await databaseAtLevel(20)
    const ctx = { db: database.db } as TestContext
    const company = await aCompany(ctx, { isActive: false })
    const vacancy = await aVacancy(ctx, { companyId: company.id })
    const student = await aStudent(ctx)
    const app = await anApplication(ctx, {
      vacancyId: vacancy.id,
      studentId: student.studentId,
      status: 'in_progress',
    })
    const { schedule } = await aSchedule(ctx, {
      companyId: company.id,
      vacancyId: vacancy.id,
      scheduledAt: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(),
    })
    await queryOn(url, 'insert into test_participants (test_schedule_id, application_id) values ($1, $2)', [
      schedule.id,
      app.id,
    ])

    // An active company's test ahead, and the inactive one's test already held, stay as they are.
    const active = await aCompany(ctx)
    const activeVacancy = await aVacancy(ctx, { companyId: active.id })
    const { schedule: kept } = await aSchedule(ctx, {
      companyId: active.id,
      vacancyId: activeVacancy.id,
      scheduledAt: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(),
    })
    const { schedule: held } = await aSchedule(ctx, { companyId: company.id, vacancyId: vacancy.id })

    await database.migrate() // what the current start-up does

    const statuses = await queryOn(
      url,
      'select id, status, cancel_reason from test_schedules order by id',
      [],
    )
    expect(statuses).toEqual([
      {
        id: schedule.id,
        status: 'cancelled',
        cancel_reason: 'Perusahaan ini sedang tidak aktif bermitra dengan BKK.',
      },
      { id: kept.id, status: 'scheduled', cancel_reason: null },
      { id: held.id, status: 'scheduled', cancel_reason: null },
    ])
    const events = await queryOn(url, 'select stage from application_events where application_id = $1', [
      app.id,
    ])
    expect(events.map((e: { stage: string }) => e.stage)).toContain('test_cancelled')
  })
})
