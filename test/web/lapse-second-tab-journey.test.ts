/**
 * Two tabs of one browser: tab A's session lapsed and its prompt keeps the letter; bursa opened in a second tab
 * clears the dead token (its own first call is refused). Tab A stays at its prompt. Before, it read the removal
 * as a sign-out elsewhere and went to the login page, the letter lost (found by the audit of the prompt).
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, LETTER, lapseWhileApplying } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client, a lapsed session: a second tab opened while the prompt is up', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ locale: 'en-US' })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('opening bursa in another tab while the prompt is up leaves the first tab at the prompt: the letter is kept', async () => {
    // Andi types a cover letter; his session ends elsewhere (or expires); tab A shows the password prompt,
    // saying what he typed is kept. He opens bursa in a second tab (to look at another vacancy, or to find his
    // password hint), which lands on the login page. Before: tab A leaves the prompt for the login page ("Sesi Anda
    // berakhir di tab lain"), the letter gone. Should: tab A keeps its prompt and the letter (the token the
    // second tab dropped was already dead; nobody signed out).
    const { id, prompt } = await lapseWhileApplying(page, svc.url)
    const letter = LETTER

    const b = await journey.browser.context.newPage()
    await b.goto(`${svc.url}/lowongan`)
    await b.waitForURL((u) => u.pathname === '/login')
    await b.close()
    await page.waitForTimeout(1000)

    expect(new URL(page.url()).pathname).toBe(`/lowongan/${id}`)
    expect(await prompt.count()).toBe(1)
    await prompt.getByRole('textbox', { name: 'Kata sandi' }).fill('password123')
    await prompt.getByRole('button', { name: 'Masuk lagi' }).click()
    await prompt.waitFor({ state: 'detached' })
    expect(await page.getByLabel('Surat lamaran (opsional)').inputValue()).toBe(letter)
  }, 90_000)
})
