import { statSync } from 'node:fs'
import { join } from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, importRuns, students, users } from '../../src/db/schema/index.js'
import { MAX_INFLATED_BYTES } from '../../src/modules/imports/xlsx-zip.js'
import { graduate } from '../../src/modules/master-data/learners.queries.js'
import { type Caller, call, type TestContext, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus, aStudent, logIn } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { multipart, tinyPdf } from '../support/multipart.js'
import { expectRoles } from '../support/roles.js'
import { csvText, learnerByNisn, ROSTER_HEADER, uploadRoster } from '../support/roster.js'

const DOMAIN = 'smkn9.sch.id'
const t = useTestApp({ SCHOOL_EMAIL_DOMAIN: DOMAIN })
let admin: Account
let otherAdmin: Account
let tkj: { id: number; code: string; name: string }
let akl: { id: number; code: string; name: string }

beforeAll(async () => {
  admin = await anAdmin(t)
  otherAdmin = await anAdmin(t)
  tkj = await aMajor(t, { code: 'TKJ', name: 'Teknik Komputer dan Jaringan' })
  akl = await aMajor(t, { code: 'AKL', name: 'Akuntansi dan Keuangan Lembaga' })
})

// Each test file has its own database: a counter is enough to keep NISNs and NISs apart.
let n = 0
const nisn = () => String(71000000 + ++n).padStart(10, '0')
const nis = () => `2425${String(++n).padStart(4, '0')}`

const HEADER = ROSTER_HEADER

interface Person {
  nisn: string
  nis: string
  nama: string
  jk?: string
  tempat?: string
  tanggal?: string
  rombel?: string
  jurusan?: string
  email?: string
  hp?: string
}

function person(values: Partial<Person> = {}): Person {
  const id = nisn()
  return {
    nisn: id,
    nis: nis(),
    nama: `Siswa Impor ${n}`,
    jk: 'L',
    tempat: 'Bandung',
    tanggal: '15/08/2008',
    rombel: 'XII TKJ 1',
    jurusan: 'TKJ',
    email: '',
    hp: '',
    ...values,
  }
}

const line = (p: Person) => [
  p.nisn,
  p.nis,
  p.nama,
  p.jk ?? '',
  p.tempat ?? '',
  p.tanggal ?? '',
  p.rombel ?? '',
  p.jurusan ?? '',
  p.email ?? '',
  p.hp ?? '',
]

const csv = (rows: string[][], delimiter = ','): Buffer => Buffer.from(csvText(rows, delimiter), 'utf8')
const rosterCsv = (people: Person[]) => csv([HEADER, ...people.map(line)])

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Peserta Didik')
  for (const r of rows) sheet.addRow(r)
  return Buffer.from(await book.xlsx.writeBuffer())
}

/** The workbook with a chart sheet listed first (a chart on a sheet of its own: no cells). */
async function withChartSheetFirst(file: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file)
  const edit = async (path: string, change: (xml: string) => string) =>
    zip.file(path, change(await zip.file(path)!.async('string')))
  await edit('xl/workbook.xml', (xml) =>
    xml.replace('<sheets>', '<sheets><sheet name="Grafik" sheetId="99" r:id="rId99"/>'),
  )
  await edit('xl/_rels/workbook.xml.rels', (xml) =>
    xml.replace(
      '</Relationships>',
      '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartsheet" Target="chartsheets/sheet1.xml"/></Relationships>',
    ),
  )
  zip.file(
    'xl/chartsheets/sheet1.xml',
    '<chartsheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  )
  return zip.generateAsync({ type: 'nodebuffer' })
}

const upload = (
  file: Buffer,
  opts: { dryRun?: boolean; as?: Caller; filename?: string; lang?: string } = {},
) => uploadRoster(t, file, { ...opts, as: opts.as ?? admin })

const byNisn = (id: string) => learnerByNisn(t, id)
const accountOf = async (userId: number | null) =>
  userId === null ? undefined : (await t.db.select().from(users).where(eq(users.id, userId)))[0]

/** Every row of every table (the service's and the queue's) as text: what a copy of the database holds. */
async function databaseText(ctx: TestContext): Promise<string> {
  const tables = (await ctx.db.execute(sql`
    select table_schema as s, table_name as t from information_schema.tables
    where table_schema in ('public', 'pgboss', 'drizzle') and table_type = 'BASE TABLE'`)) as unknown as {
    rows: { s: string; t: string }[]
  }
  const parts: string[] = []
  for (const { s, t: name } of tables.rows) {
    const rows = (await ctx.db.execute(
      sql.raw(`select x::text as v from "${s}"."${name}" x`),
    )) as unknown as {
      rows: { v: string }[]
    }
    parts.push(...rows.rows.map((r) => r.v))
  }
  return parts.join('\n')
}

/** How many rows the tables an import writes hold. */
async function counts() {
  const [row] = (
    (await t.db.execute(sql`
      select (select count(*) from students)::int as students, (select count(*) from users)::int as users,
             (select count(*) from import_runs)::int as runs, (select count(*) from audit_log)::int as audits`)) as unknown as {
      rows: { students: number; users: number; runs: number; audits: number }[]
    }
  ).rows
  return row
}

async function readSheet(buffer: Buffer) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(buffer as unknown as ArrayBuffer)
  const sheet = book.worksheets[0]
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String)
  const rows: Record<string, string>[] = []
  sheet.eachRow((row, i) => {
    if (i === 1) return
    const values = (row.values as unknown[]).slice(1)
    rows.push(Object.fromEntries(header.map((h, c) => [h, values[c] == null ? '' : String(values[c])])))
  })
  return rows
}

const download = (id: number, as: Caller = admin, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({
    method,
    url: `/api/admin/imports/${id}/credentials.xlsx`,
    headers: { authorization: (as as Account).authorization },
  })

describe('role matrix of /api/admin/imports', () => {
  it('admits admin and superadmin only', async () => {
    await expectRoles(t, 'POST', '/api/admin/imports/students', ['admin'])
    await expectRoles(t, 'GET', '/api/admin/imports', ['admin'])
    await expectRoles(t, 'GET', '/api/admin/imports/1/credentials.xlsx', ['admin'])
  })
})

describe('POST /api/admin/imports/students: reading the file', () => {
  it('matches headers whatever their case and spacing, and lists the columns it ignores', async () => {
    const p = person()
    const file = csv([
      [
        ' nisn ',
        'Nis',
        'NAMA',
        'jk',
        'TEMPAT  LAHIR',
        'tanggal lahir',
        'ROMBEL',
        'jurusan',
        'Agama',
        'Nama Ibu Kandung',
      ],
      [p.nisn, p.nis, p.nama, 'P', 'Garut', '01/02/2008', 'XII TKJ 2', 'tkj', 'Islam', 'Siti'],
    ])
    const res = await upload(file, { dryRun: true })
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.data).toMatchObject({
      id: null,
      dryRun: true,
      format: 'csv',
      headerRow: 1,
      unknownColumns: ['Agama', 'Nama Ibu Kandung'],
      totals: { rows: 1, create: 1, update: 0, unchanged: 0, left: 0, error: 0 },
      credentials: null,
    })
    expect(res.body.data.columns).toEqual([
      { header: 'nisn', field: 'nisn' },
      { header: 'Nis', field: 'nis' },
      { header: 'NAMA', field: 'full_name' },
      { header: 'jk', field: 'gender' },
      { header: 'TEMPAT LAHIR', field: 'birth_place' },
      { header: 'tanggal lahir', field: 'birth_date' },
      { header: 'ROMBEL', field: 'class_name' },
      { header: 'jurusan', field: 'major' },
    ])
    expect(res.body.data.rows).toEqual([
      {
        row: 2,
        action: 'create',
        nisn: p.nisn,
        nis: p.nis,
        fullName: p.nama,
        className: 'XII TKJ 2',
        major: 'TKJ',
        login: `${p.nisn}@${DOMAIN}`,
        changes: [],
        left: null,
        note: null,
        errors: [],
      },
    ])
  })

  it('reads both date formats, JK L and P in any case, and the major by code or by name; `;` CSV from Excel', async () => {
    const a = person({ tanggal: '15/08/2008', jk: 'l', jurusan: 'tkj' })
    const b = person({
      tanggal: '2007-12-31',
      jk: 'P',
      jurusan: 'akuntansi  dan keuangan lembaga',
      rombel: 'XII AKL 1',
    })
    const c = person({ tanggal: '1/2/2008', jk: 'Perempuan', jurusan: 'Teknik Komputer dan Jaringan' })
    const res = await upload(csv([HEADER, line(a), line(b), line(c)], ';'), { dryRun: false })
    expect(res.status).toBe(201)
    expect(res.body.data.totals).toEqual({ rows: 3, create: 3, update: 0, unchanged: 0, left: 0, error: 0 })
    expect(await byNisn(a.nisn)).toMatchObject({ birthDate: '2008-08-15', gender: 'L', majorId: tkj.id })
    expect(await byNisn(b.nisn)).toMatchObject({
      birthDate: '2007-12-31',
      gender: 'P',
      majorId: akl.id,
      className: 'XII AKL 1',
      graduationYear: null,
    })
    expect(await byNisn(c.nisn)).toMatchObject({ birthDate: '2008-02-01', gender: 'P', majorId: tkj.id })
  })

  it('reads an XLSX export with title lines above the header, numbers that lost their zeros, and date cells', async () => {
    const id = nisn()
    const file = await xlsx([
      ['Daftar Peserta Didik'],
      ['SMK Negeri 9'],
      [],
      [
        'No',
        'Nama',
        'NIPD',
        'JK',
        'NISN',
        'Tempat Lahir',
        'Tanggal Lahir',
        'Rombel Saat Ini',
        'Jurusan',
        'HP',
      ],
      [
        1,
        'Dewi Lestari',
        242599,
        'P',
        Number(id),
        'Cimahi',
        new Date(Date.UTC(2008, 3, 9)),
        'XII AKL 2',
        'AKL',
        81234567890,
      ],
    ])
    const res = await upload(file, { dryRun: false, filename: 'dapodik.xlsx' })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ format: 'xlsx', headerRow: 4, unknownColumns: ['No'] })
    expect(res.body.data.rows[0]).toMatchObject({ row: 5, action: 'create', nisn: id, nis: '242599' })
    expect(await byNisn(id)).toMatchObject({
      nis: '242599',
      fullName: 'Dewi Lestari',
      birthDate: '2008-04-09',
      phone: '081234567890',
      className: 'XII AKL 2',
    })
  })

  it("reads the first visible sheet with rows (not a hidden one, not a chart), and its cells as Excel shows them: rich text, a formula's result, an error as empty", async () => {
    const [a, b] = [person(), person()]
    const book = new ExcelJS.Workbook()
    // A school's template: a hidden lookup sheet with rows of its own before the students' sheet.
    const lookup = book.addWorksheet('Referensi')
    lookup.addRow(['NISN', 'Nama', 'Kode'])
    lookup.addRow(['0000000000', 'Contoh', 'TKJ'])
    lookup.state = 'hidden'
    const sheet = book.addWorksheet('Peserta Didik')
    sheet.addRow(HEADER)
    sheet.addRow([
      ...line(a).slice(0, 2),
      { richText: [{ text: 'Ayu ' }, { text: 'Lestari', font: { bold: true } }] },
      ...line(a).slice(3, 8),
      { formula: 'LOWER("AYU@CONTOH.SCH.ID")', result: 'ayu@contoh.sch.id' },
      '',
    ])
    sheet.addRow([])
    sheet.addRow([
      ...line(b).slice(0, 8),
      { formula: 'VLOOKUP(1,Referensi!A:C,2,0)', result: { error: '#N/A' } },
      '',
    ])
    const res = await upload(await withChartSheetFirst(Buffer.from(await book.xlsx.writeBuffer())), {
      dryRun: true,
      filename: 'sekolah.xlsx',
    })
    expect(res.status).toBe(200)
    expect(res.body.data.totals).toEqual({ rows: 2, create: 2, update: 0, unchanged: 0, left: 0, error: 0 })
    expect(res.body.data.rows.map((r: { row: number; nisn: string }) => [r.row, r.nisn])).toEqual([
      [2, a.nisn],
      [4, b.nisn],
    ])
    expect(res.body.data.rows[0]).toMatchObject({ fullName: 'Ayu Lestari', login: 'ayu@contoh.sch.id' })
    // The error cell is an empty e-mail: the account gets the school's address.
    expect(res.body.data.rows[1].login).toBe(`${b.nisn}@${DOMAIN}`)
  })

  it('refuses what is not a roster: another type 415, a missing column or no file 422', async () => {
    const pdf = await upload(tinyPdf(), { dryRun: true, filename: 'roster.pdf' })
    expect(pdf.status).toBe(415)
    expect(pdf.body).toMatchObject({ success: false, data: null })

    const noJurusan = await upload(csv([HEADER.filter((h) => h !== 'Jurusan'), ['0000000001']]), {
      dryRun: true,
    })
    expect(noJurusan.status).toBe(422)
    expect(noJurusan.body.errors.file[0]).toContain('Jurusan')

    const noHeader = await upload(
      csv([
        ['a', 'b'],
        ['1', '2'],
      ]),
      { dryRun: true },
    )
    expect(noHeader.status).toBe(422)
    expect(noHeader.body.errors.file[0]).toContain('NISN')

    const form = multipart([['dry_run', 'true']])
    const noFile = await call(t, 'POST', '/api/admin/imports/students', {
      as: admin,
      body: form.body,
      headers: form.headers,
    })
    expect(noFile.status).toBe(422)
    expect(noFile.body.errors.file).toBeDefined()

    const json = await call(t, 'POST', '/api/admin/imports/students', { as: admin, body: { dry_run: true } })
    expect(json.status).toBe(415)
  })

  it('refuses hostile or broken files with a clear 4xx: a ZIP that is no workbook, a broken quote, too many rows', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)])
    const notXlsx = await upload(zip, { dryRun: true, filename: 'roster.xlsx' })
    expect(notXlsx.status).toBe(422)
    expect(notXlsx.body.errors.file[0]).toContain('XLSX')

    const p = person()
    const quote = await upload(Buffer.from(`${HEADER.join(',')}\n${p.nisn},"${p.nis},Nama\n`), {
      dryRun: true,
    })
    expect(quote.status).toBe(422)
    expect(quote.body.errors.file[0]).toContain('tanda kutip')

    const many = csv([HEADER, ...Array.from({ length: 5001 }, () => line(person()))])
    const tooMany = await upload(many, { dryRun: true })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.errors.file[0]).toContain('5000')

    const badFlag = multipart([
      ['file', { data: rosterCsv([person()]), filename: 'r.csv', contentType: 'text/csv' }],
      ['dry_run', 'maybe'],
    ])
    const flag = await call(t, 'POST', '/api/admin/imports/students', {
      as: admin,
      body: badFlag.body,
      headers: badFlag.headers,
    })
    expect(flag.status).toBe(422)
    expect(flag.body.errors.dry_run).toEqual(['harus true atau false'])
  })
})

describe('POST /api/admin/imports/students: an XLSX that unpacks past the limit (a zip bomb)', () => {
  /** A real roster workbook with one more part: `size` bytes of zeros, packed about 1,000 to 1. */
  async function padded(size: number): Promise<Buffer> {
    const zip = await JSZip.loadAsync(await xlsx([HEADER, line(person())]))
    zip.file(PADDING, Buffer.alloc(size), { compression: 'DEFLATE', compressionOptions: { level: 1 } })
    return zip.generateAsync({ type: 'nodebuffer' })
  }
  const PADDING = 'xl/media/padding.bin'

  /** The same file with the padding's declared size rewritten to `declared` in both of its headers. */
  function lyingAbout(file: Buffer, declared: number): Buffer {
    const out = Buffer.from(file)
    const name = Buffer.from(PADDING)
    let patched = 0
    for (let at = out.indexOf(name); at !== -1; at = out.indexOf(name, at + 1)) {
      // Local header: signature, then the size at 22 and the name at 30. Central directory: at 24 and 46.
      if (out.readUInt32LE(at - 30) === 0x04034b50) out.writeUInt32LE(declared, at - 30 + 22)
      else if (out.readUInt32LE(at - 46) === 0x02014b50) out.writeUInt32LE(declared, at - 46 + 24)
      else continue
      patched++
    }
    expect(patched).toBe(2)
    return out
  }

  it('is refused with 422 on the file before it is read whole, whatever sizes it declares, as is one of more than 1,000 parts; nothing is written', async () => {
    const before = await counts()
    const bomb = await padded(MAX_INFLATED_BYTES + 1024 * 1024)
    expect(bomb.length).toBeLessThan(1024 * 1024) // a small upload, far under the upload limit

    const honest = await upload(bomb, { dryRun: false, filename: 'roster.xlsx' })
    expect(honest.status).toBe(422)
    expect(honest.body.errors.file).toEqual(['berkas XLSX terlalu besar setelah dibuka (lebih dari 64 MB)'])

    const lying = await upload(lyingAbout(bomb, 1000), { dryRun: false, filename: 'roster.xlsx', lang: 'en' })
    expect(lying.status).toBe(422)
    expect(lying.body.errors.file).toEqual(['the XLSX file unpacks to more than 64 MB'])
    expect(await counts()).toEqual(before)

    // More than 1,000 parts, each of them empty: refused as well.
    const parts = await JSZip.loadAsync(await xlsx([HEADER, line(person())]))
    for (let i = 0; i < 1000; i++) parts.file(`xl/media/part${i}.bin`, '')
    const many = await upload(await parts.generateAsync({ type: 'nodebuffer' }), {
      filename: 'r.xlsx',
      lang: 'en',
    })
    expect(many.status).toBe(422)
    expect(many.body.errors.file).toEqual([
      'the XLSX file holds more than 1000 parts; save it again as a plain workbook',
    ])
    expect(await counts()).toEqual(before)

    // Under the limit, the same kind of file (an extra part of 1 MB) is read as usual.
    const fine = await upload(await padded(1024 * 1024), { dryRun: true, filename: 'roster.xlsx' })
    expect(fine.status).toBe(200)
    expect(fine.body.data).toMatchObject({ format: 'xlsx' })
  })
})

describe('POST /api/admin/imports/students: a small file that would read as a huge sheet', () => {
  const TOO_LARGE =
    'the file is too large for a roster: more than 20,000 rows or 1,000,000 cells (rows × columns up to the last value); look for a stray value far down or to the right'
  const refusedInEnglish = async (file: Buffer, filename: string) => {
    const res = await upload(file, { dryRun: false, filename, lang: 'en' })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ file: [TOO_LARGE] })
  }

  it('an XLSX with a value in its last column (XFD): every row would be 16,384 cells; refused, nothing written', async () => {
    const before = await counts()
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('Peserta Didik')
    sheet.addRow(HEADER)
    for (let i = 0; i < 99; i++) sheet.addRow(line(person()))
    sheet.getCell('XFD2').value = 'x'
    const file = Buffer.from(await book.xlsx.writeBuffer())
    expect(file.length).toBeLessThan(64 * 1024)
    await refusedInEnglish(file, 'lebar.xlsx')
    expect(await counts()).toEqual(before)
  })

  it('an XLSX sheet of more than 20,000 rows, even a hidden one beside the roster; the roster alone is read', async () => {
    const book = new ExcelJS.Workbook()
    book.addWorksheet('Peserta Didik').addRows([HEADER, line(person())])
    const tall = book.addWorksheet('Arsip')
    for (let i = 1; i <= 20_001; i++) tall.getCell(`A${i}`).value = i
    tall.state = 'hidden'
    await refusedInEnglish(Buffer.from(await book.xlsx.writeBuffer()), 'arsip.xlsx')

    book.removeWorksheet(tall.id)
    const fine = await upload(Buffer.from(await book.xlsx.writeBuffer()), {
      dryRun: true,
      filename: 'r.xlsx',
    })
    expect(fine.status).toBe(200)
    expect(fine.body.data.totals).toMatchObject({ rows: 1, create: 1 })
  })

  it("a school's template of 10,000 numbered rows with three students filled in: the three are read; 5,001 students are refused", async () => {
    const people = [person(), person(), person()]
    const numbered = Array.from({ length: 10_000 }, (_, i) => [i + 1, ...(people[i] ? line(people[i]) : [])])
    const template = await upload(await xlsx([['No', ...HEADER], ...numbered]), {
      dryRun: true,
      filename: 'template.xlsx',
    })
    expect(template.status).toBe(200)
    expect(template.body.data).toMatchObject({ headerRow: 1, unknownColumns: ['No'] })
    expect(template.body.data.totals).toMatchObject({ rows: 3, create: 3 })

    const before = await counts()
    const many = await xlsx([HEADER, ...Array.from({ length: 5001 }, () => line(person()))])
    const tooMany = await upload(many, { dryRun: false, filename: 'banyak.xlsx', lang: 'en' })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.errors).toEqual({
      file: ['the file has more than 5000 student rows; split it into several files'],
    })
    expect(await counts()).toEqual(before)
  })

  it('a CSV with a stray value 20,000 lines down, or one line of a million delimiters; refused', async () => {
    const stray = `${csv([HEADER, line(person())]).toString()}${'\r\n'.repeat(20_000)}x\r\n`
    await refusedInEnglish(Buffer.from(stray), 'jauh.csv')
    await refusedInEnglish(Buffer.from(`${HEADER.join(',')}\r\n${','.repeat(1_000_000)}x\r\n`), 'lebar.csv')
  })

  it('a CSV that Excel saved with its used range, thousands of bare delimiter lines at the end, is read as its rows', async () => {
    const [a, b] = [person(), person()]
    const text = `${csv([HEADER, line(a), line(b)], ';').toString()}${';;;;;;;;;\r\n'.repeat(100_000)}`
    expect(text.length).toBeGreaterThan(1_000_000)
    const res = await upload(Buffer.from(text), { dryRun: true })
    expect(res.status).toBe(200)
    expect(res.body.data.totals).toEqual({ rows: 2, create: 2, update: 0, unchanged: 0, left: 0, error: 0 })
    expect(res.body.data.rows.map((r: { nisn: string }) => r.nisn)).toEqual([a.nisn, b.nisn])
  })
})

describe('POST /api/admin/imports/students: dry run and all or nothing', () => {
  it('a dry run answers the plan per row and writes nothing', async () => {
    const existing = await aStudent(t, {
      majorId: tkj.id,
      values: { nisn: nisn(), className: 'XII TKJ 1', fullName: 'Budi Santoso' },
    })
    const before = await counts()
    const stored = await byNisn(existing.student.nisn!)
    const fresh = person()
    const changed = person({
      nisn: existing.student.nisn!,
      nis: existing.student.nis,
      nama: 'Budi Santoso',
      rombel: 'XII TKJ 3',
      tanggal: '01/01/2007',
      jurusan: 'TKJ',
    })
    const res = await upload(rosterCsv([fresh, changed]), { dryRun: true })
    expect(res.status).toBe(200)
    expect(res.body.data.totals).toEqual({ rows: 2, create: 1, update: 1, unchanged: 0, left: 0, error: 0 })
    expect(res.body.data.rows[1]).toMatchObject({
      action: 'update',
      changes: ['gender', 'birth_place', 'class_name'],
      login: null,
    })
    expect(await counts()).toEqual(before)
    expect(await byNisn(existing.student.nisn!)).toEqual(stored)
    expect(await byNisn(fresh.nisn)).toBeUndefined()
  })

  it('one bad row refuses the whole file with the per-row report (422), and nothing is written', async () => {
    const good = person()
    const bad = person({ nisn: '12345', tanggal: '31/02/2008', jurusan: 'Tata Boga', jk: 'X' })
    const alsoGood = person({ email: 'Rina.Putri@Gmail.com' })
    const file = rosterCsv([good, bad, alsoGood])
    const before = await counts()

    const preview = await upload(file, { dryRun: true })
    expect(preview.status).toBe(200)
    expect(preview.body.data.totals).toEqual({
      rows: 3,
      create: 2,
      update: 0,
      unchanged: 0,
      left: 0,
      error: 1,
    })

    const res = await upload(file, { dryRun: false, lang: 'en' })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ success: false, data: null })
    expect(res.body.message).toContain('Nothing was imported')
    expect(res.body.report.totals).toEqual(preview.body.data.totals)
    expect(res.body.report.rows.map((r: { action: string }) => r.action)).toEqual([
      'create',
      'error',
      'create',
    ])
    const errors = res.body.report.rows[1].errors
    expect(errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'birth_date',
      'gender',
      'major',
      'nisn',
    ])
    expect(errors.find((e: { field: string }) => e.field === 'birth_date')).toMatchObject({
      column: 'Tanggal Lahir',
      message: 'must be a valid date written dd/mm/yyyy or yyyy-mm-dd',
    })
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'rows.3.birth_date',
      'rows.3.gender',
      'rows.3.major',
      'rows.3.nisn',
    ])
    expect(await counts()).toEqual(before)
    expect(await byNisn(good.nisn)).toBeUndefined()
  })

  it('refuses duplicates in the file, an NIS of another learner, an alumnus and a login already in use', async () => {
    const other = await aStudent(t, { values: { nisn: nisn() } })
    const alumnus = await anAlumnus(t, { values: { nisn: nisn(), graduationYear: 2024 } })
    const taken = await anAdmin(t, { email: 'dipakai@example.com' })
    const twin = person()
    const rows = [
      twin,
      { ...person(), nisn: twin.nisn },
      person({ nis: other.student.nis }),
      person({ nisn: alumnus.student.nisn!, nis: alumnus.student.nis }),
      person({ email: taken.email }),
    ]
    const res = await upload(rosterCsv(rows), { dryRun: true })
    expect(res.status).toBe(200)
    const report = res.body.data.rows as { action: string; errors: { field: string; message: string }[] }[]
    expect(report.map((r) => r.action)).toEqual(['error', 'error', 'error', 'error', 'error'])
    expect(report[0].errors[0]).toMatchObject({
      field: 'nisn',
      message: 'NISN ini muncul lebih dari sekali di berkas',
    })
    expect(report[2].errors[0].field).toBe('nis')
    expect(report[2].errors[0].message).toContain(other.student.fullName)
    expect(report[3].errors[0].message).toContain('lulus 2024')
    expect(report[4].errors[0]).toMatchObject({ field: 'email', message: 'sudah dipakai akun lain' })
  })
})

describe('POST /api/admin/imports/students: writing', () => {
  it('creates students with accounts: the given e-mail, or <nisn>@the school domain; they must change their password', async () => {
    const withEmail = person({ email: 'Sari.Wulandari@Gmail.com', hp: '0812-3456-7890' })
    const without = person()
    const res = await upload(rosterCsv([withEmail, without]), { dryRun: false })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Impor selesai: 2 siswa baru, 0 diperbarui, 0 tetap.')
    expect(res.body.data.id).toEqual(expect.any(Number))
    expect(res.body.data.credentials).toMatchObject({
      count: 2,
      downloadUrl: `/api/admin/imports/${res.body.data.id}/credentials.xlsx`,
    })
    const hours = (Date.parse(res.body.data.credentials.expiresAt) - Date.now()) / 3600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(24)

    const a = await byNisn(withEmail.nisn)
    const b = await byNisn(without.nisn)
    expect(a).toMatchObject({
      email: 'sari.wulandari@gmail.com',
      phone: '081234567890',
      graduationYear: null,
    })
    expect(b).toMatchObject({ email: `${without.nisn}@${DOMAIN}` })
    for (const [learner, email] of [
      [a, 'sari.wulandari@gmail.com'],
      [b, `${without.nisn}@${DOMAIN}`],
    ] as const) {
      const account = await accountOf(learner.userId)
      expect(account).toMatchObject({ email, role: 'siswa', isActive: true, mustChangePassword: true })
      expect(account!.fullName).toBe(learner.fullName)
      expect(account!.passwordHash).toMatch(/^\$argon2id\$/)
    }
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'import_run'))
    expect(audits.some((r) => r.entityId === res.body.data.id && r.actorId === admin.id)).toBe(true)
  })

  it("updates what the school keeps, keeps what an empty cell leaves, never overwrites the learner's contact", async () => {
    const existing = await aStudent(t, {
      majorId: tkj.id,
      values: {
        nisn: nisn(),
        fullName: 'Andi Pratama',
        className: 'XII TKJ 1',
        phone: '081200000001',
        birthPlace: 'Bogor',
        gender: 'L',
      },
    })
    const res = await upload(
      rosterCsv([
        person({
          nisn: existing.student.nisn!,
          nis: existing.student.nis,
          nama: 'Andi Pratama Putra',
          jk: '',
          tempat: '',
          tanggal: '2007-01-01',
          rombel: 'XII AKL 1',
          jurusan: 'AKL',
          hp: '089999999999',
          email: 'lain@example.com',
        }),
      ]),
      { dryRun: false },
    )
    expect(res.status).toBe(201)
    expect(res.body.data.rows[0]).toMatchObject({
      action: 'update',
      changes: ['full_name', 'class_name', 'major'],
    })
    expect(await byNisn(existing.student.nisn!)).toMatchObject({
      fullName: 'Andi Pratama Putra',
      className: 'XII AKL 1',
      majorId: akl.id,
      gender: 'L',
      birthPlace: 'Bogor',
      birthDate: '2007-01-01',
      phone: '081200000001',
    })
    const account = await accountOf(existing.id)
    expect(account).toMatchObject({ fullName: 'Andi Pratama Putra', email: existing.email })
    expect(res.body.data.credentials).toBeNull()
  })

  it('a learner entered by hand with the NIS but no NISN is matched by the NIS and gets the NISN', async () => {
    const byHand = await aStudent(t, {
      account: false,
      values: { nisn: null, nis: nis(), fullName: 'Tanpa NISN' },
    })
    const p = person({ nis: byHand.student.nis, nama: 'Tanpa NISN' })
    const res = await upload(rosterCsv([p]), { dryRun: false })
    expect(res.status).toBe(201)
    expect(res.body.data.rows[0]).toMatchObject({ action: 'update' })
    expect(res.body.data.rows[0].changes).toContain('nisn')
    const stored = await byNisn(p.nisn)
    expect(stored.id).toBe(byHand.studentId)
    expect(stored.userId).toBeNull()
  })

  it('importing the same file again changes nothing: every row unchanged', async () => {
    const people = [
      person(),
      person({ email: 'ulang@example.com' }),
      person({ rombel: 'XII AKL 2', jurusan: 'AKL' }),
    ]
    const file = rosterCsv(people)
    const first = await upload(file, { dryRun: false })
    expect(first.status).toBe(201)
    const ids = people.map((p) => p.nisn)
    const learnersBefore = await t.db.select().from(students).where(inArray(students.nisn, ids))
    const userIds = learnersBefore.map((s) => s.userId!)
    const accountsBefore = await t.db.select().from(users).where(inArray(users.id, userIds))
    const audits = (await counts()).audits

    const again = await upload(file, { dryRun: false })
    expect(again.status).toBe(201)
    expect(again.body.data.totals).toEqual({ rows: 3, create: 0, update: 0, unchanged: 3, left: 0, error: 0 })
    expect(again.body.data.credentials).toBeNull()
    expect(await t.db.select().from(students).where(inArray(students.nisn, ids))).toEqual(learnersBefore)
    expect(await t.db.select().from(users).where(inArray(users.id, userIds))).toEqual(accountsBefore)
    // Only the run's own audit row: no learner was touched.
    expect((await counts()).audits).toBe(audits + 1)
  })
})

describe('NISN is unique', () => {
  it("the admin's student form refuses a NISN the roster gave another student (409 on nisn)", async () => {
    const p = person()
    expect((await upload(rosterCsv([p]), { dryRun: false })).status).toBe(201)
    const res = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: { nis: nis(), nisn: p.nisn, full_name: 'Kembar NISN', major_id: tkj.id },
    })
    expect(res.status).toBe(409)
    expect(res.body.errors).toEqual({ nisn: ['sudah dipakai siswa atau alumni lain'] })
  })
})

describe('GET /api/admin/imports/:id/credentials.xlsx', () => {
  it('hands the sheet once to who imported; the passwords are never in the database in clear', async () => {
    const people = [
      person({ rombel: 'XII TKJ 2' }),
      person({ rombel: 'XII TKJ 1', email: 'wati@example.com' }),
    ]
    const res = await upload(rosterCsv(people), { dryRun: false })
    expect(res.status).toBe(201)
    const id = res.body.data.id as number
    const [run] = await t.db.select().from(importRuns).where(eq(importRuns.id, id))
    expect(run.credentials).toMatch(/^[A-Za-z0-9+/]+=*$/)
    expect(run).toMatchObject({ credentialsCount: 2, credentialsDownloadedAt: null })
    const copy = await databaseText(t)

    // Another admin: as if it did not exist; and the list says the sheet is not theirs to take.
    expect((await download(id, otherAdmin)).statusCode).toBe(404)
    const list = await call(t, 'GET', '/api/admin/imports', { as: otherAdmin })
    expect(list.body.data.find((r: { id: number }) => r.id === id).credentials).toMatchObject({
      count: 2,
      available: false,
    })
    const mine = await call(t, 'GET', '/api/admin/imports', { as: admin })
    expect(mine.body.data.find((r: { id: number }) => r.id === id)).toMatchObject({
      fileName: 'roster.csv',
      createdBy: { id: admin.id },
      totals: { create: 2 },
      credentials: { available: true, downloadedAt: null },
    })

    // A HEAD first (a link checker, a download manager asking before it fetches): answered, nothing used up.
    const head = await download(id, admin, 'HEAD')
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toContain('spreadsheetml')
    expect(head.rawPayload.length).toBe(0)
    expect((await download(id, otherAdmin, 'HEAD')).statusCode).toBe(404)
    const [untouched] = await t.db.select().from(importRuns).where(eq(importRuns.id, id))
    expect(untouched).toMatchObject({ credentials: run.credentials, credentialsDownloadedAt: null })

    const sheet = await download(id)
    expect(sheet.statusCode).toBe(200)
    expect(sheet.headers['content-type']).toContain('spreadsheetml')
    expect(sheet.headers['content-disposition']).toBe(`attachment; filename="akun-siswa-impor-${id}.xlsx"`)
    expect(sheet.headers['cache-control']).toBe('no-store')
    const rows = await readSheet(sheet.rawPayload)
    expect(rows.map((r) => [r.Rombel, r.NISN, r['E-mail untuk masuk']])).toEqual([
      ['XII TKJ 1', people[1].nisn, 'wati@example.com'],
      ['XII TKJ 2', people[0].nisn, `${people[0].nisn}@${DOMAIN}`],
    ])
    for (const r of rows) {
      expect(r['Kata sandi awal']).toMatch(/^[A-Za-z0-9]{12}$/)
      // Not in the database before the download (ciphertext included), nor after.
      expect(copy).not.toContain(r['Kata sandi awal'])
    }
    expect(await databaseText(t)).not.toContain(rows[0]['Kata sandi awal'])
    // The key is not in the database either: a file of DATA_DIR, readable by the service's user only.
    const keyPath = join(t.dataDir, 'credentials.key')
    expect(statSync(keyPath).mode & 0o777).toBe(0o600)

    const [after] = await t.db.select().from(importRuns).where(eq(importRuns.id, id))
    expect(after.credentials).toBeNull()
    expect(after.credentialsDownloadedAt).toBeInstanceOf(Date)
    const twice = await download(id)
    expect(twice.statusCode).toBe(410)
    expect((await download(id, admin, 'HEAD')).statusCode).toBe(410)
    expect(JSON.parse(twice.body).message).toContain('hanya dapat diunduh sekali')
  })

  it('after 24 hours the sheet is gone (410) and its ciphertext wiped', async () => {
    const res = await upload(rosterCsv([person()]), { dryRun: false })
    const id = res.body.data.id as number
    await t.db
      .update(importRuns)
      .set({ credentialsExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(importRuns.id, id))
    const late = await download(id)
    expect(late.statusCode).toBe(410)
    expect(JSON.parse(late.body)).toMatchObject({ success: false, data: null })
    expect(JSON.parse(late.body).message).toContain('kedaluwarsa')
    const [run] = await t.db.select().from(importRuns).where(eq(importRuns.id, id))
    expect(run.credentials).toBeNull()
    expect(run.credentialsDownloadedAt).toBeNull()
  })

  it('404 for an unknown run and for a run without new accounts', async () => {
    expect((await download(2_000_000_000)).statusCode).toBe(404)
    const existing = await aStudent(t, { majorId: tkj.id, values: { nisn: nisn(), className: 'XII TKJ 1' } })
    const res = await upload(
      rosterCsv([
        person({ nisn: existing.student.nisn!, nis: existing.student.nis, nama: existing.student.fullName }),
      ]),
      { dryRun: false },
    )
    expect(res.body.data.totals.create).toBe(0)
    expect((await download(res.body.data.id)).statusCode).toBe(404)
  })

  it("the imported account logs in with the sheet's password and must change it first", async () => {
    const p = person()
    const res = await upload(rosterCsv([p]), { dryRun: false })
    const [row] = await readSheet((await download(res.body.data.id)).rawPayload)
    const email = `${p.nisn}@${DOMAIN}`
    const login = await logIn(t, email, row['Kata sandi awal'])
    expect(login.status).toBe(200)
    expect(login.body.data.user).toMatchObject({ email, role: 'siswa', mustChangePassword: true })
    const session = { authorization: `Bearer ${login.body.data.token}` }
    const blocked = await call(t, 'GET', '/api/job-vacancies', { as: session })
    expect(blocked.status).toBe(403)
    expect(blocked.body.code).toBe('password_change_required')

    const changed = await call(t, 'POST', '/api/change-password', {
      as: session,
      body: {
        current_password: row['Kata sandi awal'],
        password: 'Kebun-Teh-Malabar-2031',
        password_confirmation: 'Kebun-Teh-Malabar-2031',
      },
    })
    expect(changed.status).toBe(200)
    const learner = await byNisn(p.nisn)
    expect(await accountOf(learner.userId)).toMatchObject({ mustChangePassword: false })
    expect((await call(t, 'GET', '/api/job-vacancies', { as: session })).status).toBe(200)
  })
})

describe('roster import: the login e-mail', () => {
  it("refuses an Email the learner form refuses (422 on email), e.g. a trailing comma: it would become the account's login", async () => {
    const email = 'budi.santoso@gmail.com,'
    // The learner form (and user management, forgot-password) refuse it as an e-mail address.
    const form = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: { nis: nis(), full_name: 'Budi Santoso', major_id: tkj.id, email },
    })
    expect(form.status).toBe(422)
    expect(form.body.errors.email).toBeDefined()

    const file = rosterCsv([person({ email, nama: 'Budi Santoso' })])
    const preview = await upload(file, { dryRun: true })
    expect(preview.status).toBe(200)
    expect(preview.body.data.rows[0]).toMatchObject({
      action: 'error',
      errors: [expect.objectContaining({ field: 'email' })],
    })

    const real = await upload(file)
    expect(real.status).toBe(422)
    expect(real.body.errors['rows.2.email']).toBeDefined()
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([])
  })
})

/**
 * Waits (up to 5 s) until a session of the test database waits for a lock on the learners: the import,
 * blocked behind the graduation's uncommitted row lock. The assertions decide either way.
 */
async function importWaitsForTheGraduation() {
  for (let i = 0; i < 100; i++) {
    const res = (await t.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query ilike '%students%'`)) as unknown as {
      rows: { n: number }[]
    }
    if (res.rows[0].n > 0) return
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('roster import racing a graduation', () => {
  it('does not rewrite a learner who became an alumnus while the import was running (the import refuses alumni)', async () => {
    const s = await aStudent(t, {
      majorId: tkj.id,
      values: { nisn: nisn(), nis: nis(), fullName: 'Rina Wulandari', className: 'XII TKJ 1' },
    })
    const file = rosterCsv([
      person({
        nisn: s.student.nisn as string,
        nis: s.student.nis,
        nama: 'Rina Wulandari Putri',
        rombel: 'XII TKJ 3',
      }),
    ])
    let importing: ReturnType<typeof upload> | undefined
    // The graduation (the real query) commits while the import, which planned before it, writes.
    await t.db.transaction(async (tx) => {
      await graduate(tx, [s.studentId], 2025)
      importing = upload(file)
      await importWaitsForTheGraduation()
    })
    const res = await importing!
    const [after] = await t.db.select().from(students).where(eq(students.id, s.studentId))
    // An alumnus is out of the import's reach: not renamed, not moved to another class.
    expect(after).toMatchObject({ graduationYear: 2025, className: 'XII TKJ 1', fullName: 'Rina Wulandari' })
    const [account] = await t.db.select().from(users).where(eq(users.id, s.id))
    expect(account.fullName).not.toBe('Rina Wulandari Putri')
    expect(res.status).not.toBe(201)
  })
})
