// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AttendancePage } from '../../web/src/features/attendance/validation-page'
import { AlumniPage } from '../../web/src/features/master-data/alumni-page'
import { MonitoringPage } from '../../web/src/features/monitoring/progress-page'
import { AdminPlacementsPage } from '../../web/src/features/placements/admin-page'
import { StaffTracerListPage } from '../../web/src/features/tracer-study/staff-list-page'
import { HrdVacancyFormPage } from '../../web/src/features/vacancies/hrd-form-page'
import { useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, anHrd } from '../support/builders/accounts.js'
import { aCompany, aMajor, deactivateCompany } from '../support/builders/org.js'
import { anHrdWithVacancy, aPlacement } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * Majors and companies are switched off, not deleted, once records hold them: a major the school stops
 * offering keeps its alumni, a former partner its placements still followed up. The filters of screens about
 * past or ongoing records offer them too (`include_inactive`), as the reports' own options and the staff
 * vacancy list do; forms that assign a value offer active ones only, but an edit form still shows the value a
 * record holds.
 */
const t = useTestApp()
afterEach(cleanup)

/** The select labelled exactly `label`'s text box (Mantine labels its hidden input too). */
const selectBox = (label: string) =>
  screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement

/** The names the select labelled `label` offers, once `loaded` (an active record) is among them. */
async function offered(label: string, loaded: string) {
  return offeredBy(await waitFor(() => selectBox(label), { timeout: 5_000 }), loaded)
}

async function offeredBy(input: HTMLInputElement, loaded: string) {
  fireEvent.click(input)
  const names = () => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '')
    return list
      ? within(list)
          .queryAllByRole('option', { hidden: true })
          .map((o) => o.textContent)
      : []
  }
  await waitFor(() => expect(names()).toContain(loaded), { timeout: 5_000 })
  const all = names()
  fireEvent.keyDown(input, { key: 'Escape' })
  return all
}

describe('majors and companies switched off, on screens about past or ongoing records', () => {
  /**
   * Staff open "Tracer study alumni" to call the graduates of a discontinued major who have not answered: the
   * "Kompetensi" filter offered active majors only.
   */
  it("the tracer study's major filter offers a major that was switched off", async () => {
    const staff = await anAdmin(t)
    await aMajor(t, { name: 'Teknik Kendaraan Ringan Kontrol' })
    const major = await aMajor(t, { name: 'Teknik Mesin Perkakas Lama', isActive: false })
    await anAlumnus(t, { majorId: major.id, values: { graduationYear: 2024 } })
    signedInTo(t, staff.token as string)
    renderScreen(h(StaffTracerListPage), '/admin/tracer-study', '/admin/tracer-study')
    await waitFor(() => expect(screen.getAllByText(/sudah mengisi/).length).toBeGreaterThan(0), {
      timeout: 5_000,
    })
    expect(await offered('Kompetensi', 'Teknik Kendaraan Ringan Kontrol')).toContain(
      'Teknik Mesin Perkakas Lama',
    )
  })

  /** A former partner's placements through bursa still have their follow-ups ahead, which staff record. */
  it("the placements screen's company filter offers a company that was switched off", async () => {
    const staff = await anAdmin(t)
    const { company, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Mitra Purna Kerja' })
    await aPlacement(t, { companyId: company.id, vacancyId: vacancy.id })
    await deactivateCompany(t, company.id)
    await aCompany(t, { name: 'PT Kontrol Masih Aktif' })
    signedInTo(t, staff.token as string)
    renderScreen(h(AdminPlacementsPage), '/admin/penempatan', '/admin/penempatan')
    expect(await offered('Perusahaan mitra', 'PT Kontrol Masih Aktif')).toContain('PT Mitra Purna Kerja')
  })

  it("the selection progress's company and major filters, and the attendance screen's company filter", async () => {
    const staff = await anAdmin(t)
    await aCompany(t, { name: 'PT Progres Aktif' })
    await aCompany(t, { name: 'PT Progres Purna', isActive: false })
    await aMajor(t, { name: 'Teknik Progres Aktif' })
    await aMajor(t, { name: 'Teknik Progres Lama', isActive: false })
    signedInTo(t, staff.token as string)
    renderScreen(h(MonitoringPage), '/admin/monitoring', '/admin/monitoring')
    expect(await offered('Perusahaan', 'PT Progres Aktif')).toContain('PT Progres Purna')
    expect(await offered('Kompetensi', 'Teknik Progres Aktif')).toContain('Teknik Progres Lama')
    cleanup()
    renderScreen(h(AttendancePage), '/admin/kehadiran', '/admin/kehadiran?tab=history')
    expect(await offered('Perusahaan', 'PT Progres Aktif')).toContain('PT Progres Purna')
  })

  /**
   * The alumni list's filter offers a discontinued major; the form assigns active majors only, but shows the
   * one an alumnus holds (marked) rather than a blank field.
   */
  it("the alumni list's major filter, and the alumnus's form", async () => {
    const staff = await anAdmin(t)
    await aMajor(t, { name: 'Teknik Alumni Aktif' })
    const major = await aMajor(t, { name: 'Teknik Alumni Lama', isActive: false })
    await aMajor(t, { name: 'Teknik Alumni Lain Lama', isActive: false })
    await anAlumnus(t, { majorId: major.id, values: { fullName: 'Sari Angkatan Lama' } })
    signedInTo(t, staff.token as string)
    renderScreen(h(AlumniPage), '/admin/alumni', `/admin/alumni?major_id=${major.id}`)
    expect(await offered('Kompetensi', 'Teknik Alumni Aktif')).toContain('Teknik Alumni Lama')
    const row = await waitFor(() => screen.getByText('Sari Angkatan Lama').closest('tr') as HTMLElement, {
      timeout: 5_000,
    })
    fireEvent.click(within(row).getByRole('button', { name: /^Ubah / }))
    const dialog = await waitFor(() => screen.getByRole('dialog'))
    const field = within(dialog)
      .getAllByLabelText(/^Kompetensi keahlian/)
      .find((e) => e.tagName === 'INPUT') as HTMLInputElement
    await waitFor(() => expect(field.value).toBe('Teknik Alumni Lama (nonaktif)'))
    // Other majors switched off are not offered to assign.
    expect(await offeredBy(field, 'Teknik Alumni Aktif')).not.toContain('Teknik Alumni Lain Lama')
  })

  /** HR changes a vacancy open to a major switched off since: the form shows it among the vacancy's majors. */
  it("HR's vacancy form shows a major switched off since among the vacancy's majors", async () => {
    const hrd = await anHrd(t)
    const active = await aMajor(t, { name: 'Teknik Lowongan Aktif' })
    const retired = await aMajor(t, { name: 'Teknik Lowongan Lama', isActive: false })
    const vacancy = await aVacancy(t, { companyId: hrd.companyId, majorIds: [active.id, retired.id] })
    signedInTo(t, hrd.token)
    renderScreen(h(HrdVacancyFormPage), '/hrd/lowongan/:id/ubah', `/hrd/lowongan/${vacancy.id}/ubah`)
    await waitFor(() =>
      expect((screen.getByLabelText(/^Judul/) as HTMLInputElement).value).toBe(vacancy.title),
    )
    const pills = () => [...document.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent)
    await waitFor(() => expect(pills()).toEqual(['Teknik Lowongan Aktif', 'Teknik Lowongan Lama (nonaktif)']))
  })
})
