// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { MyApplicationPage } from '../../web/src/features/applications/my-detail-page'
import { MyApplicationsPage } from '../../web/src/features/applications/my-list-page'
import { useTestApp } from '../support/app.js'
import { deactivateCompany } from '../support/builders/org.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * A company the school switched off while its selection ran: nobody can move its applications until it is switched
 * on again. The learner's list and application page said only "Menunggu seleksi berkas", as if HR were reading it;
 * they say the selection is on hold, and why.
 */
const t = useTestApp()
afterEach(cleanup)

describe("the learner's applications of a company switched off", () => {
  it('the list and the application page say the selection is on hold while the company is inactive', async () => {
    const { company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi' })
    const { learner, application } = await aCandidate(t, vacancy.id, { status: 'pending' })
    await deactivateCompany(t, company.id)
    signedInTo(t, learner.token as string)

    renderScreen(h(MyApplicationsPage), '/lamaran', '/lamaran')
    await waitFor(() => expect(screen.getByText('Operator Produksi')).toBeTruthy(), { timeout: 5_000 })
    expect(screen.getByText('Seleksi dihentikan sementara: perusahaan nonaktif')).toBeTruthy()
    cleanup()

    renderScreen(h(MyApplicationPage), '/lamaran/:id', `/lamaran/${application.id}`)
    await waitFor(() => expect(screen.getByText('Seleksi dihentikan sementara')).toBeTruthy(), {
      timeout: 5_000,
    })
    expect(
      screen.getByText(new RegExp(`${company.name} sedang nonaktif sebagai mitra BKK sekolah`)),
    ).toBeTruthy()
  })

  it('says nothing of the kind while the company is active', async () => {
    const { vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi' })
    const { learner, application } = await aCandidate(t, vacancy.id, { status: 'pending' })
    signedInTo(t, learner.token as string)
    renderScreen(h(MyApplicationPage), '/lamaran/:id', `/lamaran/${application.id}`)
    await waitFor(() => expect(screen.getByText('Operator Produksi')).toBeTruthy(), { timeout: 5_000 })
    expect(screen.queryByText('Seleksi dihentikan sementara')).toBeNull()
  })
})
