import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { csvText, learnerByNisn, ROSTER_HEADER, uploadRoster } from '../support/roster.js'

/**
 * CSV rosters as schools' machines write them. Excel on Windows saves "CSV (Comma delimited)" in Windows-1252,
 * where names carry typographic apostrophes and quotes (Nur’aini, Ma’ruf: 0x92, 0x93, 0x94); Node 20's
 * TextDecoder read those bytes as control characters, stored invisibly in the name, which the learner form
 * then refused. A file pasted together from two sources was decoded whole as Windows-1252 for one stray byte.
 * A title line with a comma above a ";" header hid the header; an HTML table named .xls was "without header".
 */
const t = useTestApp({ SCHOOL_EMAIL_DOMAIN: 'smkn9.sch.id' })
let admin: Account
beforeAll(async () => {
  admin = await anAdmin(t)
  await aMajor(t, { code: 'TKJ', name: 'Teknik Komputer dan Jaringan' })
})

const HEADER = ROSTER_HEADER
const upload = (file: Buffer, opts: { dryRun?: boolean; filename?: string } = {}) =>
  uploadRoster(t, file, { ...opts, as: admin })
const byNisn = (id: string) => learnerByNisn(t, id)

/** The text as Windows-1252 bytes (’ is 0x92, é is 0xE9); every other character here is ASCII. */
function cp1252(text: string): Buffer {
  const table: Record<string, number> = { '’': 0x92, '“': 0x93, '”': 0x94, é: 0xe9 }
  return Buffer.from([...text].map((c) => table[c] ?? c.charCodeAt(0)))
}

const row = (nisn: string, nis: string, nama: string) => [
  nisn,
  nis,
  nama,
  'P',
  'Bandung',
  '02/01/2008',
  'XII TKJ 1',
  'TKJ',
  '',
  '',
]

const rows = [
  HEADER,
  ['0099700001', '97001', 'Siti Nur’aini', 'P', 'Bandung', '02/01/2008', 'XII TKJ 1', 'TKJ', '', ''],
  ['0099700002', '97002', 'André Ma’ruf', 'L', 'Garut', '03/02/2008', 'XII TKJ 1', 'TKJ', '', ''],
]

describe('a Windows-1252 CSV (Excel "CSV (Comma delimited)") with typographic apostrophes', () => {
  it('stores the names as written: ’ (U+2019), not the control character U+0092', async () => {
    const res = await upload(cp1252(csvText(rows)), { dryRun: false })

    expect(res.status).toBe(201)
    // é (0xE9) was read right; ’ (0x92) became "\u0092": "Siti Nur\u0092aini", shown as "Siti Nuraini".
    expect((await byNisn('0099700002')).fullName).toBe('André Ma’ruf')
    expect((await byNisn('0099700001')).fullName).toBe('Siti Nur’aini')
  })

  it('the admin can then save the imported learner in the learner form without touching the name', async () => {
    const learner = await byNisn('0099700001')
    const res = await call(t, 'PUT', `/api/admin/students/${learner.id}`, {
      as: admin,
      body: { full_name: learner.fullName, class_name: 'XII TKJ 2' },
    })
    // It was 422 on full_name ("one line of text, without line breaks or control characters"): the admin
    // sees "Siti Nuraini" in the field and cannot tell what is wrong with it.
    expect(res.body.errors?.full_name).toBeUndefined()
    expect(res.status).toBe(200)
  })
})

describe('reading CSV rosters', () => {
  it("a UTF-8 file with one stray Windows-1252 byte keeps the other rows' names intact (no mojibake stored)", async () => {
    // Rows pasted together from two sources: row 2 is UTF-8 (a curly apostrophe, U+2019), row 3 carries
    // one Windows-1252 byte (0xE9, é). decode() in src/modules/imports/roster.ts tries UTF-8 for the whole
    // file and, on the one bad byte, decodes the whole file as Windows-1252.
    const utf8 = Buffer.from(
      csvText([HEADER, row('0099800001', '98001', 'Siti Nur’aini'), row('0099800002', '98002', 'AndrX')]),
      'utf8',
    )
    const at = utf8.indexOf(Buffer.from('AndrX')) + 4
    const file = Buffer.concat([utf8.subarray(0, at), Buffer.from([0xe9]), utf8.subarray(at + 1)])

    const res = await upload(file, { dryRun: true })

    expect(res.status).toBe(200)
    // It was "Siti Nurâ€™aini" (the UTF-8 bytes of ’ read as three Windows-1252 characters), silently:
    // the row was "create" with no error or warning, and a real run stored that name on learner and account.
    const names = res.body.data.rows.map((r: { fullName: string }) => r.fullName)
    expect(names).toEqual(['Siti Nur’aini', 'André'])
  })

  it('a name holding a control character is a row error, as the learner form refuses it', async () => {
    const file = Buffer.from(csvText([HEADER, row('0099800009', '98009', 'Rina\u0085Wati')]), 'utf8')
    const res = await upload(file, { dryRun: true })
    expect(res.status).toBe(200)
    expect(res.body.data.rows[0]).toMatchObject({
      action: 'error',
      errors: [
        {
          column: 'Nama',
          field: 'full_name',
          message: 'harus berupa satu baris teks, tanpa baris baru atau karakter kendali',
        },
      ],
    })
  })

  it('a ";" CSV with a title line holding a comma above the header is read (the delimiter is the header\'s)', async () => {
    // delimiterOf() takes the delimiter of the first line that has any: the title's comma wins over the
    // header's nine semicolons, and the header is then "not found".
    const text = `Daftar Peserta Didik Kelas XII, SMK Negeri 9 Bandung\r\n${csvText([HEADER, row('0099800003', '98003', 'Rina')], ';')}`

    const res = await upload(Buffer.from(text, 'utf8'), { dryRun: true })

    // It was 422 on file "baris judul kolom tidak ditemukan: salah satu dari 20 baris pertama harus memuat
    // kolom NISN dan Nama", although line 2 is exactly that header.
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ headerRow: 2, totals: { create: 1, error: 0 } })
  })

  it('an ".xls" that is an HTML table (as many school systems export "Excel") is refused as not CSV/XLSX (415), not as a file without a header', async () => {
    const html = `<html><head><meta charset="utf-8"></head><body><table>
<tr><td>NISN</td><td>NIS</td><td>Nama</td><td>JK</td><td>Tempat Lahir</td><td>Tanggal Lahir</td><td>Rombel</td><td>Jurusan</td></tr>
<tr><td>0099800004</td><td>98004</td><td>Rudi</td><td>L</td><td>Bandung</td><td>02/01/2008</td><td>XII TKJ 1</td><td>TKJ</td></tr>
</table></body></html>`

    const res = await upload(Buffer.from(html, 'utf8'), { dryRun: true, filename: 'data-siswa.xls' })

    // It was 422 "baris judul kolom tidak ditemukan: … harus memuat kolom NISN dan Nama": the admin, who sees
    // those very columns when the file opens in Excel, is sent looking for a header problem that is not there.
    expect(res.status).toBe(415)
    expect(res.body.errors.file[0]).toMatch(/CSV atau XLSX/)
  })
})

describe('Excel\'s "Unicode Text (*.txt)": UTF-16 with a byte-order mark, tab-separated', () => {
  // The save Excel offers for a sheet with names that Windows-1252 cannot hold. It was read as Windows-1252,
  // a NUL between every two letters, and refused: "baris judul kolom tidak ditemukan", the header in plain view.
  const text = csvText(
    [HEADER, row('0099800011', '98011', 'Siti Nur’aini'), row('0099800012', '98012', 'Đặng Minh')],
    '\t',
  )
  const bom = (order: 'le' | 'be') => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    return order === 'le' ? le : Buffer.from(le).swap16()
  }

  it.each(['le', 'be'] as const)('UTF-16 %s: the rows are read with their names', async (order) => {
    const res = await upload(bom(order), { dryRun: true, filename: 'data-siswa.txt' })

    expect(res.status).toBe(200)
    expect(res.body.data.rows.map((r: { fullName: string }) => r.fullName)).toEqual([
      'Siti Nur’aini',
      'Đặng Minh',
    ])
  })
})
