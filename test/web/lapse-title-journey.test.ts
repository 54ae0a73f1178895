/**
 * While the prompt hides the screen, the tab's title names no one: on HR's applicant detail it was the
 * applicant's full name, readable by the next person at a shared computer (found by the audit of the prompt).
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, endSessionElsewhere, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client, a lapsed session: the tab title under the prompt', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ locale: 'en-US' })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it("HR's session lapses on an applicant's page: the tab's title no longer names the applicant", async () => {
    // HR opens an applicant (a student's name, NIS, major, CV) at a shared computer and walks away; the session
    // expires or is ended elsewhere and the prompt covers the screen. Before: the browser's tab (and its history
    // entry, the task bar) reads "<student's full name> · bursa" to whoever sits down. Should: a neutral title
    // (e.g. "Sesi berakhir · bursa") while the prompt is up.
    await login(page, svc.url, 'hrd@demo.test')
    const list = (await apiAs(page, svc.url, '/api/hrd/applicant-reviews?per_page=1&status=pending')).body
    const first = list.data[0]
    const name: string = first.applicant?.fullName ?? first.applicantName ?? first.fullName
    expect(name).toBeTruthy()
    await page.goto(`${svc.url}/hrd/pelamar/${first.id}`)
    await page.getByRole('heading', { name }).waitFor()
    expect(await page.title()).toContain(name)
    await endSessionElsewhere(page, svc.url)
    // HR had typed a note and presses "Lolos": the call meets the ended session.
    await page.getByLabel('Catatan').fill('Berkas lengkap.')
    await page.getByRole('button', { name: 'Lolos', exact: true }).click()
    await page.getByRole('dialog', { name: 'Sesi Anda berakhir' }).waitFor()
    await page.waitForTimeout(300)
    expect(new URL(page.url()).pathname).toBe(`/hrd/pelamar/${first.id}`)
    expect(await page.title()).not.toContain(name)
  }, 90_000)
})
