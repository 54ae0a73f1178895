// @vitest-environment happy-dom
import { Notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AttendancePage } from '../../web/src/features/attendance/validation-page'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aSchedule, setAttendance } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { mount, renderScreen, signedInTo } from '../support/screen.js'
import { storedParticipant } from '../support/stored.js'

/**
 * Staff tick a whole test in the queue and press "Validasi hadir", a learner HR had marked alpa among them: she
 * is now verified present, on her timeline and in the report. HR can no longer change a verified mark (422), and
 * the history tab had no action at all: the API took a second validation, no screen offered it.
 */
const t = useTestApp()
afterEach(cleanup)

describe('an attendance verified by mistake, on the validation screen', () => {
  it("the history offers 'Koreksi', which validates it again as it was", async () => {
    const { company, vacancy } = await anHrdWithVacancy(t)
    const absent = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Rina Tidak Datang' })
    const { participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [absent.application.id],
    })
    await setAttendance(t, participants[0].id, { attendanceStatus: 'alpa' })
    const staff = await anAdmin(t)
    const bulk = await call(t, 'PATCH', '/api/admin/attendances/bulk-validate', {
      as: staff,
      body: {
        attendance_ids: [participants[0].id],
        status: 'hadir',
        validation_status: 'verified',
        notes: null,
      },
    })
    expect(bulk.body.data.succeeded).toBe(1)

    signedInTo(t, staff.token as string)
    renderScreen(h(AttendancePage), '/admin/kehadiran', '/admin/kehadiran?tab=history')
    // The first screen of the file waits for the page's modules to load on a busy machine.
    const correct = await waitFor(() => screen.getByRole('button', { name: /^Koreksi Rina Tidak Datang/ }), {
      timeout: 5_000,
    })
    fireEvent.click(correct)
    const dialog = await waitFor(() => screen.getByRole('dialog'))
    fireEvent.click(within(dialog).getByLabelText('Alpa'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan koreksi' }))
    await waitFor(
      async () => expect((await storedParticipant(t, participants[0].id)).attendanceStatus).toBe('alpa'),
      {
        timeout: 5_000,
      },
    )
    expect(await storedParticipant(t, participants[0].id)).toMatchObject({ validationStatus: 'verified' })
  })

  it("the history shows HR's mark beside the correction: 'HRD: Alpa → dikoreksi: Hadir'", async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const [absent, present] = [
      await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Sari Dikoreksi' }),
      await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Tono Sesuai' }),
    ]
    const { schedule, participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [absent.application.id, present.application.id],
    })
    const mark = (id: number, status: string) =>
      call(t, 'PATCH', `/api/hrd/test-schedules/${schedule.id}/participants/${id}/attendance`, {
        as: hrd,
        body: { status },
      })
    expect((await mark(participants[0].id, 'alpa')).status).toBe(200)
    expect((await mark(participants[1].id, 'hadir')).status).toBe(200)
    const staff = await anAdmin(t)
    const bulk = await call(t, 'PATCH', '/api/admin/attendances/bulk-validate', {
      as: staff,
      body: { attendance_ids: participants.map((p) => p.id), status: 'hadir', validation_status: 'verified' },
    })
    expect(bulk.body.data.succeeded).toBe(2)

    signedInTo(t, staff.token as string)
    renderScreen(h(AttendancePage), '/admin/kehadiran', '/admin/kehadiran?tab=history')
    const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement
    await waitFor(() => expect(rowOf('Sari Dikoreksi').textContent).toMatch(/HRD: Alpa → dikoreksi: Hadir/), {
      timeout: 5_000,
    })
    // Verified as HR marked it: nothing to tell.
    expect(rowOf('Tono Sesuai').textContent).not.toMatch(/dikoreksi/)
  })

  it('a colleague corrected it since the history was read: 412 shown, their correction stays', async () => {
    const { company, vacancy } = await anHrdWithVacancy(t)
    const learner = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Dewi Dua Koreksi' })
    const { participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [learner.application.id],
    })
    const [p] = participants
    await setAttendance(t, p.id, { attendanceStatus: 'alpa' })
    const [staff, colleague] = [await anAdmin(t), await anAdmin(t)]
    const validate = (as: typeof staff, status: string, notes: string | null) =>
      call(t, 'PATCH', `/api/admin/attendances/${p.id}/validate`, {
        as,
        body: { status, validation_status: 'verified', notes },
      })
    expect((await validate(staff, 'hadir', null)).status).toBe(200)

    signedInTo(t, staff.token as string)
    mount(h(Notifications))
    renderScreen(h(AttendancePage), '/admin/kehadiran', '/admin/kehadiran?tab=history')
    fireEvent.click(await waitFor(() => screen.getByRole('button', { name: /^Koreksi Dewi Dua Koreksi/ })))
    const dialog = await waitFor(() => screen.getByRole('dialog'))
    // Meanwhile a colleague, with the letter from the learner's parents, corrects it to izin.
    await new Promise((r) => setTimeout(r, 5))
    expect((await validate(colleague, 'izin', 'Surat izin orang tua')).status).toBe(200)
    fireEvent.click(within(dialog).getByLabelText('Alpa'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan koreksi' }))

    // It was saved: alpa over the colleague's izin, their note gone.
    const toast = () => document.querySelector('.mantine-Notification-root')?.textContent ?? ''
    await waitFor(() => expect(toast()).toMatch(/sudah diubah orang lain/), { timeout: 5_000 })
    // The dialog closes and the history shows the colleague's correction, to start again from.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await storedParticipant(t, p.id)).toMatchObject({
      attendanceStatus: 'izin',
      validationNotes: 'Surat izin orang tua',
      validatedBy: colleague.id,
    })
  })
})
