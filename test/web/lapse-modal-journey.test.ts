/**
 * Audit (lapse): a Mantine modal open when the session lapses. The modal is portaled to <body>, outside the
 * AppShell that Layout.tsx makes inert/aria-hidden, so it stays live under the opaque "Sesi Anda berakhir"
 * prompt: its window-wide Escape handler, its focus trap and its content in the accessibility tree.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client, a lapsed session: a modal open when the session lapses', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ locale: 'en-US' })
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
  async function openVacancy(p: Page): Promise<number> {
    const t = await tokenOf(p)
    const list = await apiAs(t, '/api/job-vacancies?per_page=100')
    for (const v of list.body.data) {
      const d = await apiAs(t, `/api/job-vacancies/${v.id}`)
      if (d.body.data.canApply) return v.id
    }
    throw new Error('no vacancy open to this learner')
  }
  const letter = 'Dengan hormat, saya Andi Pratama, siswa kelas XII TKR, dengan ini melamar ...'

  /** A student typing a cover letter in the apply modal; the session ends elsewhere; the prompt comes up. */
  async function lapseWhileApplying() {
    await login(page, svc.url, 'siswa@demo.test')
    const id = await openVacancy(page)
    await page.goto(`${svc.url}/lowongan/${id}`)
    await page.getByRole('button', { name: 'Lamar sekarang' }).click()
    await page.getByLabel('Surat lamaran (opsional)').fill(letter)
    expect((await apiAs(await tokenOf(page), '/api/logout', { method: 'POST', body: '{}' })).status).toBe(200)
    await page.getByRole('button', { name: 'Kirim lamaran' }).click()
    const prompt = page.getByRole('dialog', { name: 'Sesi Anda berakhir' })
    await prompt.getByText('siswa@demo.test').waitFor()
    return prompt
  }

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
