/**
 * Placements found outside bursa and tracer-study answers collected by the career center, in Debian's
 * chromium against the real service on a fresh database with the demo data: the admin records an alumna's
 * hire at a company that is not a partner (a missing learner named at its field first), changes it, then
 * enters her tracer study on her behalf from the form the placement pre-fills, sees who entered it, and
 * downloads the list; HR records a hire of its own company and deletes it again. Screenshots go to
 * docs/screens/ with UPDATE_SCREENS=1 (a temporary folder otherwise).
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login, pick, shot } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

/** A day `days` before today on the school's calendar: `[dd/mm/yyyy, yyyy-mm-dd]`. */
function daysAgo(days: number): [string, string] {
  const iso = new Date(Date.now() + 7 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10)
  const [y, m, d] = iso.split('-')
  return [`${d}/${m}/${y}`, iso]
}

describeInBrowser('web client: outside placements and tracer answers entered by staff', () => {
  let svc: RunningService
  let page: Page
  /** The demo alumna without a tracer-study answer whom the admin calls. */
  let alumna: { id: number; fullName: string; nis: string }
  let placementId = 0

  const api = async (path: string, method = 'GET') => {
    const token = await page.evaluate(() => localStorage.getItem('access_token'))
    const res = await fetch(`${svc.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } })
    return { status: res.status, body: await res.json() }
  }

  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('admin: records an outside placement (the learner named at its field first), sees it marked, changes it', async () => {
    await login(page, svc.url, 'admin@demo.test')
    const waiting = await api('/api/admin/tracer-studies?answered=false&per_page=1')
    expect(waiting.body.meta.notAnswered).toBeGreaterThan(0)
    alumna = waiting.body.data[0].alumnus

    await page.getByRole('link', { name: 'Penempatan', exact: true }).click()
    await page.waitForURL(/\/admin\/penempatan$/)
    await page.getByRole('columnheader', { name: 'Perusahaan' }).waitFor()
    await page.getByRole('button', { name: 'Catat penempatan di luar bursa' }).click()
    const dialog = page.getByRole('dialog', { name: 'Catat penempatan di luar bursa' })
    await dialog.getByText('Perusahaan lain', { exact: true }).click()
    await dialog.getByRole('textbox', { name: /^Nama perusahaan/ }).fill('CV Karya Mandiri')
    const [accepted, acceptedIso] = daysAgo(40)
    await dialog.getByLabel(/^Tanggal diterima/).fill(accepted)
    // Typing on in another field closes the calendar (Escape would close the dialog).
    await dialog.getByRole('textbox', { name: /^Posisi \/ jabatan/ }).fill('Teknisi')

    // No learner picked: the API's 422 is shown at the picker, nothing is stored.
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await expect.poll(() => dialog.getByLabel(/^Siswa \/ alumni/).getAttribute('aria-invalid')).toBe('true')
    expect(
      (await api(`/api/admin/job-placements?source=outside&search=${encodeURIComponent(alumna.nis)}`)).body
        .data,
    ).toEqual([])

    await dialog.getByLabel(/^Siswa \/ alumni/).fill(alumna.nis)
    await page.getByRole('option', { name: new RegExp(alumna.fullName) }).click()
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await page.getByText('Penempatan di luar bursa berhasil dicatat.').waitFor()
    const row = page.getByRole('row').filter({ hasText: 'CV Karya Mandiri' })
    await row.getByText('di luar bursa').waitFor()
    await row.getByText(alumna.fullName).waitFor()
    const stored = await api(
      `/api/admin/job-placements?source=outside&search=${encodeURIComponent(alumna.nis)}`,
    )
    expect(stored.body.data).toHaveLength(1)
    expect(stored.body.data[0]).toMatchObject({
      source: 'outside',
      company: { id: null, name: 'CV Karya Mandiri' },
      position: 'Teknisi',
      acceptedAt: acceptedIso,
      applicant: { studentId: alumna.id },
    })
    placementId = stored.body.data[0].id

    // Changed: the position.
    await row.getByRole('button', { name: 'Ubah' }).click()
    const edit = page.getByRole('dialog', { name: 'Ubah penempatan di luar bursa' })
    expect(await edit.getByRole('textbox', { name: /^Nama perusahaan/ }).inputValue()).toBe(
      'CV Karya Mandiri',
    )
    await edit.getByRole('textbox', { name: /^Posisi \/ jabatan/ }).fill('Teknisi Listrik')
    await edit.getByRole('button', { name: 'Simpan' }).click()
    await page.getByText('Data penempatan berhasil diperbarui.').waitFor()
    await page.getByRole('row').filter({ hasText: 'Teknisi Listrik' }).getByText('di luar bursa').waitFor()
    expect((await api(`/api/admin/job-placements/${placementId}`)).body.data.position).toBe('Teknisi Listrik')
    await shot(page, 'admin-penempatan')
  }, 120_000)

  it('admin: enters the alumna’s tracer study from the pre-filled form; the list and its CSV say who entered it', async () => {
    await page.getByRole('link', { name: 'Tracer study', exact: true }).click()
    await page.waitForURL(/\/admin\/tracer-study$/)
    await page.getByText(/sudah mengisi, \d+ belum mengisi/).waitFor()
    await page.getByRole('button', { name: 'Tampilkan yang belum mengisi' }).click()
    await page.waitForURL(/answered=false/)
    await page.getByRole('link', { name: `Isi tracer study ${alumna.fullName}` }).click()
    await page.waitForURL(new RegExp(`/admin/tracer-study/${alumna.id}$`))
    await page.getByRole('heading', { name: alumna.fullName }).waitFor()

    // Pre-filled from the outside placement: bekerja, the company and position, the start.
    await page.getByText('Diisi dari data penempatan', { exact: true }).waitFor()
    expect(await page.getByRole('radio', { name: /^Bekerja/ }).isChecked()).toBe(true)
    const box = (name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) })
    expect(await box('Nama perusahaan / instansi').inputValue()).toBe('CV Karya Mandiri')
    expect(await box('Jabatan / posisi').inputValue()).toBe('Teknisi Listrik')
    await box('Bidang industri').fill('Kelistrikan')
    await box('Kota / kabupaten').fill('Bogor')
    await box('Provinsi').fill('Jawa Barat')
    await box('Gaji pertama per bulan').fill('3900000')
    await pick(page, 'Kesesuaian pekerjaan dengan jurusan', /^Sesuai$/)
    await page.getByRole('button', { name: 'Simpan atas nama alumni' }).click()
    await page.getByText('Tracer study alumni berhasil disimpan.').waitFor()
    await page.getByText('Tersimpan (versi 1)').waitFor()

    const me = (await api('/api/me')).body.data
    const history = page.getByRole('table')
    await history.getByRole('columnheader', { name: 'Diisi oleh' }).waitFor()
    await history.getByRole('cell', { name: me.fullName }).waitFor()
    const detail = (await api(`/api/admin/tracer-studies/${alumna.id}`)).body.data
    expect(detail.current).toMatchObject({
      version: 1,
      careerStatus: 'bekerja',
      institutionName: 'CV Karya Mandiri',
      jobTitle: 'Teknisi Listrik',
      startingSalary: 3_900_000,
      jobFit: 'sesuai',
      enteredBy: { id: me.id, fullName: me.fullName },
    })
    await shot(page, 'admin-tracer-entry')

    // Back in the list as it was left (those who have not answered): she is no longer among them.
    await page.getByRole('link', { name: '← Tracer study alumni' }).click()
    await page.waitForURL(/\/admin\/tracer-study\?answered=false$/)
    await page.getByText(/sudah mengisi, \d+ belum mengisi/).waitFor()
    await expect
      .poll(() => page.getByRole('link', { name: `Isi tracer study ${alumna.fullName}` }).count())
      .toBe(0)
    // In the whole list she is answered, entered by the admin; the CSV says so too.
    await page.goto(`${svc.url}/admin/tracer-study`)
    await page.getByRole('textbox', { name: 'Cari nama atau NIS' }).fill(alumna.nis)
    await page.getByRole('button', { name: 'Cari' }).click()
    const row = page.getByRole('row').filter({ hasText: alumna.fullName })
    await row.getByText('Bekerja').waitFor()
    await row.getByText(me.fullName).waitFor()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Unduh CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('tracer-study-alumni.csv')
    const csv = await readFile((await file.path()) as string, 'utf8')
    expect(csv).toContain(alumna.fullName)
    expect(csv).toContain('CV Karya Mandiri')
    expect(csv).toContain(me.fullName)
  }, 120_000)

  it('HR: records a hire of its own company outside bursa, sees it marked, deletes it', async () => {
    await login(page, svc.url, 'hrd@demo.test')
    await page.getByRole('link', { name: 'Penempatan', exact: true }).click()
    await page.waitForURL(/\/hrd\/penempatan$/)
    await page.getByRole('button', { name: 'Catat penempatan di luar bursa' }).click()
    const dialog = page.getByRole('dialog', { name: 'Catat penempatan di luar bursa' })
    // HR picks the learner by typing part of the name: the same alumna, whom the company hired too.
    expect(await dialog.getByRole('textbox', { name: /^Nama perusahaan/ }).count()).toBe(0)
    await dialog.getByLabel(/^Siswa \/ alumni/).fill(alumna.fullName.slice(0, 6))
    await page.getByRole('option', { name: new RegExp(alumna.fullName) }).click()
    const [accepted] = daysAgo(10)
    await dialog.getByLabel(/^Tanggal diterima/).fill(accepted)
    await dialog.getByRole('textbox', { name: /^Posisi \/ jabatan/ }).fill('Operator Produksi')
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await page.getByText('Penempatan di luar bursa berhasil dicatat.').waitFor()
    const row = page.getByRole('row').filter({ hasText: 'Operator Produksi' })
    await row.getByText('di luar bursa').waitFor()
    const listed = (await api('/api/hrd/job-placements?source=outside')).body.data
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({
      source: 'outside',
      company: { name: 'PT Astra Otoparts Tbk' },
      applicant: { studentId: alumna.id },
    })
    await shot(page, 'hrd-penempatan')

    await row.getByRole('button', { name: 'Hapus' }).click()
    await page
      .getByRole('dialog', { name: 'Hapus penempatan?' })
      .getByRole('button', { name: 'Hapus' })
      .click()
    await page.getByText('Penempatan dihapus.').waitFor()
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Operator Produksi' }).count()).toBe(0)
    expect((await api('/api/hrd/job-placements?source=outside')).body.data).toEqual([])
    expect((await api(`/api/hrd/job-placements/${listed[0].id}`)).status).toBe(404)
  }, 120_000)
})
