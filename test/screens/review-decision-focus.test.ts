// @vitest-environment happy-dom
import { Notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Fragment, createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ReviewDetailPage } from '../../web/src/features/applicant-reviews/detail-page'
import { useTestApp } from '../support/app.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * HR deciding on an applicant's documents by keyboard or screen reader. The decision card was replaced by the
 * outcome while the focus was on "Lolos": the focus fell to the page's body, the next Tab went to the end of the
 * page and a screen reader was left at the top, never reading "Seleksi berkas: Lolos". The outcome now takes the
 * focus, and the next Tab goes on from there.
 */
const t = useTestApp()
afterEach(cleanup)

const withToasts = () => h(Fragment, null, h(Notifications), h(ReviewDetailPage))

describe("an applicant's page (/hrd/pelamar/:id)", () => {
  it('"Lolos": the outcome takes the focus once the applicant is read again', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Reza Pahlevi' })
    signedInTo(t, hrd.token)
    renderScreen(h(withToasts), '/hrd/pelamar/:id', `/hrd/pelamar/${application.id}`)

    // The first screen of the file waits for the page's modules to load on a busy machine.
    const lolos = await screen.findByRole('button', { name: 'Lolos' }, { timeout: 5_000 })
    lolos.focus()
    fireEvent.click(lolos)
    await screen.findByText(/^Seleksi berkas: Lolos/, undefined, { timeout: 5_000 })
    // The outcome itself, not the page's body (which holds it too).
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Seleksi berkas: Lolos/))
  })

  it('opened on a decided applicant, the outcome does not take the focus (the title keeps it)', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Dewi Lestari' })
    signedInTo(t, hrd.token)
    renderScreen(h(withToasts), '/hrd/pelamar/:id', `/hrd/pelamar/${application.id}`)

    await screen.findByText(/^Seleksi berkas: Lolos/, undefined, { timeout: 5_000 })
    expect(document.activeElement?.textContent).toBe('Dewi Lestari')
  })
})
