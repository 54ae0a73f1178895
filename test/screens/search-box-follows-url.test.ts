// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ReviewsPage } from '../../web/src/features/applicant-reviews/list-page'
import { useTestApp } from '../support/app.js'
import { tag } from '../support/builders/org.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { signedInTo } from '../support/screen.js'

/**
 * The filter bar keeps its search text in state read from the URL once (`useState(filters.get('search'))`,
 * web/src/components/filter-bar.tsx). When the URL's search changes without the box (Back, or the menu's link
 * to the same list), the list follows the URL but the box keeps the old words: it reads "Andi" above a list
 * of every applicant, and pressing "Cari" then filters by the stale text again.
 */
const t = useTestApp()
afterEach(cleanup)

describe("HR's applicant list after going Back from a search", () => {
  it('the search box says what the list is filtered by', async () => {
    // HR searches "Andi <tag>", sees Andi only, then presses Back.
    // Now: the whole list is shown, the box still reads "Andi <tag>". Should: the box is empty, as the list is.
    const q = tag()
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    await aCandidate(t, vacancy.id, { status: 'pending', fullName: `Andi ${q}` })
    await aCandidate(t, vacancy.id, { status: 'pending', fullName: `Budi ${q}` })
    signedInTo(t, hrd.token)
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
      })
    const router = createMemoryRouter([{ path: '/hrd/pelamar', element: h(ReviewsPage) }], {
      initialEntries: ['/hrd/pelamar'],
    })
    render(h(MantineProvider, null, h(RouterProvider, { router })))
    await waitFor(() => expect(screen.getByText(`Budi ${q}`)).toBeTruthy())

    const box = screen.getByRole('textbox', { name: 'Cari nama atau NIS' }) as HTMLInputElement
    fireEvent.change(box, { target: { value: `Andi ${q}` } })
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }))
    await waitFor(() => expect(screen.queryByText(`Budi ${q}`)).toBeNull())
    expect(router.state.location.search).toContain('search=')

    await act(() => router.navigate(-1))
    await waitFor(() => expect(screen.getByText(`Budi ${q}`)).toBeTruthy())
    expect(router.state.location.search).toBe('')
    // The list is unfiltered again; the box should not claim otherwise.
    expect((screen.getByRole('textbox', { name: 'Cari nama atau NIS' }) as HTMLInputElement).value).toBe('')
  })
})
