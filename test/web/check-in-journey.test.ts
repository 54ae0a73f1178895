/**
 * Check-in on the test day, in Debian's chromium against the real service with the demo data: HR schedules a
 * test starting in half an hour for Andi (an in-progress applicant of PT Astra), opens it and sees the "Kode
 * check-in" panel with the QR code and the typed code; Andi, on a phone-sized page, opens "Check-in tes",
 * types the code and is told, large, that he is present; opening the QR code's link again says it is already
 * recorded; his application page gives the test as an .ics file. HR's participant list then shows the self
 * check-in. Screenshots go to docs/screens/ with UPDATE_SCREENS=1 (a temporary folder otherwise).
 */
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login, openBrowser, shot } from './browser.js'
import { type RunningService, startService } from './server.js'

describeInBrowser('web client: QR check-in on the test day', () => {
  let svc: RunningService
  let desk: Awaited<ReturnType<typeof openBrowser>>
  let phone: Awaited<ReturnType<typeof openBrowser>>
  let hrPage: Page
  let learnerPage: Page
  let scheduleId: number
  let code: string

  const api = async (page: Page, method: string, path: string, body?: unknown) => {
    const token = await page.evaluate(() => localStorage.getItem('access_token'))
    const res = await fetch(`${svc.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: await res.json() }
  }

  beforeAll(async () => {
    svc = await startService()
    desk = await openBrowser()
    phone = await openBrowser({ width: 390, height: 844 })
    hrPage = await desk.context.newPage()
    learnerPage = await phone.context.newPage()
  }, 240_000)

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return
    for (const [name, page] of [
      ['hr', hrPage],
      ['phone', learnerPage],
    ] as const) {
      const file = resolve(tmpdir(), `bursa-web-failed-check-in-${name}.png`)
      await page?.screenshot({ path: file }).catch(() => {})
      console.log(`failed at ${page?.url()}; screenshot ${file}`)
    }
  })

  afterAll(async () => {
    await desk?.close()
    await phone?.close()
    await svc?.stop()
  }, 60_000)

  it('hrd: a test starting in half an hour shows its check-in code and QR code', async () => {
    await login(hrPage, svc.url, 'hrd@demo.test')
    const reviews = await api(
      hrPage,
      'GET',
      '/api/hrd/applicant-reviews?status=in_progress&search=Andi&per_page=50',
    )
    expect(reviews.status).toBe(200)
    const andi = reviews.body.data.find(
      (a: { applicant: { fullName: string } }) => a.applicant.fullName === 'Andi Pratama',
    )
    expect(andi).toBeDefined()
    const created = await api(hrPage, 'POST', '/api/hrd/test-schedules', {
      job_vacancy_id: andi.vacancy.id,
      name: 'Wawancara pagi ini',
      kind: 'wawancara',
      scheduled_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      location: 'Ruang BKK',
      duration_minutes: 60,
      application_ids: [andi.id],
    })
    expect(created.status).toBe(201)
    scheduleId = created.body.data.id

    await hrPage.goto(`${svc.url}/hrd/jadwal/${scheduleId}`)
    await hrPage.getByRole('heading', { name: 'Kode check-in' }).waitFor()
    const shown = hrPage.getByTestId('check-in-code').first()
    await shown.waitFor()
    code = (await shown.innerText()).trim()
    expect(code).toMatch(new RegExp(`^${scheduleId}-[0-9A-Z]{8}$`))
    // The QR code (an SVG) names the code it holds; the text says how often it changes.
    await hrPage
      .locator('svg')
      .filter({ has: hrPage.locator('title', { hasText: `QR check-in ${code}` }) })
      .waitFor()
    await hrPage.getByText(/Kode berganti setiap 30 detik/).waitFor()
    const fromApi = await api(hrPage, 'GET', `/api/hrd/test-schedules/${scheduleId}/check-in-code`)
    expect(fromApi.body.data.url).toMatch(/\/check-in\?code=/)
    await shot(hrPage, 'hrd-kode-check-in')
  }, 90_000)

  it('siswa on a phone: types the code and is told, large, that he is present', async () => {
    await login(learnerPage, svc.url, 'siswa@demo.test')
    await learnerPage.goto(`${svc.url}/check-in`)
    await learnerPage.getByRole('heading', { name: 'Check-in tes' }).waitFor()
    // The code on HR's screen may have moved on meanwhile: the newest one is typed (the one before is taken too).
    const current = (await hrPage.getByTestId('check-in-code').first().innerText()).trim()
    await learnerPage.getByLabel('Kode check-in').fill(current.toLowerCase())
    await learnerPage.getByRole('button', { name: 'Check-in', exact: true }).click()
    const done = learnerPage.getByRole('status').filter({ hasText: 'Anda tercatat hadir' })
    await done.waitFor()
    expect(await done.innerText()).toContain('Wawancara pagi ini')
    // Readable on a phone: nothing wider than the screen.
    const overflow = await learnerPage.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await shot(learnerPage, 'siswa-check-in')

    // Scanning the QR code again (its link) changes nothing and says so.
    const { body } = await api(hrPage, 'GET', `/api/hrd/test-schedules/${scheduleId}/check-in-code`)
    await learnerPage.goto(body.data.url.replace(/^https?:\/\/[^/]+/, svc.url))
    await learnerPage.getByRole('status').filter({ hasText: 'Kehadiran Anda sudah tercatat' }).waitFor()

    // A wrong code is refused with the reason, shown large.
    await learnerPage.getByLabel('Kode check-in').fill(`${scheduleId}-00000000`)
    await learnerPage.getByRole('button', { name: 'Check-in', exact: true }).click()
    await learnerPage.getByRole('alert').filter({ hasText: 'Kode check-in tidak dikenali' }).waitFor()
  }, 90_000)

  it('siswa: the application page offers the test for the calendar (.ics)', async () => {
    const participants = await api(hrPage, 'GET', `/api/hrd/test-schedules/${scheduleId}/participants`)
    const applicationId = participants.body.data[0].applicationId
    await learnerPage.goto(`${svc.url}/lamaran/${applicationId}`)
    await learnerPage.getByText('Wawancara pagi ini', { exact: false }).first().waitFor()
    const download = learnerPage.waitForEvent('download')
    await learnerPage
      .getByRole('article', { name: 'Wawancara pagi ini' })
      .getByRole('button', { name: 'Tambahkan ke kalender (.ics)' })
      .click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`tes-${scheduleId}.ics`)
    const ics = await readFile((await file.path()) as string, 'utf8')
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics).toContain(`UID:bursa-test-${scheduleId}-application-${applicationId}@`)
    expect(ics).toContain('DTSTART;TZID=Asia/Jakarta:')
  }, 60_000)

  it('hrd: the participant list shows the self check-in', async () => {
    const participants = await api(hrPage, 'GET', `/api/hrd/test-schedules/${scheduleId}/participants`)
    expect(participants.body.data[0]).toMatchObject({
      attendanceStatus: 'hadir',
      validationStatus: 'pending',
    })
    expect(participants.body.data[0].checkedInAt).toBeTruthy()
    await hrPage.reload()
    await hrPage.getByText(/^check-in mandiri /).waitFor()
  }, 60_000)
})
