// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { applications } from '../../src/db/schema/index.js'
import { GraduationPage } from '../../web/src/features/master-data/graduation-page'
import { StudentsPage } from '../../web/src/features/master-data/students-page'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { schoolToday } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { storedStudent, storedUser } from '../support/stored.js'

/**
 * Dodi moved to another school in March. Staff could only switch his account off (his record holds an application,
 * so it cannot be deleted), and the students page kept listing him with his class. Now "Keluar/Mutasi" on his row
 * opens a dialog (the day, the reason, a note) that records it: he leaves the list, and its "Keluar/Mutasi" status
 * shows him with a badge.
 */
const t = useTestApp()
afterEach(cleanup)

/** The text box of the select labelled `name` (Mantine labels its hidden input too). */
const selectBox = (within_: HTMLElement, name: RegExp) =>
  within(within_)
    .getAllByLabelText(name)
    .find((e) => e.tagName === 'INPUT') as HTMLInputElement

describe('the students screen, a student who left school', () => {
  it('"Keluar/Mutasi" records the day and reason in a dialog; the row leaves the list and shows under its status', async () => {
    const staff = await anAdmin(t)
    const tag = `${process.pid}`
    const dodi = await aStudent(t, { values: { fullName: `Dodi Pindah ${tag}` } })
    await aStudent(t, { values: { fullName: `Ani Tetap ${tag}` } })
    const open = await anApplication(t, { studentId: dodi.studentId })
    signedInTo(t, staff.token)
    renderScreen(h(StudentsPage), '/admin/siswa', `/admin/siswa?search=${tag}`)

    const rowOf = (name: RegExp) => waitFor(() => screen.getByRole('row', { name }), { timeout: 5_000 })
    fireEvent.click(within(await rowOf(/Dodi Pindah/)).getByRole('button', { name: 'Keluar/Mutasi' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(/Akunnya dinonaktifkan dan lamaran yang masih berjalan ditutup/),
    ).toBeTruthy()

    // The reason is asked for before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan keluar/mutasi' }))
    await waitFor(() => expect(within(dialog).getByText('Pilih alasannya.')).toBeTruthy())
    expect((await storedStudent(t, dodi.studentId)).leftOn).toBeNull()

    fireEvent.click(selectBox(dialog, /^Alasan/))
    fireEvent.click(await screen.findByRole('option', { name: 'Mutasi (pindah sekolah)', hidden: true }))
    fireEvent.change(within(dialog).getByLabelText('Catatan'), { target: { value: 'Ke SMK 2 Bandung' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan keluar/mutasi' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 })

    // Stored with today on the school's calendar (the dialog's default), the account off, the application closed.
    expect(await storedStudent(t, dodi.studentId)).toMatchObject({
      leftOn: schoolToday(),
      leftReason: 'mutasi',
      leftNote: 'Ke SMK 2 Bandung',
    })
    expect((await storedUser(t, dodi.id)).isActive).toBe(false)
    expect((await t.db.select().from(applications).where(eq(applications.id, open.id)))[0].status).toBe(
      'withdrawn',
    )
    // He leaves the default list; his classmate stays.
    await waitFor(() => expect(screen.queryByRole('row', { name: /Dodi Pindah/ })).toBeNull(), {
      timeout: 5_000,
    })
    expect(screen.getByRole('row', { name: /Ani Tetap/ })).toBeTruthy()

    // Under "Keluar/Mutasi" he is listed with the badge, and the action takes it back.
    cleanup()
    renderScreen(h(StudentsPage), '/admin/siswa', `/admin/siswa?search=${tag}&status=left`)
    const row = await rowOf(/Dodi Pindah/)
    expect(within(row).getByText('Keluar/Mutasi')).toBeTruthy()
    expect(within(row).getByRole('button', { name: 'Batalkan keluar/mutasi' })).toBeTruthy()
    expect(screen.queryByRole('row', { name: /Ani Tetap/ })).toBeNull()
  })

  it('the graduation preview of his class lists him as "Keluar/Mutasi", not to be ticked', async () => {
    const staff = await anAdmin(t)
    const major = await aMajor(t)
    const klass = `XII MUTASI ${process.pid}`
    await aStudent(t, { majorId: major.id, values: { fullName: 'Ani Tetap', className: klass } })
    const dodi = await aStudent(t, {
      majorId: major.id,
      values: { fullName: 'Dodi Pindah', className: klass },
    })
    const left = await call(t, 'POST', `/api/admin/students/${dodi.studentId}/left`, {
      as: staff,
      body: { date: schoolToday(), reason: 'mutasi' },
    })
    expect(left.status).toBe(200)

    signedInTo(t, staff.token)
    renderScreen(h(GraduationPage), '/admin/kelulusan', '/admin/kelulusan')
    fireEvent.change(screen.getByLabelText('Rombel'), { target: { value: klass } })
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan pratinjau' }))
    const preview = await waitFor(() => screen.getByLabelText('Pratinjau kelulusan'), { timeout: 5_000 })
    const rowOf = (name: string) => within(preview).getByText(name).closest('tr') as HTMLElement
    expect(rowOf('Dodi Pindah').textContent).toMatch(/Keluar\/Mutasi/)
    const box = within(preview).getByRole('checkbox', { name: 'Luluskan Dodi Pindah' }) as HTMLInputElement
    expect(box.checked).toBe(false)
    expect(box.disabled).toBe(true)
    expect(
      (within(preview).getByRole('checkbox', { name: 'Luluskan Ani Tetap' }) as HTMLInputElement).checked,
    ).toBe(true)
    expect(
      within(preview).getByText('1 siswa tercatat keluar/mutasi dan tidak dapat diluluskan.'),
    ).toBeTruthy()
    expect(within(preview).getByRole('button', { name: 'Luluskan 1 siswa' })).toBeTruthy()
  })
})
