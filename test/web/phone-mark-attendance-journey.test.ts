/**
 * HR (or staff for a company) marking a test's attendance on a phone (390 px, touch), in Debian's chromium on the
 * demo data. The participants' table scrolls sideways with its first column (the participant's name) kept at the
 * left edge; a tap on a row's "Catat" (the attendance select) scrolled the select into view right under that
 * column, which then took the tap (playwright: "<td> intercepts pointer events"), and a keyboard's focus went
 * under it out of sight. Now the table scrolls what it brings into view clear of the kept column, and the column
 * is no wider than a phone can spare. (Found by an accessibility audit.)
 */
import type { Locator, Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'

const PHONE = { width: 390, height: 844 }

/**
 * Whether `el` lies whole on the screen, clear of its row's kept first column (the participant's name), and
 * itself (not a cell over it) takes a tap at its middle.
 */
const clear = (el: Locator) =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect()
    const kept = (e.closest('tr') as HTMLTableRowElement).cells[0].getBoundingClientRect()
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return {
      besideName: r.left >= kept.right - 1,
      onScreen: r.left >= 0 && r.right <= window.innerWidth,
      takesTap: at !== null && (e === at || e.contains(at)),
    }
  })
const CLEAR = { besideName: true, onScreen: true, takesTap: true }

describeInBrowser('marking attendance on a 390 px phone', () => {
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

  /** The participants' table of HR's (or the acting staff's) test whose marks still await validation. */
  async function openMarkable(): Promise<Locator> {
    const schedules: { id: number; participantCount: number; status: string; scheduledAt: string }[] = (
      await apiAs(page, base, '/api/hrd/test-schedules?per_page=50')
    ).body.data
    // A test held already (attendance is marked once it has begun).
    const held = schedules.filter(
      (x) => x.participantCount > 0 && x.status !== 'cancelled' && Date.parse(x.scheduledAt) < Date.now(),
    )
    for (const s of held) {
      await page.goto(`${base}/hrd/jadwal/${s.id}`)
      const table = page.getByRole('table')
      await table
        .getByRole('combobox', { name: /^Kehadiran / })
        .first()
        .waitFor()
      if ((await table.locator('input[aria-label^="Kehadiran "]:not([disabled])').count()) > 0) return table
    }
    throw new Error('no test with marks awaiting validation')
  }

  it('HR taps a row\'s "Catat": the select opens (not the name\'s cell taking the tap) and the mark is saved', async () => {
    await login(page, base, 'hrd@demo.test')
    const table = await openMarkable()
    const mark = table.locator('input[aria-label^="Kehadiran "]:not([disabled])').last()
    const name = ((await mark.getAttribute('aria-label')) ?? '').replace(/^Kehadiran /, '')
    const current = await mark.inputValue()
    const next = current === 'Izin' ? 'Hadir' : 'Izin'

    // Playwright scrolls it into view as a thumb would, then taps it. Before the fix the name's column lay over
    // its left half (the value chosen hidden), or over all of it: "<td> intercepts pointer events".
    await mark.click({ timeout: 5_000 })
    expect(await clear(mark)).toEqual(CLEAR)
    await page.getByRole('option', { name: next }).click({ timeout: 5_000 })
    await page.getByText(`Kehadiran dicatat: ${next}.`).waitFor({ timeout: 10_000 })
    await page.reload()
    const again = page.getByRole('table').getByRole('combobox', { name: `Kehadiran ${name}` })
    await expect.poll(() => again.inputValue(), { timeout: 10_000 }).toBe(next)
  }, 90_000)

  it('by keyboard, each row\'s "Catat" takes the focus in sight, not under the participant\'s name', async () => {
    const table = await openMarkable()
    const marks = table.locator('input[aria-label^="Kehadiran "]:not([disabled])')
    const n = await marks.count()
    // The table scrolled back to its start, as a screen opens it; then the focus moves along the rows.
    await table.evaluate((t) => {
      ;(t.closest('.mantine-ScrollArea-viewport') as HTMLElement).scrollLeft = 0
    })
    for (let i = 0; i < n; i++) {
      await marks.nth(i).focus()
      await page.waitForTimeout(100)
      expect(await clear(marks.nth(i))).toEqual(CLEAR)
      await page.keyboard.press('Escape')
    }
  }, 90_000)
})
