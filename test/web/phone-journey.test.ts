/**
 * The learner's and HR's screens on a cheap Android phone (360×740, touch), on the demo data, in Debian's
 * chromium: nothing cut to a few letters, no text squeezed into a column beside its buttons, the menu gone
 * when the screen changes, the participant's name in view beside the table's last columns. (Found by an
 * audit of the screens on a phone.)
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'

const PHONE = { width: 360, height: 740 }

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle').catch(() => {})
  await page.waitForTimeout(300)
}

/** Badges on the screen drawn shorter than their text (cut off, or an ellipsis). */
const cutBadges = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-root')]
      .filter((b) => {
        const l = b.querySelector('.mantine-Badge-label') ?? b
        return l.scrollWidth > l.clientWidth + 1 || b.scrollWidth > b.clientWidth + 1
      })
      .map((b) => b.textContent),
  )

describeInBrowser('web client on a 360 px touch phone', () => {
  const journey = useJourney({
    viewport: PHONE,
    device: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  })
  let page: Page
  let base: string
  beforeAll(() => {
    page = journey.page
    base = journey.svc.url
  })

  it('Portofolio: each file\'s "Hapus" button reads "Hapus", not "Ha" squeezed beside a long file name', async () => {
    await login(page, base, 'siswa@demo.test')
    await page.goto(`${base}/portofolio`)
    await page.getByRole('heading', { name: /Berkas \(\d+\)/ }).waitFor()
    const deletes = await page.evaluate(() =>
      [...document.querySelectorAll('section[aria-labelledby=berkas] button')]
        .filter((b) => (b.textContent ?? '').trim() === 'Hapus')
        .map((b) => {
          const label = b.querySelector('.mantine-Button-label') as HTMLElement
          return { shown: label.clientWidth, needed: label.scrollWidth }
        }),
    )
    expect(deletes.length).toBeGreaterThan(0)
    // Before the fix: { shown: 14, needed: 42 } and { shown: 17, needed: 42 }, "Ha" on the screen.
    for (const d of deletes) expect(d.shown).toBeGreaterThanOrEqual(d.needed - 1)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
  }, 60_000)

  it('Portofolio: a screen reader hears which file each "Hapus" button deletes ("Hapus <file>"), not only "Hapus"', async () => {
    await login(page, base, 'siswa@demo.test')
    const files: { title: string }[] = (await apiAs(page, base, '/api/siswa/portfolio/profile')).body.data
      .files
    expect(files.length).toBeGreaterThan(1)
    await page.goto(`${base}/portofolio`)
    await page.getByRole('heading', { name: /Berkas \(\d+\)/ }).waitFor()
    // Before the fix: every one was named "Hapus".
    for (const { title } of files) {
      const button = page.getByRole('button', { name: `Hapus ${title}`, exact: true })
      expect(await button.count()).toBe(1)
      expect((await button.innerText()).trim()).toBe('Hapus')
    }
  }, 60_000)

  it('Portofolio, Unggah berkas: "Kategori" shows its whole value ("CV / Daftar riwayat hidup"), not "CV / Daftar riwa" in half the width', async () => {
    await login(page, base, 'siswa@demo.test')
    await page.goto(`${base}/portofolio`)
    const form = page.getByRole('form', { name: 'Unggah berkas portofolio' })
    await form.waitFor()
    const category = form.getByLabel(/^Kategori/).first()
    expect(await category.inputValue()).toBe('CV / Daftar riwayat hidup')
    const fit = await category.evaluate((i) => ({ shown: i.clientWidth, needed: i.scrollWidth }))
    // Before the fix: { shown: 158, needed: 223 }: the field 160 px wide in a 294 px form, its value cut.
    expect(fit.shown).toBeGreaterThanOrEqual(fit.needed - 1)
  }, 60_000)

  it("Notifikasi: the text of a test-schedule notice gets the card's width, not a column of one word a line beside its buttons", async () => {
    await login(page, base, 'siswa@demo.test')
    await page.goto(`${base}/notifikasi`)
    const card = page.locator('main .mantine-Card-root').filter({ hasText: 'Tambahkan ke kalender' }).first()
    await card.waitFor()
    const seen = await card.evaluate((c) => {
      const body = [...c.querySelectorAll('p')].find((p) => (p.textContent ?? '').includes('dijadwalkan'))
      return {
        text: Math.round((body as HTMLElement).getBoundingClientRect().width),
        card: Math.round(c.getBoundingClientRect().width),
        height: Math.round(c.getBoundingClientRect().height),
      }
    })
    // Before the fix: 83 px of a 328 px card (the buttons' column kept the rest), the card 709 px tall.
    expect(seen.text).toBeGreaterThanOrEqual(seen.card * 0.6)
    expect(seen.height).toBeLessThan(PHONE.height / 2)
    // The buttons are still there, under the text.
    await card.getByRole('button', { name: /Tambahkan ke kalender/ }).waitFor()
  }, 60_000)

  it('Tracer study: the "Terkini" badge of the current version in "Riwayat jawaban" reads whole, not "T…" (on a phone and a desktop)', async () => {
    await login(page, base, 'alumni@demo.test')
    await page.goto(`${base}/tracer-study`)
    await page.getByRole('heading', { name: 'Riwayat jawaban' }).waitFor()
    await page.getByText('Terkini', { exact: true }).waitFor()
    // Before the fix: ['Terkini'], drawn "T…", at 360 px and at 1280 px.
    expect(await cutBadges(page)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
    try {
      await settle(page)
      expect(await cutBadges(page)).toEqual([])
    } finally {
      await page.setViewportSize(PHONE)
    }
  }, 60_000)

  it("the menu opened from the burger closes when the screen changes another way (the bell, the phone's Back), instead of covering the new screen", async () => {
    await login(page, base, 'siswa@demo.test')
    await page.goto(`${base}/lowongan`)
    await page.getByRole('link', { name: 'Mekanik Junior Kendaraan Ringan' }).waitFor()
    // Shut, the menu is hidden from assistive technology as well (phone-menu-journey): found here all the same.
    const menu = page.getByRole('navigation', { name: 'Menu utama', includeHidden: true })
    /** Whether the menu lies over the screen (its box inside the viewport). */
    const menuShown = async () => {
      const box = await menu.boundingBox()
      return box !== null && box.x + box.width > 0 && box.x < PHONE.width
    }
    const burger = page.getByRole('button', { name: 'Buka menu' })

    // Menu open, then the bell in the header.
    await burger.tap()
    await expect.poll(menuShown).toBe(true)
    await page.getByRole('link', { name: /^Notifikasi, / }).tap()
    await page.waitForURL((u) => u.pathname === '/notifikasi')
    await settle(page)
    // Before the fix: the menu still filled the screen below the header, the notifications under it.
    expect(await menuShown()).toBe(false)

    // Menu open on a vacancy, then the phone's Back button.
    await page.goto(`${base}/lowongan`)
    await page.getByRole('link', { name: 'Mekanik Junior Kendaraan Ringan' }).tap()
    await page.getByRole('button', { name: 'Lamar sekarang' }).waitFor()
    await burger.tap()
    await expect.poll(menuShown).toBe(true)
    await page.goBack()
    await page.waitForURL((u) => u.pathname === '/lowongan')
    await settle(page)
    // Before the fix: the list was back, under the open menu.
    expect(await menuShown()).toBe(false)

    // Its own links still close it, and it opens again on the next screen.
    await burger.tap()
    await expect.poll(menuShown).toBe(true)
    await menu.getByRole('link', { name: 'Portofolio' }).tap()
    await page.waitForURL((u) => u.pathname === '/portofolio')
    await settle(page)
    expect(await menuShown()).toBe(false)
    await burger.tap()
    await expect.poll(menuShown).toBe(true)
  }, 60_000)

  it('HR, a test\'s participants: scrolled right to "Catat" and "Ingatkan", the participant\'s name stays in view beside them', async () => {
    await login(page, base, 'hrd@demo.test')
    const schedules: { id: number; participantCount: number }[] = (
      await apiAs(page, base, '/api/hrd/test-schedules?per_page=50')
    ).body.data
    const withParticipants = schedules.find((s) => s.participantCount > 0)
    expect(withParticipants).toBeDefined()
    await page.goto(`${base}/hrd/jadwal/${withParticipants?.id}`)
    const table = page.getByRole('table')
    await table.getByRole('columnheader', { name: 'Catat' }).waitFor()
    const firstName = table.locator('tbody tr').first().locator('td').first()
    const lastColumn = table.locator('tbody tr').first().locator('td').last()
    await table
      .getByRole('combobox', { name: /^Kehadiran / })
      .first()
      .waitFor()

    // The first row on the screen, and the table scrolled sideways to its last column, as a thumb does.
    await firstName.scrollIntoViewIfNeeded()
    await table.evaluate((t) => {
      const scroller = t.closest('.mantine-ScrollArea-viewport') as HTMLElement
      scroller.scrollLeft = scroller.scrollWidth
    })
    await settle(page)
    const inView = (box: { x: number; width: number } | null) =>
      box !== null && box.x >= 0 && box.x + box.width <= PHONE.width
    expect(inView(await lastColumn.boundingBox())).toBe(true)
    // Before the fix: the name had scrolled off the screen's left edge.
    expect(inView(await firstName.boundingBox())).toBe(true)
    // The name's cell lies over the columns scrolled under it, painted (not see-through).
    const cover = await firstName.evaluate((cell) => {
      const r = cell.getBoundingClientRect()
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      return { onTop: at !== null && cell.contains(at), background: getComputedStyle(cell).backgroundColor }
    })
    expect(cover.onTop).toBe(true)
    expect(cover.background).not.toBe('rgba(0, 0, 0, 0)')
  }, 60_000)
})
