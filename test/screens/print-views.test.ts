// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { applications, testParticipants } from '../../src/db/schema/index.js'
import { AttendanceSheetPage } from '../../web/src/features/schedules/attendance-sheet-page'
import { ScheduleDetailPage } from '../../web/src/features/schedules/detail-page'
import { AnnouncementPage } from '../../web/src/features/selection/announcement-page'
import { SelectionResultsPage } from '../../web/src/features/selection/results-page'
import { actFor, stopActing } from '../../web/src/lib/acting-company'
import { useTestApp } from '../support/app.js'
import { anAdmin, unique } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, aResult } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { signedInAs } from '../support/screen.js'
import { renderInLayout } from './in-layout'

/**
 * What the career center and HR print: the sign-in sheet of a test ("Daftar hadir peserta tes": No, Nama, NIS,
 * Kompetensi keahlian, an empty "Tanda tangan" box), signed on paper at the door, and the announcement of a
 * vacancy's published acceptances to pin on the school's board ("Pengumuman hasil seleksi": names and majors, no
 * scores, no one who was not accepted). Each opens from its screen's button as a print view that calls the
 * browser's print dialog once its rows are in.
 */
const t = useTestApp()
let print: ReturnType<typeof vi.fn>
beforeEach(() => {
  print = vi.fn()
  window.print = print as unknown as typeof window.print
})
afterEach(() => {
  cleanup()
  stopActing()
})

/** The rows of the table named `name`, each as its cells' texts (the heading row left out). */
function bodyRows(name: string) {
  const table = screen.getByRole('table', { name })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent?.trim() ?? ''),
    )
}

/** A test of three participants, one of whom withdrew; of a company without HR (run by staff) when `withoutHr`. */
async function aTestWithParticipants(withoutHr = false) {
  const names = { companyName: 'PT Cetak Hadir Sejahtera', vacancyTitle: 'Operator Mesin Bubut' }
  const { company, hrd, vacancy } = withoutHr
    ? await aCompany(t, { name: names.companyName }).then(async (company) => ({
        company,
        hrd: null,
        vacancy: await aVacancy(t, { companyId: company.id, values: { title: names.vacancyTitle } }),
      }))
    : await anHrdWithVacancy(t, names)
  const major = await aMajor(t, { name: 'Teknik Pemesinan' })
  const student = (fullName: string) =>
    aCandidate(t, vacancy.id, { fullName, nis: unique('NIS'), student: { majorId: major.id } })
  const budi = await student('Budi Santoso')
  const ani = await student('Ani Lestari')
  const citra = await student('Citra Withdrawn')
  const { schedule } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [budi.application.id, ani.application.id, citra.application.id],
    name: 'Psikotes gelombang 1',
    kind: 'psikotes',
    scheduledAt: '2099-07-15T01:00:00Z',
    values: { location: 'Lab Komputer 2' },
  })
  // Citra withdrew after she was invited: her row stays on the test's page as history, out of the selection.
  await t.db
    .update(applications)
    .set({ status: 'withdrawn' })
    .where(eq(applications.id, citra.application.id))
  await t.db
    .update(testParticipants)
    .set({ releasedAt: new Date() })
    .where(eq(testParticipants.applicationId, citra.application.id))
  const nis = { ani: ani.learner.student.nis, budi: budi.learner.student.nis }
  return { company, hrd, vacancy, schedule, nis }
}

const scheduleRoutes = {
  '/hrd/jadwal/:id': h(ScheduleDetailPage),
  '/hrd/jadwal/:id/cetak': h(AttendanceSheetPage),
}

describe('"Cetak daftar hadir" on a test’s page (/hrd/jadwal/:id)', () => {
  it('opens the sign-in sheet of the participants still in the selection and prints it', async () => {
    const { hrd, schedule, nis } = await aTestWithParticipants()
    await signedInAs(t, hrd!)
    renderInLayout(`/hrd/jadwal/${schedule.id}`, scheduleRoutes)

    const button = await screen.findByRole('link', { name: 'Cetak daftar hadir' }, { timeout: 5_000 })
    expect(print).not.toHaveBeenCalled()
    fireEvent.click(button)

    await screen.findByRole('table', { name: 'Daftar hadir peserta tes' }, { timeout: 5_000 })
    expect(bodyRows('Daftar hadir peserta tes')).toEqual([
      ['1', 'Ani Lestari', nis.ani, 'Teknik Pemesinan', ''],
      ['2', 'Budi Santoso', nis.budi, 'Teknik Pemesinan', ''],
    ])
    expect(screen.queryByText('Citra Withdrawn')).toBeNull()
    const heads = within(screen.getByRole('table', { name: 'Daftar hadir peserta tes' }))
      .getAllByRole('columnheader')
      .map((c) => c.textContent)
    expect(heads).toEqual(['No', 'Nama', 'NIS', 'Kompetensi keahlian', 'Tanda tangan'])
    // The test, as the door's sheet names it: kind and name, vacancy, company, day and time at the school, place.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Daftar hadir peserta tes')
    const about = screen.getByRole('region', { name: 'Tes' }).textContent ?? ''
    for (const part of [
      'Psikotes',
      'Psikotes gelombang 1',
      'Operator Mesin Bubut',
      'PT Cetak Hadir Sejahtera',
      'Rabu, 15 Juli 2099',
      '08.00 WIB',
      'Lab Komputer 2',
    ])
      expect(about).toContain(part)
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
  })

  it('prints again from the sheet’s own "Cetak" button', async () => {
    const { hrd, schedule } = await aTestWithParticipants()
    await signedInAs(t, hrd!)
    renderInLayout(`/hrd/jadwal/${schedule.id}/cetak`, scheduleRoutes)
    await screen.findByRole('table', { name: 'Daftar hadir peserta tes' }, { timeout: 5_000 })
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    fireEvent.click(screen.getByRole('button', { name: 'Cetak' }))
    expect(print).toHaveBeenCalledTimes(2)
  })

  it('for staff acting for a company without HR, names the test’s company', async () => {
    const { company, schedule } = await aTestWithParticipants(true)
    const staff = await anAdmin(t)
    await signedInAs(t, staff)
    actFor({ id: company.id, name: company.name })
    renderInLayout(`/hrd/jadwal/${schedule.id}/cetak`, scheduleRoutes)
    await screen.findByRole('table', { name: 'Daftar hadir peserta tes' }, { timeout: 5_000 })
    expect(screen.getByRole('region', { name: 'Tes' }).textContent).toContain('PT Cetak Hadir Sejahtera')
    expect(bodyRows('Daftar hadir peserta tes').map((r) => r[1])).toEqual(['Ani Lestari', 'Budi Santoso'])
  })

  it('is not offered for a cancelled test', async () => {
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const a = await aCandidate(t, vacancy.id)
    const { schedule } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [a.application.id],
      scheduledAt: hoursFromNow(24),
      status: 'cancelled',
    })
    await signedInAs(t, hrd)
    renderInLayout(`/hrd/jadwal/${schedule.id}`, scheduleRoutes)
    await screen.findByRole('heading', { level: 1, name: schedule.name }, { timeout: 5_000 })
    expect(screen.queryByRole('link', { name: 'Cetak daftar hadir' })).toBeNull()
  })
})

async function aVacancyWithResults() {
  const { company, hrd, vacancy } = await anHrdWithVacancy(t, {
    companyName: 'PT Pengumuman Makmur',
    vacancyTitle: 'Teknisi Listrik Pabrik',
  })
  const major = await aMajor(t, { name: 'Teknik Instalasi Tenaga Listrik' })
  const at = new Date('2099-07-20T03:00:00Z')
  const learner = (fullName: string, status: 'accepted' | 'rejected' | 'in_progress') =>
    aCandidate(t, vacancy.id, { fullName, status, student: { majorId: major.id } })
  const dewi = await learner('Dewi Diterima', 'accepted')
  await aResult(t, dewi.application.id, {
    decision: 'diterima',
    finalScore: 87.5,
    isPublished: true,
    publishedAt: at,
  })
  const bayu = await learner('Bayu Diterima', 'accepted')
  await aResult(t, bayu.application.id, {
    decision: 'diterima',
    finalScore: 91.25,
    isPublished: true,
    publishedAt: at,
  })
  const rudi = await learner('Rudi Ditolak', 'rejected')
  await aResult(t, rudi.application.id, {
    decision: 'tidak_diterima',
    finalScore: 40,
    isPublished: true,
    publishedAt: at,
  })
  const sari = await learner('Sari Cadangan', 'in_progress')
  await aResult(t, sari.application.id, {
    decision: 'cadangan',
    finalScore: 70,
    isPublished: true,
    publishedAt: at,
  })
  const dodi = await learner('Dodi Draf', 'in_progress')
  await aResult(t, dodi.application.id, { decision: 'diterima', finalScore: 99 })
  return { company, hrd, vacancy }
}

const resultRoutes = {
  '/hrd/hasil': h(SelectionResultsPage),
  '/hrd/hasil/cetak': h(AnnouncementPage),
}

describe('"Cetak pengumuman" on "Hasil seleksi" (/hrd/hasil)', () => {
  it('prints the vacancy’s published acceptances: names and majors, no scores, no one else', async () => {
    const { hrd, vacancy } = await aVacancyWithResults()
    await signedInAs(t, hrd)
    renderInLayout(`/hrd/hasil?job_vacancy_id=${vacancy.id}`, resultRoutes)

    const button = await screen.findByRole('link', { name: 'Cetak pengumuman' }, { timeout: 5_000 })
    fireEvent.click(button)

    await screen.findByRole('table', { name: 'Peserta yang diterima' }, { timeout: 5_000 })
    expect(bodyRows('Peserta yang diterima')).toEqual([
      ['1', 'Bayu Diterima', 'Teknik Instalasi Tenaga Listrik'],
      ['2', 'Dewi Diterima', 'Teknik Instalasi Tenaga Listrik'],
    ])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pengumuman hasil seleksi')
    const page = document.querySelector('main')?.textContent ?? ''
    for (const name of ['Rudi Ditolak', 'Sari Cadangan', 'Dodi Draf']) expect(page).not.toContain(name)
    // No score is pinned on the board (87,5 and 91,25 as the app writes them, nor as stored).
    for (const score of ['87', '91']) expect(page).not.toContain(score)
    for (const part of ['PT Pengumuman Makmur', 'Teknisi Listrik Pabrik', '20 Juli 2099'])
      expect(page).toContain(part)
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
  })

  it('is not offered while the vacancy has no published acceptance', async () => {
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const a = await aCandidate(t, vacancy.id, { fullName: 'Eka Masih Draf' })
    await aSchedule(t, { companyId: company.id, vacancyId: vacancy.id, applicationIds: [a.application.id] })
    await aResult(t, a.application.id, { decision: 'diterima' })
    await signedInAs(t, hrd)
    renderInLayout(`/hrd/hasil?job_vacancy_id=${vacancy.id}`, resultRoutes)
    await screen.findByText('Eka Masih Draf', undefined, { timeout: 5_000 })
    await screen.findByText(/Kuota/)
    expect(screen.queryByRole('link', { name: 'Cetak pengumuman' })).toBeNull()
  })
})
