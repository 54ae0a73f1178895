/**
 * Audit (lapse): two tabs of one browser. Tab A's session lapsed and the prompt promises "Yang sudah Anda isi
 * di halaman ini tetap ada"; the user opens bursa in a second tab. That tab's first /api/me answers 401 for a
 * token it never confirmed, so it clears the shared token (session.tsx's 401 handler), and tab A's storage
 * listener reads the removal as "signed out in another tab": tab A goes to the login page and the work is lost.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client, a lapsed session: a second tab opened while the prompt is up', () => {
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

  it('opening bursa in another tab while the prompt is up leaves the first tab at the prompt: the letter is kept', async () => {
    // Andi types a cover letter; his session ends elsewhere (or expires); tab A shows the password prompt,
    // saying what he typed is kept. He opens bursa in a second tab (to look at another vacancy, or to find his
    // password hint), which lands on the login page. Before: tab A leaves the prompt for the login page ("Sesi Anda
    // berakhir di tab lain"), the letter gone. Should: tab A keeps its prompt and the letter (the token the
    // second tab dropped was already dead; nobody signed out).
    await login(page, svc.url, 'siswa@demo.test')
    const id = await openVacancy(page)
    await page.goto(`${svc.url}/lowongan/${id}`)
    await page.getByRole('button', { name: 'Lamar sekarang' }).click()
    const letter = 'Dengan hormat, saya Andi Pratama, siswa kelas XII TKR, dengan ini melamar ...'
    await page.getByLabel('Surat lamaran (opsional)').fill(letter)
    expect((await apiAs(await tokenOf(page), '/api/logout', { method: 'POST', body: '{}' })).status).toBe(200)
    await page.getByRole('button', { name: 'Kirim lamaran' }).click()
    const prompt = page.getByRole('dialog', { name: 'Sesi Anda berakhir' })
    await prompt.getByText('siswa@demo.test').waitFor()

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
