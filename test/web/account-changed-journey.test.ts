import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client: the account changed while its tab is open', () => {
  let svc: RunningService
  let page: Page
  // The service's token cache off: the changes below are written straight to the database.
  const journey = useJourney({ env: { AUTH_CACHE_SECONDS: '0' } })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('the next refused call takes the tab to the alumnus’s screens', async () => {
    await login(page, svc.url, 'siswa@demo.test')
    await page.goto(`${svc.url}/lamaran`)
    const nav = page.getByRole('navigation')
    await nav.getByRole('link', { name: 'Portofolio' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Tracer study' }).count()).toBe(0)

    // Graduated (as the graduation route does it, without going through this tab).
    await svc.query(
      `update students set graduation_year = 2026 where user_id = (select id from users where email = 'siswa@demo.test')`,
    )
    await svc.query(`update users set role = 'alumni' where email = 'siswa@demo.test'`)

    // Within the tab: the portfolio asks the students' route, refused; the tab follows the new role.
    await nav.getByRole('link', { name: 'Portofolio' }).click()
    await nav.getByRole('link', { name: 'Tracer study' }).waitFor()
    await page.getByRole('heading', { name: /^Berkas/ }).waitFor()
    expect(await page.getByText('Peran Anda tidak memiliki akses ke fitur ini.').count()).toBe(0)
  }, 60_000)
  it('an HR account whose company is switched off sees why in place of HR’s screens', async () => {
    await login(page, svc.url, 'hrd@demo.test')
    await page.goto(`${svc.url}/hrd/lowongan`)
    const nav = page.getByRole('navigation')
    await nav.getByRole('link', { name: 'Jadwal tes' }).waitFor()

    // Switched off by the career center (as its toggle does it, without going through this tab).
    await svc.query(
      `update companies set is_active = false where id = (select company_id from users where email = 'hrd@demo.test')`,
    )

    // The next screen's calls are refused; the tab reloads the account and says why, with the way out. (A call
    // of the screen still open may be refused first: then the link is gone before the click, and the same
    // account reload has happened.)
    await nav
      .getByRole('link', { name: 'Jadwal tes' })
      .click({ timeout: 5_000 })
      .catch(() => {})
    await page.getByRole('heading', { name: 'Perusahaan sedang nonaktif' }).waitFor()
    expect(await page.getByText(/sedang dinonaktifkan oleh BKK sekolah/).count()).toBe(1)
    expect(await nav.getByRole('link', { name: 'Jadwal tes' }).count()).toBe(0)
    expect(await nav.getByRole('link', { name: 'Notifikasi' }).count()).toBe(1)
    expect(await page.getByText('Perusahaan Anda sedang nonaktif.').count()).toBe(0)

    // Switched on again: after a reload HR's screens are back.
    await svc.query(
      `update companies set is_active = true where id = (select company_id from users where email = 'hrd@demo.test')`,
    )
    await page.reload()
    await nav.getByRole('link', { name: 'Jadwal tes' }).waitFor()
  }, 60_000)
})
