// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { GraduationPage } from '../../web/src/features/master-data/graduation-page'
import { useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { storedStudent } from '../support/stored.js'

/**
 * Staff graduate a whole class on "Kelulusan": they show the preview for one year, then (a slip, or a second
 * thought) change the "Tahun lulus" field. The preview goes (it no longer says what "Luluskan" would do), and
 * the one shown again names the new year, which is the year confirmed and stored. Before, the old preview
 * stayed, its confirmation named the previewed year, and the page sent the field's: a whole class was stored
 * as alumni of a year nobody confirmed (found by the bulk-actions audit).
 */
const t = useTestApp()
afterEach(cleanup)

describe('Kelulusan: the year confirmed is the year stored', () => {
  it('a year changed after the preview takes the preview away; the year confirmed is the year stored', async () => {
    const staff = await anAdmin(t)
    const year = new Date().getFullYear()
    const a = await aStudent(t, { values: { fullName: 'Ani Lulus', className: 'XII AUDIT 7' } })
    const b = await aStudent(t, { values: { fullName: 'Budi Lulus', className: 'XII AUDIT 7' } })
    signedInTo(t, staff.token as string)
    renderScreen(h(GraduationPage), '/admin/kelulusan', '/admin/kelulusan')

    const yearField = screen.getByLabelText('Tahun lulus')
    fireEvent.change(yearField, { target: { value: String(year) } })
    fireEvent.change(screen.getByLabelText('Rombel'), { target: { value: 'XII AUDIT 7' } })
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan pratinjau' }))
    await waitFor(
      () => expect(screen.getByText(`Pratinjau: 2 siswa akan lulus tahun ${year}`)).toBeTruthy(),
      {
        timeout: 5_000,
      },
    )

    // The year field is changed afterwards: the preview of the other year goes, with its button.
    fireEvent.change(yearField, { target: { value: String(year - 1) } })
    expect(screen.queryByText(`Pratinjau: 2 siswa akan lulus tahun ${year}`)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Luluskan 2 siswa' })).toBeNull()
    // Shown again, it names the year in the field.
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan pratinjau' }))
    await waitFor(
      () => expect(screen.getByText(`Pratinjau: 2 siswa akan lulus tahun ${year - 1}`)).toBeTruthy(),
      {
        timeout: 5_000,
      },
    )

    fireEvent.click(screen.getByRole('button', { name: 'Luluskan 2 siswa' }))
    const dialog = await waitFor(() => screen.getByRole('dialog'))
    // What the person confirms:
    expect(within(dialog).getByText(new RegExp(`menjadi alumni tahun ${year - 1}\\b`))).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, luluskan' }))
    await waitFor(async () => expect((await storedStudent(t, a.studentId)).graduationYear).not.toBeNull(), {
      timeout: 5_000,
    })
    // Stored: the year confirmed.
    expect((await storedStudent(t, a.studentId)).graduationYear).toBe(year - 1)
    expect((await storedStudent(t, b.studentId)).graduationYear).toBe(year - 1)
  })
})
