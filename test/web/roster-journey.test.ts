/**
 * The career center's roster import and graduation in Debian's chromium, against the real service on a
 * fresh database with the demo data: the admin drops a roster with a bad row (the preview names it and
 * nothing can be imported), picks the fixed file, imports it, downloads the accounts' sheet once; a new
 * student logs in with the sheet's password and is sent to change it; the admin graduates one of the two
 * new students of their class (the other unticked). Screenshots: docs/screens/ with UPDATE_SCREENS=1.
 */
import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login, pick, shot } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

const DOMAIN = 'siswa.sekolah.sch.id'
const stamp = String(Date.now()).slice(-6)
const nisnA = `09${stamp}01`
const nisnB = `09${stamp}02`
const rombel = `XII RPL ${stamp}`
const header = 'NISN;NIS;Nama;JK;Tempat Lahir;Tanggal Lahir;Rombel;Jurusan;Email;No HP;Agama'
const rowA = `${nisnA};R${stamp}1;Rara Anindita;P;Bandung;14/03/2008;${rombel};RPL;;081234500001;Islam`
const rowB = `${nisnB};R${stamp}2;Bima Sakti;L;Cimahi;2008-05-02;${rombel};Rekayasa Perangkat Lunak;;;Islam`
const bad = `12345;R${stamp}3;Tanpa Nisn;X;Garut;31/02/2008;${rombel};Tata Boga;;;`

describeInBrowser('web client: roster import and graduation in the browser', () => {
  let svc: RunningService
  let page: Page
  let password = ''

  const api = async (path: string, init: RequestInit = {}) => {
    const token = await page.evaluate(() => localStorage.getItem('access_token'))
    const res = await fetch(`${svc.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    return { status: res.status, body: await res.json() }
  }

  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('admin: drops a roster with a bad row, sees why, imports the fixed one and downloads the sheet once', async () => {
    await login(page, svc.url, 'admin@demo.test')
    await page.getByRole('link', { name: 'Impor siswa', exact: true }).click()
    await page.waitForURL(/\/admin\/impor-siswa$/)

    // A file refused whole says why, by the file: here, the columns it lacks.
    await page.locator('input[type=file]').setInputFiles({
      name: 'dua-kolom.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`NISN;Nama\r\n${nisnA};Rara Anindita\r\n`),
    })
    const refusal = page.getByRole('alert').filter({ hasText: 'Berkas tidak dapat diimpor' })
    await refusal
      .getByText('kolom wajib tidak ada: NIS, JK, Tempat Lahir, Tanggal Lahir, Rombel, Jurusan')
      .waitFor()

    // Dropped on the area, as a file dragged from the desktop.
    const dropped = await page.evaluateHandle((text) => {
      const dt = new DataTransfer()
      dt.items.add(new File([text], 'rombel-rpl.csv', { type: 'text/csv' }))
      return dt
    }, [header, rowA, rowB, bad].join('\r\n'))
    await page.getByLabel('Unggah daftar siswa').dispatchEvent('drop', { dataTransfer: dropped })
    const preview = page.getByLabel('Pratinjau impor')
    await preview.getByText('1 bermasalah').waitFor()
    expect(await refusal.count()).toBe(0) // the refusal went with the file
    await preview.getByText('2 baru').waitFor()
    await preview.getByText('Kolom yang diabaikan: Agama').waitFor()
    // The bad row is shown first, with each problem at its column.
    await preview.getByRole('cell', { name: 'Tanpa Nisn' }).waitFor()
    await preview.getByText('NISN harus 10 digit angka').waitFor()
    await preview.getByText(/harus tanggal yang valid/).waitFor()
    await preview.getByText(/kompetensi keahlian "Tata Boga" tidak dikenal/).waitFor()
    expect(await preview.getByRole('button', { name: /^Impor \d+ siswa$/ }).isDisabled()).toBe(true)
    await shot(page, 'admin-impor-siswa')

    // The fixed file, chosen with the button.
    await page.locator('input[type=file]').setInputFiles({
      name: 'rombel-rpl.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, rowA, rowB].join('\r\n')),
    })
    await preview.getByText('0 bermasalah').waitFor()
    await preview.getByText('2 baru').waitFor()
    await preview.getByText(`Akun: ${nisnA}@${DOMAIN}`).waitFor()
    await preview.getByRole('button', { name: 'Impor 2 siswa' }).click()
    const result = page.getByLabel('Hasil impor')
    await result.getByText('Impor selesai').first().waitFor()
    await result.getByText(/hanya dapat diunduh sekali/).waitFor()

    const download = page.waitForEvent('download')
    await result.getByRole('button', { name: 'Unduh lembar akun (2)' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^akun-siswa-impor-\d+\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load((await readFile((await file.path()) as string)) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    const head = (sheet.getRow(1).values as unknown[]).map(String)
    const rows = [2, 3].map((i) => (sheet.getRow(i).values as unknown[]).map((v) => String(v ?? '')))
    const col = (name: string) => head.indexOf(name)
    const rara = rows.find((r) => r[col('NISN')] === nisnA)!
    expect(rara[col('E-mail untuk masuk')]).toBe(`${nisnA}@${DOMAIN}`)
    password = rara[col('Kata sandi awal')]
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/)
    await result.getByText('Lembar akun sudah diunduh (hanya sekali).').waitFor()

    // The history says so too, and the sheet cannot be had again.
    const runs = await api('/api/admin/imports')
    expect(runs.body.data[0]).toMatchObject({ fileName: 'rombel-rpl.csv', totals: { create: 2 } })
    expect(runs.body.data[0].credentials.available).toBe(false)
    const again = await fetch(`${svc.url}${runs.body.data[0].credentials.downloadUrl}`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}` },
    })
    expect(again.status).toBe(410)
  }, 120_000)

  it("new student: logs in with the sheet's password and is sent to choose their own", async () => {
    await page.goto(`${svc.url}/login`)
    await page.evaluate(() => localStorage.removeItem('access_token'))
    await page.goto(`${svc.url}/login`)
    await page.getByLabel('E-mail').fill(`${nisnA}@${DOMAIN}`)
    await page.getByRole('textbox', { name: 'Kata sandi' }).fill(password)
    await page.getByRole('button', { name: 'Masuk' }).click()
    await page.waitForURL(/\/ganti-kata-sandi/)
    const me = await api('/api/me')
    expect(me.body.data).toMatchObject({ role: 'siswa', mustChangePassword: true })
  }, 60_000)

  it('admin: previews the class, unticks one student and graduates the other', async () => {
    await login(page, svc.url, 'admin@demo.test')
    await page.getByRole('link', { name: 'Kelulusan', exact: true }).click()
    await page.waitForURL(/\/admin\/kelulusan$/)
    await page.getByLabel('Tahun lulus').fill('2025')
    await pick(page, 'Kompetensi keahlian', /Rekayasa Perangkat Lunak/)
    await page.getByLabel('Rombel').fill(rombel.toLowerCase())
    await page.getByRole('button', { name: 'Tampilkan pratinjau' }).click()
    const preview = page.getByLabel('Pratinjau kelulusan')
    await preview.getByText('Pratinjau: 2 siswa akan lulus tahun 2025').waitFor()
    await preview.getByRole('checkbox', { name: 'Luluskan Bima Sakti' }).uncheck()
    const go = preview.getByRole('button', { name: 'Luluskan 1 siswa' })
    await go.waitFor()
    await page.waitForTimeout(300) // the checkbox's animation, for the screenshot
    await shot(page, 'admin-kelulusan')
    await go.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Ya, luluskan' }).click()
    await page.getByText('1 siswa kini alumni tahun 2025.').waitFor()

    const alumni = await api(`/api/admin/alumni?search=${encodeURIComponent('Rara Anindita')}`)
    expect(alumni.body.data).toEqual([expect.objectContaining({ nisn: nisnA, graduationYear: 2025 })])
    expect(alumni.body.data[0].account).toMatchObject({ email: `${nisnA}@${DOMAIN}` })
    const students = await api(`/api/admin/students?search=${encodeURIComponent('Bima Sakti')}`)
    expect(students.body.data).toEqual([expect.objectContaining({ nisn: nisnB, graduationYear: null })])
  }, 120_000)
})
