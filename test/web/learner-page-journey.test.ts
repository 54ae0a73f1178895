/**
 * Staff (admin@demo.test on a school PC, 1366×768, keyboard and NVDA) on a learner's page (/admin/siswa/:id): opened
 * from a filtered list and back to it, her record changed with Ubah, her personal data downloaded by keyboard (the
 * file named by her NISN, holding her record, the focus back on the button), many applications paged; the front
 * page says e-mail is off when no SMTP is set. Then the page's actions must leave it telling the truth and the focus
 * somewhere a screen reader can go on from: after Keluar/Mutasi the "Lamaran" section is read again (her open
 * application closed by the school), the focus is not dropped to <body> when "Keluar/Mutasi" goes away, and the
 * password link's dialog gives the focus back to its button. (From an audit of staff's day.)
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, login, pick } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser("staff on a learner's page", () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ viewport: { width: 1366, height: 768 } })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })
  const api = (path: string) => apiAs(page, svc.url, path)
  /** What has the focus: tag and accessible-ish name. */
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return 'BODY'
      return `${el.tagName}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}`
    })

  it('from a filtered list to her page (heading focused, tab titled) and back to the same filter', async () => {
    await login(page, svc.url, 'admin@demo.test')
    await page.goto(`${svc.url}/admin/siswa?major_id=4`)
    await page.getByRole('link', { name: 'Agus Wibowo' }).click()
    await page.waitForURL(/\/admin\/siswa\/7$/)
    await page.getByRole('heading', { level: 1, name: 'Agus Wibowo' }).waitFor()
    expect(await page.title()).toContain('Agus Wibowo')
    expect(await focused()).toBe('H1:Agus Wibowo')
    await page.getByRole('link', { name: /Siswa kelas XII/ }).click()
    await page.waitForURL(/\/admin\/siswa\?major_id=4$/)
  }, 60_000)

  it('Ubah on her page: heading, tab title and contact updated, focus back on Ubah', async () => {
    await page.goto(`${svc.url}/admin/siswa/14`)
    await page.getByRole('heading', { level: 1, name: 'Aldi Saputra' }).waitFor()
    await page.getByRole('button', { name: 'Ubah' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: /^Nama lengkap/ }).fill('Aldi Saputra Wijaya')
    await dialog.getByRole('textbox', { name: /^Telepon/ }).fill('081200001111')
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('heading', { level: 1, name: 'Aldi Saputra Wijaya' }).waitFor()
    await page.getByText('081200001111').waitFor()
    expect(await page.title()).toContain('Aldi Saputra Wijaya')
    await expect.poll(focused).toBe('BUTTON:Ubah')
  }, 60_000)

  it('Unduh data by keyboard: asked first, her NISN in the file name, her record inside, focus back', async () => {
    const me = (await api('/api/admin/students/14')).body.data
    await page.getByRole('button', { name: 'Unduh data Aldi Saputra Wijaya' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Unduh data pribadi?' })
    const download = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Unduh' }).focus()
    await page.keyboard.press('Enter')
    const file = await download
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^data-pribadi-${me.nisn}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    )
    const doc = JSON.parse(await readFile((await file.path()) as string, 'utf8'))
    expect(doc.data.learner).toMatchObject({ id: 14, nis: me.nis, fullName: 'Aldi Saputra Wijaya' })
    await page.getByText(`Diunduh: ${file.suggestedFilename()}`).waitFor()
    await expect.poll(focused).toBe('BUTTON:Unduh data Aldi Saputra Wijaya')
  }, 60_000)

  it('many applications: paged 15 at a time as the API pages them, the superseded marked Riwayat', async () => {
    await svc.query(
      `insert into applications (job_vacancy_id, student_id, applicant_role, status, withdrawn_by_school, created_at, updated_at)
       select 1, 14, 'siswa', 'withdrawn', true, now() - (n || ' days')::interval, now() - (n || ' days')::interval
       from generate_series(40, 21, -1) n`,
    )
    const total = (await api('/api/admin/students/14/applications')).body.meta.total
    expect(total).toBe(21)
    await page.goto(`${svc.url}/admin/siswa/14`)
    const lamaran = page.getByRole('region', { name: 'Lamaran' })
    await lamaran.getByText('1–15 dari 21').waitFor()
    await lamaran.getByRole('button', { name: 'Berikutnya' }).click()
    await lamaran.getByText('16–21 dari 21').waitFor()
    expect(await lamaran.getByText('Riwayat', { exact: true }).count()).toBe(6)
  }, 60_000)

  it('the front page without SMTP: "E-mail tertunda" says Nonaktif, no warning', async () => {
    await page.goto(`${svc.url}/admin`)
    await page.getByText('E-mail belum diatur; pemberitahuan hanya di aplikasi').waitFor()
    expect(await page.getByText('Pengiriman e-mail bermasalah').count()).toBe(0)
  }, 60_000)

  it('Keluar/Mutasi on her page: the Lamaran section read again shows her open application closed by the school', async () => {
    // Agus Wibowo (demo student 7): one application in selection, a psikotes ahead.
    await page.goto(`${svc.url}/admin/siswa/7`)
    const lamaran = page.getByRole('region', { name: 'Lamaran' })
    await lamaran.getByText('Tes berikutnya: Psikotes calon peserta magang', { exact: false }).waitFor()
    await page.getByRole('button', { name: 'Keluar/Mutasi' }).click()
    const dialog = page.getByRole('dialog', { name: 'Keluar/Mutasi' })
    await pick(page, 'Alasan', 'Mutasi (pindah sekolah)', dialog)
    await dialog.getByRole('button', { name: 'Simpan keluar/mutasi' }).click()
    await page.getByRole('button', { name: 'Batalkan keluar/mutasi' }).waitFor()
    // The API: the application is withdrawn by the school, no test ahead.
    const stored = (await api('/api/admin/students/7/applications')).body.data[0]
    expect(stored).toMatchObject({ status: 'withdrawn', withdrawnBySchool: true, nextTest: null })
    await page.waitForLoadState('networkidle')
    // The page: the section read again with her record (it kept "Dalam proses seleksi" and the psikotes ahead).
    await expect
      .poll(() => lamaran.innerText(), { timeout: 5_000 })
      .toContain('Ditarik sekolah (keluar/mutasi)')
    expect(await lamaran.innerText()).not.toContain('Tes berikutnya')
  }, 90_000)

  it('Keluar/Mutasi by keyboard: once saved, the focus is on her heading, not dropped to <body>', async () => {
    // Ayu Wandira (demo student 22).
    await page.goto(`${svc.url}/admin/siswa/22`)
    await page.getByRole('heading', { level: 1, name: 'Ayu Wandira' }).waitFor()
    await page.getByRole('button', { name: 'Keluar/Mutasi' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Keluar/Mutasi' })
    await dialog.getByLabel(/^Alasan/).focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    expect(await dialog.getByLabel(/^Alasan/).inputValue()).toBe('Mutasi (pindah sekolah)')
    await dialog.getByRole('button', { name: 'Simpan keluar/mutasi' }).focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Batalkan keluar/mutasi' }).waitFor()
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    // Its opener ("Keluar/Mutasi") went away with the page read again ("Batalkan keluar/mutasi" in its place): the
    // heading takes the focus, as when the opener is gone at close; on <body> NVDA's next Tab was "Lewati ke konten".
    expect(await focused()).toBe('H1:Ayu Wandira')
  }, 90_000)

  it('password link (no SMTP) by keyboard: closing the link dialog gives the focus back to its button', async () => {
    // Bagus Setiawan (demo student 3), with an active account.
    await page.goto(`${svc.url}/admin/siswa/3`)
    await page.getByRole('heading', { level: 1, name: 'Bagus Setiawan' }).waitFor()
    await page.getByRole('button', { name: 'Kirim tautan atur ulang kata sandi' }).focus()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: 'Kirim tautan atur ulang kata sandi?' })
    await confirm.getByRole('button', { name: 'Kirim tautan' }).focus()
    await page.keyboard.press('Enter')
    const link = page.getByRole('dialog', { name: 'Tautan atur ulang kata sandi', exact: true })
    await link.getByRole('textbox', { name: 'Tautan' }).waitFor()
    await page.keyboard.press('Escape')
    await link.waitFor({ state: 'detached' })
    await page.waitForTimeout(500)
    // The link's dialog opened as the confirmation's busy "Kirim tautan" held the focus: the focus was left on <body>.
    expect(await focused()).toBe('BUTTON:Kirim tautan atur ulang kata sandi')
  }, 90_000)
})
