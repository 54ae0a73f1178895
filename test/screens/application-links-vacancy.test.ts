// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { MyApplicationPage } from '../../web/src/features/applications/my-detail-page'
import { call, useTestApp } from '../support/app.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { dayFromToday } from '../support/builders/vacancies.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * A learner's application links the vacancy applied to ("Lihat lowongan"), closed or not, until it is deleted.
 * Before: tests and interviews happen after a vacancy's deadline. Sari, invited to the interview for "Operator Produksi",
 * wants to read again what the job is (description, qualifications, pay, place). The service lets her
 * (GET /api/job-vacancies/{id} answers an applicant's vacancy "even if since closed"), but no screen leads there:
 * the vacancy list shows open vacancies only, and her application page names the vacancy without a link.
 */
const t = useTestApp()
afterEach(cleanup)

describe("the learner's application to a vacancy past its deadline", () => {
  it('links the vacancy she applied to', async () => {
    const { vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi' })
    const sari = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Sari Wulandari' })
    await t.db
      .update(jobVacancies)
      .set({ deadline: await dayFromToday(t, -3) })
      .where(eq(jobVacancies.id, vacancy.id))
    // The service answers it to her.
    const detail = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as: sari.learner })
    expect(detail.status).toBe(200)
    expect(detail.body.data.description).toBe('Deskripsi pekerjaan.')

    signedInTo(t, sari.learner.token as string)
    renderScreen(h(MyApplicationPage), '/lamaran/:id', `/lamaran/${sari.application.id}`)
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Operator Produksi' })).toBeTruthy())
    const links = screen.queryAllByRole('link').map((a) => a.getAttribute('href'))
    expect(links).toContain(`/lowongan/${vacancy.id}`)
    expect(screen.getByRole('link', { name: 'Lihat lowongan' }).getAttribute('href')).toBe(
      `/lowongan/${vacancy.id}`,
    )
  })
})
