// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { SelectionResultsPage } from '../../web/src/features/selection/results-page'
import { useTestApp } from '../support/app.js'
import { aSchedule } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * HR on "Hasil seleksi", filtered to one vacancy's test (as "Isi nilai" of a test's page opens it), who then chose
 * another vacancy: the test filter stayed on the first vacancy's test and the list came up empty ("Belum ada
 * peserta tes."). The "Tes" filter now follows the vacancy chosen: another vacancy lets go of the test and offers
 * that vacancy's tests; none chosen, it offers none (it offered the company's latest 100 tests of every vacancy);
 * a link naming a test only fills in its vacancy.
 */
const t = useTestApp()
afterEach(cleanup)

/** The select labelled exactly `label`'s text box (Mantine labels its hidden input too). */
const selectBox = (label: string) =>
  screen
    .getAllByLabelText(label)
    .find((e) => e.tagName === 'INPUT' && e.getAttribute('type') !== 'hidden') as HTMLInputElement

/** The options the open select `input` lists. */
const optionsOf = (input: HTMLInputElement) => {
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '')
  return list ? within(list).queryAllByRole('option', { hidden: true }) : []
}

async function setUp() {
  const {
    company,
    hrd,
    vacancy: first,
  } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi Filter' })
  const second = await aVacancy(t, { companyId: company.id, values: { title: 'Teknisi Listrik Filter' } })
  const ani = await aCandidate(t, first.id, { fullName: 'Ani Lowongan Pertama' })
  const budi = await aCandidate(t, second.id, { fullName: 'Budi Lowongan Kedua' })
  const a = await aSchedule(t, {
    companyId: company.id,
    vacancyId: first.id,
    applicationIds: [ani.application.id],
    name: 'Psikotes Operator',
  })
  const b = await aSchedule(t, {
    companyId: company.id,
    vacancyId: second.id,
    applicationIds: [budi.application.id],
    name: 'Psikotes Teknisi',
  })
  signedInTo(t, hrd.token as string)
  return { first, second, testA: a.schedule, testB: b.schedule }
}

describe('the results screen’s "Tes" filter', () => {
  it('lets go of the test when another vacancy is chosen, and offers that vacancy’s tests', async () => {
    const { first, second, testA } = await setUp()
    renderScreen(
      h(SelectionResultsPage),
      '/hrd/hasil',
      `/hrd/hasil?job_vacancy_id=${first.id}&test_schedule_id=${testA.id}`,
    )
    await screen.findByText('Ani Lowongan Pertama', undefined, { timeout: 5_000 })

    const vacancy = selectBox('Lowongan')
    fireEvent.click(vacancy)
    await waitFor(() => expect(optionsOf(vacancy).map((o) => o.textContent)).toContain(second.title))
    fireEvent.click(optionsOf(vacancy).find((o) => o.textContent === second.title)!)

    // Before the fix: "Belum ada peserta tes.", the first vacancy's test still chosen.
    await screen.findByText('Budi Lowongan Kedua', undefined, { timeout: 5_000 })
    expect(selectBox('Tes').value).toBe('')
    const tes = selectBox('Tes')
    fireEvent.click(tes)
    await waitFor(() =>
      expect(
        optionsOf(tes)
          .map((o) => o.textContent)
          .join(),
      ).toContain('Psikotes Teknisi'),
    )
    expect(
      optionsOf(tes)
        .map((o) => o.textContent)
        .join(),
    ).not.toContain('Psikotes Operator')
  })

  it('offers no test before a vacancy is chosen; a link naming a test only fills in its vacancy', async () => {
    const { second, testB } = await setUp()
    renderScreen(h(SelectionResultsPage), '/hrd/hasil', '/hrd/hasil')
    await screen.findByText('Budi Lowongan Kedua', undefined, { timeout: 5_000 })
    const tes = selectBox('Tes')
    expect(tes.placeholder).toBe('Pilih lowongan dahulu')
    fireEvent.click(tes)
    await new Promise((r) => setTimeout(r, 300))
    expect(optionsOf(tes)).toHaveLength(0)
    cleanup()

    renderScreen(h(SelectionResultsPage), '/hrd/hasil', `/hrd/hasil?test_schedule_id=${testB.id}`)
    await waitFor(() => expect(selectBox('Lowongan').value).toBe(second.title), { timeout: 5_000 })
    await waitFor(() => expect(selectBox('Tes').value).toContain('Psikotes Teknisi'))
    expect(screen.getByText('Budi Lowongan Kedua')).toBeTruthy()
    expect(screen.queryByText('Ani Lowongan Pertama')).toBeNull()
  })
})
