/**
 * Staff's lists and dialogs at a 1280 px desktop and on a 360 px phone, in Debian's chromium (found by an audit of
 * the staff screens): the account list's row buttons ran past the screen's right edge ("Hapus" out of reach
 * behind a sideways scroll), and a toast at the top of the screen covered an open dialog's title and its ×.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login, shot } from './browser.js'
import { useJourney } from './journey-setup.js'

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Where each "Hapus" of the list's rows is, and the part of the screen the list shows (its scroll box, the window). */
const deleteButtons = (page: Page) =>
  page.evaluate(() => {
    const buttons = [...document.querySelectorAll('table button')].filter(
      (b) => (b.textContent ?? '').trim() === 'Hapus',
    )
    return buttons.map((b) => {
      const r = b.getBoundingClientRect()
      const box = b.closest('.mantine-ScrollArea-viewport, .mantine-Table-scrollContainer') ?? document.body
      const v = box.getBoundingClientRect()
      return { left: r.left, right: r.right, shownRight: Math.min(v.right, window.innerWidth) }
    })
  })

describeInBrowser('staff lists and dialogs at 1280 px and 360 px', () => {
  const journey = useJourney({ viewport: { width: 1280, height: 800 } })
  let page: Page
  let base: string
  beforeAll(() => {
    page = journey.page
    base = journey.svc.url
  })

  it('Pengguna at 1280 px: every row’s "Hapus" is on the screen, not behind a sideways scroll', async () => {
    await login(page, base, 'superadmin@demo.test')
    await page.goto(`${base}/admin/pengguna`)
    await page.getByRole('button', { name: 'Hapus' }).first().waitFor()
    const buttons = await deleteButtons(page)
    await shot(page, 'users-1280')
    expect(buttons.length).toBeGreaterThan(3)
    // Before the fix: rights of 1,5xx px, past both the list's box and the 1,280 px window.
    for (const b of buttons) expect(b.right).toBeLessThanOrEqual(b.shownRight)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    // The companies' list, with fewer buttons a row, keeps them on one line and in view.
    await page.goto(`${base}/admin/perusahaan`)
    await page.getByRole('button', { name: 'Akun HRD' }).first().waitFor()
    for (const b of await deleteButtons(page)) expect(b.right).toBeLessThanOrEqual(b.shownRight)
  }, 60_000)

  /** Adds an HR account in the company's "Akun HRD" dialog (which stays open): the toast and the dialog's header. */
  const toastOverDialog = async (n: number, name: string) => {
    await page.goto(`${base}/admin/perusahaan`)
    await page.getByRole('button', { name: 'Akun HRD' }).first().click()
    const dialog = page.getByRole('dialog', { name: /^Akun HRD/ })
    await dialog.getByLabel('Nama').fill(`HRD Toast ${n}`)
    await dialog.getByLabel('E-mail').fill(`hrd.toast${n}.${Date.now()}@demo.test`)
    await dialog.getByRole('textbox', { name: 'Kata sandi' }).fill('Kopi-Hitam-2026!q')
    await dialog.getByRole('button', { name: 'Tambah' }).click()
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Akun HRD ditambahkan.' })
    await toast.waitFor()
    await page.waitForTimeout(400) // the toast's and the dialog's transitions
    const header = (await dialog.locator('.mantine-Modal-header').boundingBox()) as Box
    const close = (await dialog.getByRole('button', { name: 'Tutup' }).boundingBox()) as Box
    const shown = (await toast.boundingBox()) as Box
    const buttons = (await dialog.getByRole('button', { name: 'Tambah' }).boundingBox()) as Box
    await shot(page, name)
    await page.keyboard.press('Escape')
    return { header, close, toast: shown, buttons }
  }

  it('a toast while a dialog is open leaves its title and × clear, on a desktop and on a phone', async () => {
    await login(page, base, 'admin@demo.test')
    const desk = await toastOverDialog(1, 'toast-over-dialog-1280')
    // Before the fix: the toast (top-center) lay over the title.
    expect(overlap(desk.toast, desk.header)).toBe(false)
    expect(overlap(desk.toast, desk.close)).toBe(false)
    expect(overlap(desk.toast, desk.buttons)).toBe(false)
    expect(desk.toast.y + desk.toast.height).toBeLessThanOrEqual(800)
    // Within the menu's column (240 px): across the page's foot it covered a form's "Simpan" (the schedule
    // form's, in the HR journey, under two refusals in a row).
    expect(desk.toast.x + desk.toast.width).toBeLessThanOrEqual(240)

    await page.setViewportSize({ width: 360, height: 740 })
    const phone = await toastOverDialog(2, 'toast-over-dialog-360')
    expect(overlap(phone.toast, phone.header)).toBe(false)
    expect(overlap(phone.toast, phone.close)).toBe(false)
    expect(phone.toast.x).toBeGreaterThanOrEqual(0)
    expect(phone.toast.x + phone.toast.width).toBeLessThanOrEqual(360)
    expect(phone.toast.y + phone.toast.height).toBeLessThanOrEqual(740)
  }, 90_000)

  it('Escape on a dialog with typed input asks first, in the browser too; "Lanjutkan mengisi" keeps it', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await login(page, base, 'admin@demo.test')
    await page.goto(`${base}/admin/perusahaan`)
    await page.getByRole('button', { name: /^Ubah/ }).first().click()
    const form = page.getByRole('dialog', { name: /^Ubah/ })
    await form.getByLabel('Kota').fill('Kota Diketik')
    await page.keyboard.press('Escape')
    // In chromium the question opened and closed at once, on the same Escape (its window listener heard it), and
    // nothing was asked: the dialog stayed, Escape did nothing. Happy-dom's test did not see it.
    const ask = page.getByRole('dialog', { name: 'Tutup tanpa menyimpan?' })
    await ask.waitFor({ timeout: 3_000 })
    await shot(page, 'dialog-unsaved-ask')
    await ask.getByRole('button', { name: 'Lanjutkan mengisi' }).click()
    await ask.waitFor({ state: 'hidden' })
    expect(await form.getByLabel('Kota').inputValue()).toBe('Kota Diketik')
    await page.keyboard.press('Escape')
    await ask.getByRole('button', { name: 'Buang isian' }).click()
    await form.waitFor({ state: 'hidden' })
  }, 60_000)
})
