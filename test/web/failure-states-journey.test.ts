/**
 * The web client when the network or the server fails, and deep links to records that are not there: a
 * screen's script that does not load (the network drops; a tab left open across a release asks for an old
 * hashed file), a 404 deep link, a send and a download while offline. All say so in Indonesian, inside the
 * app.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client: failure states in the browser', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ locale: 'en-US' })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('the network drops while the next screen’s script loads: an Indonesian message with a way to retry, inside the app', async () => {
    await login(page, svc.url, 'siswa@demo.test')
    // A fresh document on the first screen (its script is in the first bundle).
    await page.goto(`${svc.url}/lowongan`)
    await page.getByRole('heading', { name: 'Lowongan' }).first().waitFor()
    // The learner's other screens come as one script, fetched when first opened: the link drops then
    // (a bus going through a tunnel).
    await page.route('**/assets/learner-*.js', (r) => r.abort('internetdisconnected'))
    await page.getByRole('link', { name: 'Lamaran saya' }).click()
    // The page reloads once by itself (the service answers), the script fails again: the error view stays,
    // no reload loop.
    await page.waitForTimeout(2000)
    await page.getByRole('button', { name: 'Muat ulang' }).waitFor()
    await page.waitForTimeout(1000)
    const text = await page.locator('body').innerText()
    const menu = await page.getByRole('navigation').getByRole('link', { name: 'Portofolio' }).count()
    await page.unroute('**/assets/learner-*.js')
    // Before the fix: react-router's developer page, "Unexpected Application Error! … Failed to fetch
    // dynamically imported module", in English, the menu gone, no button.
    expect(text).not.toMatch(/Unexpected Application Error/)
    expect(text).toContain('Halaman gagal dimuat')
    expect(menu).toBe(1)
    // "Muat ulang" reloads: the script is there now, and so is the screen.
    await page.getByRole('button', { name: 'Muat ulang' }).click()
    await page.getByRole('heading', { name: 'Lamaran saya' }).waitFor()
  }, 90_000)

  it('a tab left open across a new release: the old hashed script is a 404, and the page reloads to the new one', async () => {
    await login(page, svc.url, 'siswa@demo.test')
    await page.goto(`${svc.url}/lowongan`)
    await page.getByRole('heading', { name: 'Lowongan' }).first().waitFor()
    // No automatic reload within the last minute (the test above had one).
    await page.evaluate(() => sessionStorage.removeItem('bursa_reloaded_at'))
    // After a release the tab's old hashed script is gone: the service answers 404 (before the fix:
    // index.html, 200, which the browser refused as a script).
    const gone = await fetch(`${svc.url}/assets/learner-0ldHash0.js`)
    const body = await gone.text()
    expect(gone.status).toBe(404)
    expect(body).not.toMatch(/<html/i)
    // Only the tab's first request for it gets the old answer; after the reload the script is there.
    await page.route(
      '**/assets/learner-*.js',
      (r) => r.fulfill({ status: gone.status, contentType: gone.headers.get('content-type') ?? '', body }),
      { times: 1 },
    )
    await page.getByRole('link', { name: 'Lamaran saya' }).click()
    await page.getByRole('heading', { name: 'Lamaran saya' }).waitFor()
    const text = await page.locator('body').innerText()
    await page.unroute('**/assets/learner-*.js')
    expect(text).not.toMatch(/Unexpected Application Error|Hey developer|Halaman gagal dimuat/)
  }, 90_000)

  it('a deep link to an application that does not exist: says it was not found, with a way back, not "Coba lagi"', async () => {
    await login(page, svc.url, 'siswa@demo.test')
    await page.goto(`${svc.url}/lamaran/999999`)
    await page.getByRole('alert').first().waitFor()
    const main = await page.locator('main').innerText()
    expect(main).toMatch(/tidak ditemukan/i)
    expect(main).not.toMatch(/Gagal memuat/)
    expect(await page.getByRole('button', { name: 'Coba lagi' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Kembali ke beranda' }).click()
    await page.waitForURL(/\/lowongan$/)
  }, 60_000)

  it('applying while the network is down: the dialog keeps the letter and says it could not be sent', async () => {
    await login(page, svc.url, 'siswa@demo.test')
    const t = await page.evaluate(() => localStorage.getItem('access_token'))
    const get = async (p: string) =>
      (await fetch(`${svc.url}${p}`, { headers: { authorization: `Bearer ${t}` } })).json()
    let id = 0
    for (const v of (await get('/api/job-vacancies?per_page=100')).data)
      if ((await get(`/api/job-vacancies/${v.id}`)).data.canApply) {
        id = v.id
        break
      }
    await page.goto(`${svc.url}/lowongan/${id}`)
    await page.getByRole('button', { name: 'Lamar sekarang' }).click()
    await page.getByLabel('Surat lamaran (opsional)').fill('Surat saya')
    await page.route('**/api/job-vacancies/*/apply', (r) => r.abort('internetdisconnected'))
    await page.getByRole('button', { name: 'Kirim lamaran' }).click()
    const alert = page.getByRole('dialog').getByRole('alert')
    await alert.waitFor()
    const text = await alert.innerText()
    await page.unroute('**/api/job-vacancies/*/apply')
    expect(await page.getByLabel('Surat lamaran (opsional)').inputValue()).toBe('Surat saya')
    // Before the fix: titled "Gagal memuat" (failed to load) for a send that failed.
    expect(text).not.toMatch(/Gagal memuat/)
    expect(text).toMatch(/Gagal mengirim/)
    expect(text).toMatch(/Tidak dapat terhubung/)
  }, 60_000)

  it('a file download while the network is down: the toast says so in Indonesian, not "Failed to fetch"', async () => {
    await login(page, svc.url, 'alumni@demo.test')
    const t = await page.evaluate(() => localStorage.getItem('access_token'))
    const apps = await (
      await fetch(`${svc.url}/api/my-applications`, { headers: { authorization: `Bearer ${t}` } })
    ).json()
    await page.goto(`${svc.url}/lamaran/${apps.data[0].id}`)
    const link = page.getByRole('button', { name: /^Unduh / }).first()
    await link.waitFor()
    await page.route('**/api/files/*/download', (r) => r.abort('internetdisconnected'))
    await link.click()
    const toast = page.locator('.mantine-Notification-root').first()
    await toast.waitFor()
    const text = await toast.innerText()
    await page.unroute('**/api/files/*/download')
    // Before the fix: "Gagal / Failed to fetch" (the browser's own English words).
    expect(text).not.toMatch(/Failed to fetch/)
    expect(text).toMatch(/Tidak dapat terhubung/)
  }, 60_000)
})
