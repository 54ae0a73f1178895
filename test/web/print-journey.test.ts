import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, login, shot } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

/**
 * Paper, in Debian's chromium against the demo data (docs/decisions.md, "Printing"): HR opens the upcoming test,
 * "Cetak daftar hadir" opens its sign-in sheet and the print dialog; printed (print media), the page is the sheet
 * alone: no header, menu or buttons, the heading and the table of those still in the selection with room to sign.
 * A list screen printed keeps its table whole (no sideways scroll, no kept first column) without its filters.
 * Screenshots go to the journeys' scratch folder (never docs/).
 */
describeInBrowser('web client: printing a sign-in sheet and a screen', () => {
  let svc: RunningService
  let page: Page

  const journey = useJourney()
  beforeAll(async () => {
    ;({ svc, page } = journey)
    // The print dialog counted, not shown.
    await page.addInitScript(() => {
      const w = window as unknown as { printed: number; print: () => void }
      w.printed = 0
      w.print = () => {
        w.printed++
      }
    })
  })

  const api = async (path: string) => (await apiAs(page, svc.url, path)).body
  const printed = () => page.evaluate(() => (window as unknown as { printed: number }).printed)

  it('hrd: "Cetak daftar hadir" prints the sheet alone, its participants with room to sign', async () => {
    await login(page, svc.url, 'hrd@demo.test')
    const upcoming = await api('/api/hrd/test-schedules?status=scheduled')
    const id = upcoming.data[0].id as number
    const all: { applicant: { fullName: string }; applicationStatus: string }[] = (
      await api(`/api/hrd/test-schedules/${id}/participants?per_page=100`)
    ).data
    const inSelection = all
      .filter((p) => p.applicationStatus === 'in_progress')
      .map((p) => p.applicant.fullName)
    expect(inSelection.length).toBeGreaterThan(0)

    await page.goto(`${svc.url}/hrd/jadwal/${id}`)
    await page.getByRole('link', { name: 'Cetak daftar hadir' }).click()
    await page.waitForURL(new RegExp(`/hrd/jadwal/${id}/cetak$`))
    const table = page.getByRole('table', { name: 'Daftar hadir peserta tes' })
    await table.waitFor()
    await expect.poll(printed).toBe(1)

    await page.emulateMedia({ media: 'print' })
    try {
      const nav = page.getByRole('navigation', { name: 'Menu utama' })
      expect(await page.locator('header').first().isVisible()).toBe(false)
      expect(await nav.isVisible()).toBe(false)
      expect(await page.getByRole('button', { name: 'Cetak' }).isVisible()).toBe(false)
      expect(await page.getByRole('link', { name: /Kembali ke jadwal tes/ }).isVisible()).toBe(false)
      expect(
        await page.getByRole('heading', { level: 1, name: 'Daftar hadir peserta tes' }).isVisible(),
      ).toBe(true)
      expect(await table.isVisible()).toBe(true)
      const names = await table.locator('tbody tr td:nth-child(2)').allTextContents()
      expect(names.sort()).toEqual([...inSelection].sort())
      // The signature box is empty and tall enough for a pen (about 1.3 cm).
      const sign = table.locator('tbody tr').first().locator('td').last()
      expect((await sign.textContent())?.trim()).toBe('')
      expect((await sign.boundingBox())?.height ?? 0).toBeGreaterThan(40)
      // Black on white, the page's menu offset gone.
      const look = await page.evaluate(() => {
        const h1 = getComputedStyle(document.querySelector('h1') as Element)
        const main = document.querySelector('main') as HTMLElement
        return {
          color: h1.color,
          background: getComputedStyle(document.body).backgroundColor,
          left: main.getBoundingClientRect().left,
          pad: getComputedStyle(main).paddingLeft,
        }
      })
      expect(look.color).toBe('rgb(0, 0, 0)')
      expect(look.background).toBe('rgb(255, 255, 255)')
      expect(look.pad).toBe('0px')
      await shot(page, 'hrd-daftar-hadir-cetak')
    } finally {
      await page.emulateMedia({ media: 'screen' })
    }
  })

  it('hrd: "Cetak pengumuman" prints the names and majors of a vacancy’s published acceptances, no scores', async () => {
    const accepted: { applicant: { fullName: string }; vacancy: { id: number } }[] = (
      await api('/api/hrd/selection-results?decision=diterima&published=true&per_page=100')
    ).data
    const vacancyId = accepted[0].vacancy.id
    const names = accepted.filter((r) => r.vacancy.id === vacancyId).map((r) => r.applicant.fullName)
    await page.goto(`${svc.url}/hrd/hasil?job_vacancy_id=${vacancyId}`)
    await page.getByRole('link', { name: 'Cetak pengumuman' }).click()
    const table = page.getByRole('table', { name: 'Peserta yang diterima' })
    await table.waitFor()
    // Counted afresh in each page the browser loads.
    await expect.poll(printed).toBe(1)
    await page.emulateMedia({ media: 'print' })
    try {
      expect(await table.locator('thead th').allTextContents()).toEqual(['No', 'Nama', 'Kompetensi keahlian'])
      expect((await table.locator('tbody tr td:nth-child(2)').allTextContents()).sort()).toEqual(names.sort())
      expect(await page.getByRole('navigation', { name: 'Menu utama' }).isVisible()).toBe(false)
      await shot(page, 'hrd-pengumuman-cetak')
    } finally {
      await page.emulateMedia({ media: 'screen' })
    }
  })

  it('hrd: a list screen on paper keeps its whole table, without the menu, its filters or the pager', async () => {
    // The results of every vacancy: a wide table with a kept first column and a sideways scroll on a phone.
    await page.setViewportSize({ width: 700, height: 900 })
    try {
      await page.goto(`${svc.url}/hrd/hasil`)
      const table = page.getByRole('table').first()
      await table.waitFor()
      await page.emulateMedia({ media: 'print' })
      expect(await page.getByRole('navigation', { name: 'Menu utama' }).isVisible()).toBe(false)
      expect(await page.getByRole('form', { name: 'Saring daftar' }).isVisible()).toBe(false)
      expect(await page.getByRole('heading', { level: 1, name: 'Hasil seleksi' }).isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'Isi nilai' }).first().isVisible()).toBe(false)
      const fit = await table.evaluate((el) => {
        const first = el.querySelector('tbody td') as Element
        return {
          table: el.getBoundingClientRect().right,
          page: document.documentElement.clientWidth,
          position: getComputedStyle(first).position,
        }
      })
      expect(fit.position).toBe('static')
      expect(fit.table).toBeLessThanOrEqual(fit.page)
      await shot(page, 'hrd-hasil-seleksi-cetak')
    } finally {
      await page.emulateMedia({ media: 'screen' })
      await page.setViewportSize({ width: 1280, height: 800 })
    }
  })
})
