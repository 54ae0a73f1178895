// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { MyApplicationPage } from '../../web/src/features/applications/my-detail-page'
import { useTestApp } from '../support/app.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * A learner who passed the document review of one company ("Dalam proses seleksi") and took a job elsewhere:
 * the API lets them withdraw (it takes them out of the tests ahead and cancels their invitations), but their
 * application page offered "Batalkan lamaran" only while pending, so they stayed in a selection they had left,
 * reminded of tests and later told a result.
 */
const t = useTestApp()
afterEach(cleanup)

const openPage = (id: number) => renderScreen(h(MyApplicationPage), '/lamaran/:id', `/lamaran/${id}`)

describe("the learner's application page", () => {
  it('offers "Batalkan lamaran" while pending', async () => {
    const { vacancy } = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, vacancy.id, { status: 'pending' })
    signedInTo(t, learner.token as string)
    openPage(application.id)
    await waitFor(() => expect(screen.getByText(vacancy.title)).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Batalkan lamaran' })).not.toBeNull()
  })

  it('offers it in the selection too, its dialog saying the tests ahead are cancelled', async () => {
    const { vacancy } = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
    signedInTo(t, learner.token as string)
    openPage(application.id)
    await waitFor(() => expect(screen.getByText(vacancy.title)).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: 'Batalkan lamaran' }))
    await waitFor(() => expect(screen.getByText(/tes yang akan datang dibatalkan untuk Anda/)).toBeTruthy())
  })

  it('does not offer it once decided', async () => {
    const { vacancy } = await anHrdWithVacancy(t)
    const { learner, application } = await aCandidate(t, vacancy.id, { status: 'rejected' })
    signedInTo(t, learner.token as string)
    openPage(application.id)
    await waitFor(() => expect(screen.getByText(vacancy.title)).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Batalkan lamaran' })).toBeNull()
  })
})
