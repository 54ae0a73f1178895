// @vitest-environment happy-dom
import { Notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { Fragment, createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ReviewDetailPage } from '../../web/src/features/applicant-reviews/detail-page'
import { ReviewsPage } from '../../web/src/features/applicant-reviews/list-page'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * HR's document review as HR reads it. Before, a bulk decision refused for a ticked applicant named them by
 * the application's internal id ("#412: …"), the "tidak lolos" dialogs said the decision was final ("Keputusan
 * ini final.", "tidak bisa dibatalkan") although the detail page offers "Koreksi: loloskan", and the buttons
 * read "Tidak loloskan …".
 */
const t = useTestApp()
afterEach(cleanup)

const withToasts = (page: () => ReturnType<typeof h>) => h(Fragment, null, h(Notifications), h(page))
const CORRECTABLE =
  'Keputusan tidak lolos masih dapat dikoreksi menjadi lolos selama lowongannya belum dihapus.'

describe('the applicants list (/hrd/pelamar)', () => {
  it('a bulk decision refused for a ticked applicant names them, not the id of their application', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const colleague = await anHrd(t, { companyId: company.id })
    const rina = await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Rina Marlina' })
    await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Andi Saputra' })

    signedInTo(t, hrd.token)
    renderScreen(withToasts(ReviewsPage), '/hrd/pelamar', '/hrd/pelamar')
    const tick = (name: string) =>
      screen.findByRole('checkbox', { name: `Pilih ${name}, ${vacancy.title}` }, { timeout: 5_000 })
    fireEvent.click(await tick('Rina Marlina'))
    fireEvent.click(await tick('Andi Saputra'))
    // A colleague passes Rina meanwhile.
    const passed = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${rina.application.id}/review`, {
      as: colleague,
      body: { decision: 'lolos' },
    })
    expect(passed.status).toBe(200)

    fireEvent.click(screen.getByRole('button', { name: 'Nyatakan terpilih tidak lolos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nyatakan pelamar terpilih tidak lolos?' })
    expect(within(dialog).getByText(new RegExp(CORRECTABLE))).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, proses 2 lamaran' }))

    await screen.findByText('1 dari 2 lamaran diproses.', undefined, { timeout: 5_000 })
    const refused = await screen.findByText(/^Rina Marlina: /)
    expect(refused.textContent).not.toContain(`#${rina.application.id}`)
  })

  it('a bulk "lolos" says it cannot be undone', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Dewi Lestari' })
    signedInTo(t, hrd.token)
    renderScreen(withToasts(ReviewsPage), '/hrd/pelamar', '/hrd/pelamar')
    fireEvent.click(
      await screen.findByRole(
        'checkbox',
        { name: `Pilih Dewi Lestari, ${vacancy.title}` },
        { timeout: 5_000 },
      ),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Loloskan terpilih' }))
    const dialog = await screen.findByRole('dialog', { name: 'Loloskan pelamar terpilih?' })
    expect(within(dialog).getByText(/Keputusan lolos tidak dapat dibatalkan\./)).toBeTruthy()
  })
})

describe("an applicant's page (/hrd/pelamar/:id)", () => {
  it('"Tidak lolos" asks "Nyatakan tidak lolos?" and says the decision can still be corrected to lolos', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Rina Marlina' })
    signedInTo(t, hrd.token)
    renderScreen(h(ReviewDetailPage), '/hrd/pelamar/:id', `/hrd/pelamar/${application.id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Tidak lolos' }, { timeout: 5_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Nyatakan tidak lolos?' })
    expect(within(dialog).getByText(`Lamaran ditolak dan pelamar diberi tahu. ${CORRECTABLE}`)).toBeTruthy()
  })
})
