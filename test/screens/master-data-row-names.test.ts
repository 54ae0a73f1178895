// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CompaniesPage } from '../../web/src/features/master-data/companies-page'
import { StudentsPage } from '../../web/src/features/master-data/students-page'
import { useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { storedStudent } from '../support/stored.js'

/**
 * The career center's lists (students, alumni, companies, departments, majors, users) as a screen reader reads
 * them. Each student's box was "Pilih baris 7" (the database id, shown nowhere), the row's buttons were just
 * "Ubah" and "Hapus", and "Hapus" asked "Hapus data?" naming no one: a deletion cannot be undone.
 */
const t = useTestApp()
afterEach(cleanup)

describe('the students list (/admin/siswa)', () => {
  it("a row's box, 'Ubah' and 'Hapus' name the student; the question names him and only he is deleted", async () => {
    const staff = await anAdmin(t)
    const andi = await aStudent(t, { account: false, values: { fullName: `Andi Pratama ${process.pid}` } })
    const budi = await aStudent(t, { account: false, values: { fullName: `Budi Santoso ${process.pid}` } })
    const andiName = `Andi Pratama ${process.pid} (NIS ${andi.student.nis})`
    signedInTo(t, staff.token)
    renderScreen(h(StudentsPage), '/admin/siswa', `/admin/siswa?search=${process.pid}`)

    // The first screen of the file waits for the page's modules to load on a busy machine.
    const row = await waitFor(
      () => screen.getByRole('row', { name: new RegExp(`Andi Pratama ${process.pid}`) }),
      {
        timeout: 5_000,
      },
    )
    expect(within(row).getByRole('checkbox', { name: `Pilih ${andiName}` })).toBeTruthy()
    expect(within(row).getByRole('button', { name: `Ubah ${andiName}` })).toBeTruthy()
    expect(screen.queryByRole('checkbox', { name: /^Pilih baris/ })).toBeNull()

    fireEvent.click(within(row).getByRole('button', { name: `Hapus ${andiName}` }))
    const dialog = await screen.findByRole('dialog', { name: `Hapus ${andiName}?` })
    expect(dialog.textContent).toContain('tidak dapat dikembalikan')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }))
    await waitFor(async () => expect(await storedStudent(t, andi.studentId)).toBeUndefined(), {
      timeout: 5_000,
    })
    expect(await storedStudent(t, budi.studentId)).toBeDefined()
  })
})

describe('the companies list (/admin/perusahaan)', () => {
  it("a row's 'Ubah' and 'Hapus' name the company, and so does the question", async () => {
    const staff = await anAdmin(t)
    const name = `PT Sumber Rejeki ${process.pid}`
    await aCompany(t, { name })
    signedInTo(t, staff.token)
    renderScreen(h(CompaniesPage), '/admin/perusahaan', `/admin/perusahaan?search=${process.pid}`)

    const row = await waitFor(() => screen.getByRole('row', { name: new RegExp(name) }), { timeout: 5_000 })
    expect(within(row).getByRole('button', { name: `Ubah ${name}` })).toBeTruthy()
    fireEvent.click(within(row).getByRole('button', { name: `Hapus ${name}` }))
    expect(await screen.findByRole('dialog', { name: `Hapus ${name}?` })).toBeTruthy()
  })

  it('the edit dialog\'s title names the company it edits (it read "Ubah: Perusahaan mitra" for every row)', async () => {
    const staff = await anAdmin(t)
    const name = `CV Karya Abadi ${process.pid}`
    await aCompany(t, { name })
    signedInTo(t, staff.token)
    renderScreen(h(CompaniesPage), '/admin/perusahaan', `/admin/perusahaan?search=${process.pid}`)

    const row = await waitFor(() => screen.getByRole('row', { name: new RegExp(name) }), { timeout: 5_000 })
    fireEvent.click(within(row).getByRole('button', { name: `Ubah ${name}` }))
    expect(await screen.findByRole('dialog', { name: `Ubah: ${name}` })).toBeTruthy()
  })
})
