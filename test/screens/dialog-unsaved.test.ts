// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CompaniesPage } from '../../web/src/features/master-data/companies-page'
import { AdminVacanciesPage } from '../../web/src/features/vacancies/admin-list-page'
import { useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { anHrdWithVacancy, aPlacement } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { hrFollowUpDialog } from './follow-up-dialog.js'

/**
 * Staff halfway through a dialog's form (a company's details, a vacancy's rejection reason) who pressed Escape or
 * the dialog's × lost what they had typed without a word. Now a dialog holding typed input asks first
 * ("Tutup tanpa menyimpan?"): "Lanjutkan mengisi" goes back to the form as it was, "Buang isian" closes it. One
 * nothing was typed in still closes at once.
 */
const t = useTestApp()
afterEach(cleanup)

const ASK = 'Tutup tanpa menyimpan?'
const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
const closeButton = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('.mantine-Modal-close')!
const asked = () => screen.queryByRole('dialog', { name: ASK })

describe('a dialog holding typed input, closed by Escape or its ×', () => {
  it('asks before throwing the input away; untouched, it closes at once (a record’s form)', async () => {
    const staff = await anAdmin(t)
    const company = await aCompany(t, { name: `PT Escape ${process.pid}` })
    signedInTo(t, staff.token)
    renderScreen(
      h(CompaniesPage),
      '/admin/perusahaan',
      `/admin/perusahaan?search=${encodeURIComponent(company.name)}`,
    )
    const row = await waitFor(() => screen.getByRole('row', { name: new RegExp(company.name) }), {
      timeout: 5_000,
    })
    const open = async () => {
      fireEvent.click(within(row).getByRole('button', { name: /^Ubah / }))
      return screen.findByRole('dialog', { name: /^Ubah:/ })
    }

    // Untouched: Escape closes, nothing asked.
    await open()
    pressEscape()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Ubah:/ })).toBeNull())
    expect(asked()).toBeNull()

    let dialog = await open()
    const phone = () => within(screen.getByRole('dialog', { name: /^Ubah:/ })).getByLabelText('Telepon')
    fireEvent.change(phone(), { target: { value: '021-5550123' } })
    pressEscape()
    await screen.findByRole('dialog', { name: ASK })
    expect(screen.getByRole('dialog', { name: /^Ubah:/ })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan mengisi' }))
    await waitFor(() => expect(asked()).toBeNull())
    expect((phone() as HTMLInputElement).value).toBe('021-5550123')

    // The × asks too; "Buang isian" closes the dialog, and it opens again as stored.
    fireEvent.click(closeButton(dialog))
    await screen.findByRole('dialog', { name: ASK })
    fireEvent.click(screen.getByRole('button', { name: 'Buang isian' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Ubah:/ })).toBeNull())
    expect(asked()).toBeNull()
    dialog = await open()
    expect((phone() as HTMLInputElement).value).toBe('')

    // Typed and put back as it was: nothing to lose, the × closes at once.
    fireEvent.change(phone(), { target: { value: '0' } })
    fireEvent.change(phone(), { target: { value: '' } })
    fireEvent.click(closeButton(dialog))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Ubah:/ })).toBeNull())
    expect(asked()).toBeNull()
  })

  it('asks before throwing away a rejection reason being written', async () => {
    const staff = await anAdmin(t)
    const vacancy = await aVacancy(t, {
      values: { title: `Operator Escape ${process.pid}`, approvalStatus: 'pending' },
    })
    signedInTo(t, staff.token)
    renderScreen(
      h(AdminVacanciesPage),
      '/admin/lowongan',
      `/admin/lowongan?search=${encodeURIComponent(vacancy.title)}`,
    )
    const row = await waitFor(() => screen.getByRole('row', { name: new RegExp(vacancy.title) }), {
      timeout: 5_000,
    })
    fireEvent.click(within(row).getByRole('button', { name: 'Tolak' }))
    const dialog = await screen.findByRole('dialog', { name: 'Tolak lowongan' })
    fireEvent.change(within(dialog).getByLabelText(/Alasan penolakan/), {
      target: { value: 'Gaji di bawah UMK.' },
    })
    pressEscape()
    await screen.findByRole('dialog', { name: ASK })
    // Escape on the question goes back to the form, as "Lanjutkan mengisi" does.
    pressEscape()
    await waitFor(() => expect(asked()).toBeNull())
    const kept = within(screen.getByRole('dialog', { name: 'Tolak lowongan' })).getByLabelText(
      /Alasan penolakan/,
    )
    expect((kept as HTMLTextAreaElement).value).toBe('Gaji di bawah UMK.')
  })

  it('asks for a form inside the dialog too (a follow-up being written in "Pemantauan")', async () => {
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, { companyId: company.id, vacancyId: vacancy.id })
    const dialog = await hrFollowUpDialog(t, hrd, placement.id)
    const form = await screen.findByRole('form', { name: 'Catat pemantauan' }, { timeout: 5_000 })
    fireEvent.change(within(form).getByLabelText(/^Catatan/), { target: { value: 'Masih bekerja, sehat.' } })
    pressEscape()
    await screen.findByRole('dialog', { name: ASK })
    fireEvent.click(screen.getByRole('button', { name: 'Buang isian' }))
    await waitFor(() => expect(dialog.closed()).toBe(1))
  })
})
