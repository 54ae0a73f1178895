/**
 * Password recovery and change in Debian's chromium against the real service (npm start's src/main.ts) on
 * a fresh database with the demo data, without e-mail set up (the school's default): the login page's
 * "Lupa kata sandi?" answers that links come from the career center; the superadmin sends an alumna a
 * reset link, shown with a copy button; she opens it, is refused a common password at its field, sets
 * her own and logs in with it; the link does not work twice. An account told to change its password is
 * held on the change screen until it has; the career center sends a link from the Siswa screen; "Akun
 * saya" changes the password.
 */
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login, openBrowser } from './browser.js'
import { type RunningService, startService } from './server.js'

const NEW_PASSWORD = 'Kopi-Tubruk-Senja-77'

describeInBrowser('web client: password recovery and change in the browser', () => {
  let svc: RunningService
  let browser: Awaited<ReturnType<typeof openBrowser>>
  let page: Page
  let link = ''

  beforeAll(async () => {
    svc = await startService()
    browser = await openBrowser()
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: svc.url })
    page = await browser.context.newPage()
  }, 240_000)

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !page) return
    const file = resolve(tmpdir(), `bursa-web-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`)
    await page.screenshot({ path: file }).catch(() => {})
    console.log(`failed at ${page.url()}; screenshot ${file}`)
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  }, 60_000)

  /** Logs in with a password other than the demo one. */
  async function loginWith(email: string, password: string) {
    await page.goto(`${svc.url}/login`)
    await page.evaluate(() => localStorage.removeItem('access_token'))
    await page.goto(`${svc.url}/login`)
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('textbox', { name: 'Kata sandi' }).fill(password)
    await page.getByRole('button', { name: 'Masuk' }).click()
    await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  }

  /** A form field by its label (a required field's label ends in " *"). */
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`))

  async function logout() {
    await page.evaluate(() => localStorage.removeItem('access_token'))
  }

  it('login → "Lupa kata sandi?": the same answer for every e-mail, which says to ask the career center', async () => {
    await page.goto(`${svc.url}/login`)
    await page.getByRole('link', { name: 'Lupa kata sandi?' }).click()
    await page.waitForURL(/\/lupa-kata-sandi$/)
    await page.getByRole('heading', { name: 'Lupa kata sandi' }).waitFor()
    await page.getByLabel('E-mail').fill('siswa@demo.test')
    await page.getByRole('button', { name: 'Kirim tautan' }).click()
    await page.getByText('Sekolah ini belum mengaktifkan pengiriman e-mail').waitFor()
    const answer = () => page.getByRole('status').filter({ hasText: 'Permintaan diterima' }).innerText()
    const known = await answer()

    await page.reload()
    await page.getByLabel('E-mail').fill('tidak.terdaftar@demo.test')
    await page.getByRole('button', { name: 'Kirim tautan' }).click()
    await page.getByText('Sekolah ini belum mengaktifkan pengiriman e-mail').waitFor()
    expect(await answer()).toBe(known)
    await page.getByRole('link', { name: 'Kembali ke halaman masuk' }).click()
    await page.waitForURL(/\/login$/)
  }, 60_000)

  it('superadmin: "Kirim tautan atur ulang kata sandi" shows the link to hand over, with a copy button', async () => {
    await login(page, svc.url, 'superadmin@demo.test')
    await page.goto(`${svc.url}/admin/pengguna?search=alumni%40demo.test`)
    const row = page.getByRole('row').filter({ hasText: 'alumni@demo.test' })
    await row.getByRole('button', { name: 'Kirim tautan atur ulang kata sandi' }).click()
    const confirm = page.getByRole('dialog', { name: 'Kirim tautan atur ulang kata sandi?' })
    await confirm.getByText('berlaku 60 menit').waitFor()
    await confirm.getByRole('button', { name: 'Kirim tautan' }).click()

    const shown = page.getByRole('dialog', { name: 'Tautan atur ulang kata sandi' })
    await shown
      .getByText(
        'E-mail belum dikonfigurasi, jadi tautan ini tidak dikirim. Serahkan tautan ini langsung kepada pemilik akun (alumni@demo.test).',
      )
      .waitFor()
    link = await shown.getByLabel('Tautan').inputValue()
    expect(link).toMatch(/\/atur-kata-sandi\?email=alumni%40demo\.test&token=[\w-]{43}$/)
    await shown.getByRole('button', { name: 'Salin tautan' }).click()
    await shown.getByRole('button', { name: 'Tersalin' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await shown.getByRole('button', { name: 'Tutup' }).last().click()
    await logout()
  }, 60_000)

  it('the alumna opens the link: a common password is refused at its field, hers is saved, and she logs in with it', async () => {
    // The link names the service's PUBLIC_URL (localhost by default); the page is the same here.
    const url = new URL(link)
    await page.goto(`${svc.url}${url.pathname}${url.search}`)
    await page.getByRole('heading', { name: 'Atur ulang kata sandi' }).waitFor()
    await page.getByText('alumni@demo.test', { exact: true }).waitFor()
    await field('Kata sandi baru').fill('password123')
    await field('Ulangi kata sandi baru').fill('password123')
    await page.getByRole('button', { name: 'Simpan kata sandi' }).click()
    await page.getByText('terlalu umum dan mudah ditebak; pilih kata sandi lain').waitFor()

    await field('Kata sandi baru').fill(NEW_PASSWORD)
    await field('Ulangi kata sandi baru').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Simpan kata sandi' }).click()
    await page.getByText('Kata sandi disimpan. Silakan masuk dengan kata sandi baru.').waitFor()
    await page.getByRole('link', { name: 'Masuk' }).click()
    await page.waitForURL(/\/login$/)

    await loginWith('alumni@demo.test', NEW_PASSWORD)
    await page.waitForURL(/\/lowongan$/)
    await logout()

    // Used up.
    await page.goto(`${svc.url}${url.pathname}${url.search}`)
    await page.getByText('Tautan tidak dapat dipakai').waitFor()
    await page
      .getByText('Tautan tidak valid, sudah dipakai, atau sudah kedaluwarsa. Minta tautan baru.')
      .waitFor()
    await page.getByRole('link', { name: 'Lupa kata sandi' }).waitFor()
  }, 60_000)

  it('an account told to change its password is held on the change screen until it has', async () => {
    await svc.query(`update users set must_change_password = true where email = 'siswa@demo.test'`)
    await login(page, svc.url, 'siswa@demo.test')
    await page.waitForURL(/\/ganti-kata-sandi$/)
    await page.getByRole('heading', { name: 'Ganti kata sandi' }).waitFor()
    await page.goto(`${svc.url}/lamaran`)
    await page.waitForURL(/\/ganti-kata-sandi$/)

    await field('Kata sandi sekarang').fill('password123')
    await field('Kata sandi baru').fill('password123')
    await field('Ulangi kata sandi baru').fill('password123')
    await page.getByRole('button', { name: 'Simpan dan lanjutkan' }).click()
    await page.getByText('terlalu umum dan mudah ditebak; pilih kata sandi lain').waitFor()
    await field('Kata sandi baru').fill(NEW_PASSWORD)
    await field('Ulangi kata sandi baru').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Simpan dan lanjutkan' }).click()
    await page.waitForURL(/\/lowongan$/)
    await page.getByRole('link', { name: 'Lamaran saya' }).first().click()
    await page.waitForURL(/\/lamaran$/)
    await logout()
  }, 60_000)

  it('admin: the Siswa screen sends a link for a student with an account; "Akun saya" changes the password', async () => {
    await login(page, svc.url, 'admin@demo.test')
    await page.goto(`${svc.url}/admin/siswa?search=Andi%20Pratama`)
    const row = page.getByRole('row').filter({ hasText: 'siswa@demo.test' })
    await row.getByRole('button', { name: 'Kirim tautan atur ulang kata sandi' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Kirim tautan' }).click()
    const shown = page.getByRole('dialog', { name: 'Tautan atur ulang kata sandi' })
    expect(await shown.getByLabel('Tautan').inputValue()).toMatch(
      /\/atur-kata-sandi\?email=siswa%40demo\.test&/,
    )
    await shown.getByRole('button', { name: 'Tutup' }).last().click()

    await page.getByRole('link', { name: 'Akun saya' }).first().click()
    await page.waitForURL(/\/akun$/)
    await field('Kata sandi sekarang').fill('bukan-sandinya')
    await field('Kata sandi baru').fill(NEW_PASSWORD)
    await field('Ulangi kata sandi baru').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Ganti kata sandi' }).click()
    await page.getByText('salah', { exact: true }).waitFor()
    await field('Kata sandi sekarang').fill('password123')
    await page.getByRole('button', { name: 'Ganti kata sandi' }).click()
    await page.getByText('Kata sandi diganti. Sesi di perangkat lain telah diakhiri.').waitFor()
    expect(await field('Kata sandi sekarang').inputValue()).toBe('')

    await loginWith('admin@demo.test', NEW_PASSWORD)
    await page.waitForURL(/\/admin$/)
  }, 60_000)
})
