// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { GraduationPage } from '../../web/src/features/master-data/graduation-page'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent, deactivateAccount } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { storedStudent } from '../support/stored.js'

/**
 * Dodi left XII LEFT 1 in March (moved to another school). He had applied to a vacancy, so his record cannot be
 * deleted (409); staff switched his account off, the one trace bursa keeps of a learner who left. At the class's
 * graduation the preview listed him like his classmates, ticked: "Luluskan" made him an alumnus, counted in the
 * absorption cohort and as a tracer-study non-respondent for good. The preview now says "Akun nonaktif" and leaves
 * him unticked; staff may still tick him (found by the school-year audit).
 */
const t = useTestApp()
afterEach(cleanup)

describe('a learner who left school, at the graduation of his class', () => {
  it('is marked "Akun nonaktif" in the preview and left unticked; "Luluskan" graduates the others', async () => {
    const staff = await anAdmin(t)
    const major = await aMajor(t)
    const ani = await aStudent(t, {
      majorId: major.id,
      values: { fullName: 'Ani Tetap', className: 'XII LEFT 1' },
    })
    const dodi = await aStudent(t, {
      majorId: major.id,
      values: { fullName: 'Dodi Pindah', className: 'XII LEFT 1' },
    })
    await anApplication(t, { studentId: dodi.studentId, status: 'withdrawn' })
    expect((await call(t, 'DELETE', `/api/admin/students/${dodi.studentId}`, { as: staff })).status).toBe(409)
    await deactivateAccount(t, dodi.id)

    signedInTo(t, staff.token as string)
    renderScreen(h(GraduationPage), '/admin/kelulusan', '/admin/kelulusan')
    const year = (screen.getByLabelText('Tahun lulus') as HTMLInputElement).value
    fireEvent.change(screen.getByLabelText('Rombel'), { target: { value: 'XII LEFT 1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan pratinjau' }))
    const preview = await waitFor(() => screen.getByLabelText('Pratinjau kelulusan'), { timeout: 5_000 })

    const rowOf = (name: string) => within(preview).getByText(name).closest('tr') as HTMLElement
    expect(rowOf('Dodi Pindah').textContent).toMatch(/Akun nonaktif/)
    expect(rowOf('Ani Tetap').textContent).not.toMatch(/nonaktif/)
    expect(
      (within(preview).getByRole('checkbox', { name: 'Luluskan Dodi Pindah' }) as HTMLInputElement).checked,
    ).toBe(false)
    expect(
      (within(preview).getByRole('checkbox', { name: 'Luluskan Ani Tetap' }) as HTMLInputElement).checked,
    ).toBe(true)
    expect(within(preview).getByText(/1 siswa dengan akun nonaktif tidak dipilih/)).toBeTruthy()

    fireEvent.click(within(preview).getByRole('button', { name: 'Luluskan 1 siswa' }))
    const dialog = await waitFor(() => screen.getByRole('dialog'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, luluskan' }))
    await waitFor(
      async () => expect((await storedStudent(t, ani.studentId)).graduationYear).toBe(Number(year)),
      {
        timeout: 5_000,
      },
    )
    expect((await storedStudent(t, dodi.studentId)).graduationYear).toBeNull()
  })
})
