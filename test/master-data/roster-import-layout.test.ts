import { count, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { beforeAll, describe, expect, it } from 'vitest'
import { students, users } from '../../src/db/schema/index.js'
import { useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { learnerByNisn, ROSTER_HEADER, uploadRoster } from '../support/roster.js'

/**
 * An XLSX roster read as Excel shows it, where the reader gives something else: a number formatted with
 * leading zeros (`000000`: Excel shows the NIS 012345, the reader gave 12345, so a re-import rewrote the NIS,
 * or took a learner entered by hand for a new one, with a second account), and merged cells (a school's own
 * sheet merges Rombel and Jurusan down a class block: every student but the first had them empty, and the
 * whole file was refused).
 */
const t = useTestApp({ SCHOOL_EMAIL_DOMAIN: 'smkn9.sch.id' })
let admin: Account
let tkj: { id: number }
beforeAll(async () => {
  admin = await anAdmin(t)
  tkj = await aMajor(t, { code: 'TKJ', name: 'Teknik Komputer dan Jaringan' })
})

const HEADER = ROSTER_HEADER.slice(0, 8)

async function xlsx(rows: unknown[][], edit?: (s: ExcelJS.Worksheet) => void, origin = 'A1') {
  const book = new ExcelJS.Workbook()
  book.addWorksheet('Petunjuk').state = 'hidden'
  const sheet = book.addWorksheet('Peserta Didik')
  const at = sheet.getCell(origin)
  const [row0, col0] = [Number(at.row), Number(at.col)]
  rows.forEach((r, i) => {
    r.forEach((v, j) => {
      if (v !== null) sheet.getCell(row0 + i, col0 + j).value = v as ExcelJS.CellValue
    })
  })
  edit?.(sheet)
  return Buffer.from(await book.xlsx.writeBuffer())
}

const upload = (file: Buffer, dryRun = false) =>
  uploadRoster(t, file, { as: admin, dryRun, filename: 'rombel.xlsx' })
const byNisn = (id: string) => learnerByNisn(t, id)
const learner = {
  className: 'XII TKJ 1',
  gender: 'L' as const,
  birthPlace: 'Bandung',
  birthDate: '2008-01-02',
}

describe('an NIS in a number column formatted with leading zeros (Excel shows 012345)', () => {
  it('re-importing the workbook keeps the NIS Excel shows: unchanged, not rewritten to 12345', async () => {
    await aStudent(t, {
      majorId: tkj.id,
      values: { ...learner, fullName: 'Budi Santoso', nis: '012345', nisn: '0012345678' },
    })
    const file = await xlsx(
      [HEADER, ['0012345678', 12345, 'Budi Santoso', 'L', 'Bandung', '02/01/2008', 'XII TKJ 1', 'TKJ']],
      (sheet) => {
        sheet.getCell('B2').numFmt = '000000'
      },
    )
    const res = await upload(file)
    expect(res.status).toBe(201)
    expect(res.body.data.rows[0]).toMatchObject({ action: 'unchanged', nis: '012345', changes: [] })
    expect((await byNisn('0012345678')).nis).toBe('012345')
  })

  it('a learner entered by hand with NIS 054321 (no NISN) is matched, not made twice with a second account', async () => {
    const hand = await aStudent(t, {
      majorId: tkj.id,
      account: false,
      values: { ...learner, fullName: 'Siti Aminah', nis: '054321', nisn: null },
    })
    // The sheet starts at C3 under a title, as a school's own sheet may.
    const file = await xlsx(
      [HEADER, ['0054321000', 54321, 'Siti Aminah', 'P', 'Bandung', '02/01/2008', 'XII TKJ 1', 'TKJ']],
      (sheet) => {
        sheet.getCell('A1').value = 'Data Siswa Kelas XII'
        sheet.getCell('D4').numFmt = '000000'
      },
      'C3',
    )
    const usersBefore = (await t.db.select({ n: count() }).from(users))[0].n
    const res = await upload(file)
    expect(res.status).toBe(201)
    expect(res.body.data.rows[0]).toMatchObject({ action: 'update', nis: '054321' })
    const named = await t.db.select().from(students).where(eq(students.fullName, 'Siti Aminah'))
    expect(named.map((s) => s.id)).toEqual([hand.studentId])
    expect((await t.db.select({ n: count() }).from(users))[0].n).toBe(usersBefore)
  })
})

describe('Rombel and Jurusan merged down a class block', () => {
  it('gives every row of the merge the value Excel shows, and imports the class', async () => {
    const file = await xlsx(
      [
        HEADER,
        ['0099900001', '99001', 'Ani Lestari', 'P', 'Bandung', '02/01/2008', 'XII TKJ 1', 'TKJ'],
        ['0099900002', '99002', 'Bayu Pratama', 'L', 'Garut', '03/02/2008', null, null],
        ['0099900003', '99003', "Dewi Nur'aini", 'P', 'Cimahi', '04/03/2008', null, null],
      ],
      (sheet) => {
        sheet.mergeCells('G2:G4')
        sheet.mergeCells('H2:H4')
        // A note merged far to the right and down reaches no further than the rows read, in no roster column.
        sheet.getCell('J1').value = 'Catatan wali kelas'
        sheet.mergeCells('J1:Z40')
      },
    )
    const res = await upload(file)
    expect(res.status).toBe(201)
    expect(res.body.data.totals).toMatchObject({ create: 3, error: 0 })
    expect(await byNisn('0099900003')).toMatchObject({ className: 'XII TKJ 1', fullName: "Dewi Nur'aini" })
  })
})

describe('merges in the header rows (a Dapodik export)', () => {
  it('reads the one student below the headers; the second header row is not taken for a student', async () => {
    // Dapodik's "Daftar Peserta Didik": title lines, then headers in rows 5-6. A column with no sub-headers
    // ("Nama", "NISN", ...) is one cell merged down rows 5-6; "Data Ayah" is merged across its sub-headers.
    // Filled, row 6 read as a student named "Nama" with NISN "NISN": an error row.
    const book = new ExcelJS.Workbook()
    const s = book.addWorksheet('Peserta Didik')
    s.getCell('A1').value = 'Daftar Peserta Didik'
    s.mergeCells('A1:K1')
    s.getCell('A2').value = 'SMK Negeri 9'
    const singles = [
      'No',
      'Nama',
      'NIPD',
      'JK',
      'NISN',
      'Tempat Lahir',
      'Tanggal Lahir',
      'Rombel Saat Ini',
      'Jurusan',
    ]
    singles.forEach((header, i) => {
      s.getCell(5, i + 1).value = header
      s.mergeCells(5, i + 1, 6, i + 1)
    })
    s.getCell(5, 10).value = 'Data Ayah'
    s.mergeCells(5, 10, 5, 11)
    s.getCell(6, 10).value = 'Nama'
    s.getCell(6, 11).value = 'Pekerjaan'
    s.getRow(7).values = [
      1,
      'Siswa Dapodik',
      '24250001',
      'L',
      '0071234567',
      'Bandung',
      '15/08/2008',
      'XII TKJ 1',
      'TKJ',
      'Ayah',
      'Petani',
    ]
    const res = await upload(Buffer.from(await book.xlsx.writeBuffer()), true)
    expect(res.status).toBe(200)
    expect(res.body.data.headerRow).toBe(5)
    expect(res.body.data.totals).toMatchObject({ rows: 1, create: 1, error: 0 })
  })
})

describe('a workbook whose cell styles are past the bound', () => {
  it('is refused (422 on the file) before they are read, however small the upload', async () => {
    const book = new ExcelJS.Workbook()
    book
      .addWorksheet('Peserta Didik')
      .addRows([
        HEADER,
        ['0071234568', '24250002', 'Siswa Impor', 'L', 'Bandung', '15/08/2008', 'XII TKJ 1', 'TKJ'],
      ])
    const zip = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()))
    // 17 MB of styles packed into a few KB (an unclosed <cellXfs> repeated: searched lazily from each, it
    // held the event loop for minutes).
    zip.file('xl/styles.xml', `<styleSheet>${'<cellXfs>'.repeat(1_900_000)}`, { compression: 'DEFLATE' })
    const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
    expect(file.length).toBeLessThan(256 * 1024)
    const res = await upload(file, true)
    expect(res.status).toBe(422)
    expect(res.body.errors.file[0]).toMatch(/gaya selnya lebih dari 16 MB/)
  })
})
