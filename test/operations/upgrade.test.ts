import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { type Database, migrationsFolder, postgresDatabase } from '../../src/db/client.js'
import type { Mail, Mailer } from '../../src/jobs/mailer.js'
import { createOutbox, deliverOutbox, SUPERSEDED } from '../../src/jobs/outbox.js'
import type { Jobs } from '../../src/jobs/queue.js'
import type { TestContext } from '../support/app.js'
import { anAccount } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aSchedule } from '../support/builders/schedules.js'
import { adminQuery, queryOn, templateName, withDatabase } from '../support/databases.js'

/**
 * A school upgrading from an older bursa: its database is at an older migration level and holds the outbox
 * rows that version left. The current start-up migrates it (src/db/client.ts migrate), then the current
 * outbox worker runs on those rows. Migration 0013 brings them under the current rules: without it, e-mails
 * given up days before were sent (an invitation after its test's cancellation, an expired link), and an
 * invitation waiting for its retry was not superseded by a later cancellation. Migration 0015 closes the
 * applications an older release left open on a deleted vacancy; 0016 keeps the day of a placement status HR set;
 * 0017 gives unsent e-mails their account; 0018 forgets HR notices about a company the account left; 0021
 * cancels the tests ahead of a company an older release switched off; 0027 puts a test's unsent invitations
 * behind the links asked after the upgrade.
 */
const server = inject('dbServer')
const opened: { database: Database; drop: () => Promise<void> }[] = []
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.database.close()
    await o.drop()
  }
})

/** A new database migrated to the first `level` migrations only, as an older release left it. */
async function databaseAtLevel(level: number, schoolTimeZone?: string) {
  const name = `${templateName()}_upg_${randomBytes(4).toString('hex')}`
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
  const database = postgresDatabase(url, { poolSize: 2, schoolTimeZone })
  opened.push({
    database,
    drop: () => adminQuery(server, `drop database if exists ${name} with (force)`).then(() => {}),
  })
  return { url, database }
}

/**
 * A vacancy of an older release's table: written with the columns every level has (the builder writes every
 * column of the newest table, `places_freed` of 0026 among them), of a new company unless told.
 */
async function vacancyAtLevel(
  ctx: TestContext,
  url: string,
  { companyId, deletedAt }: { companyId?: number; deletedAt?: Date } = {},
) {
  const company = companyId ?? (await aCompany(ctx)).id
  const [row] = await queryOn(
    url,
    `insert into job_vacancies (company_id, title, position, description, qualifications, category, job_type,
       quota, deadline, target, deleted_at)
     values ($1, 'Lowongan lama', 'Operator', 'Deskripsi pekerjaan.', 'Lulusan SMK.', 'manufaktur', 'full_time',
       5, current_date + 30, 'all', $2)
     returning id, company_id`,
    [company, deletedAt ?? null],
  )
  return { id: row.id as number, companyId: row.company_id as number }
}

/**
 * A grade-12 student with an account, written with the columns every level has (the builders write today's, which
 * an older level lacks: `students.left_on` came with 0030).
 */
async function studentAtLevel(ctx: TestContext, url: string) {
  const account = await anAccount(ctx, 'siswa')
  const { id: majorId } = await aMajor(ctx)
  const n = `${process.pid}x${account.id}`
  const [row] = await queryOn(
    url,
    `insert into students (user_id, nis, full_name, major_id, class_name, phone, address, birth_date)
     values ($1, $2, $3, $4, 'XII A', '081200000000', 'Jl. Mawar No. 1', '2007-01-01') returning id`,
    [account.id, `N${n}`, `Siswa ${n}`, majorId],
  )
  return { ...account, studentId: row.id as number }
}

/**
 * An application and its `applied` row, written with the columns every level has (the builder writes today's:
 * `applications.withdrawn_by_school` came with 0033).
 */
async function applicationAtLevel(
  url: string,
  { vacancyId, studentId, status = 'pending' }: { vacancyId: number; studentId: number; status?: string },
) {
  const [row] = await queryOn(
    url,
    `insert into applications (job_vacancy_id, student_id, applicant_role, status, cover_letter)
     values ($1, $2, 'siswa', $3, 'Saya tertarik dengan posisi ini.') returning id`,
    [vacancyId, studentId, status],
  )
  await queryOn(
    url,
    `insert into application_events (application_id, stage, status) values ($1, 'applied', 'pending')`,
    [row.id],
  )
  return { id: row.id as number }
}

/** An SMTP server that takes everything and remembers what it took, in order. */
function recordingMailer() {
  const sent: Mail[] = []
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail)
    },
    close() {},
  }
  return { sent, mailer }
}

const ics = (method: 'REQUEST' | 'CANCEL', uid: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'SEQUENCE:0',
    'SUMMARY:Tes tertulis',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n')

const UID = 'bursa-test-8-application-6@bkk.smk.test'

describe('upgrading a school whose outbox holds e-mails of the older version', () => {
  it('does not send, after the upgrade, the e-mails the older version had given up on (days ago)', async () => {
    // Level 9 = migrations 0000-0008: releases up to 787cb00 gave an e-mail up after its 5th try and left
    // claimed_until null (a failure released it for the next sweep).
    const { url, database } = await databaseAtLevel(9)
    await queryOn(
      url,
      `insert into email_outbox ("to", subject, text, calendar, calendar_method, attempts, claimed_until, sent_at, last_error, created_at) values
       ('siswa@smk.test', '[BKK] Jadwal Tes tertulis', 'Yth. Siswa, Anda diundang...', '${ics('REQUEST', UID)}', 'REQUEST', 5, null, null, 'connect ECONNREFUSED 127.0.0.1:25', now() - interval '10 days'),
       ('siswa@smk.test', '[BKK] Tes tertulis dibatalkan', 'Yth. Siswa, tes dibatalkan.', '${ics('CANCEL', UID)}', 'CANCEL', 1, null, now() - interval '9 days', null, now() - interval '9 days'),
       ('alumni@smk.test', 'Atur ulang kata sandi akun BKK Anda', 'Tautan (berlaku 60 menit): https://bkk.smk.test/atur-kata-sandi?token=abc', null, null, 5, null, null, 'connect ECONNREFUSED 127.0.0.1:25', now() - interval '10 days')`,
    )

    await database.migrate() // what the current start-up does

    const { sent, mailer } = await recordingMailer()
    await deliverOutbox(database.db, mailer, { retrySeconds: 60 })
    // The learner's calendar already had the CANCEL nine days ago; a REQUEST now puts the cancelled test
    // back in it, and an expired password link arrives ten days late.
    expect(sent.map((m) => `${m.calendar?.method ?? 'mail'} ${m.subject}`)).toEqual([])
  })

  it('supersedes an invitation still waiting for its retry when its test is cancelled after the upgrade', async () => {
    // Level 11 = migrations 0000-0010: releases from 787cb00 to before 3f964aa hold a failed e-mail back for
    // 1, 4, 16... minutes, and know no calendar_uid.
    const { url, database } = await databaseAtLevel(11)
    await queryOn(
      url,
      `insert into email_outbox ("to", subject, text, calendar, calendar_method, attempts, claimed_until, sent_at, last_error, created_at) values
       ('siswa@smk.test', '[BKK] Jadwal Tes tertulis', 'Yth. Siswa, Anda diundang...', '${ics('REQUEST', UID)}', 'REQUEST', 3, now() + interval '16 minutes', null, 'connect ECONNREFUSED 127.0.0.1:25', now() - interval '20 minutes')`,
    )

    await database.migrate() // the upgrade, during the SMTP outage

    // HR cancels the test: the cancellation's e-mail is queued as src/modules/schedules does.
    const outbox = createOutbox(true, { send: async () => null } as unknown as Jobs, {} as FastifyBaseLogger)
    await database.db.transaction((tx) =>
      outbox.queue(tx, {
        to: 'siswa@smk.test',
        subject: '[BKK] Tes tertulis dibatalkan',
        text: 'Yth. Siswa, tes dibatalkan.',
        calendar: { ics: ics('CANCEL', UID), method: 'CANCEL', uid: UID },
      }),
    )
    const { sent, mailer } = recordingMailer()
    await deliverOutbox(database.db, mailer, { retrySeconds: 60 })
    // The invitation's wait is over (16 minutes later): the worker runs again.
    await queryOn(
      url,
      `update email_outbox set claimed_until = now() - interval '1 second' where calendar_method = 'REQUEST'`,
    )
    await deliverOutbox(database.db, mailer, { retrySeconds: 60 })

    expect(sent.map((m) => m.calendar?.method)).toEqual(['CANCEL'])
    const [request] = await queryOn(
      url,
      `select last_error from email_outbox where calendar_method = 'REQUEST'`,
    )
    expect(request.last_error).toBe(SUPERSEDED)
  })
})

describe('upgrading a school that deleted vacancies with applications still open', () => {
  it('closes them as a delete now does: rejected, with the "vacancy closed" row at the delete; decided ones stay', async () => {
    // Level 15 = migrations 0000-0014: releases before 0015 left a deleted vacancy's open applications open.
    const { url, database } = await databaseAtLevel(15)
    const ctx = { db: database.db } as TestContext
    const student = async () => (await studentAtLevel(ctx, url)).studentId
    const gone = await vacancyAtLevel(ctx, url, { deletedAt: new Date('2026-10-01T03:00:00Z') })
    const kept = await vacancyAtLevel(ctx, url)
    const pending = await applicationAtLevel(url, { vacancyId: gone.id, studentId: await student() })
    const selecting = await applicationAtLevel(url, {
      vacancyId: gone.id,
      studentId: await student(),
      status: 'in_progress',
    })
    const accepted = await applicationAtLevel(url, {
      vacancyId: gone.id,
      studentId: await student(),
      status: 'accepted',
    })
    const elsewhere = await applicationAtLevel(url, { vacancyId: kept.id, studentId: await student() })

    await database.migrate() // what the current start-up does

    const rows = await queryOn(
      url,
      `select a.id, a.status, (select json_agg(json_build_array(e.stage, e.status, e.at = timestamptz '2026-10-01T03:00:00Z') order by e.id)
         from application_events e where e.application_id = a.id and e.stage <> 'applied') as events
       from applications a order by a.id`,
    )
    expect(rows.map((r) => [r.id, r.status, r.events])).toEqual([
      [pending.id, 'rejected', [['vacancy_closed', 'rejected', true]]],
      [selecting.id, 'rejected', [['vacancy_closed', 'rejected', true]]],
      [accepted.id, 'accepted', null],
      [elsewhere.id, 'pending', null],
    ])
  })
})

describe('upgrading a school whose HR set placements’ status directly', () => {
  it('keeps the day a status not from a follow-up was set, so a missed follow-up does not take it back', async () => {
    // Level 16 = migrations 0000-0015: before 0016 a placement kept no day for a status HR set itself.
    const { url, database } = await databaseAtLevel(16)
    const ctx = { db: database.db } as TestContext
    const studentId = (await studentAtLevel(ctx, url)).studentId
    const placement = async (status: string, updatedAt: string) =>
      (
        await queryOn(
          url,
          `insert into placements (student_id, company_name, source, position, accepted_at, status, updated_at)
           values ($1, 'CV Maju', 'outside', 'Operator', '2026-01-05', $2, $3) returning id`,
          [studentId, status, updatedAt],
        )
      )[0].id as number
    // Set by HR on 10 November (WIB: 17:30 UTC on the 9th is 00:30 on the 10th).
    const resigned = await placement('resigned', '2026-11-09T17:30:00Z')
    // Its status is its latest follow-up's: nothing was set directly.
    const followed = await placement('contract_extended', '2026-11-01T03:00:00Z')
    await queryOn(
      url,
      `insert into placement_checkins (placement_id, month_mark, status) values ($1, 3, 'active'), ($1, 6, 'contract_extended')`,
      [followed],
    )
    const untouched = await placement('active', '2026-11-02T03:00:00Z')

    await database.migrate()

    const rows = await queryOn(url, 'select id, status_set_at::text as day from placements order by id')
    expect(rows.map((r) => [r.id, r.day])).toEqual([
      [resigned, '2026-11-10'],
      [followed, null],
      [untouched, null],
    ])
  })
})

describe('upgrading a school in Papua (SCHOOL_TIME_ZONE=Asia/Jayapura) whose HR set a placement status directly', () => {
  it("keeps the day on the school's calendar, not Jakarta's", async () => {
    const { url, database } = await databaseAtLevel(16, 'Asia/Jayapura')
    const ctx = { db: database.db } as TestContext
    const studentId = (await studentAtLevel(ctx, url)).studentId
    // HR marked the person resigned at 00:30 WIT on 10 November (15:30 UTC on the 9th; 22:30 WIB on the 9th).
    const [{ id }] = await queryOn(
      url,
      `insert into placements (student_id, company_name, source, position, accepted_at, status, updated_at)
       values ($1, 'CV Maju', 'outside', 'Operator', '2026-01-05', 'resigned', '2026-11-09T15:30:00Z') returning id`,
      [studentId],
    )

    await database.migrate() // what the start-up does

    const [row] = await queryOn(url, 'select status_set_at::text as day from placements where id = $1', [id])
    // Before: '2026-11-09', the day in Jakarta: the migration's connection did not carry the school's zone
    // (found by the review of this session's changes).
    expect(row.day).toBe('2026-11-10')
  })
})

describe('upgrading a school whose outbox holds unsent e-mails', () => {
  it('gives each the account at its address, none to an address that is nobody’s account', async () => {
    // Level 17 = migrations 0000-0016: before 0017 an e-mail did not know its account.
    const { url, database } = await databaseAtLevel(17)
    const ctx = { db: database.db } as TestContext
    const learner = await studentAtLevel(ctx, url)
    await queryOn(
      url,
      `insert into email_outbox ("to", subject, text, sent_at) values
         ($1, 'Jadwal psikotes', 'Halo', null),
         ('kontak@pt-baru.test', 'Konfirmasi pendaftaran', 'Halo', null),
         ($2, 'Terkirim', '', now())`,
      [learner.email.toUpperCase(), learner.email],
    )

    await database.migrate()

    const rows = await queryOn(url, 'select subject, user_id from email_outbox order by id')
    expect(rows.map((r) => [r.subject, r.user_id])).toEqual([
      ['Jadwal psikotes', learner.id],
      ['Konfirmasi pendaftaran', null],
      ['Terkirim', null],
    ])
  })
})

describe('upgrading a school whose HR accounts left their company before this release', () => {
  it('forgets their notices about the former company, keeps those about their own', async () => {
    // Level 18 = migrations 0000-0017.
    const { url, database } = await databaseAtLevel(18)
    const ctx = { db: database.db } as TestContext
    const own = await vacancyAtLevel(ctx, url)
    const former = await vacancyAtLevel(ctx, url)
    const [{ id: hrId }] = await queryOn(
      url,
      `insert into users (email, password_hash, full_name, role, company_id)
       values ('hrd.pindah@pt.test', 'x', 'HRD Pindah', 'hrd', $1) returning id`,
      [own.companyId],
    )
    const notice = (kind: string, vacancyId: number, title: string) =>
      queryOn(
        url,
        `insert into notifications (user_id, kind, title, body, data) values ($1, $2, $3, '', $4)`,
        [hrId, kind, title, JSON.stringify({ jobVacancyId: vacancyId, applicationId: 1 })],
      )
    await notice('application.received', former.id, 'Pelamar perusahaan lama')
    await notice('vacancy.approved', former.id, 'Lowongan perusahaan lama')
    await notice('application.received', own.id, 'Pelamar perusahaan sendiri')

    await database.migrate()

    const rows = await queryOn(url, 'select title from notifications where user_id = $1 order by id', [hrId])
    expect(rows.map((r) => r.title)).toEqual(['Pelamar perusahaan sendiri'])
  })
})

describe('upgrading a school that switched a company off while its tests lay ahead', () => {
  it('does not leave those tests scheduled on the inactive company', async () => {
    // Level 20 = migrations 0000-0019: the release before dacb658.
    const { url, database } = await databaseAtLevel(20)
    const ctx = { db: database.db } as TestContext
    const company = await aCompany(ctx, { isActive: false })
    const vacancy = await vacancyAtLevel(ctx, url, { companyId: company.id })
    const student = await studentAtLevel(ctx, url)
    const app = await applicationAtLevel(url, {
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
    const activeVacancy = await vacancyAtLevel(ctx, url, { companyId: active.id })
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

describe('upgrading a school whose outbox holds a test’s invitations still unsent', () => {
  it('sends a password link asked after the upgrade before them, and the migration runs again harmlessly', async () => {
    // Level 27 = migrations 0000-0026: before 0027 the outbox sent oldest first, whatever the e-mail.
    const { url, database } = await databaseAtLevel(27)
    const invitations = [1, 2, 3].map(
      (i) =>
        `('siswa${i}@smk.test', '[BKK] Jadwal Psikotes', 'Yth. Siswa, Anda diundang...', '${ics('REQUEST', `bursa-test-9-application-${i}@bkk.smk.test`)}', 'REQUEST', 'bursa-test-9-application-${i}@bkk.smk.test', now() - interval '1 minute')`,
    )
    await queryOn(
      url,
      `insert into email_outbox ("to", subject, text, calendar, calendar_method, calendar_uid, created_at) values ${invitations.join(', ')}`,
    )

    await database.migrate()
    // Each statement of 0027 may run again (as an upgrade that stopped half-way, or these tests, run it).
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
    const m0027 = journal.entries.find((e: { tag: string }) => e.tag === '0027_outbox_priority')
    await queryOn(url, 'delete from drizzle.__drizzle_migrations where created_at >= $1', [m0027.when])
    await database.migrate()

    const outbox = createOutbox(true, { send: async () => null } as unknown as Jobs, {} as FastifyBaseLogger)
    await database.db.transaction((tx) =>
      outbox.queue(tx, {
        to: 'terkunci@smk.test',
        subject: 'Atur ulang kata sandi akun BKK Anda',
        text: 'Tautan (berlaku 60 menit): https://bkk.smk.test/atur-kata-sandi?token=abc',
      }),
    )
    const { sent, mailer } = recordingMailer()
    await deliverOutbox(database.db, mailer, { retrySeconds: 60 })
    expect(sent.map((m) => m.to)).toEqual([
      'terkunci@smk.test',
      'siswa1@smk.test',
      'siswa2@smk.test',
      'siswa3@smk.test',
    ])
  })
})
