import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { tinyPdf } from '../support/multipart.js'
import { apiAs, describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

interface Result {
  applicationId: number
  applicant: { fullName: string }
  vacancy: { id: number }
  isPublished: boolean
  decision: string
  letter: { downloadUrl: string } | null
}

describeInBrowser('web client: a decision letter after the acceptance was published', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it('hrd: "Lampirkan surat" on a published acceptance attaches it; the result stays published', async () => {
    await login(page, svc.url, 'hrd@demo.test')
    const published = (
      await apiAs(page, svc.url, '/api/hrd/selection-results?decision=diterima&published=true&per_page=100')
    ).body.data as Result[]
    const r = published[0]
    expect(r).toBeTruthy()
    // Published without its letter.
    await svc.query('update selection_results set letter_file_id = null where application_id = $1', [
      r.applicationId,
    ])

    await page.goto(`${svc.url}/hrd/hasil?job_vacancy_id=${r.vacancy.id}`)
    const row = page.getByRole('row').filter({ hasText: r.applicant.fullName })
    await row.getByRole('button', { name: 'Lampirkan surat' }).click()
    const dialog = page.getByRole('dialog', { name: `Surat keputusan ${r.applicant.fullName}` })
    await dialog.getByRole('button', { name: 'Lampirkan' }).click()
    await dialog.getByText('Pilih berkas surat keputusan.').waitFor()
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'surat-susulan.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf('surat susulan'),
    })
    await dialog.getByRole('button', { name: 'Lampirkan' }).click()
    await page.getByText('Surat keputusan dilampirkan.').first().waitFor()
    await row.getByRole('button', { name: 'Ganti surat' }).waitFor()

    const after = (
      await apiAs(page, svc.url, `/api/hrd/selection-results?job_vacancy_id=${r.vacancy.id}&per_page=100`)
    ).body.data as Result[]
    expect(after.find((x) => x.applicationId === r.applicationId)).toMatchObject({
      isPublished: true,
      decision: 'diterima',
      letter: { downloadUrl: expect.any(String) },
    })
  }, 90_000)
})
