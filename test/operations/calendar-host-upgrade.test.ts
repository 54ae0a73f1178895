import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/client.js'
import { call, createTestApp, type TestContext, useTestApp } from '../support/app.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { useSmtp } from '../support/smtp.js'

/**
 * Migration 0019 keeps each test's calendar host (`test_schedules.calendar_host`). A test announced before it
 * takes the host its invitations named, from the outbox (`email_outbox.calendar_uid` stays after sending): a
 * school whose production ran without PUBLIC_URL (UIDs `@localhost`) must set it to start this release, and
 * every test already in learners' calendars would otherwise change identity, its next change added beside it
 * and its cancellation removing nothing (found by the review of the change).
 */
const env: Record<string, string> = { SMTP_FROM: 'BKK SMK <bkk@smk.test>' } // no PUBLIC_URL, as before
useSmtp(env)
const t = useTestApp(env)
let upgraded: (TestContext & { close(): Promise<void> }) | undefined
afterAll(async () => {
  await upgraded?.close()
})

const uidsOf = async (db: TestContext['db'], scheduleId: number, method: 'REQUEST' | 'CANCEL') => {
  const res = await db.execute(
    sql`select calendar_uid as uid from email_outbox
        where calendar_method = ${method} and calendar_uid like ${`bursa-test-${scheduleId}-application-%`}
        order by id`,
  )
  return (res as unknown as { rows: { uid: string }[] }).rows.map((r) => r.uid)
}

describe('upgrading to migration 0019 and setting PUBLIC_URL, as production now requires', () => {
  it('a test invited before the upgrade is cancelled under the UID its invitation carried', async () => {
    // Before the upgrade: a test made and e-mailed while PUBLIC_URL was unset (the default named localhost).
    const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Sebelum Upgrade' })
    const ani = await aCandidate(t, vacancy.id)
    const created = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Psikotes',
        kind: 'psikotes',
        scheduled_at: '2099-07-15T01:00:00Z',
        location: 'Aula',
        application_ids: [ani.application.id],
      },
    })
    expect(created.status).toBe(201)
    const scheduleId = created.body.data.id as number
    const [invited] = await uidsOf(t.db, scheduleId, 'REQUEST')
    expect(invited).toBe(`bursa-test-${scheduleId}-application-${ani.application.id}@localhost`)

    // The database as the release before 0019 left it, then the upgrade's start-up migrations.
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
    const m0019 = journal.entries.find((e: { tag: string }) => e.tag === '0019_calendar_host')
    // (what the later migrations add goes too: they run again after it)
    await t.db.execute(sql`alter table test_schedules drop column calendar_host`)
    await t.db.execute(sql`alter table test_participants drop column released_at`)
    await t.db.execute(sql`drop table storage_deletions`)
    await t.db.execute(sql`drop function files_to_storage_deletions() cascade`)
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${m0019.when}`)
    await t.database.migrate()

    // The school sets PUBLIC_URL (the service refuses to start without it now) and HR cancels the test.
    upgraded = await createTestApp({ ...env, PUBLIC_URL: 'https://bkk.smkn1.sch.id' }, { sharing: t })
    const cancelled = await call(upgraded, 'POST', `/api/hrd/test-schedules/${scheduleId}/cancel`, {
      as: hrd,
      body: { reason: 'Ruang dipakai ujian sekolah' },
    })
    expect(cancelled.status).toBe(200)
    // Without the migration's backfill: bursa-test-…@bkk.smkn1.sch.id, an event the calendar does not hold.
    expect(await uidsOf(t.db, scheduleId, 'CANCEL')).toEqual([invited])
  })
})
