import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { openedInCalc } from '../support/office.js'

const t = useTestApp()
let admin: Account
let majorId: number

/**
 * Staff download the alumni who have not answered the tracer study ("Unduh CSV" on the Tracer study page) to
 * phone them. Each alumnus keeps a number in the profile as they write it: 0812-3456-7890 (stored
 * 081234567890) or +62 813-1111-2222 (stored +6281311112222). Opened in a spreadsheet, the CSV's Telepon cell
 * must still be that phone number as text, and a NIS with a leading zero must keep it: a spreadsheet reads a
 * CSV cell that looks like a number as that number (81234567890, shown 8,12346E+10; 6281311112222; 45123).
 */
beforeAll(async () => {
  admin = await anAdmin(t)
  majorId = (await aMajor(t, { name: 'Teknik Kendaraan Ringan' })).id
  const people = [
    { fullName: 'Nur Aini', nis: '0045123', phone: '0812-3456-7890' },
    { fullName: 'Yoga Pratama', nis: '0045124', phone: '+62 813-1111-2222' },
  ]
  for (const { phone, ...values } of people) {
    const alumnus = await anAlumnus(t, { majorId, values: { ...values, graduationYear: 2025 } })
    const saved = await call(t, 'PUT', '/api/alumni/portfolio/profile', { as: alumnus, body: { phone } })
    expect(saved.status).toBe(200)
  }
})

const download = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/tracer-studies?format=csv&graduation_year=2025&major_id=${majorId}&answered=false`,
    headers: { authorization: admin.authorization },
  })
  expect(res.statusCode).toBe(200)
  return res.rawPayload
}

describe('the tracer-study list downloaded as CSV', () => {
  it('opened in a spreadsheet, keeps phone numbers and NIS as text with their leading 0 and +', async () => {
    const [header, ...rows] = await openedInCalc(await download())
    const cells = (name: string) => rows.map((r) => r[header.indexOf(name)])
    expect(cells('Nama')).toEqual(['Nur Aini', 'Yoga Pratama'])
    expect(cells('Telepon')).toEqual(['081234567890', '+6281311112222'])
    expect(cells('NIS')).toEqual(['0045123', '0045124'])
    // The other columns read as before: the year a number, the name text.
    expect(cells('Tahun Lulus')).toEqual([2025, 2025])
  }, 120_000)

  it('writes an identifier as ="…" (a string literal), without the formula guard\'s quote', async () => {
    const [header, ...rows] = parse(await download(), { bom: true }) as string[][]
    const nur = rows[0]
    expect(nur[header.indexOf('NIS')]).toBe('="0045123"')
    expect(nur[header.indexOf('Telepon')]).toBe('="081234567890"')
    expect(rows[1][header.indexOf('Telepon')]).toBe('="+6281311112222"')
    expect(nur[header.indexOf('Nama')]).toBe('Nur Aini')
  })
})
