import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { answerTracerStudy } from '../support/builders/tracer-study.js'
import { shownInCalc } from '../support/office.js'

const t = useTestApp()
let admin: Account

/**
 * Staff download the tracer-study list as Excel ("Unduh Excel") and open it. A graduation year is a year
 * (2024, not 2,024), a salary in rupiah reads with its thousands grouped, and a NIS or phone number is the
 * text written (leading zeros kept). What Calc shows is read back as text (en-US separators here; an
 * Indonesian Excel shows the same formats with "." and ",").
 */
beforeAll(async () => {
  admin = await anAdmin(t)
  const major = await aMajor(t, { name: 'Teknik Kendaraan Ringan' })
  const alumna = await anAlumnus(t, {
    majorId: major.id,
    values: { fullName: 'Nur Aini', graduationYear: 2024, nis: '0045123', phone: '081234567890' },
  })
  await answerTracerStudy(t, alumna)
})

describe('the tracer-study list as a workbook', () => {
  it('shows the graduation year as 2024 (not 2,024), the salary as 5,200,000, NIS and phone as written', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tracer-studies?format=xlsx&graduation_year=2024',
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    const [header, row] = shownInCalc(res.rawPayload)
    const cell = (name: string) => row[header.indexOf(name)]
    expect(cell('Nama')).toBe('Nur Aini')
    // Observed before: "2,024" (the year in the thousands format "#,##0").
    expect(cell('Tahun Lulus')).toBe('2024')
    expect(cell('Gaji Pertama (Rp)')).toBe('5,200,000')
    expect(cell('Masa Tunggu (Bulan)')).toBe('3')
    expect(cell('NIS')).toBe('0045123')
    expect(cell('Telepon')).toBe('081234567890')
  }, 120_000)
})
