// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AttendancePage } from '../../web/src/features/attendance/validation-page'
import { useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aSchedule, setAttendance } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { storedParticipant } from '../support/stored.js'

/**
 * Staff validating attendance with a screen reader. Each queue row's "Sahkan …" and "Tolak" were named by their
 * text only (the buttons list read "Tolak, Tolak, Tolak"), and "Tolak" asked "Tolak catatan kehadiran?" without
 * saying whose: rejecting makes the participant alpa, which counts against them in the selection.
 */
const t = useTestApp()
afterEach(cleanup)

describe('the attendance queue (/admin/kehadiran)', () => {
  it('"Sahkan …" and "Tolak" name the participant and the test; the "Tolak" question names the participant', async () => {
    const { company, vacancy } = await anHrdWithVacancy(t)
    const rina = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Rina Izin' })
    const tono = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Tono Hadir' })
    const { participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      name: 'Psikotes gelombang 1',
      applicationIds: [rina.application.id, tono.application.id],
    })
    await setAttendance(t, participants[0].id, { attendanceStatus: 'izin' })
    await setAttendance(t, participants[1].id, { attendanceStatus: 'hadir' })
    const staff = await anAdmin(t)

    signedInTo(t, staff.token as string)
    renderScreen(h(AttendancePage), '/admin/kehadiran', '/admin/kehadiran')
    // The first screen of the file waits for the page's modules to load on a busy machine.
    await waitFor(() => screen.getByRole('button', { name: 'Sahkan izin Rina Izin, Psikotes gelombang 1' }), {
      timeout: 5_000,
    })
    expect(screen.getByRole('button', { name: 'Sahkan hadir Tono Hadir, Psikotes gelombang 1' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Tolak Tono Hadir, Psikotes gelombang 1' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Tolak Rina Izin, Psikotes gelombang 1' }))
    const dialog = await waitFor(() => screen.getByRole('dialog', { name: 'Tolak catatan kehadiran?' }))
    expect(dialog.textContent).toContain('Rina Izin')
    expect(dialog.textContent).not.toContain('Tono Hadir')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, lanjutkan' }))
    await waitFor(
      async () =>
        expect(await storedParticipant(t, participants[0].id)).toMatchObject({
          attendanceStatus: 'alpa',
          validationStatus: 'rejected',
        }),
      { timeout: 5_000 },
    )
    expect(await storedParticipant(t, participants[1].id)).toMatchObject({
      attendanceStatus: 'hadir',
      validationStatus: 'pending',
    })
  })
})
