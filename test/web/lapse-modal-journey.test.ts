/**
 * A Mantine modal (the apply form, a cover letter in it) open when the session lapses. It lives in a portal of
 * its own, outside the app: while the prompt is up it is inert and aria-hidden too, Escape pressed in the prompt
 * does not close it, and Tab stays in the prompt. Before, Escape closed it (the letter lost), Tab walked into
 * it, and a screen reader read it (found by the audit of the prompt).
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, LETTER, lapseWhileApplying as lapseWhile } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client, a lapsed session: a modal open when the session lapses', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ locale: 'en-US' })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  const letter = LETTER
  const lapseWhileApplying = async () => (await lapseWhile(page, svc.url)).prompt

  it('Escape pressed in the password prompt leaves the hidden apply modal open: the cover letter is kept', async () => {
    // The user sees "Sesi Anda berakhir ... Yang sudah Anda isi di halaman ini tetap ada", presses Escape (as
    // one does to a dialog), then gives the password. Before: Mantine's Modal listens for Escape on the whole
    // window, closes itself under the opaque prompt, and the letter is gone. Should: the letter is still there.
    const prompt = await lapseWhileApplying()
    const password = prompt.getByRole('textbox', { name: 'Kata sandi' })
    await password.focus()
    await page.keyboard.press('Escape')
    await password.fill('password123')
    await prompt.getByRole('button', { name: 'Masuk lagi' }).click()
    await prompt.waitFor({ state: 'detached' })
    expect(await page.getByLabel('Surat lamaran (opsional)').count()).toBe(1)
    expect(await page.getByLabel('Surat lamaran (opsional)').inputValue()).toBe(letter)
  }, 90_000)

  it('Tab stays within the prompt: the hidden apply modal and its focus trap do not take the keyboard', async () => {
    // A keyboard user at the prompt presses Tab to reach "Masuk lagi" and "Keluar", and on. Before: after "Keluar"
    // the focus goes into the invisible apply modal (outside the inert AppShell), and the modal's focus trap
    // cycles it among the hidden letter and buttons: the password field is never reached again by keyboard.
    // Should: the focus stays within the prompt (an aria-modal dialog).
    const prompt = await lapseWhileApplying()
    await prompt.getByRole('textbox', { name: 'Kata sandi' }).focus()
    const where: string[] = []
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      where.push(
        await page.evaluate(() => {
          const a = document.activeElement as HTMLElement | null
          const inPrompt = !!a?.closest('[aria-labelledby="sesi-berakhir"]')
          return `${inPrompt ? 'prompt' : 'HIDDEN'}:${a?.tagName}:${a?.getAttribute('aria-label') ?? a?.textContent?.slice(0, 30) ?? ''}`
        }),
      )
    }
    expect(where.filter((w) => w.startsWith('HIDDEN'))).toEqual([])
  }, 90_000)

  it('the hidden apply modal and the cover letter in it are out of the accessibility tree under the prompt', async () => {
    // A screen-reader user (or anyone reading the page's accessibility tree at a shared computer) while the prompt
    // is up. Before: besides "Sesi Anda berakhir", a second modal dialog "Kirim lamaran" with the letter is
    // exposed (the AppShell is aria-hidden, the portaled modal is not). Should: only the prompt is exposed.
    await lapseWhileApplying()
    expect(await page.getByRole('dialog', { name: 'Kirim lamaran' }).count()).toBe(0)
    expect(await page.getByRole('textbox', { name: 'Surat lamaran (opsional)' }).count()).toBe(0)
  }, 90_000)
})
