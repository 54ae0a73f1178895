// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h, type ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ScheduleDetailPage } from '../../web/src/features/schedules/detail-page'
import { SelectionResultsPage } from '../../web/src/features/selection/results-page'
import { useTestApp } from '../support/app.js'
import { aSchedule } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { mount, signedInTo } from '../support/screen.js'

/**
 * An interview day in two sessions at the school hall (an audit of the venue): Rina arrives late without a working
 * phone, and HR looks her up on the test's page to mark her present; right after session 1, HR scores its
 * participants on "Hasil seleksi". Before, neither page had a search box (both URLs took `search`), and the
 * results listed both sessions mixed, their "Tes" column naming the kind ("Wawancara"), not the session.
 */
const t = useTestApp()
afterEach(cleanup)

/** `page` mounted under its route at `url`; the router, to read the URL it keeps. */
function opened(page: ReactElement, path: string, url: string) {
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [url] })
  mount(h(RouterProvider, { router }))
  return router
}

/** A vacancy's interview in two sessions: 16 others and Rina (17th by name: the second page) in the first. */
async function interviewDay() {
  const { hrd, vacancy } = await anHrdWithVacancy(t)
  const first = []
  for (let i = 1; i <= 16; i++)
    first.push(
      await aCandidate(t, vacancy.id, { reviewed: true, fullName: `Agus ${String(i).padStart(2, '0')}` }),
    )
  const rina = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Rina Marlina' })
  const later = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Budi Sesi Dua' })
  const base = { companyId: hrd.companyId, vacancyId: vacancy.id, kind: 'wawancara' as const }
  const s1 = await aSchedule(t, {
    ...base,
    name: 'Wawancara sesi 1',
    applicationIds: [...first, rina].map((c) => c.application.id),
  })
  const s2 = await aSchedule(t, { ...base, name: 'Wawancara sesi 2', applicationIds: [later.application.id] })
  return { hrd, vacancy, rina, s1: s1.schedule.id, s2: s2.schedule.id }
}

describe("the test's page (/hrd/jadwal/:id)", () => {
  it('finds a participant by name with its search box (the URL keeps it), and opens the scores of this session', async () => {
    const { hrd, vacancy, s1 } = await interviewDay()
    signedInTo(t, hrd.token)
    const router = opened(h(ScheduleDetailPage), '/hrd/jadwal/:id', `/hrd/jadwal/${s1}`)
    await screen.findByText('Agus 01', undefined, { timeout: 5_000 })
    expect(screen.queryByText('Rina Marlina')).toBeNull()

    fireEvent.change(screen.getByRole('textbox', { name: 'Cari nama atau NIS' }), {
      target: { value: 'rina' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }))
    await screen.findAllByLabelText('Kehadiran Rina Marlina', undefined, { timeout: 5_000 })
    await waitFor(() => expect(screen.queryByText('Agus 01')).toBeNull())
    expect(router.state.location.search).toBe('?search=rina')

    const scores = screen.getByRole('link', { name: 'Isi nilai peserta tes ini' })
    expect(scores.getAttribute('href')).toBe(`/hrd/hasil?job_vacancy_id=${vacancy.id}&test_schedule_id=${s1}`)
  })
})

describe('"Hasil seleksi" (/hrd/hasil)', () => {
  it('lists one session when "Tes" names it, each row naming the session it sat; finds a participant by search', async () => {
    const { hrd, vacancy, rina, s1 } = await interviewDay()
    signedInTo(t, hrd.token)
    const router = opened(
      h(SelectionResultsPage),
      '/hrd/hasil',
      `/hrd/hasil?job_vacancy_id=${vacancy.id}&test_schedule_id=${s1}`,
    )
    await screen.findByText('1–15 dari 17', undefined, { timeout: 5_000 })
    expect(screen.queryByText('Budi Sesi Dua')).toBeNull()
    expect(screen.getAllByText(/^Wawancara sesi 1: belum tercatat/).length).toBe(15)
    await waitFor(() =>
      expect(
        (screen.getAllByLabelText('Tes').find((e) => e.tagName === 'INPUT') as HTMLInputElement).value,
      ).toMatch(/^Wawancara sesi 1 · /),
    )

    fireEvent.change(screen.getByRole('textbox', { name: 'Cari nama atau NIS' }), {
      target: { value: rina.learner.student.nis },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }))
    await screen.findByText('Rina Marlina', undefined, { timeout: 5_000 })
    await waitFor(() => expect(screen.queryByText('Agus 01')).toBeNull())
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe(rina.learner.student.nis)
    expect(new URLSearchParams(router.state.location.search).get('test_schedule_id')).toBe(String(s1))
  })
})
