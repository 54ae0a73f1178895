/**
 * One browser, many people one after another: the school's computer lab, a family phone, the BKK office PC.
 * What one person leaves in the browser must neither show to the next nor take the next person's work (found by
 * an audit of shared computers). Before:
 * - "Keluar" left the unsent cover letter in the tab (sessionStorage `bursa.cover-letter.<user>.<vacancy>`), for
 *   the next person at that tab to read (DevTools, any script of the page).
 * - A password link opened where staff were signed in: after the new password was saved, "Masuk" went to /login,
 *   which sent the signed-in admin's session to /admin: the learner worked in the admin's account.
 * - A sign-in whose /api/me failed (the lab's network dropped) said "Tidak dapat terhubung" but kept the token:
 *   the next person at the computer was signed in as the learner.
 * - "Keluar" on a stalled network waited for the server: the learner walked away still signed in (the header
 *   under their name, the token stored) until the logout request settled.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { anOpenVacancy, describeInBrowser, LETTER, lapseWhileApplying, login, tokenOf } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

const storageOf = (p: Page) =>
  p.evaluate(() => ({
    local: Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? ''])),
    session: Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k) ?? ''])),
  }))

/** Everything the browser keeps for the page but the service's vocabulary, as one string to search. */
async function leftIn(p: Page): Promise<string> {
  const left = await storageOf(p)
  const { bursa_vocabulary: _words, ...rest } = left.local
  return JSON.stringify({ local: rest, session: left.session })
}

/** What the service answers `/api/me` with `token`, once it stops being 200 (or after `ms`). */
async function meStatusOnceRevoked(base: string, token: string, ms = 10_000): Promise<number> {
  const until = Date.now() + ms
  for (;;) {
    const res = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } })
    if (res.status !== 200 || Date.now() > until) return res.status
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** The learner types a cover letter at `tab` and puts the dialog away unsent ("Batal"). */
async function leaveALetter(tab: Page, base: string, vacancyId: number, letter: string) {
  await tab.goto(`${base}/lowongan/${vacancyId}`)
  await tab.getByRole('button', { name: 'Lamar sekarang' }).click()
  await tab.getByLabel('Surat lamaran (opsional)').fill(letter)
  await tab.getByRole('button', { name: 'Batal' }).click()
}

describeInBrowser('shared computers: one browser, one person after another', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ locale: 'en-US' })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('"Keluar" leaves none of the learner\'s cover letters in any tab, and the token is revoked on the service', async () => {
    await login(page, svc.url, 'siswa@demo.test')
    const id = await anOpenVacancy(page, svc.url)
    const letter = 'Dengan hormat, saya Andi Pratama (NISN 0051234567), tinggal di Jl. Melati 12, HP 0812...'
    // Not sent: the bell rings, the learner closes the dialog; in a second tab another letter waits too.
    await leaveALetter(page, svc.url, id, letter)
    const other = await journey.browser.context.newPage()
    await leaveALetter(other, svc.url, id, 'Surat di tab kedua, Jl. Kenanga 7')
    expect(await leftIn(other)).toContain('Jl. Kenanga 7')
    const held = (await tokenOf(page)) as string
    await page.getByRole('button', { name: 'Menu akun' }).click()
    await page.getByRole('menuitem', { name: 'Keluar' }).click()
    await page.waitForURL((u) => u.pathname === '/login')
    expect(await tokenOf(page)).toBeNull()
    expect(await leftIn(page)).not.toContain('Jl. Melati 12')
    // The other tab follows to the login page, its letter gone too.
    await other.waitForURL((u) => u.pathname === '/login')
    expect(await leftIn(other)).not.toContain('Jl. Kenanga 7')
    await other.close()
    // The service was told in the background, with the token the browser held.
    expect(await meStatusOnceRevoked(svc.url, held)).toBe(401)
  }, 120_000)

  it('a session that lapses keeps the letter in the tab; "Keluar" at the password prompt forgets it', async () => {
    const { prompt } = await lapseWhileApplying(page, svc.url)
    expect(await leftIn(page)).toContain(LETTER)
    await prompt.getByRole('button', { name: 'Keluar' }).click()
    await page.waitForURL((u) => u.pathname === '/login')
    expect(await leftIn(page)).not.toContain(LETTER)
  }, 120_000)

  it('a password link opened at a browser where staff are signed in signs staff out here; "Masuk" is the learner\'s', async () => {
    // The BKK office PC: the admin is signed in, e-mail is not set up, so the link is handed over in person, and
    // the learner opens it right there, in a new tab of the same browser.
    await login(page, svc.url, 'admin@demo.test')
    await page.getByRole('heading').first().waitFor()
    const [learner] = await svc.query(
      `select id, email, full_name from users where role = 'siswa' and email <> 'siswa@demo.test' and is_active order by id limit 1`,
    )
    const res = await fetch(`${svc.url}/api/admin/users/${learner.id}/password-reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' },
      body: '{}',
    })
    const sent = (await res.json()).data
    expect(sent.link).toBeTruthy()
    const link = new URL(sent.link)
    const tab = await journey.browser.context.newPage()
    await tab.goto(`${svc.url}${link.pathname}${link.search}`)
    // The page says the admin's account was closed in this browser; the admin's own tab goes to the login page.
    await tab.getByText('Anda telah keluar dari akun Rina Wulandari (Admin BKK) di peramban ini.').waitFor()
    expect(await tokenOf(tab)).toBeNull()
    await page.waitForURL((u) => u.pathname === '/login')
    await tab.getByRole('textbox', { name: 'Kata sandi baru', exact: true }).fill('Kopi-Tubruk-2026!')
    await tab.getByRole('textbox', { name: 'Ulangi kata sandi baru' }).fill('Kopi-Tubruk-2026!')
    await tab.getByRole('button', { name: 'Simpan kata sandi' }).click()
    await tab.getByText('Kata sandi disimpan', { exact: true }).waitFor()
    // The learner now signs in with the new password: the login form, their e-mail filled in.
    await tab.getByRole('link', { name: 'Masuk' }).click()
    await tab.waitForURL((u) => u.pathname === '/login')
    expect(await tab.getByLabel('E-mail').inputValue()).toBe(learner.email)
    expect(await tab.locator('body').innerText()).not.toContain('Rina Wulandari')
    await tab.getByRole('textbox', { name: 'Kata sandi' }).fill('Kopi-Tubruk-2026!')
    await tab.getByRole('button', { name: 'Masuk' }).click()
    await tab.waitForURL((u) => !u.pathname.startsWith('/login'))
    await tab.locator('header').getByText(String(learner.full_name)).waitFor()
    await tab.close()
  }, 120_000)

  it('a sign-in whose account could not be read (the lab network drops) leaves no session behind for the next person', async () => {
    await page.goto(`${svc.url}/login`)
    await page.evaluate(() => localStorage.clear())
    await page.goto(`${svc.url}/login`)
    // The login succeeds, then the network drops before the account is read.
    await page.route('**/api/me', (r) => r.abort('internetdisconnected'))
    await page.getByLabel('E-mail').fill('alumni@demo.test')
    await page.getByRole('textbox', { name: 'Kata sandi' }).fill('password123')
    const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/login'))
    await page.getByRole('button', { name: 'Masuk' }).click()
    const given: string = (await (await signedIn).json()).data.token
    await page.getByRole('alert').waitFor()
    // The page says the sign-in failed; the learner gives up and leaves the computer.
    expect(await page.getByRole('alert').innerText()).toContain('Tidak dapat terhubung')
    await page.unroute('**/api/me')
    expect(await tokenOf(page)).toBeNull()
    // The next person opens bursa at the same computer: the login page, nobody signed in.
    const next = await journey.browser.context.newPage()
    await next.goto(`${svc.url}/`)
    await next.waitForURL((u) => u.pathname === '/login')
    await next.getByRole('button', { name: 'Masuk' }).waitFor()
    const shown = await next.locator('body').innerText()
    await next.close()
    expect(shown).not.toContain('Siti Nurhaliza')
    // The token the failed sign-in was given is revoked, not left to run.
    expect(await meStatusOnceRevoked(svc.url, given)).toBe(401)
  }, 120_000)
})

describeInBrowser('shared computers: "Keluar" on the school network', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ locale: 'en-US' })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('"Keluar" while the network hangs: the account is closed in the browser at once, not when the server answers', async () => {
    await login(page, svc.url, 'alumni@demo.test')
    await page.goto(`${svc.url}/portofolio`)
    await page.getByRole('heading', { name: 'Portofolio' }).waitFor()
    await page.waitForLoadState('networkidle')
    // The lab's link stalls (a proxy holding the request): the logout request gets no answer for minutes.
    await page.route('**/api/logout', () => {})
    await page.getByRole('button', { name: 'Menu akun' }).click()
    await page.getByRole('menuitem', { name: 'Keluar' }).click()
    // The learner saw the menu close and walks away; the next learner sits down a moment later.
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 3000 })
    expect(await tokenOf(page)).toBeNull()
    expect(await page.locator('body').innerText()).not.toContain('Siti Nurhaliza')
    // A reload keeps it so.
    await page.reload()
    await page.getByRole('button', { name: 'Masuk' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
  }, 120_000)
})
