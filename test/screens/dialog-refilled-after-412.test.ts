// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CompaniesPage } from '../../web/src/features/master-data/companies-page'
import { OutsidePlacementForm, type PlacementRow } from '../../web/src/features/placements/outside-form'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { anHrdWithVacancy, aPlacement, recordOutsidePlacement } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { hrFollowUpDialog } from './follow-up-dialog.js'

/**
 * A dialog's save refused because a colleague changed the record meanwhile (412) fills the form again with the
 * record as it is now, with what the user changed kept in it. Before, that refill counted as the user's own input:
 * closing the dialog right after, with nothing typed, asked "Tutup tanpa menyimpan?" about input nobody wrote. Now
 * the record as read again is what the form is measured against: closing asks only while it holds the user's own
 * changes (typed before the refusal and carried over, or typed since), which would be lost.
 */
const t = useTestApp()
afterEach(() => {
  cleanup()
  notifications.clean()
})

const ASK = 'Tutup tanpa menyimpan?'
const REBASED = /Formulir kini memuat data terbaru, dengan perubahan Anda tetap di dalamnya/
const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
const asked = () => screen.queryByRole('dialog', { name: ASK })

/** The companies screen with `name`'s "Ubah" dialog open; a colleague then switches the company off. */
async function companyChangedWhileOpen(name: string) {
  const staff = await anAdmin(t)
  const colleague = await anAdmin(t)
  const company = await aCompany(t, { name })
  signedInTo(t, staff.token)
  renderScreen(h(CompaniesPage), '/admin/perusahaan', `/admin/perusahaan?search=${encodeURIComponent(name)}`)
  const row = await waitFor(() => screen.getByRole('row', { name: new RegExp(name) }), { timeout: 5_000 })
  fireEvent.click(within(row).getByRole('button', { name: /^Ubah / }))
  const dialog = await screen.findByRole('dialog', { name: /^Ubah:/ })
  const off = await call(t, 'PATCH', `/api/admin/companies/${company.id}/toggle-active`, {
    as: colleague,
    body: { is_active: false },
  })
  expect(off.status).toBe(200)
  return dialog
}

describe('a record’s dialog filled again after its save was refused (412)', () => {
  it('nothing typed: Escape closes it at once, nothing asked', async () => {
    const dialog = await companyChangedWhileOpen(`PT Isi Ulang ${process.pid}`)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(within(dialog).getByText(REBASED)).toBeTruthy(), { timeout: 5_000 })
    const active = within(dialog).getByRole('switch', { name: 'Aktif' }) as HTMLInputElement
    await waitFor(() => expect(active.checked).toBe(false), { timeout: 5_000 })

    pressEscape()
    // Before the fix: "Tutup tanpa menyimpan?" about the colleague's values.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Ubah:/ })).toBeNull(), {
      timeout: 5_000,
    })
    expect(asked()).toBeNull()
  })

  it('a phone number typed before the refusal is carried over and still asked about; kept on "Lanjutkan mengisi"', async () => {
    const dialog = await companyChangedWhileOpen(`PT Isi Ulang Ketik ${process.pid}`)
    const phone = () => within(dialog).getByLabelText('Telepon') as HTMLInputElement
    fireEvent.change(phone(), { target: { value: '021-5550177' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(within(dialog).getByText(REBASED)).toBeTruthy(), { timeout: 5_000 })
    expect(phone().value).toBe('021-5550177')

    pressEscape()
    await screen.findByRole('dialog', { name: ASK }, { timeout: 5_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan mengisi' }))
    await waitFor(() => expect(asked()).toBeNull(), { timeout: 5_000 })
    expect(phone().value).toBe('021-5550177')

    // Put back as the record now holds it: nothing left to lose, Escape closes at once.
    fireEvent.change(phone(), { target: { value: '' } })
    pressEscape()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Ubah:/ })).toBeNull(), {
      timeout: 5_000,
    })
    expect(asked()).toBeNull()
  })

  it('an outside placement’s form (version kept by the form): nothing typed, Escape closes it at once', async () => {
    const admin = await anAdmin(t)
    const colleague = await anAdmin(t)
    const { alumnus, placement } = await recordOutsidePlacement(t, admin, { accepted_date: '2025-01-15' })
    const row = placement as PlacementRow
    let closed = 0
    signedInTo(t, admin.token)
    renderScreen(
      h(OutsidePlacementForm, {
        who: 'admin',
        editing: row,
        onClose: () => {
          closed += 1
        },
        onSaved() {},
      }),
      '/admin/penempatan',
      '/admin/penempatan',
    )
    const start = () => screen.getByLabelText(/^Mulai bekerja/) as HTMLInputElement
    await waitFor(() =>
      expect((screen.getByLabelText(/^Posisi/) as HTMLInputElement).value).toBe('Teknisi servis'),
    )
    const set = await call(t, 'PUT', `/api/admin/job-placements/${row.id}`, {
      as: colleague,
      body: {
        alumni_id: alumnus.studentId,
        company_name: 'Toko Elektronik Maju Jaya',
        position: 'Teknisi servis',
        accepted_date: '2025-01-15',
        start_date: '2025-02-03',
      },
    })
    expect(set.status).toBe(200)

    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(screen.getByText(REBASED)).toBeTruthy(), { timeout: 5_000 })
    expect(start().value).not.toBe('')
    pressEscape()
    await waitFor(() => expect(closed).toBe(1), { timeout: 5_000 })
    expect(asked()).toBeNull()
  })

  it('HR’s placement data in the follow-up dialog: notes typed before the refusal are carried over and asked about', async () => {
    const admin = await anAdmin(t)
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      values: { acceptedAt: '2025-01-15', startDate: '2025-02-01', status: 'active' },
    })
    const dialog = await hrFollowUpDialog(t, hrd, placement.id)
    const form = () => within(screen.getByRole('form', { name: 'Data penempatan' }))
    const notes = () => form().getByLabelText(/^Catatan/) as HTMLTextAreaElement
    await waitFor(() => expect(notes()).toBeTruthy(), { timeout: 5_000 })
    const quit = await call(t, 'POST', `/api/admin/job-placements/${placement.id}/check-ins`, {
      as: admin,
      body: { month_mark: 3, status: 'resigned', notes: 'Pindah kota.' },
    })
    expect(quit.status).toBe(200)

    fireEvent.change(notes(), { target: { value: 'Mulai Senin.' } })
    fireEvent.click(form().getByRole('button', { name: 'Simpan data penempatan' }))
    await waitFor(() => expect(form().getByRole('alert').textContent).toMatch(REBASED), { timeout: 5_000 })
    expect(notes().value).toBe('Mulai Senin.')

    pressEscape()
    // Before the fix: closed at once, the carried-over notes thrown away without a word.
    await screen.findByRole('dialog', { name: ASK }, { timeout: 5_000 })
    expect(dialog.closed()).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Buang isian' }))
    await waitFor(() => expect(dialog.closed()).toBe(1), { timeout: 5_000 })
  })
})
