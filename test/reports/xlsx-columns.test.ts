import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { beforeAll, expect, it } from 'vitest'
import { applications } from '../../src/db/schema/index.js'
import { useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { aCompany, aDepartment, aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'

/** A downloaded report reads without widening columns by hand: each is as wide as what it holds. */
const t = useTestApp()
let admin: Account

const LONG = 'PT Sumber Makmur Sejahtera Abadi Nusantara Tbk' // 46 characters
const VERY_LONG = `PT ${'Karya Mandiri Teknik Indonesia '.repeat(3).trim()}` // 94 characters

beforeAll(async () => {
  admin = await anAdmin(t)
  const dept = await aDepartment(t)
  const major = await aMajor(t, { departmentId: dept.id })
  const student = await aStudent(t, { majorId: major.id, account: false })
  // The long name's vacancy in August, the very long one's in October.
  for (const [name, month] of [
    [LONG, '08'],
    [VERY_LONG, '10'],
  ]) {
    const company = await aCompany(t, { name })
    const vacancy = await aVacancy(t, {
      companyId: company.id,
      majorIds: [major.id],
      values: { createdAt: new Date(`2025-${month}-01T03:00:00Z`), deadline: `2025-${month}-28` },
    })
    await t.db.insert(applications).values({
      jobVacancyId: vacancy.id,
      studentId: student.studentId,
      applicantRole: 'siswa',
      createdAt: new Date(`2025-${month}-02T03:00:00Z`),
    })
  }
})

/** The recruitment report downloaded as XLSX for the days `from` to `to`: the file's bytes. */
async function recruitmentXlsx(from: string, to: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/reports/recruitment?format=xlsx&date_from=${from}&date_to=${to}`,
    headers: { authorization: admin.authorization },
  })
  expect(res.statusCode).toBe(200)
  return res.rawPayload
}

/** The recruitment report's first sheet, downloaded as XLSX for the days `from` to `to`. */
async function recruitmentSheet(from: string, to: string) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load((await recruitmentXlsx(from, to)) as unknown as ArrayBuffer)
  return book.worksheets[0]
}

it('the recruitment report in Excel: the company column fits its longest name, up to 60 characters; the others fit their headers', async () => {
  const sheet = await recruitmentSheet('2025-07-01', '2025-10-31')
  expect(sheet.getColumn(1).values.slice(1)).toEqual(['Perusahaan', VERY_LONG, LONG, 'TOTAL'])
  // The longest name is cut at 60 characters' width (a name of 46 would fit in 48).
  expect(sheet.getColumn(1).width).toBe(60)
  expect([2, 3, 4, 5, 6].map((i) => [sheet.getRow(1).getCell(i).value, sheet.getColumn(i).width])).toEqual([
    ['Jumlah Lowongan', 17],
    ['Jumlah Pelamar', 16],
    ['Lolos Seleksi Berkas', 22],
    ['Diterima', 12],
    ['Rasio Diterima (%)', 20],
  ])
})

it('August alone: the longest name is the one of 46 characters, and its column is 48 wide', async () => {
  const sheet = await recruitmentSheet('2025-07-01', '2025-09-30')
  expect(sheet.getColumn(1).values.slice(1)).toEqual(['Perusahaan', LONG, 'TOTAL'])
  expect(sheet.getColumn(1).width).toBe(48)
})

it('one named face for the header and the cells: Calibri 11, the header bold', async () => {
  const file = await recruitmentXlsx('2025-07-01', '2025-09-30')
  // Every font of the workbook, the default one (plain cells) included, is named and sized: the file has
  // no theme to take them from.
  const styles = await (await JSZip.loadAsync(file)).file('xl/styles.xml')?.async('string')
  const fonts = [...(styles ?? '').matchAll(/<font>(.*?)<\/font>/g)].map(([, f]) => ({
    name: /<name val="([^"]*)"/.exec(f)?.[1],
    size: /<sz val="([^"]*)"/.exec(f)?.[1],
    bold: f.includes('<b/>'),
  }))
  expect(fonts).toEqual([
    { name: 'Calibri', size: '11', bold: false },
    { name: 'Calibri', size: '11', bold: true },
  ])
  const sheet = await recruitmentSheet('2025-07-01', '2025-09-30')
  expect(sheet.getCell('A1').font).toMatchObject({ name: 'Calibri', size: 11, bold: true })
})
