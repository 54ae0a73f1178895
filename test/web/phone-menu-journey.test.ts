/**
 * The main menu on a phone, or on a desktop zoomed to 400 % (the same 320-360 px layout), for a keyboard or
 * screen-reader user, in Debian's chromium on the demo data. Shut, the menu is slid off the screen; its links
 * stayed in the Tab order (the focus went to links at x = -350, out of sight) and were read out before the page
 * (TalkBack's swipe walked the whole menu first), and the burger never said whether the menu was open. Now the
 * shut menu is out of reach, the burger says "expanded" or "collapsed", and a wide screen keeps its menu.
 * (Found by an accessibility audit.)
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'

const PHONE = { width: 360, height: 740 }

/** Where Tab goes, `n` presses on: each focused element's text, and whether it lies inside the window. */
async function tabs(page: Page, n: number) {
  const seen: { name: string; onScreen: boolean }[] = []
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab')
    seen.push(
      await page.evaluate(() => {
        const e = document.activeElement as HTMLElement
        const r = e.getBoundingClientRect()
        return {
          name: (e.getAttribute('aria-label') ?? e.textContent ?? '').trim(),
          onScreen: r.right > 0 && r.left < window.innerWidth,
        }
      }),
    )
  }
  return seen
}

describeInBrowser('the main menu on a phone, by keyboard and screen reader', () => {
  const journey = useJourney({ viewport: PHONE })
  let page: Page
  let url: string
  beforeAll(() => {
    page = journey.page
    url = journey.svc.url
  })

  const menu = () => page.getByRole('navigation', { name: 'Menu utama' })
  const burger = () => page.getByRole('button', { name: 'Buka menu' })

  it('shut: Tab from the header goes to the page, not to menu links out of sight; nothing of it is read out', async () => {
    await login(page, url, 'siswa@demo.test')
    await page.goto(`${url}/lamaran`)
    await page.getByRole('heading', { level: 1, name: 'Lamaran saya' }).waitFor()
    // getByRole leaves out what is hidden from assistive technology.
    expect(await menu().count()).toBe(0)
    expect(await burger().getAttribute('aria-expanded')).toBe('false')
    await page.getByRole('button', { name: 'Menu akun' }).focus()
    const seen = await tabs(page, 4)
    // Before: Lowongan, Lamaran saya, Portofolio, Check-in tes, all at x = -350.
    expect(seen.filter((s) => !s.onScreen)).toEqual([])
    expect(seen.map((s) => s.name)).not.toContain('Portofolio')
  }, 90_000)

  it('open: the burger says so, the links are read and reached by Tab; shut again, they are gone', async () => {
    await page.goto(`${url}/lamaran`)
    await page.getByRole('heading', { level: 1, name: 'Lamaran saya' }).waitFor()
    await burger().click()
    expect(await burger().getAttribute('aria-expanded')).toBe('true')
    expect(
      await page.locator(`#${await burger().getAttribute('aria-controls')}`).getAttribute('aria-label'),
    ).toBe('Menu utama')
    await menu().getByRole('link', { name: 'Portofolio' }).waitFor()
    await burger().focus()
    const seen = await tabs(page, 8)
    expect(seen).toContainEqual({ name: 'Portofolio', onScreen: true })

    await burger().click()
    expect(await burger().getAttribute('aria-expanded')).toBe('false')
    await expect.poll(() => menu().count()).toBe(0)
  }, 90_000)

  it('on a wide screen the menu is there as before, read out and reached by Tab', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    try {
      await page.goto(`${url}/lamaran`)
      await page.getByRole('heading', { level: 1, name: 'Lamaran saya' }).waitFor()
      await menu().getByRole('link', { name: 'Portofolio' }).waitFor()
      await page.getByRole('button', { name: 'Menu akun' }).focus()
      const seen = await tabs(page, 4)
      expect(seen.map((s) => s.name)).toContain('Portofolio')
      expect(seen.filter((s) => !s.onScreen)).toEqual([])
    } finally {
      await page.setViewportSize(PHONE)
    }
  }, 90_000)
})
