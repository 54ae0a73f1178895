// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { ScheduleFormPage } from '../../web/src/features/schedules/form-page'
import { HrdVacancyFormPage } from '../../web/src/features/vacancies/hrd-form-page'
import { label } from '../../web/src/lib/labels'
import { useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * A required select is not emptied by a second click on the option it holds. Mantine's Select deselects it then
 * (allowDeselect): the form held '' (or fell back to a default) while the field still read the old label, and
 * HR read the API's codes ("harus salah satu dari: full_time, contract, …") under a field that looked filled.
 */
const t = useTestApp()
afterEach(cleanup)

/** The text box of the select labelled `name` (Mantine labels its hidden input too). */
const selectBox = (name: RegExp) =>
  screen.getAllByLabelText(name).find((e) => e.tagName === 'INPUT') as HTMLInputElement

/** Opens the select and clicks the option `name`. */
async function pick(input: HTMLInputElement, name: string) {
  fireEvent.click(input)
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }))
}

describe('a required select', () => {
  it('HR\'s vacancy form keeps "Jenis pekerjaan" when its option is clicked again, and saves it', async () => {
    const hrd = await anHrd(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId, values: { jobType: 'internship' } })
    signedInTo(t, hrd.token)
    renderScreen(h(HrdVacancyFormPage), '/hrd/lowongan/:id/ubah', `/hrd/lowongan/${vacancy.id}/ubah`)
    const title = () => screen.getByLabelText(/^Judul/) as HTMLInputElement
    // The form is filled once the vacancy has arrived (later on a loaded machine: a wider wait).
    await waitFor(() => expect(title().value).toBe(vacancy.title), { timeout: 5_000 })
    const jobType = selectBox(/^Jenis pekerjaan/)
    // The vacancy's type, not the blank form's (full time) it read before the vacancy arrived.
    const chosen = label('jobType', 'internship')
    await waitFor(() => expect(jobType.value).toBe(chosen))
    // Open the list and click the type already chosen.
    await pick(jobType, chosen)
    expect(jobType.value).toBe(chosen)
    fireEvent.change(title(), { target: { value: 'Magang Teknisi Jaringan' } })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(
      async () => {
        const [row] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id))
        expect(row.title).toBe('Magang Teknisi Jaringan')
      },
      { timeout: 5_000 },
    )
    const [row] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id))
    expect(row.jobType).toBe('internship')
    expect(document.querySelector('.mantine-InputWrapper-error')).toBeNull()
  })

  it('the schedule form keeps "Jenis tes" when its option is clicked again (no silent fall back to Psikotes)', async () => {
    const hrd = await anHrd(t)
    signedInTo(t, hrd.token)
    renderScreen(h(ScheduleFormPage), '/hrd/jadwal/baru', '/hrd/jadwal/baru')
    const kind = await waitFor(() => selectBox(/^Jenis tes/))
    expect(kind.value).toBe('Psikotes')
    await pick(kind, 'Wawancara')
    await waitFor(() => expect(kind.value).toBe('Wawancara'))
    // A second click on the option it holds.
    await pick(kind, 'Wawancara')
    await new Promise((r) => setTimeout(r, 50))
    expect(kind.value).toBe('Wawancara')
  })
})
