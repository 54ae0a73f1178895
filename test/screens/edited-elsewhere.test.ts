// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { companies } from '../../src/db/schema/index.js'
import { CompaniesPage } from '../../web/src/features/master-data/companies-page'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * Two staff members on "Perusahaan mitra": one opens a company's "Ubah" dialog to fix its phone number; meanwhile
 * the other ends the partnership ("Nonaktifkan"). Before, saving the dialog switched the company on again (its
 * "Aktif" switch was filled from the list as read), silently giving its HR back the applicants. Now the save is
 * refused with the reason in the dialog, which fills itself again from the company as it is, keeping the phone
 * number typed; saved again, the number is stored and the company stays off.
 */
const t = useTestApp()
afterEach(cleanup)

describe('the companies screen, saving a dialog opened before a colleague’s change', () => {
  it('says the company changed, stores nothing, and carries the typed change over to the company as it is now', async () => {
    const staff = await anAdmin(t)
    const colleague = await anAdmin(t)
    const company = await aCompany(t, { name: `PT Dialog Lama ${process.pid}` })
    signedInTo(t, staff.token)
    renderScreen(
      h(CompaniesPage),
      '/admin/perusahaan',
      `/admin/perusahaan?search=${encodeURIComponent(company.name)}`,
    )
    const row = await waitFor(() => screen.getByRole('row', { name: new RegExp(company.name) }), {
      timeout: 5_000,
    })
    fireEvent.click(within(row).getByRole('button', { name: /^Ubah / }))
    const dialog = await screen.findByRole('dialog')
    expect((within(dialog).getByRole('switch', { name: 'Aktif' }) as HTMLInputElement).checked).toBe(true)

    const off = await call(t, 'PATCH', `/api/admin/companies/${company.id}/toggle-active`, {
      as: colleague,
      body: { is_active: false },
    })
    expect(off.status).toBe(200)

    fireEvent.change(within(dialog).getByLabelText('Telepon'), { target: { value: '021-5550199' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }))
    await waitFor(
      () =>
        expect(
          within(dialog).getByText(/sudah diubah orang lain sejak formulir dibuka, jadi belum disimpan/),
        ).toBeTruthy(),
      { timeout: 5_000 },
    )
    const [refused] = await t.db.select().from(companies).where(eq(companies.id, company.id))
    expect(refused).toMatchObject({ isActive: false, phone: null })

    // The dialog now holds the company as it is (switched off), with the phone number the user typed kept.
    const active = () => within(dialog).getByRole('switch', { name: 'Aktif' }) as HTMLInputElement
    await waitFor(() => expect(active().checked).toBe(false))
    expect((within(dialog).getByLabelText('Telepon') as HTMLInputElement).value).toBe('021-5550199')
    // Saved again, the phone is stored and the company stays off.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 })
    const [saved] = await t.db.select().from(companies).where(eq(companies.id, company.id))
    expect(saved).toMatchObject({ isActive: false, phone: '021-5550199' })
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: new RegExp(company.name) })).getByText('Nonaktif'),
      ).toBeTruthy(),
    )
  })
})
