import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'

const t = useTestApp()

/**
 * The head of the career center downloads the recruitment report once per major ("Unduh CSV", major
 * "TKJ – Teknik Komputer dan Jaringan", then the next major…) to send each head of department theirs. A CSV
 * holds only the table: the file's name is the one place that says which major its figures are for. It must
 * name the major as the school knows it (its code), not the database's internal number.
 */
describe('a report downloaded for one major', () => {
  it('names the major in the file name by its code (jurusan-TKJ), not its internal id', async () => {
    const admin = await anAdmin(t)
    const major = await aMajor(t, { code: 'TKJ', name: 'Teknik Komputer dan Jaringan' })
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/recruitment?format=csv&school_year=2025/2026&major_id=${major.id}`,
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    const body = res.rawPayload.toString('utf8')
    // Nothing in the CSV itself says which major it is about.
    expect(body).not.toContain('TKJ')
    expect(body).not.toContain('Teknik Komputer')
    // Observed before: attachment; filename="laporan-rekrutmen_2025-2026_jurusan-<id>.csv"
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="laporan-rekrutmen_2025-2026_jurusan-TKJ.csv"',
    )
  })

  it('every report and the tracer-study list, CSV and XLSX, name the major by its code', async () => {
    const admin = await anAdmin(t)
    const major = await aMajor(t, { code: 'TKR-2.A', name: 'Teknik Kendaraan Ringan' })
    const urls = {
      'laporan-rekrutmen': '/api/admin/reports/recruitment',
      'laporan-kehadiran': '/api/admin/reports/attendance',
      'laporan-penyerapan': '/api/admin/reports/absorption',
      'laporan-tracer-study': '/api/admin/reports/tracer-study',
      'tracer-study-alumni': '/api/admin/tracer-studies',
    }
    for (const [stem, url] of Object.entries(urls))
      for (const format of ['csv', 'xlsx']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?format=${format}&major_id=${major.id}`,
          headers: { authorization: admin.authorization },
        })
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="${stem}_jurusan-TKR-2.A.${format}"`,
        )
      }
  })

  it('a code the master data would refuse is not put in the file name: jurusan-#<id>', async () => {
    const admin = await anAdmin(t)
    // Written straight to the table (an old row, or by hand): the form takes letters, digits, . _ - only.
    const major = await aMajor(t, { code: '../Ü "x"', name: 'Jurusan Lama' })
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/absorption?format=csv&major_id=${major.id}`,
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="laporan-penyerapan_jurusan-#${major.id}.csv"`,
    )
  })
})
