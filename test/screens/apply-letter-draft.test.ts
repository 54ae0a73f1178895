// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { applications } from '../../src/db/schema/index.js'
import { ApplyModal } from '../../web/src/features/applications/apply-modal'
import { SessionProvider } from '../../web/src/features/auth/session'
import { useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { renderScreen, signedInAs } from '../support/screen.js'

/**
 * A student writing a cover letter on a phone pressed Back to put the "Kirim lamaran" dialog away: it left the
 * vacancy, and the letter was gone when they came back (found in a browser audit of a learner's week). Now the
 * letter waits in the tab until it is sent.
 */
const t = useTestApp()
afterEach(cleanup)

async function openDialog(learner: Account, vacancyId: number) {
  await signedInAs(t, learner)
  renderScreen(
    h(SessionProvider, null, h(ApplyModal, { vacancyId, onClose() {} })),
    '/lowongan/:id',
    `/lowongan/${vacancyId}`,
  )
  return (await screen.findByLabelText(/^Surat lamaran/, {}, { timeout: 5000 })) as HTMLTextAreaElement
}

describe('the cover letter of the "Kirim lamaran" dialog', () => {
  it('is there again when the dialog is opened again; once sent it is gone; another account never sees it', async () => {
    const learner = await anApplicant(t)
    const vacancy = await aVacancy(t, { majorIds: [learner.majorId] })
    const text = 'Dengan hormat, saya tertarik pada lowongan ini.'
    let letter = await openDialog(learner, vacancy.id)
    fireEvent.change(letter, { target: { value: text } })
    cleanup()

    letter = await openDialog(learner, vacancy.id)
    expect(letter.value).toBe(text)
    cleanup()

    // Someone else signed in in the same tab (a school's shared computer) does not get it.
    const otherLearner = await anApplicant(t, { majorId: learner.majorId })
    letter = await openDialog(otherLearner, vacancy.id)
    expect(letter.value).toBe('')
    cleanup()

    letter = await openDialog(learner, vacancy.id)
    await waitFor(() => expect(letter.value).toBe(text))
    fireEvent.click(await screen.findByRole('button', { name: 'Kirim lamaran' }))
    await waitFor(async () => {
      const sent = await t.db.select().from(applications).where(eq(applications.studentId, learner.studentId))
      expect(sent.map((a) => a.coverLetter)).toEqual([text])
    })
    cleanup()
    letter = await openDialog(learner, vacancy.id)
    expect(letter.value).toBe('')
  })
})
