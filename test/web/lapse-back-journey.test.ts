/**
 * The browser's Back (a phone's) while the "Sesi Anda berakhir" prompt is up: the router holds the screen under
 * the prompt, so the letter being typed is still there once the password is given. Back took it away before
 * (found by the audit of the prompt).
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { anOpenVacancy, describeInBrowser, endSessionElsewhere, login } from './browser.js'
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

  it("a phone's Back at the prompt keeps the screen: after the password, the letter is still there", async () => {
    // Andi, on his phone, types a cover letter; the session ends elsewhere; the prompt comes up saying what he
    // typed is kept. He uses the phone's Back (as one does to leave a full-screen dialog), sees the same prompt
    // still, gives his password. Before: the screen under the prompt went back to the vacancy list meanwhile; the
    // letter is lost. Should: Back does not take the hidden screen away while the prompt is up (or the
    // prompt keeps its promise otherwise).
    await login(page, svc.url, 'siswa@demo.test')
    const id = await anOpenVacancy(page, svc.url)
    // Within the app (one document): the list, then the vacancy.
    await page.goto(`${svc.url}/lowongan`)
    await page.locator(`a[href="/lowongan/${id}"]`).first().click()
    await page.waitForURL((u) => u.pathname === `/lowongan/${id}`)
    await page.getByRole('button', { name: 'Lamar sekarang' }).click()
    const letter = 'Dengan hormat, saya Andi Pratama, siswa kelas XII TKR, dengan ini melamar ...'
    await page.getByLabel('Surat lamaran (opsional)').fill(letter)
    await endSessionElsewhere(page, svc.url)
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
