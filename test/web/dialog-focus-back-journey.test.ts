/**
 * A dialog closed with the keyboard gives the focus back to the button that opened it, in Debian's chromium
 * against the real service with the demo data. Most dialogs exist only while open (`{open && <Dialog/>}`), and
 * Mantine gives the focus back only to a dialog that stays mounted: a learner who pressed Escape in "Kirim
 * lamaran", HR closing the score dialog of a row of "Hasil seleksi", staff closing "Ubah: …" were sent to <body>,
 * and the next Tab was "Lewati ke konten", at the top of the page (accessibility audit).
 */
import type { Locator, Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'

/** Whether `opener` has the focus, once the dialog's closing is over; else what has it. */
const hasFocus = async (page: Page, opener: Locator) => {
  await page.waitForTimeout(300)
  if (await opener.evaluate((e) => e === document.activeElement)) return true
  return page.evaluate(() => {
    const e = document.activeElement
    return !e || e === document.body ? 'BODY' : `${e.tagName}: ${e.textContent?.trim()}`
  })
}

describeInBrowser('a dialog closed with the keyboard gives the focus back to what opened it', () => {
  const journey = useJourney()
  let page: Page
  let url: string
  beforeAll(() => {
    page = journey.page
    url = journey.svc.url
  })

  it('learner: Escape, then "Batal", in "Kirim lamaran" return to "Lamar sekarang"', async () => {
    await login(page, url, 'siswa@demo.test')
    await page.goto(`${url}/lowongan`)
    await page.getByRole('link', { name: 'Mekanik Junior Kendaraan Ringan' }).click()
    const opener = page.getByRole('button', { name: 'Lamar sekarang' })
    const dialog = page.getByRole('dialog', { name: 'Kirim lamaran' })

    await opener.focus()
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Batal' }).waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    const escaped = await hasFocus(page, opener)

    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Batal' }).focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    expect({ escaped, cancelled: await hasFocus(page, opener) }).toEqual({ escaped: true, cancelled: true })
  }, 90_000)

  it('HR: Escape in the score dialog returns to that row\'s "Isi nilai", not the first row\'s', async () => {
    await login(page, url, 'hrd@demo.test')
    await page.goto(`${url}/hrd/hasil`)
    const buttons = page.getByRole('button', { name: 'Isi nilai' })
    await buttons.first().waitFor()
    const opener = buttons.last()
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /^Nilai / })
    await dialog.waitFor()
    await page.waitForTimeout(300)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await hasFocus(page, opener)).toBe(true)
  }, 90_000)

  it('staff: Escape in "Ubah: …", and "Buang isian" after typing, return to that row\'s "Ubah"', async () => {
    await login(page, url, 'admin@demo.test')
    await page.goto(`${url}/admin/jurusan`)
    const opener = page.getByRole('button', { name: /^Ubah/ }).nth(2)
    await opener.waitFor()
    const dialog = page.getByRole('dialog', { name: /^Ubah: / })

    await opener.focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await page.waitForTimeout(300)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    const escaped = await hasFocus(page, opener)

    // Typed input: Escape asks first; throwing the input away closes both dialogs at once.
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await dialog.getByRole('textbox').first().fill('Diubah lalu dibuang')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Buang isian' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect({ escaped, discarded: await hasFocus(page, opener) }).toEqual({ escaped: true, discarded: true })
  }, 90_000)

  it('staff: "Batal" in a confirmation (a dialog that stays mounted) still returns to its button', async () => {
    await page.goto(`${url}/admin/perusahaan`)
    const opener = page.getByRole('button', { name: /^Nonaktifkan/ }).first()
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Nonaktifkan perusahaan?' })
    await dialog.getByRole('button', { name: 'Batal' }).focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    expect(await hasFocus(page, opener)).toBe(true)
  }, 90_000)
})
