// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { MyApplicationPage } from '../../web/src/features/applications/my-detail-page'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * A learner is invited to a psikotes; the school switches the company off (the test is cancelled: "Perusahaan
 * ini sedang tidak aktif bermitra dengan BKK."), switches it on again, and HR schedules a new psikotes for the
 * same applicants. On "Lamaran saya" the learner sees both tests; the cancelled one says no attendance is
 * taken. It read "Kehadiran: belum dicatat · validasi: Menunggu validasi" for good, of a test that never took
 * place and will never be validated (the validation queue leaves cancelled tests out; found by the
 * reactivation audit).
 */
const t = useTestApp()
afterEach(cleanup)

describe("the learner's application after a test cancelled by the company's switch-off and a new one", () => {
  it('does not show the cancelled test as waiting for attendance validation', async () => {
    const staff = await anAdmin(t)
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const learner = await aCandidate(t, vacancy.id, { reviewed: true })
    const schedule = (name: string, hours: number) =>
      call(t, 'POST', '/api/hrd/test-schedules', {
        as: hrd,
        body: {
          job_vacancy_id: vacancy.id,
          name,
          kind: 'psikotes',
          scheduled_at: hoursFromNow(hours),
          location: 'Aula SMK',
          application_ids: [learner.application.id],
        },
      })
    expect((await schedule('Psikotes Gelombang 1', 48)).status).toBe(201)
    const toggle = (is_active: boolean) =>
      call(t, 'PATCH', `/api/admin/companies/${company.id}/toggle-active`, { as: staff, body: { is_active } })
    expect((await toggle(false)).status).toBe(200)
    expect((await toggle(true)).status).toBe(200)
    expect((await schedule('Psikotes Gelombang 2', 72)).status).toBe(201)

    signedInTo(t, learner.learner.token as string)
    renderScreen(h(MyApplicationPage), '/lamaran/:id', `/lamaran/${learner.application.id}`)
    const cancelled = await waitFor(() => screen.getByRole('article', { name: 'Psikotes Gelombang 1' }), {
      timeout: 5_000,
    })
    const ahead = screen.getByRole('article', { name: 'Psikotes Gelombang 2' })
    // The new test is waiting for its day (and its attendance, later, for validation): as it should.
    expect(within(ahead).getByText(/Menunggu validasi/)).toBeTruthy()
    // The cancelled one is shown as cancelled ...
    expect(within(cancelled).getByText('Dibatalkan')).toBeTruthy()
    expect(within(cancelled).getByText('Tes ini dibatalkan; tidak ada kehadiran yang dicatat.')).toBeTruthy()
    // ... and must not say its attendance waits for validation.
    expect(within(cancelled).queryByText(/Menunggu validasi/)).toBeNull()
  })
})
