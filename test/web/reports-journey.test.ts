/**
 * The career center's reports and front page, and the alumna's tracer study, in Debian's chromium against
 * the real service on a fresh database with the demo data: the admin sees the dashboard figures, opens the
 * reports, changes filters (kept in the URL), downloads CSV and Excel; the demo alumna fills and saves the
 * tracer study (a 422 shown at its field first) and finds it saved after a reload. Screenshots go to
 * docs/screens/ with UPDATE_SCREENS=1 (a temporary folder otherwise).
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, login, pick, shot } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client: reports, dashboard and tracer study in the browser', () => {
  let svc: RunningService
  let page: Page

  const apiGet = async (path: string) => {
    const res = await apiAs(page, svc.url, path)
    expect(res.status).toBe(200)
    return res.body.data
  }

  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('admin: the front page shows the dashboard figures the API answers', async () => {
    await login(page, svc.url, 'admin@demo.test')
    await page.waitForURL(/\/admin$/)
    const d = await apiGet('/api/admin/dashboard')
    const card = (name: string) =>
      page.locator('.mantine-Card-root').filter({ has: page.getByText(name, { exact: true }) })
    await card('Lowongan terbuka').waitFor()
    expect(await card('Lowongan terbuka').innerText()).toContain(String(d.vacancies.open))
    expect(await card('Perusahaan mitra aktif').innerText()).toContain(`dari ${d.companies.total} perusahaan`)
    expect(await card('Kehadiran menunggu validasi').innerText()).toContain(
      String(d.attendanceAwaitingValidation),
    )
    expect(await card('Respons tracer study').innerText()).toContain(`dari ${d.tracerStudy.alumni} alumni`)
    await page.getByText(`Tahun ajaran ${d.schoolYear}`).waitFor()
    await page.getByRole('figure', { name: 'Lamaran tahun ajaran ini per status' }).waitFor()
  }, 60_000)

  it('admin: opens the reports, filters them (URL kept), downloads CSV and Excel', async () => {
    await page.getByRole('link', { name: 'Laporan', exact: true }).first().click()
    await page.waitForURL(/\/admin\/laporan$/)
    await page.getByRole('tab', { name: 'Rekrutmen per perusahaan' }).waitFor()
    await page.getByRole('cell', { name: 'PT Astra Otoparts Tbk' }).waitFor()
    await page.getByRole('cell', { name: 'Total', exact: true }).waitFor()
    await page.getByRole('figure', { name: /per perusahaan/ }).waitFor()

    // Nothing chosen reads "Semua …"; a filter goes into the URL; another tab keeps it; a reload reopens
    // the same view.
    expect(
      await page
        .getByLabel(/^Tahun ajaran/)
        .first()
        .getAttribute('placeholder'),
    ).toBe('Semua tahun ajaran')
    await pick(page, 'Kompetensi keahlian', /Teknik Kendaraan Ringan/)
    await page.waitForURL(/major_id=\d+/)
    const majorId = new URL(page.url()).searchParams.get('major_id')
    await page.getByRole('tab', { name: 'Tracer study' }).click()
    await page.waitForURL((u) => u.searchParams.get('report') === 'tracer-study')
    expect(new URL(page.url()).searchParams.get('major_id')).toBe(majorId)
    await page.getByText('Status karier responden (%)').waitFor()
    await page.reload()
    await expect
      .poll(() => page.getByRole('tab', { name: 'Tracer study' }).getAttribute('aria-selected'))
      .toBe('true')
    await expect
      .poll(() =>
        page
          .getByLabel(/^Kompetensi keahlian/)
          .first()
          .inputValue(),
      )
      .toMatch(/Teknik Kendaraan Ringan/)

    // Dates are typed the Indonesian way (dd/mm/yyyy) although the browser speaks English. A range the
    // wrong way round: the API's 422 shows at "Sampai tanggal".
    expect(await page.getByRole('textbox', { name: 'Dari tanggal' }).getAttribute('placeholder')).toBe(
      'hh/bb/tttt',
    )
    await page.getByRole('textbox', { name: 'Dari tanggal' }).fill('10/01/2026')
    await page.waitForURL(/date_from=2026-01-10/)
    await page.getByRole('textbox', { name: 'Sampai tanggal' }).fill('01/01/2026')
    await page.waitForURL(/date_to=2026-01-01/)
    await page.keyboard.press('Escape')
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Sampai tanggal' }).getAttribute('aria-invalid'))
      .toBe('true')
    expect(await page.getByRole('textbox', { name: 'Dari tanggal' }).inputValue()).toBe('10/01/2026')
    await page.getByRole('button', { name: 'Hapus saringan' }).click()
    await page.waitForURL((u) => u.search === '?report=tracer-study')
    await pick(page, 'Kompetensi keahlian', /Teknik Kendaraan Ringan/)
    await page.waitForURL(/major_id=\d+/)

    for (const [button, ext] of [
      ['Unduh CSV', 'csv'],
      ['Unduh Excel', 'xlsx'],
    ] as const) {
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: button }).click()
      const file = await download
      // The major by its code as the school knows it (the demo's TKR), not its id.
      expect(file.suggestedFilename()).toBe(`laporan-tracer-study_jurusan-TKR.${ext}`)
      const body = await readFile((await file.path()) as string)
      expect(body.length).toBeGreaterThan(100)
      if (ext === 'csv') expect(body.toString('utf8')).toContain('Bagian')
      else expect(body.subarray(0, 2).toString()).toBe('PK') // a zip, as every .xlsx is
    }
    await page
      .getByText(/^Laporan diunduh: laporan-tracer-study/)
      .first()
      .waitFor()

    // The recruitment report as CSV, unfiltered: the demo companies and the totals line.
    await page.goto(`${svc.url}/admin/laporan`)
    await page.getByRole('cell', { name: 'PT Astra Otoparts Tbk' }).waitFor()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Unduh CSV' }).click()
    const csv = await download
    expect(csv.suggestedFilename()).toBe('laporan-rekrutmen.csv')
    const text = await readFile((await csv.path()) as string, 'utf8')
    expect(text).toContain('PT Astra Otoparts Tbk')
    expect(text).toContain('TOTAL')
  }, 120_000)

  it('alumna: fills the tracer study, sees a missing field named at it, saves, finds it after reload', async () => {
    await login(page, svc.url, 'alumni@demo.test')
    await page.getByRole('link', { name: 'Tracer study' }).click()
    await page.waitForURL(/\/tracer-study$/)
    // The demo alumna answered once already: looking for work (version 1).
    await page.getByText('Tersimpan (versi 1)').waitFor()
    expect(await page.getByRole('radio', { name: /^Mencari kerja/ }).isChecked()).toBe(true)
    await page.getByRole('radio', { name: /^Bekerja/ }).check()
    const box = (name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) })
    await box('Nama perusahaan / instansi').fill('PT Telkom Akses')
    await box('Bidang industri').fill('Telekomunikasi')
    await box('Kota / kabupaten').fill('Bandung')
    await box('Provinsi').fill('Jawa Barat')
    await box('Gaji pertama per bulan').fill('4500000')
    await box('Masa tunggu').fill('2')
    await page.getByLabel(/^Mulai bekerja/).fill('01/08/2025')
    await page.keyboard.press('Escape')
    await pick(page, 'Kesesuaian pekerjaan dengan jurusan', /^Sesuai$/)
    expect(await box('Gaji pertama per bulan').inputValue()).toBe('4.500.000')

    // The job title is missing: the API's 422 names it, and the form shows it at that field.
    await page.getByRole('button', { name: 'Simpan perubahan' }).click()
    await expect.poll(() => box('Jabatan / posisi').getAttribute('aria-invalid')).toBe('true')
    expect((await apiGet('/api/alumni/tracer-study')).current).toMatchObject({
      version: 1,
      careerStatus: 'mencari_kerja',
    })

    await box('Jabatan / posisi').fill('Teknisi Jaringan')
    await page.getByRole('button', { name: 'Simpan perubahan' }).click()
    await page.getByText('Tracer study berhasil diperbarui.').waitFor()
    await page.getByText('Tersimpan (versi 2)').waitFor()

    await page.reload()
    await page.getByText('Tersimpan (versi 2)').waitFor()
    expect(await page.getByRole('radio', { name: /^Bekerja/ }).isChecked()).toBe(true)
    expect(await box('Nama perusahaan / instansi').inputValue()).toBe('PT Telkom Akses')
    expect(await box('Gaji pertama per bulan').inputValue()).toBe('4.500.000')
    expect(await page.getByLabel(/^Mulai bekerja/).inputValue()).toBe('01/08/2025')
    const history = page.getByRole('table')
    await history.getByText('Terkini').waitFor()
    await history.getByText(/^Rp\s4\.500\.000$/).waitFor()
    await history.getByText('1 Agu 2025').waitFor()
    await shot(page, 'alumni-tracer')

    expect((await apiGet('/api/alumni/tracer-study')).current).toMatchObject({
      version: 2,
      careerStatus: 'bekerja',
      institutionName: 'PT Telkom Akses',
      jobTitle: 'Teknisi Jaringan',
      sector: 'Telekomunikasi',
      city: 'Bandung',
      province: 'Jawa Barat',
      startingSalary: 4_500_000,
      waitingPeriodMonths: 2,
      jobFit: 'sesuai',
      startDate: '2025-08-01',
    })

    // Another save (now her own business) is version 3; the earlier ones are the history.
    await page.getByRole('radio', { name: /^Wirausaha/ }).check()
    await box('Nama usaha').fill('Jasa Situs Siti Digital')
    await page.getByRole('button', { name: 'Simpan perubahan' }).click()
    await page.getByText('Tersimpan (versi 3)').waitFor()
    await page.getByRole('cell', { name: 'Jasa Situs Siti Digital' }).waitFor()
    await page.getByRole('cell', { name: 'PT Telkom Akses' }).waitFor()
    const saved = await apiGet('/api/alumni/tracer-study')
    expect(saved.current).toMatchObject({
      version: 3,
      careerStatus: 'wirausaha',
      institutionName: 'Jasa Situs Siti Digital',
      startingSalary: 4_500_000,
    })
    expect(saved.history.map((h: { version: number }) => h.version)).toEqual([2, 1])

    // The admin's tracer-study report now counts her business (the demo's only work region in Bandung).
    await login(page, svc.url, 'admin@demo.test')
    await page.goto(`${svc.url}/admin/laporan?report=tracer-study`)
    const report = await apiGet('/api/admin/reports/tracer-study')
    expect(report.cities).toContainEqual(expect.objectContaining({ city: 'Bandung', count: 1 }))
    const respondents = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByText('Responden', { exact: true }) })
    await expect.poll(() => respondents.innerText()).toMatch(new RegExp(`\\n${report.respondents}\\n`))
    await page
      .getByRole('cell', { name: /^Bandung/ })
      .first()
      .waitFor()
    await shot(page, 'admin-laporan')
  }, 120_000)
})
