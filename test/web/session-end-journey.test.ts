/**
 * The session ending under a user who is working: a logout elsewhere (or an expired token) asks for the
 * password over the screen, which keeps what was typed; an account deactivated by staff goes to the login
 * page, which says why. Two tabs of one browser: a tab follows another tab signing in as someone else, or
 * signing out.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { anOpenVacancy, describeInBrowser, endSessionElsewhere, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client: the session ends while the user works', () => {
  let svc: RunningService
  let page: Page
  // A deactivation written straight to the database is seen at the next request (no token cache).
  const journey = useJourney({ locale: 'en-US', env: { AUTH_CACHE_SECONDS: '0' } })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  const tokenOf = (p: Page) => p.evaluate(() => localStorage.getItem('access_token'))
  const apiAs = async (token: string | null, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${svc.url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(init.headers ?? {}),
      },
    })
    return { status: res.status, body: await res.json().catch(() => null) }
  }

  it('a session revoked elsewhere while a cover letter is typed: the password brings it back, the letter kept', async () => {
    await login(page, svc.url, 'siswa@demo.test')
    const id = await anOpenVacancy(page, svc.url)
    await page.goto(`${svc.url}/lowongan/${id}`)
    await page.getByRole('button', { name: 'Lamar sekarang' }).click()
    const letter = 'Dengan hormat, saya Andi Pratama, siswa kelas XII TKR, dengan ini melamar ...'
    await page.getByLabel('Surat lamaran (opsional)').fill(letter)
    // "Keluar" pressed on the school's computer lab, or the token expired: the token is no longer valid.
    await endSessionElsewhere(page, svc.url)
    await page.getByRole('button', { name: 'Kirim lamaran' }).click()
    // The screen stays where it was, hidden under the password prompt, which says why.
    const prompt = page.getByRole('dialog', { name: 'Sesi Anda berakhir' })
    await prompt.getByText('sesi Anda tidak valid').waitFor()
    expect(new URL(page.url()).pathname).toBe(`/lowongan/${id}`)
    await prompt.getByText('siswa@demo.test').waitFor()
    // Before: the page gave way to the login page, and the letter being typed was lost.
    await prompt.getByRole('textbox', { name: 'Kata sandi' }).fill('password123')
    await prompt.getByRole('button', { name: 'Masuk lagi' }).click()
    await prompt.waitFor({ state: 'detached' })
    expect(await page.getByLabel('Surat lamaran (opsional)').inputValue()).toBe(letter)
    await page.getByRole('button', { name: 'Kirim lamaran' }).click()
    await page.getByRole('button', { name: 'Kirim lamaran' }).waitFor({ state: 'detached' })
    const mine = await apiAs(await tokenOf(page), '/api/my-applications?per_page=100')
    const sent = mine.body.data.find((a: { vacancy: { id: number } }) => a.vacancy.id === id)
    expect(sent).toBeTruthy()
    const detail = await apiAs(await tokenOf(page), `/api/my-applications/${sent.id}`)
    expect(detail.body.data.coverLetter).toBe(letter)
    expect(await page.evaluate(() => sessionStorage.getItem('bursa_session_ended'))).toBeNull()
  }, 90_000)

  it("the password prompt's 'Keluar' ends the session as a logout: the plain login page", async () => {
    await login(page, svc.url, 'alumni@demo.test')
    await page.goto(`${svc.url}/portofolio`)
    await page.getByRole('heading', { name: 'Portofolio' }).waitFor()
    await endSessionElsewhere(page, svc.url)
    await page.getByRole('link', { name: 'Lamaran saya' }).click()
    const prompt = page.getByRole('dialog', { name: 'Sesi Anda berakhir' })
    await prompt.waitFor()
    await prompt.getByRole('button', { name: 'Keluar' }).click()
    await page.waitForURL((u) => u.pathname === '/login')
    // As a logout: no `next` to this account's page for the next person at the computer.
    expect(new URL(page.url()).search).toBe('')
    expect(await tokenOf(page)).toBeNull()
  }, 90_000)

  it('an account deactivated by staff while it works: the login page says the account was deactivated', async () => {
    await login(page, svc.url, 'alumni@demo.test')
    const me = await apiAs(await tokenOf(page), '/api/me')
    await page.goto(`${svc.url}/portofolio`)
    await page.waitForLoadState('networkidle')
    const _pg = (await import('pg')).default
    await svc.query('update users set is_active = false where id = $1', [me.body.data.id])
    await page.getByRole('link', { name: 'Lamaran saya' }).click()
    await page.waitForURL(/\/login/)
    await page.getByText('Akun Anda telah dinonaktifkan.').waitFor()
  }, 90_000)
})

describeInBrowser('web client: two tabs of one browser', () => {
  let svc: RunningService
  const journey = useJourney({ locale: 'en-US' })
  beforeAll(() => {
    ;({ svc } = journey)
  })

  it('another account signing in at a second tab: the first tab does not show its applications under the old name', async () => {
    const a = journey.page
    await login(a, svc.url, 'siswa@demo.test')
    await a.goto(`${svc.url}/portofolio`)
    await a.getByRole('heading', { name: 'Portofolio' }).waitFor()
    // Someone else at the same computer lab: a second tab, then their own account (the login replaces the
    // token every tab reads).
    const b = await journey.browser.context.newPage()
    await login(b, svc.url, 'alumni@demo.test')
    const token = await b.evaluate(() => localStorage.getItem('access_token'))
    await b.close()
    const mine = await (
      await fetch(`${svc.url}/api/my-applications`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    const sitiTitles: string[] = mine.data.map((x: { vacancy: { title: string } }) => x.vacancy.title)
    expect(sitiTitles.length).toBeGreaterThan(0)
    // Back to the first tab: a click in its menu.
    await a.getByRole('link', { name: 'Lamaran saya' }).click()
    await a.getByRole('heading', { name: 'Lamaran saya' }).waitFor()
    await a.waitForTimeout(1000)
    const header = await a.locator('header').innerText()
    const main = await a.locator('main').innerText()
    // Before the fix: the header said "Andi Pratama · Siswa" and the table listed Siti Nurhaliza's
    // applications. The tab follows the account of the token it sends.
    expect(header).not.toContain('Andi Pratama')
    expect(header).toContain('Siti Nurhaliza')
    expect(sitiTitles.some((t) => main.includes(t))).toBe(true)
  }, 90_000)

  it('the token replaced at a second tab without a sign-out in between: the first tab shows the new account', async () => {
    const a = journey.page
    await login(a, svc.url, 'siswa@demo.test')
    await a.goto(`${svc.url}/lamaran`)
    await a.getByRole('heading', { name: 'Lamaran saya' }).waitFor()
    const res = await fetch(`${svc.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alumni@demo.test', password: 'password123' }),
    })
    const siti = (await res.json()).data.token as string
    const b = await journey.browser.context.newPage()
    await b.goto(`${svc.url}/login`)
    await b.evaluate((t) => localStorage.setItem('access_token', t), siti)
    await b.close()
    // The screen starts afresh for the new account: its applications, under its name.
    await a.locator('header').getByText('Siti Nurhaliza').waitFor()
    const mine = await (
      await fetch(`${svc.url}/api/my-applications`, { headers: { authorization: `Bearer ${siti}` } })
    ).json()
    const title: string = mine.data[0].vacancy.title
    await a.locator('main').getByText(title).first().waitFor()
    expect(await a.locator('header').innerText()).not.toContain('Andi Pratama')
  }, 90_000)

  it('signing out at a second tab: the first tab goes to the login page', async () => {
    const a = journey.page
    await login(a, svc.url, 'siswa@demo.test')
    await a.goto(`${svc.url}/portofolio`)
    await a.getByRole('heading', { name: 'Portofolio' }).waitFor()
    const b = await journey.browser.context.newPage()
    await b.goto(`${svc.url}/akun`)
    await b.getByRole('heading', { name: 'Akun saya' }).waitFor()
    await b.getByRole('button', { name: 'Menu akun' }).click()
    await b.getByRole('menuitem', { name: 'Keluar' }).click()
    await b.waitForURL((u) => u.pathname === '/login')
    await b.close()
    await a.waitForURL((u) => u.pathname === '/login')
    // As a logout: the plain login page (no `next` to Andi's page for the next person), saying why.
    expect(new URL(a.url()).search).toBe('')
    await a.getByText('Sesi Anda berakhir di tab lain').waitFor()
  }, 90_000)
})
