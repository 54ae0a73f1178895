import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/client.js'
import { tracerStudies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'

/**
 * What a tracer answer stores of its names and places (one line, squeezed like every other stored name, so the
 * report counts "Jawa Barat" once however its blanks were typed), and how its dates hold together: the start
 * date against the alumnus's birth date and graduation year, the waiting period ("Sejak lulus (30 Juni) sampai pekerjaan
 * atau usaha pertama") against the months from graduation (30 June of the graduation year) to the start date, which
 * it may not exceed (a shorter one is an earlier first job: waiting-period-first-job.test.ts).
 */
const t = useTestApp()
const URL = '/api/alumni/tracer-study'
let admin: Account

const stored = (studentId: number) =>
  t.db
    .select()
    .from(tracerStudies)
    .where(eq(tracerStudies.studentId, studentId))
    .orderBy(asc(tracerStudies.version))

const working = (o: Record<string, unknown> = {}) => ({
  career_status: 'bekerja',
  institution_name: 'PT Astra Honda Motor',
  job_title: 'Operator Produksi',
  sector: 'Otomotif',
  city: 'Kabupaten Bekasi',
  province: 'Jawa Barat',
  starting_salary: 5_000_000,
  waiting_period_months: 3,
  job_fit: 'sesuai',
  start_date: '2024-10-01',
  ...o,
})

const save = (as: Account, body: Record<string, unknown>) => call(t, 'POST', URL, { as, body })

/** The report's provinces and cities of a major's working alumni. */
async function regionsOf(majorId: number) {
  const res = await call(t, 'GET', '/api/admin/reports/tracer-study', {
    as: admin,
    query: { major_id: majorId },
  })
  expect(res.status).toBe(200)
  const { working: n, provinces, cities } = res.body.data
  return { working: n, provinces, cities }
}

const oneRegion = {
  working: 3,
  provinces: [{ province: 'Jawa Barat', count: 3, percent: 100 }],
  cities: [{ province: 'Jawa Barat', city: 'Kabupaten Bekasi', count: 3, percent: 100 }],
}

/** The same province and city typed plainly, pasted with no-break spaces, and typed with two spaces. */
const TYPED = [
  ['Jawa Barat', 'Kabupaten Bekasi'],
  ['Jawa\u00a0Barat', 'Kabupaten\u00a0Bekasi'],
  ['Jawa  Barat', ' Kabupaten \t Bekasi '],
]

beforeAll(async () => {
  admin = await anAdmin(t)
})

describe('the names and places of an answer', () => {
  it('are stored squeezed, so the report counts "Jawa Barat" once however its blanks were typed (3 of 3)', async () => {
    const majorId = (await aMajor(t)).id
    for (const [province, city] of TYPED) {
      const alumnus = await anAlumnus(t, { majorId })
      const res = await save(
        alumnus,
        working({ province, city, institution_name: 'PT\u00a0Astra  Honda Motor' }),
      )
      expect(res.status).toBe(201)
      expect(res.body.data).toMatchObject({
        province: 'Jawa Barat',
        city: 'Kabupaten Bekasi',
        institutionName: 'PT Astra Honda Motor',
      })
      const [row] = await stored(alumnus.studentId)
      expect([row.province, row.city, row.institutionName]).toEqual([
        'Jawa Barat',
        'Kabupaten Bekasi',
        'PT Astra Honda Motor',
      ])
    }
    expect(await regionsOf(majorId)).toEqual(oneRegion)
  })

  it('422 naming each name or place with a line break in it, as other names are; nothing stored', async () => {
    const alumnus = await anAlumnus(t)
    const res = await save(alumnus, {
      career_status: 'lanjut_studi',
      institution_name: 'Politeknik Negeri Jakarta\nPENTING: hubungi 0812-0000-0000',
      city: 'De\npok',
      province: 'Jawa Barat',
      start_date: '2024-09-01',
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      city: ['harus berupa satu baris teks, tanpa baris baru atau karakter kendali'],
      institution_name: ['harus berupa satu baris teks, tanpa baris baru atau karakter kendali'],
    })
    const staff = await call(t, 'POST', `/api/admin/tracer-studies/${alumnus.studentId}`, {
      as: admin,
      body: working({ job_title: 'Operator\r\nProduksi', sector: 'Otomotif\u2028' }),
    })
    expect(staff.status).toBe(422)
    expect(Object.keys(staff.body.errors).sort()).toEqual(['job_title', 'sector'])
    expect(await stored(alumnus.studentId)).toEqual([])
  })

  it('blank still counts as not given: a required one is named missing, an optional one is stored as null', async () => {
    const alumnus = await anAlumnus(t)
    const missing = await save(alumnus, working({ city: '', province: ' \u00a0 ' }))
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({
      city: ['wajib diisi untuk status bekerja'],
      province: ['wajib diisi untuk status bekerja'],
    })
    const res = await save(
      alumnus,
      working({
        career_status: 'wirausaha',
        job_title: '  ',
        waiting_period_months: 0,
        start_date: '2024-07-01',
      }),
    )
    expect(res.status).toBe(201)
    expect(res.body.data.jobTitle).toBeNull()
  })
})

describe('upgrading to migration 0024', () => {
  it('squeezes the names and places of every stored version; the report then counts one province', async () => {
    const majorId = (await aMajor(t)).id
    const ids: number[] = []
    for (const [province, city] of TYPED) {
      const alumnus = await anAlumnus(t, { majorId })
      ids.push(alumnus.studentId)
      // Saved before this release, which only trimmed (and let line breaks through).
      await t.db.insert(tracerStudies).values([
        {
          studentId: alumnus.studentId,
          version: 1,
          isCurrent: false,
          careerStatus: 'lanjut_studi',
          institutionName: 'Politeknik\nNegeri  Jakarta',
          city: 'Depok',
          province: 'Jawa\u3000Barat',
          startDate: '2024-09-01',
        },
        {
          studentId: alumnus.studentId,
          version: 2,
          isCurrent: true,
          careerStatus: 'bekerja',
          institutionName: 'PT Astra\u00a0Honda Motor',
          jobTitle: 'Operator\u2028Produksi',
          sector: 'Otomotif',
          city,
          province,
          startingSalary: 5_000_000,
          waitingPeriodMonths: 3,
          jobFit: 'sesuai',
          startDate: '2024-10-01',
        },
      ])
    }
    expect((await regionsOf(majorId)).provinces).toHaveLength(3)

    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
    const m0024 = journal.entries.find((e: { tag: string }) => e.tag === '0024_squeeze_tracer_answers')
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${m0024.when}`)
    await t.database.migrate()

    for (const id of ids) {
      const rows = await stored(id)
      expect(rows.map((r) => [r.institutionName, r.jobTitle, r.sector, r.city, r.province])).toEqual([
        ['Politeknik Negeri Jakarta', null, null, 'Depok', 'Jawa Barat'],
        ['PT Astra Honda Motor', 'Operator Produksi', 'Otomotif', 'Kabupaten Bekasi', 'Jawa Barat'],
      ])
    }
    expect(await regionsOf(majorId)).toEqual(oneRegion)
  })
})

describe('the start date and the waiting period of an answer', () => {
  // The builder's alumni graduated in 2024 (30 June) and were born on 1 January 2007.

  it('422 on waiting_period_months for "30" typed with a start on 1 October 2024 (about 3 months); nothing stored', async () => {
    const majorId = (await aMajor(t)).id
    const ani = await anAlumnus(t, { majorId })
    const res = await save(ani, working({ waiting_period_months: 30 }))
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      waiting_period_months: [
        'terlalu lama untuk tanggal mulai: sejak lulus (2024-06-30) sampai mulai 2024-10-01 sekitar 3 bulan, jadi masa tunggu paling lama 5 bulan',
      ],
    })
    expect(await stored(ani.studentId)).toEqual([])
    const report = await call(t, 'GET', '/api/admin/reports/tracer-study', {
      as: admin,
      query: { major_id: majorId },
    })
    expect(report.body.data.waitingPeriod).toMatchObject({ respondents: 0 })
  })

  it('takes a waiting period up to 2 months past the dates (0 to 5 for a start on 1 October 2024)', async () => {
    const ani = await anAlumnus(t)
    for (const months of [0, 1, 5]) {
      const res = await save(ani, working({ waiting_period_months: months }))
      expect(res.status, JSON.stringify(res.body.errors)).toBeLessThan(300)
    }
    for (const months of [6, 30]) {
      const res = await save(ani, working({ waiting_period_months: months }))
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual(['waiting_period_months'])
    }
    expect((await stored(ani.studentId)).map((r) => r.waitingPeriodMonths)).toEqual([0, 1, 5])
  })

  it('a start before graduation waits about 0 months, and says so', async () => {
    const ani = await anAlumnus(t)
    const res = await save(ani, working({ start_date: '2024-03-01', waiting_period_months: 3 }))
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      waiting_period_months: [
        'terlalu lama untuk tanggal mulai: mulai 2024-03-01 sebelum lulus (2024-06-30), jadi masa tunggu paling lama 2 bulan',
      ],
    })
    const ok = await save(ani, working({ start_date: '2024-03-01', waiting_period_months: 0 }))
    expect(ok.status).toBe(201)
  })

  it('counts from the graduation year of the alumnus: a 2022 graduate starting 1 October 2024 waited up to 27 months', async () => {
    const eka = await anAlumnus(t, { values: { graduationYear: 2022, birthDate: '2004-05-05' } })
    expect((await save(eka, working({ waiting_period_months: 30 }))).body.errors).toEqual({
      waiting_period_months: [
        expect.stringContaining('sejak lulus (2022-06-30) sampai mulai 2024-10-01 sekitar 27 bulan'),
      ],
    })
    expect((await save(eka, working({ waiting_period_months: 29 }))).status).toBe(201)
  })

  it('422 on start_date for a start in 1950; 1 January four years before the graduation year is the earliest', async () => {
    const budi = await anAlumnus(t)
    const res = await save(budi, working({ start_date: '1950-01-01' }))
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      start_date: [
        'tidak boleh sebelum 2020-01-01 (paling awal 4 tahun sebelum tahun lulus 2024); periksa tahunnya',
      ],
    })
    const study = { career_status: 'lanjut_studi', institution_name: 'Universitas Gunadarma', city: 'Depok' }
    const lastDay = await save(budi, { ...working(), ...study, start_date: '2019-12-31' })
    expect(Object.keys(lastDay.body.errors)).toEqual(['start_date'])
    expect(await stored(budi.studentId)).toEqual([])
    const earliest = await save(budi, working({ start_date: '2020-01-01', waiting_period_months: 0 }))
    expect(earliest.status).toBe(201)
  })

  it('422 on start_date for a start before the birth date the school recorded', async () => {
    // A record whose birth date came late in the roster: born in 2021 by it, whatever the graduation year says.
    const citra = await anAlumnus(t, { values: { birthDate: '2021-05-01' } })
    const res = await save(citra, working({ start_date: '2021-02-01', waiting_period_months: 0 }))
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ start_date: ['tidak boleh sebelum tanggal lahir alumni (2021-05-01)'] })
    const noBirthDate = await anAlumnus(t, { values: { birthDate: null } })
    const taken = await save(noBirthDate, working({ start_date: '2021-02-01', waiting_period_months: 0 }))
    expect(taken.status).toBe(201)
  })

  it('staff entering an answer by phone get the same checks', async () => {
    const dedi = await anAlumnus(t)
    const res = await call(t, 'POST', `/api/admin/tracer-studies/${dedi.studentId}`, {
      as: admin,
      body: working({ waiting_period_months: 30 }),
    })
    expect(res.status).toBe(422)
    expect(res.body.errors.waiting_period_months[0]).toContain('paling lama 5 bulan')
    const old = await call(t, 'POST', `/api/admin/tracer-studies/${dedi.studentId}`, {
      as: admin,
      body: working({ start_date: '1950-01-01' }),
    })
    expect(Object.keys(old.body.errors)).toEqual(['start_date'])
    expect(await stored(dedi.studentId)).toEqual([])
  })
})
