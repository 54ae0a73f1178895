// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ReviewDetailPage } from '../../web/src/features/applicant-reviews/detail-page'
import { ReviewsPage } from '../../web/src/features/applicant-reviews/list-page'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * Rina applied in May, in grade 12; her class graduates in June. In July HR's applicant list still read "Siswa"
 * under her name (the role on the day she applied), while the placements page called her "Alumni": HR deciding
 * whether she can start full-time, or still fits a vacancy for students, read that she is at school. The list and
 * the detail page now say what she is ("Alumni 2026") and what she applied as (found by the school-year audit).
 */
const t = useTestApp()
afterEach(cleanup)

async function rinaGraduated() {
  const staff = await anAdmin(t)
  const { hrd, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi' })
  const rina = await aCandidate(t, vacancy.id, {
    status: 'pending',
    fullName: 'Rina Marlina',
    student: { values: { className: 'XII RINA 1' } },
  })
  const graduated = await call(t, 'POST', '/api/admin/graduations', {
    as: staff,
    body: { student_ids: [rina.learner.studentId], graduation_year: 2026 },
  })
  expect(graduated.body.data.succeeded).toBe(1)
  signedInTo(t, hrd.token as string)
  return rina
}

describe("HR's applicant screens after the applicant's class graduated", () => {
  it('the list says she is an alumna of 2026 who applied as a student', async () => {
    await rinaGraduated()
    renderScreen(h(ReviewsPage), '/hrd/pelamar', '/hrd/pelamar')
    await screen.findByText('Rina Marlina', undefined, { timeout: 5_000 })
    const line = screen.getByText(/^NIS /).textContent ?? ''
    expect(line).toMatch(/ · Alumni 2026 · melamar sebagai siswa$/)
  })

  it('the detail page says the same', async () => {
    const rina = await rinaGraduated()
    renderScreen(h(ReviewDetailPage), '/hrd/pelamar/:id', `/hrd/pelamar/${rina.application.id}`)
    const line = await screen.findByText(/ · NIS /, undefined, { timeout: 5_000 })
    expect(line.textContent).toMatch(/Operator Produksi · NIS .* · Alumni 2026 · melamar sebagai siswa$/)
  })
})
