// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AlumniPage } from '../../web/src/features/master-data/alumni-page'
import { useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { storedStudent } from '../support/stored.js'

/** An alumnus graduated by mistake is taken back to grade 12 from the alumni list. */
const t = useTestApp()
afterEach(cleanup)

describe('the alumni list', () => {
  it("offers 'Batalkan kelulusan', which takes the alumnus back to grade 12", async () => {
    const staff = await anAdmin(t)
    const alumnus = await anAlumnus(t, { values: { fullName: 'Hana Keliru', graduationYear: 2026 } })
    signedInTo(t, staff.token as string)
    renderScreen(h(AlumniPage), '/admin/alumni', '/admin/alumni')
    fireEvent.click(
      await waitFor(() => screen.getByRole('button', { name: 'Batalkan kelulusan Hana Keliru' })),
    )
    const confirm = await waitFor(() => screen.getByRole('button', { name: 'Ya, batalkan kelulusan' }))
    fireEvent.click(confirm)
    await waitFor(async () => expect((await storedStudent(t, alumnus.studentId)).graduationYear).toBeNull(), {
      timeout: 5_000,
    })
  })
})
