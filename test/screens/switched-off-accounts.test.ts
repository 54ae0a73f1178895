// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createElement as h, type ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionProvider, useSession } from '../../web/src/features/auth/session'
import { CompaniesPage } from '../../web/src/features/master-data/companies-page'
import { MonitoringPage } from '../../web/src/features/monitoring/progress-page'
import { UsersPage } from '../../web/src/features/users/users-page'
import { useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aSuperadmin } from '../support/builders/accounts.js'
import { aCompany, deactivateCompany } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * What staff read about accounts and vacancies that are switched off or not yet open (found by an audit):
 * the company list counted switched-off HR accounts as if they could work, the HR dialog listed them as any
 * other, "Aktifkan akun?" promised an HR account of a switched-off company that it could work again, and the
 * selection progress filter called a vacancy waiting for approval "Ditutup".
 */
const t = useTestApp()
afterEach(cleanup)

/** Its children once the session has read the account (the app's guarded layout does the same). */
function WhenSignedIn({ children }: { children: ReactNode }) {
  return useSession().user ? children : null
}

const rowOf = (text: string) =>
  waitFor(() => screen.getByRole('row', { name: new RegExp(text) }), { timeout: 5_000 })

describe('switched-off HR accounts and companies, as staff read them', () => {
  it('the company list counts the HR accounts that can work, and names the switched-off ones', async () => {
    const staff = await anAdmin(t)
    const company = await aCompany(t, { name: `PT Dua Akun ${process.pid}` })
    await anHrd(t, { companyId: company.id, values: { fullName: 'Ani Bekerja' } })
    const off = await anHrd(t, {
      companyId: company.id,
      values: { fullName: 'Budi Keluar', isActive: false },
    })
    signedInTo(t, staff.token)
    renderScreen(
      h(CompaniesPage),
      '/admin/perusahaan',
      `/admin/perusahaan?search=${encodeURIComponent(company.name)}`,
    )
    const row = await rowOf(company.name)
    expect(screen.getByRole('columnheader', { name: 'HRD aktif / lowongan' })).toBeTruthy()
    expect(within(row).getByText('1 / 0')).toBeTruthy()
    expect(within(row).getByText('1 akun HRD nonaktif')).toBeTruthy()

    fireEvent.click(within(row).getByRole('button', { name: 'Akun HRD' }))
    const dialog = await screen.findByRole('dialog')
    const line = (name: string) => within(dialog).getByText(new RegExp(name)).parentElement as HTMLElement
    await waitFor(() => expect(within(dialog).getByText(`Budi Keluar · ${off.email}`)).toBeTruthy())
    expect(within(line('Budi Keluar')).getByText('Nonaktif')).toBeTruthy()
    expect(within(line('Ani Bekerja')).queryByText('Nonaktif')).toBeNull()
  })

  it('"Aktifkan akun?" says an HR account of a switched-off company cannot work yet', async () => {
    const superadmin = await aSuperadmin(t)
    const company = await aCompany(t, { name: `PT Sedang Libur ${process.pid}` })
    const hrd = await anHrd(t, { companyId: company.id, values: { isActive: false } })
    await deactivateCompany(t, company.id)
    signedInTo(t, superadmin.token)
    render(
      h(
        MantineProvider,
        null,
        h(
          SessionProvider,
          null,
          h(
            MemoryRouter,
            { initialEntries: [`/admin/pengguna?search=${hrd.email}`] },
            h(WhenSignedIn, null, h(UsersPage)),
          ),
        ),
      ),
    )
    const row = await rowOf(hrd.email)
    expect(within(row).getByText(`HRD · ${company.name}, ${company.city} (nonaktif)`)).toBeTruthy()
    fireEvent.click(within(row).getByRole('button', { name: 'Aktifkan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Aktifkan akun?' })
    expect(
      within(dialog).getByText(
        `${hrd.email} bisa masuk lagi, tetapi perusahaannya (${company.name}) nonaktif: akun ini baru bisa bekerja setelah perusahaannya diaktifkan.`,
      ),
    ).toBeTruthy()
  })
})

describe('selection progress', () => {
  it('a vacancy waiting for approval reads as waiting, and the filter does not call it closed', async () => {
    const staff = await anAdmin(t)
    const company = await aCompany(t, { name: `PT Antre ${process.pid}` })
    await aVacancy(t, {
      companyId: company.id,
      values: { title: 'Operator Antre', approvalStatus: 'pending' },
    })
    signedInTo(t, staff.token)
    renderScreen(h(MonitoringPage), '/admin/monitoring', `/admin/monitoring?company_id=${company.id}`)
    const row = await rowOf('Operator Antre')
    expect(within(row).getByText(/· menunggu persetujuan BKK$/)).toBeTruthy()
    const status = screen.getAllByLabelText('Status').find((e) => e.tagName === 'INPUT') as HTMLInputElement
    fireEvent.click(status)
    const list = document.getElementById(status.getAttribute('aria-controls') ?? '') as HTMLElement
    await waitFor(() =>
      expect(
        within(list)
          .queryAllByRole('option', { hidden: true })
          .map((o) => o.textContent),
      ).toEqual(['Menerima lamaran', 'Tidak menerima lamaran']),
    )
  })
})
