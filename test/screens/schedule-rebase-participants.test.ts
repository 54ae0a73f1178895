// @vitest-environment happy-dom
import { Notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Fragment, createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ScheduleFormPage } from '../../web/src/features/schedules/form-page'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aScheduleMadeByHr } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { participantsOf } from '../support/stored.js'

/**
 * The schedule form, refused (412) because a colleague took a participant off the test meanwhile, carries the
 * user's change over to the test as it is now. The participant list was carried over whole: the user had
 * ticked one more applicant, so the list the form held was kept, the applicant the colleague removed was
 * ticked again, and "Simpan" added them back (and invited them again). Now the list takes the user's own
 * additions and removals only (found by the review of the change).
 */
const t = useTestApp()
afterEach(cleanup)

const REFUSED = /sudah diubah orang lain sejak formulir dibuka, jadi belum disimpan/
const withToasts = (page: () => ReturnType<typeof h>) => h(Fragment, null, h(Notifications), h(page))

/**
 * HR's colleague opens the test (a and b taken part) in the form; HR takes b off it meanwhile; the colleague ticks
 * c and saves: refused, and the form holds the test as it is now with c still ticked.
 */
async function refusedAfterRemoval() {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Teknisi' })
  const colleague = await anHrd(t, { companyId: company.id })
  const [a, b, c] = await candidates(t, vacancy.id, 3)
  const id = await aScheduleMadeByHr(t, hrd, vacancy.id, [a.application.id, b.application.id])
  const box = (x: typeof a) =>
    screen.getByRole('checkbox', {
      name: new RegExp(`\\(NIS ${x.learner.student.nis}\\)`),
    }) as HTMLInputElement

  signedInTo(t, colleague.token)
  renderScreen(withToasts(ScheduleFormPage), '/hrd/jadwal/:id/ubah', `/hrd/jadwal/${id}/ubah`)
  await waitFor(() => expect(box(b).checked).toBe(true), { timeout: 5_000 })
  await waitFor(() => expect(box(c)).toBeTruthy(), { timeout: 5_000 })

  // HR takes applicant b off the test meanwhile (b is told the test no longer concerns them).
  const removed = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
    as: hrd,
    body: { remove_application_ids: [b.application.id] },
  })
  expect(removed.status).toBe(200)

  // The colleague only adds applicant c.
  fireEvent.click(box(c))
  fireEvent.click(screen.getByRole('button', { name: 'Simpan jadwal' }))
  await waitFor(() => expect(screen.getByText(REFUSED)).toBeTruthy(), { timeout: 5_000 })
  await waitFor(() => expect(box(c).checked).toBe(true), { timeout: 5_000 })
  return { id, a, b, c, box }
}

describe('schedule form rebase after a colleague removed a participant', () => {
  it("keeps the colleague's removal: the removed applicant is not ticked again, and saving again does not re-add them", async () => {
    const { b, box } = await refusedAfterRemoval()
    // The form now "holds the latest data with your changes": b must no longer be ticked.
    expect(box(b).checked).toBe(false)
  })

  it('saving the rebased form again stores a and c only (b stays removed)', async () => {
    const { id, a, c } = await refusedAfterRemoval()
    // The user checks the form (as the alert asks) and saves again.
    fireEvent.click(screen.getByRole('button', { name: 'Simpan jadwal' }))
    await waitFor(
      async () =>
        expect((await participantsOf(t, id)).map((p) => p.applicationId)).toContain(c.application.id),
      { timeout: 5_000 },
    )
    expect((await participantsOf(t, id)).map((p) => p.applicationId).sort((x, y) => x - y)).toEqual(
      [a.application.id, c.application.id].sort((x, y) => x - y),
    )
  })
})
