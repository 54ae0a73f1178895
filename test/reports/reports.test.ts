import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type ApplicationStatus,
  applications,
  type CareerStatus,
  type JobFit,
  placements,
  type ReviewDecision,
  tracerStudies,
} from '../../src/db/schema/index.js'
import { call, type TestContext, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { aCompany, aDepartment, aMajor } from '../support/builders/org.js'
import { aParticipant, aSchedule } from '../support/builders/schedules.js'
import { aVacancy, type VacancyValues } from '../support/builders/vacancies.js'

/**
 * One small district, built row by row, whose every report figure is worked out by hand below.
 * School-calendar days are WIB (UTC+07:00): 2025-06-30T16:59:59Z is still 30 June 2025 (school year
 * 2024/2025), 2025-06-30T17:00:00Z is already 1 July 2025 (2025/2026).
 */
const t = useTestApp()
let admin: Account
const ids = {} as Record<string, number>

const at = (iso: string) => new Date(iso)

async function application(
  key: string,
  vacancy: string,
  student: string,
  createdAt: string,
  status: ApplicationStatus,
  reviewDecision: ReviewDecision | null,
) {
  const [row] = await t.db
    .insert(applications)
    .values({
      jobVacancyId: ids[vacancy],
      studentId: ids[student],
      applicantRole: 'siswa',
      status,
      reviewDecision,
      createdAt: at(createdAt),
    })
    .returning()
  ids[key] = row.id
}

async function tracer(
  student: string,
  careerStatus: CareerStatus,
  values: Partial<typeof tracerStudies.$inferInsert> & { submittedAt: Date },
  version = 1,
  isCurrent = true,
) {
  await t.db.insert(tracerStudies).values({
    studentId: ids[student],
    version,
    isCurrent,
    careerStatus,
    ...values,
  })
}

const working = (
  jobFit: JobFit,
  city: string,
  province: string,
  startingSalary: number,
  waitingPeriodMonths: number,
  startDate: string,
) => ({ institutionName: 'PT Kerja', jobFit, city, province, startingSalary, waitingPeriodMonths, startDate })

async function build(t: TestContext) {
  admin = await anAdmin(t)
  const dept = await aDepartment(t, { code: 'TI', name: 'Teknologi Informasi' })
  ids.m1 = (await aMajor(t, { departmentId: dept.id, code: 'RPL', name: 'Rekayasa Perangkat Lunak' })).id
  ids.m2 = (await aMajor(t, { departmentId: dept.id, code: 'TKJ', name: 'Teknik Komputer dan Jaringan' })).id
  ids.alfa = (await aCompany(t, { name: 'PT Alfa' })).id
  ids.beta = (await aCompany(t, { name: 'PT Beta' })).id

  const learners: [string, 'm1' | 'm2', number | null][] = [
    ['s1', 'm1', null],
    ['s2', 'm1', null],
    ['s3', 'm1', 2025],
    ['s4', 'm1', 2025],
    ['s5', 'm2', 2025],
    ['s6', 'm2', 2026],
    ['s7', 'm2', 2026],
    ['s8', 'm2', 2024],
  ]
  for (const [key, major, graduationYear] of learners) {
    const l = await aStudent(t, {
      role: graduationYear ? 'alumni' : 'siswa',
      majorId: ids[major],
      values: { graduationYear },
      account: false,
    })
    ids[key] = l.studentId
  }

  const vacancy = async (key: string, company: string, majors: string[], values: VacancyValues) => {
    const v = await aVacancy(t, {
      companyId: ids[company],
      majorIds: majors.map((m) => ids[m]),
      values: { title: `Lowongan ${key}`, ...values },
    })
    ids[key] = v.id
  }
  await vacancy('vA1', 'alfa', ['m1'], { createdAt: at('2025-06-15T03:00:00Z'), deadline: '2025-08-31' })
  await vacancy('vA2', 'alfa', ['m2'], { createdAt: at('2025-09-01T03:00:00Z'), deadline: '2025-12-31' })
  await vacancy('vB1', 'beta', ['m1', 'm2'], {
    createdAt: at('2024-09-01T03:00:00Z'),
    deadline: '2024-10-31',
  })
  await vacancy('vB2', 'beta', ['m1'], {
    createdAt: at('2025-08-01T03:00:00Z'),
    deadline: '2025-09-30',
    deletedAt: at('2025-08-02T03:00:00Z'),
  })

  await application('a1', 'vA1', 's1', '2025-06-30T16:59:59Z', 'accepted', 'lolos')
  await application('a2', 'vA1', 's2', '2025-06-30T17:00:00Z', 'in_progress', 'lolos')
  await application('a3', 'vA1', 's3', '2025-07-10T03:00:00Z', 'rejected', 'tidak_lolos')
  await application('a4', 'vA1', 's4', '2025-07-11T03:00:00Z', 'rejected', 'lolos')
  await application('a5', 'vA2', 's5', '2025-09-05T03:00:00Z', 'accepted', 'lolos')
  await application('a6', 'vA2', 's6', '2025-09-05T17:30:00Z', 'pending', null)
  await application('a7', 'vA2', 's7', '2025-09-07T03:00:00Z', 'withdrawn', 'lolos')
  await application('a8', 'vB1', 's2', '2024-09-10T03:00:00Z', 'accepted', 'lolos')
  await application('a9', 'vB1', 's5', '2024-09-11T03:00:00Z', 'rejected', 'tidak_lolos')

  const schedule = async (
    key: string,
    company: string,
    vacancyKey: string,
    scheduledAt: string,
    cancelled = false,
  ) => {
    const { schedule: s } = await aSchedule(t, {
      companyId: ids[company],
      vacancyId: ids[vacancyKey],
      values: {
        name: `Tes ${key}`,
        kind: 'psikotes',
        scheduledAt: at(scheduledAt),
        ...(cancelled ? { status: 'cancelled' as const, cancelledAt: at(scheduledAt) } : {}),
      },
    })
    ids[key] = s.id
  }
  const participant = (
    schedule: string,
    app: string,
    attendanceStatus: 'hadir' | 'izin' | 'alpa' | null,
    validationStatus: 'pending' | 'verified' | 'rejected',
  ) => aParticipant(t, ids[schedule], ids[app], { attendanceStatus, validationStatus })
  await schedule('ts1', 'alfa', 'vA1', '2025-06-30T16:00:00Z')
  await participant('ts1', 'a1', 'hadir', 'verified')
  await participant('ts1', 'a4', 'alpa', 'verified')
  await schedule('ts2', 'alfa', 'vA1', '2025-07-20T02:00:00Z')
  await participant('ts2', 'a2', 'hadir', 'verified')
  await participant('ts2', 'a4', 'hadir', 'pending')
  await participant('ts2', 'a3', null, 'pending')
  await participant('ts2', 'a1', 'izin', 'rejected')
  await schedule('ts3', 'alfa', 'vA2', '2025-09-10T02:00:00Z')
  await participant('ts3', 'a5', 'hadir', 'verified')
  await participant('ts3', 'a7', 'izin', 'verified')
  await schedule('ts4', 'alfa', 'vA2', '2025-09-11T02:00:00Z', true)
  await participant('ts4', 'a6', 'hadir', 'verified')
  await schedule('ts5', 'alfa', 'vA2', '2099-01-01T02:00:00Z')
  await participant('ts5', 'a5', null, 'pending')
  await schedule('ts6', 'beta', 'vB1', '2024-09-20T02:00:00Z')
  await participant('ts6', 'a8', 'hadir', 'verified')
  await participant('ts6', 'a9', 'alpa', 'verified')

  const placement = async (
    app: string,
    student: string,
    company: string,
    vacancyKey: string,
    acceptedAt: string,
  ) =>
    t.db.insert(placements).values({
      applicationId: ids[app],
      studentId: ids[student],
      companyId: ids[company],
      jobVacancyId: ids[vacancyKey],
      position: 'Operator',
      acceptedAt,
    })
  await placement('a1', 's1', 'alfa', 'vA1', '2025-07-05')
  await placement('a8', 's2', 'beta', 'vB1', '2024-10-15')
  await placement('a5', 's5', 'alfa', 'vA2', '2025-09-20')

  await tracer('s3', 'bekerja', {
    ...working('sesuai', 'Bekasi', 'Jawa Barat', 4_000_000, 2, '2025-08-01'),
    submittedAt: at('2025-08-10T03:00:00Z'),
  })
  await tracer(
    's4',
    'bekerja',
    {
      ...working('sesuai', 'Bekasi', 'Jawa Barat', 9_000_000, 1, '2025-07-01'),
      submittedAt: at('2025-07-15T03:00:00Z'),
    },
    1,
    false,
  )
  await tracer('s4', 'mencari_kerja', { submittedAt: at('2025-08-31T17:30:00Z') }, 2)
  await tracer('s5', 'bekerja', {
    ...working('sangat_sesuai', 'Bandung', 'Jawa Barat', 5_000_000, 5, '2025-10-01'),
    submittedAt: at('2025-10-15T03:00:00Z'),
  })
  await tracer('s7', 'wirausaha', {
    ...working('kurang_sesuai', 'Jakarta Selatan', 'DKI Jakarta', 3_000_000, 0, '2026-07-15'),
    submittedAt: at('2026-07-20T03:00:00Z'),
  })
  await tracer('s8', 'lanjut_studi', {
    institutionName: 'Politeknik Negeri',
    city: 'Depok',
    province: 'Jawa Barat',
    jobFit: 'sesuai',
    startDate: '2024-09-01',
    submittedAt: at('2024-12-01T03:00:00Z'),
  })
}

beforeAll(async () => {
  await build(t)
})

const get = (path: string, query: Record<string, string | number> = {}) =>
  call(t, 'GET', `/api/admin/reports/${path}`, { as: admin, query })

describe('GET /api/admin/reports/recruitment', () => {
  it('counts per company vacancies, applicants, passed review, accepted and the pass ratio, with totals', async () => {
    const res = await get('recruitment')
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.data.filters).toEqual({
      schoolYear: null,
      majorId: null,
      dateFrom: null,
      dateTo: null,
      period: { from: null, to: null },
    })
    expect(res.body.data.rows).toEqual([
      {
        companyId: ids.alfa,
        companyName: 'PT Alfa',
        vacancies: 2,
        applicants: 7,
        passedReview: 5,
        accepted: 2,
        passRatio: 28.57,
      },
      {
        companyId: ids.beta,
        companyName: 'PT Beta',
        vacancies: 1,
        applicants: 2,
        passedReview: 1,
        accepted: 1,
        passRatio: 50,
      },
    ])
    expect(res.body.data.totals).toEqual({
      vacancies: 3,
      applicants: 9,
      passedReview: 6,
      accepted: 3,
      passRatio: 33.33,
    })
  })

  it('school year 2025/2026 starts on 1 July (WIB): applications of 30 June belong to 2024/2025', async () => {
    const next = await get('recruitment', { school_year: '2025/2026' })
    expect(next.status).toBe(200)
    expect(next.body.data.filters.period).toEqual({ from: '2025-07-01', to: '2026-06-30' })
    expect(next.body.data.rows).toEqual([
      {
        companyId: ids.alfa,
        companyName: 'PT Alfa',
        vacancies: 2,
        applicants: 6,
        passedReview: 4,
        accepted: 1,
        passRatio: 16.67,
      },
    ])
    expect(next.body.data.totals).toEqual({
      vacancies: 2,
      applicants: 6,
      passedReview: 4,
      accepted: 1,
      passRatio: 16.67,
    })

    const previous = await get('recruitment', { school_year: '2024/2025' })
    expect(previous.body.data.rows).toEqual([
      {
        companyId: ids.beta,
        companyName: 'PT Beta',
        vacancies: 1,
        applicants: 2,
        passedReview: 1,
        accepted: 1,
        passRatio: 50,
      },
      {
        companyId: ids.alfa,
        companyName: 'PT Alfa',
        vacancies: 1,
        applicants: 1,
        passedReview: 1,
        accepted: 1,
        passRatio: 100,
      },
    ])
    expect(previous.body.data.totals).toEqual({
      vacancies: 2,
      applicants: 3,
      passedReview: 2,
      accepted: 2,
      passRatio: 66.67,
    })
  })

  it('major_id counts the applicants of that major and the vacancies open to it', async () => {
    const res = await get('recruitment', { major_id: ids.m2 })
    expect(res.body.data.rows).toEqual([
      {
        companyId: ids.alfa,
        companyName: 'PT Alfa',
        vacancies: 1,
        applicants: 3,
        passedReview: 2,
        accepted: 1,
        passRatio: 33.33,
      },
      {
        companyId: ids.beta,
        companyName: 'PT Beta',
        vacancies: 1,
        applicants: 1,
        passedReview: 0,
        accepted: 0,
        passRatio: 0,
      },
    ])
  })

  it('date_from and date_to are inclusive school-calendar days', async () => {
    const res = await get('recruitment', { date_from: '2025-07-10', date_to: '2025-09-05' })
    // a6 was made on 5 September 17:30 UTC = 6 September 00:30 WIB: outside.
    expect(res.body.data.rows).toEqual([
      {
        companyId: ids.alfa,
        companyName: 'PT Alfa',
        vacancies: 2,
        applicants: 3,
        passedReview: 2,
        accepted: 1,
        passRatio: 33.33,
      },
    ])
    expect(res.body.data.filters.period).toEqual({ from: '2025-07-10', to: '2025-09-05' })
  })

  it('with a school year and a date range, the period is both at once', async () => {
    const res = await get('recruitment', {
      school_year: '2025/2026',
      date_from: '2025-01-01',
      date_to: '2025-07-10',
    })
    expect(res.body.data.filters.period).toEqual({ from: '2025-07-01', to: '2025-07-10' })
    expect(res.body.data.totals).toMatchObject({ applicants: 2, passedReview: 1, accepted: 0, passRatio: 0 })
  })

  it('downloads as CSV with Indonesian headers and the totals row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/recruitment?format=csv&school_year=2024/2025&major_id=${ids.m1}`,
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="laporan-rekrutmen_2024-2025_jurusan-RPL.csv"',
    )
    const records = parse(res.rawPayload, { bom: true }) as string[][]
    expect(records).toEqual([
      [
        'Perusahaan',
        'Jumlah Lowongan',
        'Jumlah Pelamar',
        'Lolos Seleksi Berkas',
        'Diterima',
        'Rasio Diterima (%)',
      ],
      ['PT Alfa', '1', '1', '1', '1', '100'],
      ['PT Beta', '1', '1', '1', '1', '100'],
      ['TOTAL', '2', '2', '2', '2', '100'],
    ])
  })

  it('downloads as an Excel workbook with the table and a sheet of notes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/recruitment?format=xlsx&date_from=2025-07-10&date_to=2025-09-05',
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="laporan-rekrutmen_dari-2025-07-10_sampai-2025-09-05.xlsx"',
    )
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    expect(book.worksheets.map((s) => s.name)).toEqual(['Rekrutmen', 'Keterangan'])
    const sheet = book.worksheets[0]
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1))
    expect(values).toEqual([
      [
        'Perusahaan',
        'Jumlah Lowongan',
        'Jumlah Pelamar',
        'Lolos Seleksi Berkas',
        'Diterima',
        'Rasio Diterima (%)',
      ],
      ['PT Alfa', 2, 3, 2, 1, 33.33],
      ['TOTAL', 2, 3, 2, 1, 33.33],
    ])
    const notes = book.getWorksheet('Keterangan')
    expect(notes?.getCell('A2').value).toBe('Laporan')
    expect(notes?.getCell('B2').value).toBe('Laporan Rekrutmen per Perusahaan')
    expect(notes?.getCell('B5').value).toBe('10 Juli 2025 s.d. 5 September 2025')
    // What a spreadsheet shows: a bold header that stays in view, filter buttons over the table,
    // whole numbers with thousands separators and percentages with two decimals.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.autoFilter).toBe('A1:F3')
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    expect(sheet.getRow(2).getCell(1).font?.bold).not.toBe(true)
    expect(sheet.getCell('B2').numFmt).toBe('#,##0')
    expect(sheet.getCell('F2').numFmt).toBe('0.00')
    expect(sheet.getColumn(4).width).toBe(22)
    expect(notes?.getCell('A1').font?.bold).toBe(true)
    // The hidden name beside the filter, without which LibreOffice shows no filter buttons.
    const workbookXml = await (await JSZip.loadAsync(res.rawPayload)).file('xl/workbook.xml')?.async('string')
    expect(workbookXml).toContain(
      `<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'Rekrutmen'!$A$1:$F$3</definedName>`,
    )
  })
})

describe('GET /api/admin/reports/attendance', () => {
  const ts = (key: string, company: string, vacancy: string, scheduledAt: string) => ({
    scheduleId: ids[key],
    scheduleName: `Tes ${key}`,
    kind: 'psikotes',
    scheduledAt,
    company: { id: ids[company], name: company === 'alfa' ? 'PT Alfa' : 'PT Beta' },
    vacancy: { id: ids[vacancy], title: `Lowongan ${vacancy}` },
  })

  it('counts per test that took place the verified hadir, izin and alpa; cancelled and future tests are left out', async () => {
    const res = await get('attendance')
    expect(res.status).toBe(200)
    expect(res.body.data.rows).toEqual([
      {
        ...ts('ts6', 'beta', 'vB1', '2024-09-20T02:00:00.000Z'),
        participants: 2,
        hadir: 1,
        izin: 0,
        alpa: 1,
        awaitingValidation: 0,
        notRecorded: 0,
        attendanceRate: 50,
      },
      {
        ...ts('ts1', 'alfa', 'vA1', '2025-06-30T16:00:00.000Z'),
        participants: 2,
        hadir: 1,
        izin: 0,
        alpa: 1,
        awaitingValidation: 0,
        notRecorded: 0,
        attendanceRate: 50,
      },
      {
        ...ts('ts2', 'alfa', 'vA1', '2025-07-20T02:00:00.000Z'),
        participants: 4,
        hadir: 1,
        izin: 0,
        alpa: 0,
        awaitingValidation: 1,
        notRecorded: 2,
        attendanceRate: 25,
      },
      {
        ...ts('ts3', 'alfa', 'vA2', '2025-09-10T02:00:00.000Z'),
        participants: 2,
        hadir: 1,
        izin: 1,
        alpa: 0,
        awaitingValidation: 0,
        notRecorded: 0,
        attendanceRate: 50,
      },
    ])
    expect(res.body.data.totals).toEqual({
      participants: 10,
      hadir: 4,
      izin: 1,
      alpa: 2,
      awaitingValidation: 1,
      notRecorded: 2,
      attendanceRate: 40,
    })
  })

  it('school year by the test time in WIB; major by the participant', async () => {
    const previous = await get('attendance', { school_year: '2024/2025' })
    expect(previous.body.data.rows.map((r: { scheduleId: number }) => r.scheduleId)).toEqual([
      ids.ts6,
      ids.ts1,
    ])
    const next = await get('attendance', { school_year: '2025/2026' })
    expect(next.body.data.rows.map((r: { scheduleId: number }) => r.scheduleId)).toEqual([ids.ts2, ids.ts3])
    expect(next.body.data.totals).toEqual({
      participants: 6,
      hadir: 2,
      izin: 1,
      alpa: 0,
      awaitingValidation: 1,
      notRecorded: 2,
      attendanceRate: 33.33,
    })
    const major = await get('attendance', { major_id: ids.m2 })
    expect(
      major.body.data.rows.map((r: { scheduleId: number; participants: number }) => [
        r.scheduleId,
        r.participants,
      ]),
    ).toEqual([
      [ids.ts6, 1],
      [ids.ts3, 2],
    ])
    expect(major.body.data.totals).toEqual({
      participants: 3,
      hadir: 1,
      izin: 1,
      alpa: 1,
      awaitingValidation: 0,
      notRecorded: 0,
      attendanceRate: 33.33,
    })
    const range = await get('attendance', { date_from: '2025-07-01', date_to: '2025-07-20' })
    expect(range.body.data.rows.map((r: { scheduleId: number }) => r.scheduleId)).toEqual([ids.ts2])
  })

  it('downloads as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/attendance?format=csv&school_year=2025/2026',
      headers: { authorization: admin.authorization },
    })
    expect(res.headers['content-disposition']).toBe('attachment; filename="laporan-kehadiran_2025-2026.csv"')
    const records = parse(res.rawPayload, { bom: true }) as string[][]
    expect(records[0]).toEqual([
      'Jadwal Tes',
      'Jenis Tes',
      'Waktu Tes (WIB)',
      'Perusahaan',
      'Lowongan',
      'Peserta',
      'Hadir',
      'Izin',
      'Alpa',
      'Menunggu Validasi',
      'Belum Tercatat',
      'Tingkat Kehadiran (%)',
    ])
    expect(records.slice(1)).toEqual([
      [
        'Tes ts2',
        'Psikotes',
        '2025-07-20 09:00',
        'PT Alfa',
        'Lowongan vA1',
        '4',
        '1',
        '0',
        '0',
        '1',
        '2',
        '25',
      ],
      [
        'Tes ts3',
        'Psikotes',
        '2025-09-10 09:00',
        'PT Alfa',
        'Lowongan vA2',
        '2',
        '1',
        '1',
        '0',
        '0',
        '0',
        '50',
      ],
      ['TOTAL', '', '', '', '', '6', '2', '1', '0', '1', '2', '33.33'],
    ])
  })
})

describe('GET /api/admin/reports/absorption', () => {
  const row = (
    major: 'm1' | 'm2',
    graduationYear: number | null,
    cohort: number,
    placed: number,
    working: number,
    absorbed: number,
    percents: [number, number, number],
  ) => ({
    major: {
      id: ids[major],
      code: major === 'm1' ? 'RPL' : 'TKJ',
      name: major === 'm1' ? 'Rekayasa Perangkat Lunak' : 'Teknik Komputer dan Jaringan',
      departmentName: 'Teknologi Informasi',
    },
    graduationYear,
    group: graduationYear === null ? 'siswa' : 'alumni',
    cohort,
    placed,
    placedOutside: 0,
    working,
    absorbed,
    placedPercent: percents[0],
    workingPercent: percents[1],
    absorbedPercent: percents[2],
  })

  it('counts per major and graduation year those placed or working, as shares of the cohort', async () => {
    const res = await get('absorption')
    expect(res.status).toBe(200)
    expect(res.body.data.rows).toEqual([
      row('m1', null, 2, 2, 0, 2, [100, 0, 100]),
      row('m1', 2025, 2, 0, 1, 1, [0, 50, 50]),
      row('m2', 2026, 2, 0, 1, 1, [0, 50, 50]),
      row('m2', 2025, 1, 1, 1, 1, [100, 100, 100]),
      row('m2', 2024, 1, 0, 0, 0, [0, 0, 0]),
    ])
    expect(res.body.data.totals).toEqual({
      cohort: 8,
      placed: 3,
      placedOutside: 0,
      working: 3,
      absorbed: 5,
      placedPercent: 37.5,
      workingPercent: 37.5,
      absorbedPercent: 62.5,
    })
  })

  it('school year Y/Y+1 is the cohort graduating in Y+1; grade 12 only in the current school year', async () => {
    const res = await get('absorption', { school_year: '2024/2025' })
    expect(res.body.data.rows).toEqual([
      row('m1', 2025, 2, 0, 1, 1, [0, 50, 50]),
      row('m2', 2025, 1, 1, 1, 1, [100, 100, 100]),
    ])
    expect(res.body.data.totals).toMatchObject({
      cohort: 3,
      placed: 1,
      working: 2,
      absorbed: 2,
      absorbedPercent: 66.67,
    })

    const options = await get('options')
    const current = await get('absorption', { school_year: options.body.data.currentSchoolYear })
    expect(current.body.data.rows).toEqual([row('m1', null, 2, 2, 0, 2, [100, 0, 100])])
  })

  it('major_id and the date range (placement accepted, tracer start date)', async () => {
    const major = await get('absorption', { major_id: ids.m2 })
    expect(major.body.data.totals).toMatchObject({
      cohort: 4,
      placed: 1,
      working: 2,
      absorbed: 2,
      absorbedPercent: 50,
    })
    const range = await get('absorption', { date_from: '2025-07-01', date_to: '2025-12-31' })
    expect(range.body.data.rows).toEqual([
      row('m1', null, 2, 1, 0, 1, [50, 0, 50]),
      // s4 started work on 1 July 2025 and was looking again in August: she was absorbed in the range (her
      // current answer alone was read: 1, 1, 50%), as a placement accepted in it counts whatever became of it.
      row('m1', 2025, 2, 0, 2, 2, [0, 100, 100]),
      row('m2', 2026, 2, 0, 0, 0, [0, 0, 0]),
      row('m2', 2025, 1, 1, 1, 1, [100, 100, 100]),
      row('m2', 2024, 1, 0, 0, 0, [0, 0, 0]),
    ])
    expect(range.body.data.totals).toMatchObject({
      cohort: 8,
      placed: 2,
      working: 3,
      absorbed: 4,
      absorbedPercent: 50,
    })
  })

  it('downloads as an Excel workbook', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/absorption?format=xlsx&major_id=${ids.m1}`,
      headers: { authorization: admin.authorization },
    })
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="laporan-penyerapan_jurusan-RPL.xlsx"',
    )
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const values = book.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1))
    expect(values).toEqual([
      [
        'Kode Kompetensi Keahlian',
        'Kompetensi Keahlian',
        'Bidang Keahlian',
        'Angkatan (Tahun Lulus)',
        'Jumlah Lulusan/Siswa',
        'Ditempatkan',
        'Di antaranya di luar bursa',
        'Bekerja/Wirausaha (Tracer)',
        'Terserap',
        'Ditempatkan (%)',
        'Bekerja/Wirausaha (%)',
        'Terserap (%)',
      ],
      ['RPL', 'Rekayasa Perangkat Lunak', 'Teknologi Informasi', 'Kelas XII', 2, 2, 0, 0, 2, 100, 0, 100],
      ['RPL', 'Rekayasa Perangkat Lunak', 'Teknologi Informasi', 2025, 2, 0, 0, 1, 1, 0, 50, 50],
      ['TOTAL', undefined, undefined, undefined, 4, 2, 0, 1, 3, 50, 25, 75],
    ])
  })
})

describe('GET /api/admin/reports/tracer-study', () => {
  it('answers the response rate, statuses, waiting period, salary quartiles, regions and job fit', async () => {
    const res = await get('tracer-study')
    expect(res.status).toBe(200)
    const { filters, ...data } = res.body.data
    expect(filters.schoolYear).toBeNull()
    expect(data).toEqual({
      alumni: 6,
      respondents: 5,
      responseRate: 83.33,
      statuses: [
        { status: 'bekerja', label: 'Bekerja', count: 2, percent: 40 },
        { status: 'wirausaha', label: 'Wirausaha', count: 1, percent: 20 },
        { status: 'lanjut_studi', label: 'Melanjutkan studi', count: 1, percent: 20 },
        { status: 'mencari_kerja', label: 'Mencari kerja', count: 1, percent: 20 },
      ],
      working: 3,
      waitingPeriod: { respondents: 3, mean: 2.33, median: 2 },
      startingSalary: { respondents: 3, q1: 3_500_000, median: 4_000_000, q3: 4_500_000 },
      provinces: [
        { province: 'Jawa Barat', count: 2, percent: 66.67 },
        { province: 'DKI Jakarta', count: 1, percent: 33.33 },
      ],
      cities: [
        { province: 'DKI Jakarta', city: 'Jakarta Selatan', count: 1, percent: 33.33 },
        { province: 'Jawa Barat', city: 'Bandung', count: 1, percent: 33.33 },
        { province: 'Jawa Barat', city: 'Bekasi', count: 1, percent: 33.33 },
      ],
      jobFit: {
        respondents: 3,
        shares: [
          { jobFit: 'sangat_sesuai', label: 'Sangat sesuai', count: 1, percent: 33.33 },
          { jobFit: 'sesuai', label: 'Sesuai', count: 1, percent: 33.33 },
          { jobFit: 'kurang_sesuai', label: 'Kurang sesuai', count: 1, percent: 33.33 },
          { jobFit: 'tidak_sesuai', label: 'Tidak sesuai', count: 0, percent: 0 },
        ],
      },
    })
  })

  it('school year selects the graduating cohort; the date range the submission day (WIB)', async () => {
    const cohort = await get('tracer-study', { school_year: '2024/2025' })
    expect(cohort.body.data).toMatchObject({
      alumni: 3,
      respondents: 3,
      responseRate: 100,
      working: 2,
      waitingPeriod: { respondents: 2, mean: 3.5, median: 3.5 },
      startingSalary: { respondents: 2, q1: 4_250_000, median: 4_500_000, q3: 4_750_000 },
    })
    expect(cohort.body.data.statuses.map((s: { count: number }) => s.count)).toEqual([2, 0, 0, 1])

    // s4 answered on 31 August 17:30 UTC = 1 September 00:30 WIB: inside.
    const range = await get('tracer-study', { date_from: '2025-09-01', date_to: '2025-12-31' })
    expect(range.body.data).toMatchObject({ alumni: 6, respondents: 2, responseRate: 33.33, working: 1 })

    const major = await get('tracer-study', { major_id: ids.m1 })
    expect(major.body.data).toMatchObject({ alumni: 2, respondents: 2, responseRate: 100, working: 1 })
  })

  it('downloads as CSV in long form (section, item, count, percent, value)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/tracer-study?format=csv&school_year=2024/2025',
      headers: { authorization: admin.authorization },
    })
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="laporan-tracer-study_2024-2025.csv"',
    )
    const records = parse(res.rawPayload, { bom: true }) as string[][]
    expect(records[0]).toEqual(['Bagian', 'Uraian', 'Jumlah', 'Persentase (%)', 'Nilai'])
    expect(records).toContainEqual(['Ringkasan', 'Tingkat respons', '', '100', ''])
    expect(records).toContainEqual(['Status karier', 'Bekerja', '2', '66.67', ''])
    expect(records).toContainEqual(['Gaji pertama (Rp)', 'Median', '', '', '4500000'])
    expect(records).toContainEqual(['Wilayah kerja: kota/kabupaten', 'Bekasi, Jawa Barat', '1', '50', ''])
  })
})

describe('GET /api/admin/reports/options', () => {
  it('lists the school years with data (newest first), the majors and the dates with data', async () => {
    const res = await get('options')
    expect(res.status).toBe(200)
    // Applications, tests, placements and tracer answers by their day (WIB), graduates of Y+1 as
    // Y/Y+1: 2023/2024 only through the graduates of 2024; 2098/2099 through the test of 2099.
    expect(res.body.data.schoolYears.map((y: { value: string }) => y.value)).toEqual([
      '2098/2099',
      '2026/2027',
      '2025/2026',
      '2024/2025',
      '2023/2024',
    ])
    expect(res.body.data.schoolYears[2]).toEqual({
      value: '2025/2026',
      label: 'Tahun ajaran 2025/2026',
      from: '2025-07-01',
      to: '2026-06-30',
    })
    expect(res.body.data.majors).toEqual([
      {
        id: ids.m1,
        code: 'RPL',
        name: 'Rekayasa Perangkat Lunak',
        isActive: true,
        department: { id: expect.any(Number), code: 'TI', name: 'Teknologi Informasi' },
      },
      {
        id: ids.m2,
        code: 'TKJ',
        name: 'Teknik Komputer dan Jaringan',
        isActive: true,
        department: { id: expect.any(Number), code: 'TI', name: 'Teknologi Informasi' },
      },
    ])
    expect(res.body.data.dateRange).toEqual({ min: '2024-09-10', max: '2099-01-01' })
    expect(res.body.data.formats).toEqual(['json', 'csv', 'xlsx'])
  })
})
