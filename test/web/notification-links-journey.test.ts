import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client: where notices lead', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('HR told that a vacancy was refused gets a link to its form, as the e-mail gives', async () => {
    const [vacancy] =
      await svc.query(`update job_vacancies set approval_status = 'pending', approved_at = null, approved_by = null
       where id = (select v.id from job_vacancies v join users u on u.company_id = v.company_id
                   where u.email = 'hrd@demo.test' and v.deleted_at is null order by v.id limit 1)
       returning id, title`)
    const adminLogin = await fetch(`${svc.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'password123' }),
    })
    const token = (await adminLogin.json()).data.token as string
    const rejected = await fetch(`${svc.url}/api/admin/job-vacancies/${vacancy.id}/reject`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Gaji belum dicantumkan.' }),
    })
    expect(rejected.status).toBe(200)

    await login(page, svc.url, 'hrd@demo.test')
    await page.goto(`${svc.url}/notifikasi`)
    const card = page
      .locator('.mantine-Card-root')
      .filter({ hasText: `Lowongan "${vacancy.title}" belum disetujui` })
    await card.first().waitFor()
    // Before the fix: no "Lihat"; the form's address is only text inside the notice.
    const link = card.first().getByRole('link', { name: 'Lihat' })
    await expect.poll(() => link.count()).toBe(1)
    expect(await link.getAttribute('href')).toBe(`/hrd/lowongan/${vacancy.id}/ubah`)
  })
})
