import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { multipart } from '../support/multipart.js'

const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
  await aMajor(t, { code: 'TKJ', name: 'Teknik Komputer dan Jaringan' })
})

const HEADER = ['NISN', 'NIS', 'Nama', 'JK', 'Tempat Lahir', 'Tanggal Lahir', 'Rombel', 'Jurusan']
const ROW = ['0071234567', '24250001', 'Siswa Impor', 'L', 'Bandung', '15/08/2008', 'XII TKJ 1', 'TKJ']

const upload = (data: Buffer, filename: string, contentType: string) => {
  const form = multipart([
    ['file', { data, filename, contentType }],
    ['dry_run', 'true'],
  ])
  return call(t, 'POST', '/api/admin/imports/students', {
    as: admin,
    body: form.body,
    headers: { ...form.headers, 'accept-language': 'en' },
  })
}

/** A one-student roster with one more XML part. */
const xlsxWithPart = async (text: string) => {
  const book = new ExcelJS.Workbook()
  book.addWorksheet('Peserta Didik').addRows([HEADER, ROW])
  const zip = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()))
  // Well under the 64 MB unpacked limit; any name ending in .xml is scanned.
  zip.file('xl/notes.xml', text, { compression: 'DEFLATE' })
  const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
  expect(file.length).toBeLessThan(64 * 1024)
  return file
}

describe('POST /api/admin/imports/students: the size checks before a file is read', () => {
  it('an XML part of 20 MB without a ">" (a 27 KB upload) is scanned in linear time', async () => {
    // Before the fix: the text after the last ">" was carried and scanned again with every chunk (13 s).
    const file = await xlsxWithPart('a'.repeat(20 * 1024 * 1024))
    const t0 = performance.now()
    const res = await upload(file, 'roster.xlsx', 'application/octet-stream')
    expect(res.status).toBe(200)
    expect(res.body.data.totals).toMatchObject({ rows: 1, create: 1 })
    // A linear scan of 20 MB takes well under a second.
    expect(performance.now() - t0).toBeLessThan(5000)
  }, 60_000)

  it('a tag still open after 64 KB is refused with 422 on the file', async () => {
    const res = await upload(
      await xlsxWithPart(`<a${'a'.repeat(20 * 1024 * 1024)}`),
      'roster.xlsx',
      'application/octet-stream',
    )
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      file: [
        'the XLSX file is damaged: an XML tag in it is longer than 64 KB; save it again as a plain workbook',
      ],
    })
  }, 60_000)

  it('a CSV whose header is 970,000 columns wide over 1,000 lines (rows × columns far past 1,000,000) is refused as too large', async () => {
    // docs/decisions.md: more than 1,000,000 cells "(rows × columns up to the last value)" is 422 on `file`.
    // Before the fix: the fields present were counted, and the roster walked every header column on every
    // line (200 after 7.7 s).
    const header = `${HEADER.join(',')}${','.repeat(970_000)}x`
    const text = `${header}\r\n${'\r\n'.repeat(1000)}${ROW.join(',')}\r\n`
    const res = await upload(Buffer.from(text), 'roster.csv', 'text/csv')
    expect(res.status).toBe(422)
    expect(res.body.errors.file?.[0]).toMatch(/too large for a roster/)
  }, 60_000)

  it('a CSV with a stray value 9,000 columns to the right, within 1,000,000 cells, is read', async () => {
    const header = `${HEADER.join(',')}${','.repeat(9_000)}x`
    const text = `${header}\r\n${'\r\n'.repeat(99)}${ROW.join(',')}\r\n`
    const res = await upload(Buffer.from(text), 'roster.csv', 'text/csv')
    expect(res.status).toBe(200)
    expect(res.body.data.totals).toMatchObject({ rows: 1, create: 1 })
  })
})
