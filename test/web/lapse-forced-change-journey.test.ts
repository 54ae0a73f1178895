/**
 * A session that lapses on the change-password screen an account is held on (/ganti-kata-sandi, outside the
 * layout): the prompt comes up there too. Before, every try answered "sesi Anda tidak valid" under the form,
 * with neither the prompt nor the login page (found by the audit of the prompt).
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, endSessionElsewhere, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client, a lapsed session: a lapse on the forced change-password screen', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ locale: 'en-US' })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('the session ended while an account is held on "Ganti kata sandi": the prompt asks for the password', async () => {
    // A student handed a paper password (roster import) signs in and is held on "Ganti kata sandi"; the session
    // is ended elsewhere (or expires) before the form is sent. Before: "Simpan dan lanjutkan" answers "Anda belum
    // login atau sesi Anda tidak valid." under the form, and again at every try; the screen still shows the
    // account as signed in, no password prompt, no login page. Should: the prompt (or the login page, as
    // before), so the student can sign in again and change the password.
    await svc.query(`update users set must_change_password = true where email = 'siswa@demo.test'`)
    await login(page, svc.url, 'siswa@demo.test')
    await page.waitForURL(/\/ganti-kata-sandi$/)
    await endSessionElsewhere(page, svc.url)
    const field = (name: string) => page.getByRole('textbox', { name, exact: true })
    await field('Kata sandi sekarang').fill('password123')
    await field('Kata sandi baru').fill('Kebun-Mangga-2026')
    await field('Ulangi kata sandi baru').fill('Kebun-Mangga-2026')
    await page.getByRole('button', { name: 'Simpan dan lanjutkan' }).click()
    await page.getByText('sesi Anda tidak valid').first().waitFor()
    await page.waitForTimeout(500)
    const prompt = await page.getByRole('dialog', { name: 'Sesi Anda berakhir' }).count()
    const atLogin = new URL(page.url()).pathname === '/login'
    expect({ prompt, atLogin }).not.toEqual({ prompt: 0, atLogin: false })
  }, 90_000)
})
