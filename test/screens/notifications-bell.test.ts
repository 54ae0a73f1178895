// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { NotificationsPage } from '../../web/src/features/notifications/notifications-page'
import { MENU } from '../../web/src/Layout'
import { actingCompany, stopActing } from '../../web/src/lib/acting-company'
import { useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent } from '../support/builders/accounts.js'
import { aNotification } from '../support/builders/notifications.js'
import { signedInTo } from '../support/screen.js'
import { notificationsOf } from '../support/stored.js'
import { renderInLayout } from './in-layout'

/**
 * The header's bell says how many notices are unread; the notifications page marks them read ("Tandai semua
 * dibaca", "Tandai dibaca", or opening one with "Lihat"). The bell follows at once, as the page's own count does.
 * Before, it was read again only on a move to another path or after a minute, so a learner who had just read
 * everything still saw a red "3" on the bell over a list saying "Belum dibaca (0)"; and "Lihat" opened what the
 * notice was about but left it unread.
 */
const t = useTestApp()
afterEach(() => {
  cleanup()
  stopActing()
  // The account the client keeps between loads: the next test signs in as someone else.
  localStorage.clear()
})

const renderApp = (url: string) =>
  renderInLayout(url, {
    '/notifikasi': h(NotificationsPage),
    '/lamaran/:id': h('p', null, 'Detail lamaran'),
    '/hrd/pelamar/:id': h('p', null, 'Detail pelamar'),
    '/hrd/hasil': h('p', null, 'Halaman hasil seleksi'),
  })

const bell = () =>
  screen.getByRole('link', { name: /^Notifikasi, \d+ belum dibaca$/ }).getAttribute('aria-label')

describe('the bell while the notifications page marks notices read', () => {
  it('"Tandai semua dibaca": the bell says 0 unread at once, as the page does', async () => {
    const learner = await aStudent(t)
    for (const n of [1, 2, 3])
      await aNotification(t, learner.id, { kind: 'application.reviewed', title: `Pemberitahuan ${n}` })

    signedInTo(t, learner.token)
    renderApp('/notifikasi')
    await waitFor(() => expect(screen.getByText('Pemberitahuan 3')).toBeTruthy(), { timeout: 5_000 })
    await waitFor(() => expect(bell()).toBe('Notifikasi, 3 belum dibaca'), { timeout: 5_000 })

    fireEvent.click(screen.getByRole('button', { name: 'Tandai semua dibaca' }))
    await waitFor(() => expect(screen.getByText('Belum dibaca (0)')).toBeTruthy(), { timeout: 5_000 })
    expect(screen.queryByText('baru')).toBeNull()
    // Well under the minute of the bell's own timer.
    await waitFor(() => expect(bell()).toBe('Notifikasi, 0 belum dibaca'), { timeout: 2_000 })
  })

  it('"Tandai dibaca" on one notice: the bell goes down by one, as the page does', async () => {
    const learner = await aStudent(t)
    for (const n of [1, 2])
      await aNotification(t, learner.id, { kind: 'application.reviewed', title: `Kabar ${n}` })

    signedInTo(t, learner.token)
    renderApp('/notifikasi')
    await waitFor(() => expect(screen.getByText('Kabar 2')).toBeTruthy(), { timeout: 5_000 })
    await waitFor(() => expect(bell()).toBe('Notifikasi, 2 belum dibaca'), { timeout: 5_000 })

    fireEvent.click(screen.getAllByRole('button', { name: /^Tandai dibaca: / })[0])
    await waitFor(() => expect(screen.getByText('Belum dibaca (1)')).toBeTruthy(), { timeout: 5_000 })
    await waitFor(() => expect(bell()).toBe('Notifikasi, 1 belum dibaca'), { timeout: 2_000 })
  })

  it('"Lihat" opens what the notice is about and marks it read: stored read, the bell says 0', async () => {
    const learner = await aStudent(t)
    await aNotification(t, learner.id, {
      kind: 'application.reviewed',
      title: 'Lamaran Anda lolos seleksi administrasi',
      data: { applicationId: 7 },
    })

    signedInTo(t, learner.token)
    renderApp('/notifikasi')
    await waitFor(() => expect(bell()).toBe('Notifikasi, 1 belum dibaca'), { timeout: 5_000 })
    await waitFor(() => expect(screen.getByRole('link', { name: /^Lihat: / })).toBeTruthy(), {
      timeout: 5_000,
    })
    fireEvent.click(screen.getByRole('link', { name: /^Lihat: / }))
    await waitFor(() => expect(screen.getByText('Detail lamaran')).toBeTruthy(), { timeout: 5_000 })

    await waitFor(() => expect(bell()).toBe('Notifikasi, 0 belum dibaca'), { timeout: 3_000 })
    const [stored] = await notificationsOf(t, learner.id)
    expect(stored.readAt).not.toBeNull()
  })

  it('staff\'s "Lihat" on a new application of a company without HR opens the applicant, acting for the company', async () => {
    const staff = await anAdmin(t)
    await aNotification(t, staff.id, {
      kind: 'application.received',
      title: 'Lamaran baru: Teknisi Gudang',
      data: { applicationId: 9, jobVacancyId: 4, companyId: 3, companyName: 'PT Tanpa HRD' },
    })

    signedInTo(t, staff.token)
    renderApp('/notifikasi')
    await waitFor(() => expect(screen.getByRole('link', { name: /^Lihat: / })).toBeTruthy(), {
      timeout: 5_000,
    })
    expect(screen.getByRole('link', { name: /^Lihat: / }).getAttribute('href')).toBe('/hrd/pelamar/9')
    fireEvent.click(screen.getByRole('link', { name: /^Lihat: / }))
    await waitFor(() => expect(screen.getByText('Detail pelamar')).toBeTruthy(), { timeout: 5_000 })
    expect(actingCompany()).toEqual({ id: 3, name: 'PT Tanpa HRD' })
    expect(screen.getByText('Bertindak untuk PT Tanpa HRD')).toBeTruthy()
    await waitFor(() => expect(bell()).toBe('Notifikasi, 0 belum dibaca'), { timeout: 3_000 })
  })

  // A place a hire gave back: "Lihat" opens the vacancy's waiting list on HR's results page (the menu's own
  // route: a first version pointed at one that does not exist).
  it('HR\'s "Lihat" on a place given back opens the waiting list of its vacancy', async () => {
    const hr = await anHrd(t)
    await aNotification(t, hr.id, {
      kind: 'place.freed',
      title: 'Tempat terbuka lagi: Operator Produksi',
      data: { jobVacancyId: 4, placeFreed: true },
    })
    signedInTo(t, hr.token)
    renderApp('/notifikasi')
    await waitFor(() => expect(screen.getByRole('link', { name: /^Lihat: / })).toBeTruthy(), {
      timeout: 5_000,
    })
    const results = MENU.find((m) => m.label === 'Hasil seleksi' && m.roles.includes('hrd'))?.to
    expect(screen.getByRole('link', { name: /^Lihat: / }).getAttribute('href')).toBe(
      `${results}?job_vacancy_id=4&decision=cadangan`,
    )
    fireEvent.click(screen.getByRole('link', { name: /^Lihat: / }))
    await waitFor(() => expect(screen.getByText('Halaman hasil seleksi')).toBeTruthy(), { timeout: 5_000 })
  })

  // Staff switched a vacancy off: HR's "Lihat" opens its vacancies; one staff deleted is in no list, so no "Lihat".
  it("HR's notices of a vacancy staff switched off or deleted: the first opens the vacancies, the second nothing", async () => {
    const hr = await anHrd(t)
    await aNotification(t, hr.id, {
      kind: 'vacancy.deactivated',
      title: 'Lowongan "Operator Gudang" dinonaktifkan BKK',
      data: { jobVacancyId: 4 },
    })
    signedInTo(t, hr.token)
    renderApp('/notifikasi')
    await waitFor(() => expect(screen.getByRole('link', { name: /^Lihat: / })).toBeTruthy(), {
      timeout: 5_000,
    })
    expect(screen.getByRole('link', { name: /^Lihat: / }).getAttribute('href')).toBe('/hrd/lowongan')
    cleanup()

    await aNotification(t, hr.id, {
      kind: 'vacancy.deleted',
      title: 'Lowongan "Teknisi Listrik" dihapus BKK',
      data: { jobVacancyId: 5, vacancyDeleted: true },
    })
    renderApp('/notifikasi')
    await waitFor(() => expect(screen.getByText('Lowongan "Teknisi Listrik" dihapus BKK')).toBeTruthy(), {
      timeout: 5_000,
    })
    expect(screen.getAllByRole('link', { name: /^Lihat: / })).toHaveLength(1)
  })

  // The same notice for the staff who run the selection of a company without HR: they are its HR here.
  it('staff\'s "Lihat" on a place given back at a company without HR opens its waiting list, acting for it', async () => {
    const staff = await anAdmin(t)
    await aNotification(t, staff.id, {
      kind: 'place.freed',
      title: 'Tempat terbuka lagi: Operator Produksi',
      data: { jobVacancyId: 4, placeFreed: true, companyId: 3, companyName: 'PT Tanpa HRD' },
    })
    signedInTo(t, staff.token)
    renderApp('/notifikasi')
    await waitFor(() => expect(screen.getByRole('link', { name: /^Lihat: / })).toBeTruthy(), {
      timeout: 5_000,
    })
    expect(screen.getByRole('link', { name: /^Lihat: / }).getAttribute('href')).toBe(
      '/hrd/hasil?job_vacancy_id=4&decision=cadangan',
    )
    fireEvent.click(screen.getByRole('link', { name: /^Lihat: / }))
    await waitFor(() => expect(screen.getByText('Halaman hasil seleksi')).toBeTruthy(), { timeout: 5_000 })
    expect(actingCompany()).toEqual({ id: 3, name: 'PT Tanpa HRD' })
    expect(screen.getByText('Bertindak untuk PT Tanpa HRD')).toBeTruthy()
  })
})
