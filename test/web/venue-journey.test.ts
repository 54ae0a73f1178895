/**
 * A test day at the school hall on HR's phone (360×740, touch), from an audit of the venue: 40 participants check
 * themselves in with the QR code on HR's phone while HR watches the test's page; right after the interview HR
 * enters each participant's score on "Hasil seleksi", whose table is wider than the screen.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import { aVenue, checkInOverApi, type Venue } from './venue.js'

const PHONE = { width: 360, height: 740 }

/** The figure of the test page's stat card named `name` ("Hadir", "Belum tercatat"). */
const stat = (page: Page, name: string) =>
  page.evaluate((name) => {
    const label = [...document.querySelectorAll('p')].find((p) => p.textContent?.trim() === name)
    return label?.nextElementSibling?.textContent?.trim() ?? null
  }, name)

describeInBrowser('web client: a test day at the school hall, on HR’s phone', () => {
  const journey = useJourney({
    viewport: PHONE,
    device: { isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  })
  let page: Page
  let v: Venue
  beforeAll(async () => {
    page = journey.page
    await login(page, journey.svc.url, 'hrd@demo.test')
    v = await aVenue(journey.svc, page)
  }, 60_000)

  it('check-ins made while the test page is open show there (counts and rows) without a reload, the list where it was', async () => {
    const base = journey.svc.url
    await page.goto(`${base}/hrd/jadwal/${v.scheduleId}?page=3`)
    const shown = page.getByTestId('check-in-code').first()
    await shown.waitFor()
    await page.getByText('31–40 dari 40').waitFor()
    expect(await stat(page, 'Hadir')).toBe('0')
    await page.getByText(v.names[39]).scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => window.scrollY)

    // Three participants scan the QR code on HR's phone (the code it shows now), one of them on this page.
    const code = (await shown.innerText()).trim()
    for (const email of [v.emails[0], v.emails[1], v.emails[39]])
      expect(await checkInOverApi(base, email, code)).toBe(200)

    // HR keeps looking: the counts and the row come in by themselves (before: only the code did, every 30 s).
    await expect.poll(() => stat(page, 'Hadir'), { timeout: 15_000, interval: 500 }).toBe('3')
    expect(await stat(page, 'Belum tercatat')).toBe('37')
    await page
      .getByText(/^check-in mandiri /)
      .first()
      .waitFor({ timeout: 2000 })
    // Still the third page, scrolled where HR left it.
    expect(new URL(page.url()).searchParams.get('page')).toBe('3')
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5)
  }, 60_000)

  it('"Hasil seleksi": scrolled right to "Isi nilai", the participant’s name stays in view beside it', async () => {
    await page.goto(`${journey.svc.url}/hrd/hasil?job_vacancy_id=${v.vacancyId}&search=V05`)
    const row = page.getByRole('table').locator('tbody tr').first()
    await row.getByText(v.names[4]).waitFor()
    const name = row.locator('td').first()
    const button = row.getByRole('button', { name: 'Isi nilai' })
    // "Isi nilai" lies beyond the screen's right edge: HR swipes the table.
    await name.scrollIntoViewIfNeeded()
    await page.getByRole('table').evaluate((t) => {
      const scroller = t.closest('.mantine-ScrollArea-viewport') as HTMLElement
      scroller.scrollLeft = scroller.scrollWidth
    })
    await page.waitForTimeout(300)
    const inView = (box: { x: number; width: number } | null) =>
      box !== null && box.x >= 0 && box.x + box.width <= PHONE.width
    expect(inView(await button.boundingBox())).toBe(true)
    // Before: the name column scrolled off the left edge, and every row read the same ("BELUM DIPUTUSKAN · draf ·
    // Isi nilai"), so HR could not tell whose "Isi nilai" the thumb was on.
    expect(inView(await name.boundingBox())).toBe(true)
    await button.click()
    await page.getByRole('dialog', { name: `Nilai ${v.names[4]}` }).waitFor()
  }, 60_000)
})
