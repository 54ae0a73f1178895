/**
 * A 401 of the OLD token that arrives once the password has been given again (a request sent before the lapse,
 * slow on a school's Wi-Fi): it is judged by the token the request carried, and ignored. Before, it was taken as
 * the new session's end, which it cleared (found by the audit of the prompt).
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, endSessionElsewhere, login, tokenOf } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser(
  'web client, a lapsed session: a late 401 of the old token after the password was given',
  () => {
    let svc: RunningService
    let page: Page
    const journey = useJourney({ locale: 'en-US' })
    beforeAll(() => {
      ;({ svc, page } = journey)
    })

    it('a late 401 of the old token, answered as the password is given, leaves the new session alone', async () => {
      // Andi is on "Portofolio"; his session is ended elsewhere; he clicks "Lamaran saya": that screen's call and
      // the unread-count poll go out with the old token, the poll's answer slow (school Wi-Fi). The prompt comes
      // up, he gives his password; the poll's 401 arrives while the client confirms the new token (/api/me).
      // Before: the handler sees a 401 while the stored token (the new one) is not yet "confirmed": it clears the
      // new token and the account, and the tab goes to the login page (the screen under the prompt lost, the new
      // session thrown away). Should: a 401 for a token the tab no longer holds is ignored; Andi stays on
      // "Lamaran saya", signed in.
      await login(page, svc.url, 'siswa@demo.test')
      await page.goto(`${svc.url}/portofolio`)
      await page.getByRole('heading', { name: 'Portofolio' }).waitFor()
      const old = await tokenOf(page)
      await endSessionElsewhere(page, svc.url)
      // The unread-count poll sent with the old token: its answer comes once the login has been answered.
      let release = () => {}
      const held = new Promise<void>((r) => {
        release = r
      })
      await page.route(/\/api\/notifications/, async (route) => {
        if (route.request().headers().authorization === `Bearer ${old}`) await held
        await route.continue()
      })
      page.on('response', (r) => {
        if (r.url().endsWith('/api/login')) release()
      })
      await page.getByRole('link', { name: 'Lamaran saya' }).click()
      const prompt = page.getByRole('dialog', { name: 'Sesi Anda berakhir' })
      await prompt.getByText('siswa@demo.test').waitFor()
      await prompt.getByRole('textbox', { name: 'Kata sandi' }).fill('password123')
      await prompt.getByRole('button', { name: 'Masuk lagi' }).click()
      await page.waitForTimeout(2000)
      expect(new URL(page.url()).pathname).toBe('/lamaran')
      expect(await prompt.count()).toBe(0)
      const now = await tokenOf(page)
      expect(now).not.toBeNull()
      expect((await apiAs(page, svc.url, '/api/me')).status).toBe(200)
    }, 90_000)
  },
)
