/**
 * Audit (lapse): the browser's Back while the "Sesi Anda berakhir" prompt is up. The AppShell is inert, but the
 * router is not: Back changes the route under the prompt, which unmounts the screen being kept.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client, a lapsed session: Back while the prompt is up', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    device: { isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  const tokenOf = (p: Page) => p.evaluate(() => localStorage.getItem('access_token'))
  const apiAs = async (token: string | null, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${svc.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    return { status: res.status, body: await res.json().catch(() => null) }
  }

  it("a phone's Back at the prompt keeps the screen: after the password, the letter is still there", async () => {
    // Andi, on his phone, types a cover letter; the session ends elsewhere; the prompt comes up saying what he
    // typed is kept. He uses the phone's Back (as one does to leave a full-screen dialog), sees the same prompt
    // still, gives his password. Before: the screen under the prompt went back to the vacancy list meanwhile; the
    // letter is lost. Should: Back does not take the hidden screen away while the prompt is up (or the
    // prompt keeps its promise otherwise).
    await login(page, svc.url, 'siswa@demo.test')
    const t = await tokenOf(page)
    const list = await apiAs(t, '/api/job-vacancies?per_page=100')
    let id = 0
    for (const v of list.body.data) {
      if ((await apiAs(t, `/api/job-vacancies/${v.id}`)).body.data.canApply) {
        id = v.id
        break
      }
    }
    // Within the app (one document): the list, then the vacancy.
    await page.goto(`${svc.url}/lowongan`)
    await page.locator(`a[href="/lowongan/${id}"]`).first().click()
    await page.waitForURL((u) => u.pathname === `/lowongan/${id}`)
    await page.getByRole('button', { name: 'Lamar sekarang' }).click()
    const letter = 'Dengan hormat, saya Andi Pratama, siswa kelas XII TKR, dengan ini melamar ...'
    await page.getByLabel('Surat lamaran (opsional)').fill(letter)
    expect((await apiAs(t, '/api/logout', { method: 'POST', body: '{}' })).status).toBe(200)
    await page.getByRole('button', { name: 'Kirim lamaran' }).click()
    const prompt = page.getByRole('dialog', { name: 'Sesi Anda berakhir' })
    await prompt.getByText('siswa@demo.test').waitFor()
    await page.goBack()
    await page.waitForTimeout(500)
    // Still the same document, the prompt still up (over whatever screen is now under it).
    await prompt.waitFor()
    await prompt.getByRole('textbox', { name: 'Kata sandi' }).fill('password123')
    await prompt.getByRole('button', { name: 'Masuk lagi' }).click()
    await prompt.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(`/lowongan/${id}`)
    expect(await page.getByLabel('Surat lamaran (opsional)').count()).toBe(1)
  }, 90_000)
})
