import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { applications, placements, tracerStudies } from '../../src/db/schema/index.js'
import { identifierCsvCell, neutraliseCsvCell, type Table, toCsv } from '../../src/modules/reports/export.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aCompany, aDepartment, aMajor } from '../support/builders/org.js'
import { aParticipant, aSchedule } from '../support/builders/schedules.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { openedInCalc } from '../support/office.js'

/**
 * Names a user may type that a spreadsheet would run as formulas, in every place a report prints
 * text: company, vacancy, test schedule, major and department, and a tracer-study answer's region.
 */
const EVIL = {
  company: '=HYPERLINK("http://x","y")',
  vacancy: "@SUM(1+1)*cmd|' /C calc'!A0",
  schedule: "+cmd|' /C calc'!A0",
  major: "-2+3+cmd|' /C calc'!A0",
  majorCode: '=1+1',
  department: '\t=1+2',
  city: '\r=kota',
  province: '=provinsi',
}

const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
  const dept = await aDepartment(t, { name: EVIL.department })
  const major = await aMajor(t, { departmentId: dept.id, code: EVIL.majorCode, name: EVIL.major })
  const company = await aCompany(t, { name: EVIL.company })
  const vacancy = await aVacancy(t, {
    companyId: company.id,
    majorIds: [major.id],
    values: { title: EVIL.vacancy },
  })
  const alumna = await anAlumnus(t, { majorId: major.id, values: { graduationYear: 2025 } })
  const [application] = await t.db
    .insert(applications)
    .values({
      jobVacancyId: vacancy.id,
      studentId: alumna.studentId,
      applicantRole: 'alumni',
      status: 'accepted',
      reviewDecision: 'lolos',
    })
    .returning()
  const { schedule } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    values: { name: EVIL.schedule, scheduledAt: new Date(Date.now() - 86_400_000) },
  })
  await aParticipant(t, schedule.id, application.id, {
    attendanceStatus: 'hadir',
    validationStatus: 'verified',
  })
  await t.db.insert(placements).values({
    applicationId: application.id,
    studentId: alumna.studentId,
    companyId: company.id,
    jobVacancyId: vacancy.id,
    position: 'Operator',
    acceptedAt: '2025-07-05',
  })
  await t.db.insert(tracerStudies).values({
    studentId: alumna.studentId,
    version: 1,
    isCurrent: true,
    careerStatus: 'bekerja',
    institutionName: EVIL.company,
    jobTitle: 'Operator',
    sector: 'Manufaktur',
    city: EVIL.city,
    province: EVIL.province,
    startingSalary: 4_000_000,
    waitingPeriodMonths: 1,
    jobFit: 'sesuai',
    startDate: '2025-08-01',
    submittedAt: new Date(),
  })
})

const REPORTS = ['recruitment', 'attendance', 'absorption', 'tracer-study'] as const
/** What each report prints of the names above. */
const SHOWN: Record<(typeof REPORTS)[number], string[]> = {
  recruitment: [EVIL.company],
  attendance: [EVIL.schedule, EVIL.company, EVIL.vacancy],
  absorption: [EVIL.major, EVIL.department],
  'tracer-study': [EVIL.province, `${EVIL.city}, ${EVIL.province}`],
}
/** Identifiers each report prints: written as one string literal `="…"`, so text in a spreadsheet. */
const IDENTIFIERS: Record<(typeof REPORTS)[number], string[]> = {
  recruitment: [],
  attendance: [],
  absorption: [EVIL.majorCode],
  'tracer-study': [],
}
const FORMULA_START = /^[=+\-@\t\r]/
/** `="…"` with every `"` inside doubled: a formula that is only a string literal. */
const STRING_LITERAL = /^="(?:[^"]|"")*"$/

describe('report downloads: CSV formula injection', () => {
  for (const report of REPORTS) {
    it(`${report}.csv: text that would be a formula starts with a quote`, async () => {
      const res = await call(t, 'GET', `/api/admin/reports/${report}`, {
        as: admin,
        query: { format: 'csv' },
      })
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/csv/)
      const cells: string[] = parse(res.raw, { bom: true }).flat()
      for (const text of SHOWN[report]) {
        expect(cells, text).toContain(`'${text}`)
        expect(cells, text).not.toContain(text)
      }
      for (const text of IDENTIFIERS[report]) expect(cells, text).toContain(`="${text}"`)
      // No cell at all starts a formula, unless it is only a number or only a string literal.
      const risky = cells.filter(
        (c) => FORMULA_START.test(c) && !/^[+-]?\d+(\.\d+)?$/.test(c) && !STRING_LITERAL.test(c),
      )
      expect(risky).toEqual([])
    })
  }

  it('recruitment.xlsx: the name is a string cell, never a formula', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/recruitment?format=xlsx',
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    const cells: ExcelJS.Cell[] = []
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell)))
    const company = cells.find((c) => c.value === EVIL.company)
    expect(company, 'the company name as typed').toBeDefined()
    expect(company?.type).toBe(ExcelJS.ValueType.String)
    expect(cells.filter((c) => c.type === ExcelJS.ValueType.Formula || c.formula)).toEqual([])
  })
})

describe('neutraliseCsvCell', () => {
  it('quotes text starting with = + - @ tab or CR; leaves numbers and plain-number text alone', () => {
    expect(neutraliseCsvCell('=1+1')).toBe("'=1+1")
    expect(neutraliseCsvCell('+62 812 0000')).toBe("'+62 812 0000")
    expect(neutraliseCsvCell('-A1')).toBe("'-A1")
    expect(neutraliseCsvCell('@cmd')).toBe("'@cmd")
    expect(neutraliseCsvCell('\tx')).toBe("'\tx")
    expect(neutraliseCsvCell('\rx')).toBe("'\rx")
    expect(neutraliseCsvCell('PT =Alfa')).toBe('PT =Alfa')
    expect(neutraliseCsvCell(-5)).toBe(-5)
    expect(neutraliseCsvCell('-5')).toBe('-5')
    expect(neutraliseCsvCell('+12.50')).toBe('+12.50')
    expect(neutraliseCsvCell(null)).toBe(null)
  })

  it('negative numbers stay numbers in the file', () => {
    const table: Table<{ n: number; s: string }> = {
      title: 'x',
      sheet: 'x',
      columns: [
        { header: 'n', kind: 'int', value: (r) => r.n },
        { header: 's', value: (r) => r.s },
      ],
      rows: [{ n: -5, s: '=2*3' }],
      notes: [],
    }
    expect(toCsv(table).toString('utf8')).toBe("\uFEFFn,s\r\n-5,'=2*3\r\n")
  })
})

describe('identifierCsvCell (NIS, NISN, phone, a major code)', () => {
  it('writes ="…" with inner quotes doubled; empty stays empty; a long or multi-line value is neutralised', () => {
    expect(identifierCsvCell('0045123')).toBe('="0045123"')
    expect(identifierCsvCell('+6281234567890')).toBe('="+6281234567890"')
    expect(identifierCsvCell(12)).toBe('="12"')
    expect(identifierCsvCell('0"&HYPERLINK("x")&"')).toBe('="0""&HYPERLINK(""x"")&"""')
    expect(identifierCsvCell(null)).toBe(null)
    expect(identifierCsvCell('')).toBe('')
    expect(identifierCsvCell(`=${'1'.repeat(255)}`)).toBe(`'=${'1'.repeat(255)}`)
    expect(identifierCsvCell('=1\n+2')).toBe("'=1\n+2")
  })

  it('opened in a spreadsheet, each identifier is the text written, and nothing in it runs', async () => {
    const written = [
      '0045123',
      '081234567890',
      '+6281234567890',
      '1E5',
      '2024-01',
      '=1+1',
      '@SUM(1)',
      '0"&HYPERLINK("http://x","y")&"',
      '"',
    ]
    const table: Table<string> = {
      title: 'x',
      sheet: 'x',
      columns: [{ header: 'NIS', kind: 'identifier', value: (r) => r }],
      rows: written,
      notes: [],
    }
    const [header, ...rows] = await openedInCalc(toCsv(table))
    expect(header).toEqual(['NIS'])
    expect(rows.map((r) => r[0])).toEqual(written)
  }, 120_000)
})
