import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { type Database, postgresDatabase, schema } from '../../src/db/client.js'
import { schoolToday } from '../../src/db/school-day.js'
import { localStorage } from '../../src/storage/storage.js'
import { call, type TestContext } from '../support/app.js'
import { anAdmin, anHrd } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aSchedule, setAttendance } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { aVacancy, dayFromToday } from '../support/builders/vacancies.js'
import { copyOfTemplate, freshDatabase } from '../support/databases.js'
import { EAST, todayIn, useSchoolsAcrossTheDateLine, WEST } from '../support/school-zones.js'

/**
 * Two schools, one on each side of the date line: UTC+14 (Pacific/Kiritimati) and UTC-12 (Etc/GMT+12).
 * Their calendars are 26 hours apart, so at any moment the eastern school's day is a day or two after the
 * western one's: every date rule must follow the school's own `SCHOOL_TIME_ZONE`, not WIB nor the
 * database's.
 */
const zones = useSchoolsAcrossTheDateLine()

describe("the school's day follows SCHOOL_TIME_ZONE", () => {
  it("is today in the school's zone for the database's rules", async () => {
    expect(await dayFromToday(zones.east, 0)).toBe(todayIn(EAST))
    expect(await dayFromToday(zones.west, 0)).toBe(todayIn(WEST))
    expect(todayIn(EAST) > todayIn(WEST)).toBe(true)
  })

  it("keeps a vacancy open through its deadline day at the school, and closed once the school's day is past it", async () => {
    const deadline = todayIn(WEST)
    const seen = async (t: TestContext) => {
      const hrd = await anHrd(t)
      const student = await anApplicant(t)
      const vacancy = await aVacancy(t, {
        companyId: hrd.companyId,
        majorIds: [student.majorId],
        values: { deadline },
      })
      const list = await call(t, 'GET', '/api/job-vacancies', { as: student })
      const detail = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as: student })
      const apply = await call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: student, body: {} })
      const hr = await call(t, 'GET', '/api/hrd/job-vacancies', { as: hrd })
      return {
        listed: list.body.data.some((v: { id: number }) => v.id === vacancy.id),
        detail: detail.status,
        apply: apply.status,
        applyMessage: apply.body.message,
        hrOpen: hr.body.data.find((v: { id: number }) => v.id === vacancy.id)?.isOpen,
      }
    }
    // In the west, today is the deadline day: open.
    expect(await seen(zones.west)).toEqual({
      listed: true,
      detail: 200,
      apply: 201,
      applyMessage: expect.any(String),
      hrOpen: true,
    })
    // In the east, the same deadline day is already past.
    expect(await seen(zones.east)).toEqual({
      listed: false,
      detail: 404,
      apply: 422,
      applyMessage: expect.stringMatching(/Batas waktu pendaftaran sudah lewat/),
      hrOpen: false,
    })
  })

  it("reads HR's and staff's date filters as the school's calendar days", async () => {
    // 12:30 UTC on 1 March 2099: 2 March, 02:30 in the east; 1 March, 00:30 in the west.
    const at = '2099-03-01T12:30:00Z'
    const filtered = async (t: TestContext) => {
      const { hrd, company, vacancy } = await anHrdWithVacancy(t)
      const { schedule } = await aSchedule(t, {
        companyId: company.id,
        vacancyId: vacancy.id,
        scheduledAt: at,
      })
      const days = async (day: string) => {
        const r = await call(t, 'GET', '/api/hrd/test-schedules', {
          as: hrd,
          query: { date_from: day, date_to: day },
        })
        expect(r.status).toBe(200)
        return r.body.data.map((s: { id: number }) => s.id)
      }
      return { march1: await days('2099-03-01'), march2: await days('2099-03-02'), id: schedule.id }
    }
    const e = await filtered(zones.east)
    expect(e).toEqual({ march1: [], march2: [e.id], id: e.id })
    const w = await filtered(zones.west)
    expect(w).toEqual({ march1: [w.id], march2: [], id: w.id })
  })

  it("counts a past test in the report of the school's day it took place on, and writes its time on the school's clock", async () => {
    // 12:30 UTC on 10 January 2026: 11 January, 02:30 in the east; 10 January, 00:30 in the west.
    const at = '2026-01-10T12:30:00Z'
    const reported = async (t: TestContext) => {
      const admin = await anAdmin(t)
      const { company, vacancy } = await anHrdWithVacancy(t)
      const c = await aCandidate(t, vacancy.id)
      const { participants } = await aSchedule(t, {
        companyId: company.id,
        vacancyId: vacancy.id,
        applicationIds: [c.application.id],
        scheduledAt: at,
      })
      await setAttendance(t, participants[0].id, { attendanceStatus: 'hadir', validationStatus: 'verified' })
      const day = async (d: string) =>
        (
          await call(t, 'GET', '/api/admin/reports/attendance', {
            as: admin,
            query: { date_from: d, date_to: d },
          })
        ).body.data.rows.length
      const csv = await call(t, 'GET', '/api/admin/reports/attendance', {
        as: admin,
        query: { format: 'csv', date_from: '2026-01-01', date_to: '2026-01-31' },
      })
      expect(csv.status).toBe(200)
      const [header, row] = csv.raw.replace(/^\uFEFF/, '').split(/\r?\n/)
      const column = header.split(/[;,]/).findIndex((h) => h.startsWith('Waktu Tes'))
      return {
        jan10: await day('2026-01-10'),
        jan11: await day('2026-01-11'),
        header: header.split(/[;,]/)[column],
        time: row.split(/[;,]/)[column],
      }
    }
    expect(await reported(zones.east)).toEqual({
      jan10: 0,
      jan11: 1,
      header: 'Waktu Tes (GMT+14)',
      time: '2026-01-11 02:30',
    })
    expect(await reported(zones.west)).toEqual({
      jan10: 1,
      jan11: 0,
      header: 'Waktu Tes (GMT-12)',
      time: '2026-01-10 00:30',
    })
  })
})

describe('one time zone for the rules and the texts', () => {
  /** A service in Makassar (WITA). */
  const makassar = () => ({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: zones.east.dataDir,
      SCHOOL_TIME_ZONE: 'Asia/Makassar',
    }),
    storage: localStorage(join(zones.east.dataDir, 'files')),
  })

  it('refuses to build the app on a database whose connections carry another zone', async () => {
    const { config, storage } = makassar()
    const database = await freshDatabase(inject('dbServer'))
    try {
      await expect(buildApp({ config, database, storage })).rejects.toThrow(
        /carry the time zone Asia\/Jakarta, the configuration Asia\/Makassar/,
      )
    } finally {
      await database.close()
    }
  })

  it('refuses to start when the sessions do not carry the zone (a pooler dropping startup options), and starts once the database carries it', async () => {
    const { config, storage } = makassar()
    const copy = await copyOfTemplate(inject('dbServer'))
    /** The database as the service sees it behind a pooler that drops `options`: sessions without the setting. */
    const behindPooler = (): Database => {
      const pool = new pg.Pool({ connectionString: copy.url, max: 1 })
      return {
        db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database['db'],
        kind: 'postgres',
        pool,
        url: copy.url,
        schoolTimeZone: 'Asia/Makassar',
        ping: async () => {},
        migrate: async () => {},
        close: () => pool.end(),
      }
    }
    try {
      const dropped = behindPooler()
      await expect(buildApp({ config, database: dropped, storage })).rejects.toThrow(
        /sessions read the time zone null, not "Asia\/Makassar".*ALTER DATABASE <name> SET bursa.school_time_zone = 'Asia\/Makassar'/,
      )
      // What the message says to do.
      await dropped.db.execute(
        sql.raw(`alter database ${copy.name} set bursa.school_time_zone = 'Asia/Makassar'`),
      )
      await dropped.close()
      const carried = behindPooler()
      const app = await buildApp({ config, database: carried, storage })
      const today = await app.db.execute(sql`select ${schoolToday}::text as day`)
      expect((today as unknown as { rows: unknown[] }).rows).toEqual([{ day: todayIn('Asia/Makassar') }])
      await app.close()
      await carried.close()

      // A zone PostgreSQL does not know is named.
      const unknown = postgresDatabase(copy.url, { poolSize: 1, schoolTimeZone: 'Mars/Olympus' })
      await expect(
        buildApp({ config: { ...config, schoolTimeZone: 'Mars/Olympus' }, database: unknown, storage }),
      ).rejects.toThrow(/PostgreSQL does not know the time zone "Mars\/Olympus"/)
      await unknown.close()
    } finally {
      await copy.drop()
    }
  })

  it("adds the zone to a connection string's own options, keeping them", async () => {
    const copy = await copyOfTemplate(inject('dbServer'))
    const url = new URL(copy.url)
    url.searchParams.set('options', '-c statement_timeout=4321')
    const database = postgresDatabase(url.toString(), { poolSize: 1, schoolTimeZone: 'Asia/Jayapura' })
    try {
      const r = await database.db.execute(
        sql`select current_setting('statement_timeout') as timeout, current_setting('bursa.school_time_zone') as zone`,
      )
      expect((r as unknown as { rows: unknown[] }).rows).toEqual([
        { timeout: '4321ms', zone: 'Asia/Jayapura' },
      ])
    } finally {
      await database.close()
      await copy.drop()
    }
  })

  it('takes the canonical name of the zone it is given', () => {
    expect(loadConfig({ SCHOOL_TIME_ZONE: 'asia/makassar' }).schoolTimeZone).toBe('Asia/Makassar')
    expect(() => loadConfig({ SCHOOL_TIME_ZONE: '+08:00' })).toThrow(
      /SCHOOL_TIME_ZONE: must be an IANA time zone/,
    )
  })
})
