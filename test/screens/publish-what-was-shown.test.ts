// @vitest-environment happy-dom
import { Notifications, notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Fragment, createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { SelectionResultsPage } from '../../web/src/features/selection/results-page'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, aResult, storedSelection } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * Two HR officers of one company on one vacancy's results. Publishing is irrevocable ("Hasil yang sudah
 * diumumkan tidak dapat ditarik"): accepted applicants are told and placed. The confirmation names what is
 * about to be published ("1 diterima"), from the page as it was read, and the request sends back that version
 * of the drafts (If-Match `meta.quota.draftsVersion`). Before, it named only the vacancy, so whatever a
 * colleague decided since was published with it, unseen by the one who confirmed.
 */
const t = useTestApp()
afterEach(() => {
  cleanup()
  notifications.clean()
})

describe("HR's 'Umumkan hasil' after a colleague changed decisions on the same vacancy", () => {
  it("publishes only what the confirmation showed (or refuses and shows the list again); the colleague's new acceptance stays a draft", async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t, {
      vacancyTitle: 'Operator Produksi',
      values: { quota: 3 },
    })
    const colleague = await anHrd(t, { companyId: company.id })
    const shown = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Andi Saputra' })
    await aResult(t, shown.application.id, { decision: 'diterima', finalScore: 85 })
    const other = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Budi Santoso' })

    signedInTo(t, hrd.token)
    renderScreen(
      h(Fragment, null, h(Notifications), h(SelectionResultsPage)),
      '/hrd/hasil',
      `/hrd/hasil?job_vacancy_id=${vacancy.id}`,
    )
    await screen.findByText(/draf diterima 1/, undefined, { timeout: 5_000 })

    // Meanwhile the colleague, still interviewing, marks Budi "diterima" (a draft).
    const decided = await call(t, 'POST', `/api/hrd/selection-results/${other.application.id}`, {
      as: colleague,
      body: { final_score: 70, decision: 'diterima' },
    })
    expect(decided.status).toBe(200)

    fireEvent.click(screen.getByRole('button', { name: 'Umumkan hasil' }))
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 5_000 })
    // What HR confirms: one acceptance.
    expect(within(dialog).getByText(/1 diterima/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Umumkan' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 })

    // Nothing was published: HR is told why, and the list is read again.
    expect(
      await screen.findByText(/sudah diubah \(atau diumumkan\) rekan Anda/, undefined, { timeout: 5_000 }),
    ).toBeTruthy()
    await screen.findByText(/draf diterima 2/, undefined, { timeout: 5_000 })
    for (const who of [shown, other]) {
      const stored = await storedSelection(t, who.application.id, who.learner.id)
      expect({
        published: stored.result.isPublished,
        status: stored.application.status,
        placed: !!stored.placement,
      }).toEqual({ published: false, status: 'in_progress', placed: false })
    }

    // Confirmed again, with both acceptances named, both are published.
    fireEvent.click(screen.getByRole('button', { name: 'Umumkan hasil' }))
    const again = await screen.findByRole('dialog', undefined, { timeout: 5_000 })
    expect(within(again).getByText(/2 diterima, 0 tidak diterima, 0 cadangan/)).toBeTruthy()
    fireEvent.click(within(again).getByRole('button', { name: 'Umumkan' }))
    await screen.findByText(/2 hasil diumumkan: 2 diterima/, undefined, { timeout: 5_000 })
    const budi = await storedSelection(t, other.application.id, other.learner.id)
    expect(budi.application.status).toBe('accepted')
  })
})
