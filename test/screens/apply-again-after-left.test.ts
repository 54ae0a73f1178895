// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { VacancyDetailPage } from '../../web/src/features/vacancies/detail-page'
import { useTestApp } from '../support/app.js'
import { anApplicant, anApplication } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * A learner recorded as "Keluar/Mutasi" by mistake, put back by staff: the application the school withdrew no
 * longer bars her (test/applications/apply-again-after-left.test.ts). The vacancy's page showed any earlier
 * application as "Anda sudah melamar" and no button, so she could not apply from the screen either.
 */
const t = useTestApp()
afterEach(cleanup)

describe('the vacancy page of a learner whose application the school withdrew', () => {
  it('shows the earlier application and the button to apply again', async () => {
    const major = await aMajor(t)
    const vacancy = await aVacancy(t, { majorIds: [major.id], values: { title: 'Teknisi Listrik' } })
    const learner = await anApplicant(t, { majorId: major.id })
    await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: learner.studentId,
      status: 'withdrawn',
      values: { withdrawnBySchool: true },
    })

    signedInTo(t, learner.token)
    renderScreen(h(VacancyDetailPage), '/lowongan/:id', `/lowongan/${vacancy.id}`)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lamar sekarang' })).toBeTruthy())
    expect(screen.getByText('Lamaran Anda sebelumnya')).toBeTruthy()
    expect(screen.getByText('Lamaran dibatalkan')).toBeTruthy()
    expect(screen.queryByText('Anda sudah melamar')).toBeNull()
  })
})
