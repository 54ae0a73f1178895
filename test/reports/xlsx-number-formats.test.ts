import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { answerTracerStudy } from '../support/builders/tracer-study.js'
import { shownInCalc } from '../support/office.js'

const t = useTestApp()
let admin: Account

/**
 * Staff download the reports as Excel ("Unduh Excel") and open them. A graduation year is a year, and a
 * salary in rupiah reads with its thousands grouped, as the screen shows "Rp5.200.000". What Calc shows is
 * read back as text (en-US separators here; an Indonesian Excel shows the same formats with "." and ",").
 */
beforeAll(async () => {
  admin = await anAdmin(t)
  const major = await aMajor(t, { name: 'Teknik Kendaraan Ringan' })
  const alumna = await anAlumnus(t, {
    majorId: major.id,
    values: { fullName: 'Nur Aini', graduationYear: 2024 },
  })
  await answerTracerStudy(t, alumna)
})

const shown = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: admin.authorization } })
  expect(res.statusCode).toBe(200)
  return shownInCalc(res.rawPayload)
}

describe('report workbooks as a spreadsheet shows them', () => {
  it('tracer study: salaries in rupiah with thousands grouped (5,200,000, not 5200000.00), months with decimals', async () => {
    const rows = await shown('/api/admin/reports/tracer-study?format=xlsx')
    const value = (section: string, item: string) => rows.find(([s, i]) => s === section && i === item)?.[4]
    expect(rows[0][4]).toBe('Nilai')
    // Observed before: "5200000.00" (the format "0.00" of waiting periods, used for rupiah too).
    expect(value('Gaji pertama (Rp)', 'Kuartil 1')).toBe('5,200,000')
    expect(value('Gaji pertama (Rp)', 'Median')).toBe('5,200,000')
    expect(value('Gaji pertama (Rp)', 'Kuartil 3')).toBe('5,200,000')
    expect(value('Masa tunggu (bulan)', 'Rata-rata')).toBe('3.00')
    expect(value('Masa tunggu (bulan)', 'Median')).toBe('3.00')
    expect(value('Ringkasan', 'Alumni dalam cakupan')).toBe('')
  }, 120_000)

  it('absorption: the graduation year as 2024 (no thousands separator)', async () => {
    const rows = await shown('/api/admin/reports/absorption?format=xlsx')
    const [header, ...lines] = rows
    const year = header.indexOf('Angkatan (Tahun Lulus)')
    expect(lines.map((r) => r[year])).toContain('2024')
    expect(lines.flat().join(' ')).not.toContain('2,024')
  }, 120_000)
})
