import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anHrd } from '../support/builders/accounts.js'
import { expectRoles } from '../support/roles.js'

/** The reports on an empty database (no division by zero), bad filters, and who may read them. */
const t = useTestApp()
let admin: Account
beforeAll(async () => {
  admin = await anAdmin(t)
})

const REPORTS = ['recruitment', 'attendance', 'absorption', 'tracer-study'] as const
const get = (path: string, query: Record<string, string | number> = {}) =>
  call(t, 'GET', `/api/admin/reports/${path}`, { as: admin, query })

describe('reports on an empty database', () => {
  it('answer zeros, empty lists and null rates', async () => {
    const recruitment = await get('recruitment')
    expect(recruitment.status).toBe(200)
    expect(recruitment.body.data.rows).toEqual([])
    expect(recruitment.body.data.totals).toEqual({
      vacancies: 0,
      applicants: 0,
      passedReview: 0,
      accepted: 0,
      passRatio: null,
    })

    const attendance = await get('attendance')
    expect(attendance.body.data.rows).toEqual([])
    expect(attendance.body.data.totals).toEqual({
      participants: 0,
      hadir: 0,
      izin: 0,
      alpa: 0,
      awaitingValidation: 0,
      notRecorded: 0,
      attendanceRate: null,
    })

    const absorption = await get('absorption')
    expect(absorption.body.data.rows).toEqual([])
    expect(absorption.body.data.totals).toEqual({
      cohort: 0,
      placed: 0,
      placedOutside: 0,
      working: 0,
      absorbed: 0,
      placedPercent: null,
      workingPercent: null,
      absorbedPercent: null,
    })

    const tracer = await get('tracer-study', { school_year: '2025/2026' })
    const { filters, ...data } = tracer.body.data
    expect(filters).toEqual({
      schoolYear: '2025/2026',
      majorId: null,
      dateFrom: null,
      dateTo: null,
      period: { from: '2025-07-01', to: '2026-06-30' },
    })
    expect(data).toEqual({
      alumni: 0,
      respondents: 0,
      responseRate: null,
      statuses: [
        { status: 'bekerja', label: 'Bekerja', count: 0, percent: null },
        { status: 'wirausaha', label: 'Wirausaha', count: 0, percent: null },
        { status: 'lanjut_studi', label: 'Melanjutkan studi', count: 0, percent: null },
        { status: 'mencari_kerja', label: 'Mencari kerja', count: 0, percent: null },
      ],
      working: 0,
      waitingPeriod: { respondents: 0, mean: null, median: null },
      startingSalary: { respondents: 0, q1: null, median: null, q3: null },
      provinces: [],
      cities: [],
      jobFit: {
        respondents: 0,
        shares: [
          { jobFit: 'sangat_sesuai', label: 'Sangat sesuai', count: 0, percent: null },
          { jobFit: 'sesuai', label: 'Sesuai', count: 0, percent: null },
          { jobFit: 'kurang_sesuai', label: 'Kurang sesuai', count: 0, percent: null },
          { jobFit: 'tidak_sesuai', label: 'Tidak sesuai', count: 0, percent: null },
        ],
      },
    })
  })

  it('options: no school years, no date range, the current school year', async () => {
    const res = await get('options')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ schoolYears: [], majors: [], dateRange: null })
    expect(res.body.data.currentSchoolYear).toMatch(/^\d{4}\/\d{4}$/)
  })

  it('exports an empty table as CSV and XLSX: headers and the totals row', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/recruitment?format=csv',
      headers: { authorization: admin.authorization },
    })
    expect(csv.headers['content-disposition']).toBe('attachment; filename="laporan-rekrutmen.csv"')
    expect(parse(csv.rawPayload, { bom: true })).toEqual([
      [
        'Perusahaan',
        'Jumlah Lowongan',
        'Jumlah Pelamar',
        'Lolos Seleksi Berkas',
        'Diterima',
        'Rasio Diterima (%)',
      ],
      ['TOTAL', '0', '0', '0', '0', ''],
    ])
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/tracer-study?format=xlsx',
      headers: { authorization: admin.authorization },
    })
    expect(xlsx.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    expect(sheet.name).toBe('Tracer Study')
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Bagian',
      'Uraian',
      'Jumlah',
      'Persentase (%)',
      'Nilai',
    ])
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Ringkasan', 'Alumni dalam cakupan', 0])
  })
})

describe('report filters', () => {
  it.each(REPORTS)('%s: 422 on a school year not written YYYY/YYYY+1', async (report) => {
    for (const bad of ['2025-2026', '2025/2027', '2025', '0000/0001']) {
      const res = await get(report, { school_year: bad })
      expect(res.status, `${report} ${bad}`).toBe(422)
      expect(res.body).toMatchObject({ success: false, data: null })
      expect(Object.keys(res.body.errors)).toEqual(['school_year'])
    }
  })

  it('422 with an Indonesian message naming the expected school year', async () => {
    const res = await get('recruitment', { school_year: '2025/2027' })
    expect(res.body.errors.school_year).toEqual(['tahun kedua harus tahun setelah tahun pertama (2025/2026)'])
  })

  it('422 on date_to before date_from, on an invalid date, on an unknown major and on an unknown format', async () => {
    const reversed = await get('attendance', { date_from: '2025-09-01', date_to: '2025-08-31' })
    expect(reversed.status).toBe(422)
    expect(reversed.body.errors).toEqual({ date_to: ['tidak boleh sebelum tanggal awal'] })
    const invalid = await get('absorption', { date_from: '2025-02-30' })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.body.errors)).toEqual(['date_from'])
    const major = await get('tracer-study', { major_id: 999999 })
    expect(major.status).toBe(422)
    expect(major.body.errors).toEqual({ major_id: ['kompetensi keahlian tidak ditemukan'] })
    const format = await get('recruitment', { format: 'pdf' })
    expect(format.status).toBe(422)
    expect(Object.keys(format.body.errors)).toEqual(['format'])
  })

  it('a single day is a valid range', async () => {
    const res = await get('recruitment', { date_from: '2025-09-01', date_to: '2025-09-01' })
    expect(res.status).toBe(200)
    expect(res.body.data.filters.period).toEqual({ from: '2025-09-01', to: '2025-09-01' })
  })
})

describe('who may read the reports', () => {
  it.each([
    '/api/admin/reports/options',
    ...REPORTS.map((r) => `/api/admin/reports/${r}`),
    '/api/admin/dashboard',
  ])('%s admits admin and superadmin only', async (url) => {
    await expectRoles(t, 'GET', url, ['admin'])
  })

  it('a download is refused like the JSON (401 without a token, 403 for HR)', async () => {
    const anonymous = await call(t, 'GET', '/api/admin/reports/recruitment', { query: { format: 'csv' } })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers['content-type']).toMatch(/application\/json/)
    const hrd = await anHrd(t)
    const res = await call(t, 'GET', '/api/admin/reports/recruitment', { as: hrd, query: { format: 'xlsx' } })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ success: false, data: null })
  })
})
