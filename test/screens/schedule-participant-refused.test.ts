// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { applications } from '../../src/db/schema/index.js'
import { ScheduleFormPage } from '../../web/src/features/schedules/form-page'
import { useTestApp } from '../support/app.js'
import { aScheduleMadeByHr } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * A participant HR adds to a test who can no longer take part (they withdrew after the form was opened): the
 * refusal is told under the participants' list. Before, the list said only the service's message of the first
 * refused item, about "Lamaran #412"; now it names the applicant as the list does.
 */
const t = useTestApp()
afterEach(cleanup)

describe('the test schedule form (/hrd/jadwal/:id/ubah)', () => {
  it('names the added participant who was refused', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const a = await aCandidate(t, vacancy.id, { fullName: 'Andi Saputra' })
    const rina = await aCandidate(t, vacancy.id, { fullName: 'Rina Marlina' })
    // No minimum score: as the form sends it left empty.
    const id = await aScheduleMadeByHr(t, hrd, vacancy.id, [a.application.id], { minimum_score: undefined })
    const rinaLabel = `Rina Marlina (NIS ${rina.learner.student.nis})`

    signedInTo(t, hrd.token)
    renderScreen(h(ScheduleFormPage), '/hrd/jadwal/:id/ubah', `/hrd/jadwal/${id}/ubah`)
    const box = await screen.findByRole('checkbox', { name: rinaLabel }, { timeout: 5_000 })
    // Rina withdraws meanwhile.
    await t.db
      .update(applications)
      .set({ status: 'withdrawn' })
      .where(eq(applications.id, rina.application.id))

    fireEvent.click(box)
    fireEvent.click(screen.getByRole('button', { name: 'Simpan jadwal' }))
    const refused = await screen.findByText(
      new RegExp(`^${rinaLabel.replace(/[()]/g, '\\$&')}: `),
      undefined,
      {
        timeout: 5_000,
      },
    )
    expect(refused.textContent?.startsWith(`${rinaLabel}: `)).toBe(true)
  })
})
