// @vitest-environment happy-dom
import { Notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Fragment, createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { type ResultRow, ScoreModal } from '../../web/src/features/selection/score-modal'
import { call, useTestApp } from '../support/app.js'
import { aCandidate, anHrdWithVacancy, postResultForm } from '../support/builders/selection.js'
import { tinyPdf } from '../support/multipart.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * HR's score dialog names the decision letter attached and the decision it was written for, and says, before the
 * save, that a new decision leaves that letter behind (the service detaches it: test/selection/
 * letter-follows-decision.test.ts). Before, the dialog showed no letter at all, and an acceptance letter stayed
 * on a result turned into a waiting-list place.
 */
const t = useTestApp()
afterEach(cleanup)

const selectBox = (name: RegExp) =>
  screen.getAllByLabelText(name).find((e) => e.tagName === 'INPUT') as HTMLInputElement

describe("HR's score dialog of a result with a letter", () => {
  it('names the letter and its decision; a new decision says the letter will be left, a new file takes it back', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const a = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Bayu Saputra' })
    const saved = await postResultForm(t, hrd, a.application.id, [
      ['decision', 'diterima'],
      [
        'decision_letter',
        { data: tinyPdf('DITERIMA'), filename: 'SK Bayu.pdf', contentType: 'application/pdf' },
      ],
    ])
    expect(saved.statusCode).toBe(200)
    const list = await call(t, 'GET', '/api/hrd/selection-results', {
      as: hrd,
      query: { job_vacancy_id: vacancy.id },
    })
    const row = (list.body.data as ResultRow[]).find((r) => r.applicationId === a.application.id) as ResultRow

    signedInTo(t, hrd.token)
    renderScreen(
      h(Fragment, null, h(Notifications), h(ScoreModal, { row, onClose() {}, onSaved() {}, onStale() {} })),
      '/hrd/hasil',
      '/hrd/hasil',
    )
    await screen.findByText(
      'Terlampir: SK Bayu.pdf (untuk keputusan "Diterima"). Berkas baru menggantikannya.',
    )
    expect(screen.queryByText('Surat keputusan dilepas')).toBeNull()

    fireEvent.click(selectBox(/^Keputusan/))
    fireEvent.click(await screen.findByRole('option', { name: 'Cadangan', hidden: true }))
    await screen.findByText('Surat keputusan dilepas')
    expect(screen.getByText(/Surat SK Bayu\.pdf dibuat untuk keputusan "Diterima"/)).toBeTruthy()

    fireEvent.click(selectBox(/^Keputusan/))
    fireEvent.click(await screen.findByRole('option', { name: 'Diterima', hidden: true }))
    await waitFor(() => expect(screen.queryByText('Surat keputusan dilepas')).toBeNull())
  })
})
