import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client: a waiting list closed with its vacancy', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('the list and the page of the application say the waiting list no longer holds', async () => {
    await login(page, svc.url, 'siswa@demo.test')
    const mine = (await apiAs(page, svc.url, '/api/my-applications?per_page=100')).body.data as {
      id: number
      vacancy: { title: string }
    }[]
    const [a] = mine
    expect(a).toBeTruthy()
    // Waitlisted, then closed with the vacancy, as the delete leaves it (no screen makes the first step for
    // this learner in the demo data).
    await svc.query('delete from selection_results where application_id = $1', [a.id])
    await svc.query(
      `insert into selection_results (application_id, decision, is_published, published_at, final_score)
       values ($1, 'cadangan', true, now() - interval '2 days', 80)`,
      [a.id],
    )
    await svc.query(`update applications set status = 'rejected' where id = $1`, [a.id])

    await page.goto(`${svc.url}/lamaran`)
    const row = page.getByRole('row').filter({ hasText: a.vacancy.title })
    await expect.poll(() => row.textContent()).toContain('Hasil: Cadangan (lowongan ditutup)')

    await page.goto(`${svc.url}/lamaran/${a.id}`)
    await page.getByRole('heading', { name: 'Hasil seleksi: Cadangan' }).waitFor()
    await page.getByText('Lowongan ini sudah ditutup, jadi daftar cadangannya tidak berlaku lagi.').waitFor()
  })
})
