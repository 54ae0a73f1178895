// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ReviewDetailPage } from '../../web/src/features/applicant-reviews/detail-page'
import { ReviewsPage } from '../../web/src/features/applicant-reviews/list-page'
import { call, useTestApp } from '../support/app.js'
import { anApplication } from '../support/builders/applications.js'
import { aCandidate, anHrdWithVacancy, publishResults } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * Dewi applied to PT Astra and to PT Bintang; Astra accepted her. Bintang's HR, still scheduling her tests, reads
 * "Sudah diterima di perusahaan lain" on her row and her page, never Astra's name (docs/decisions.md, "Applicant
 * review"); Budi, accepted nowhere, has no such badge.
 */
const t = useTestApp()
afterEach(cleanup)

async function dewiAcceptedAtAstra() {
  const astra = await anHrdWithVacancy(t, { companyName: 'PT Astra Cemerlang' })
  const bintang = await anHrdWithVacancy(t, { companyName: 'PT Bintang Jaya' })
  const dewi = await aCandidate(t, astra.vacancy.id, { reviewed: true, fullName: 'Dewi Lestari' })
  const atBintang = await anApplication(t, {
    vacancyId: bintang.vacancy.id,
    studentId: dewi.learner.studentId,
    status: 'in_progress',
  })
  await aCandidate(t, bintang.vacancy.id, { fullName: 'Budi Santoso' })
  await call(t, 'POST', `/api/hrd/selection-results/${dewi.application.id}`, {
    as: astra.hrd,
    body: { final_score: 90, decision: 'diterima' },
  })
  expect((await publishResults(t, astra.hrd, astra.vacancy.id)).status).toBe(200)
  signedInTo(t, bintang.hrd.token as string)
  return atBintang
}

describe("the second company's applicant screens after another company's acceptance", () => {
  it('the list shows the badge on her row only', async () => {
    await dewiAcceptedAtAstra()
    renderScreen(h(ReviewsPage), '/hrd/pelamar', '/hrd/pelamar')
    await screen.findByText('Dewi Lestari', undefined, { timeout: 5_000 })
    const badges = screen.getAllByText('Sudah diterima di perusahaan lain')
    expect(badges).toHaveLength(1)
    expect(badges[0].closest('tr')?.textContent).toContain('Dewi Lestari')
    expect(document.body.textContent).not.toContain('Astra')
  })

  it('the detail page shows it too', async () => {
    const atBintang = await dewiAcceptedAtAstra()
    renderScreen(h(ReviewDetailPage), '/hrd/pelamar/:id', `/hrd/pelamar/${atBintang.id}`)
    await screen.findByText('Sudah diterima di perusahaan lain', undefined, { timeout: 5_000 })
    expect(document.body.textContent).not.toContain('Astra')
  })
})
