// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { companyRegistrations } from '../../src/db/schema/index.js'
import { CompanyRegistrationsPage } from '../../web/src/features/company-registrations/queue-page'
import { NotificationsPage } from '../../web/src/features/notifications/notifications-page'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd } from '../support/builders/accounts.js'
import { aCompany, aMajor, aRegistrationForm } from '../support/builders/org.js'
import { dayFromToday } from '../support/builders/vacancies.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { notificationsOf } from '../support/stored.js'
import { renderInLayout } from './in-layout'

/**
 * Staff's notices of what entered their queues lead to it: "Lihat" on a new company registration opens the
 * registrations' queue, on a vacancy waiting for approval the vacancies waiting of that company. Before, staff
 * got no such notices, and a notice without a known link showed no "Lihat".
 */
const t = useTestApp()
afterEach(() => {
  cleanup()
  localStorage.clear()
})

/** Where the app went: the path and query of the screen opened. */
function Where() {
  const at = useLocation()
  return h('p', null, `Di ${at.pathname}${at.search}`)
}

const renderApp = (url: string) =>
  renderInLayout(url, {
    '/notifikasi': h(NotificationsPage),
    '/admin/pendaftaran-perusahaan': h(Where),
    '/admin/lowongan': h(Where),
  })

describe("staff's notices of their queues", () => {
  it('"Lihat" opens the registrations\' queue, or the vacancies waiting of the company', async () => {
    const staff = await anAdmin(t)
    // E-mail is off in this app: the form goes straight to the queue.
    const form = aRegistrationForm({ name: 'PT Calon Mitra' })
    const registered = await call(t, 'POST', '/api/company-registrations', { body: form })
    expect(registered.status).toBe(201)
    const [registration] = await t.db
      .select()
      .from(companyRegistrations)
      .where(eq(companyRegistrations.name, 'PT Calon Mitra'))
    const company = await aCompany(t, { name: 'PT Perlu Persetujuan', vacanciesNeedApproval: true })
    const hr = await anHrd(t, { companyId: company.id })
    const major = await aMajor(t)
    const posted = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hr,
      body: {
        title: 'Teknisi Gudang',
        position: 'Teknisi',
        description: 'Merawat gudang.',
        qualifications: 'Lulusan SMK.',
        category: 'manufaktur',
        job_type: 'full_time',
        quota: 2,
        deadline: await dayFromToday(t, 30),
        target: 'all',
        major_ids: [major.id],
      },
    })
    expect(posted.status).toBe(201)
    expect((await notificationsOf(t, staff.id)).map((n) => n.kind)).toEqual([
      'registration.pending',
      'vacancy.pending',
    ])

    signedInTo(t, staff.token)
    renderApp('/notifikasi')
    await waitFor(
      () => expect(screen.getByText('Pendaftaran perusahaan baru: PT Calon Mitra')).toBeTruthy(),
      {
        timeout: 5_000,
      },
    )
    expect(screen.getByText('Lowongan menunggu persetujuan: Teknisi Gudang')).toBeTruthy()
    // Newest first: the vacancy, then the registration.
    const links = screen.getAllByRole('link', { name: /^Lihat: / })
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/admin/lowongan?approval=pending&company_id=${company.id}`,
      `/admin/pendaftaran-perusahaan?id=${registration.id}`,
    ])

    fireEvent.click(links[0])
    await waitFor(
      () =>
        expect(screen.getByText(`Di /admin/lowongan?approval=pending&company_id=${company.id}`)).toBeTruthy(),
      { timeout: 5_000 },
    )
  })

  it("the registrations' queue opens the request its link names (?id=)", async () => {
    const staff = await anAdmin(t)
    expect(
      (
        await call(t, 'POST', '/api/company-registrations', {
          body: aRegistrationForm({ name: 'PT Dibuka Langsung' }),
        })
      ).status,
    ).toBe(201)
    const [registration] = await t.db
      .select()
      .from(companyRegistrations)
      .where(eq(companyRegistrations.name, 'PT Dibuka Langsung'))
    signedInTo(t, staff.token)
    renderScreen(
      h(CompanyRegistrationsPage),
      '/admin/pendaftaran-perusahaan',
      `/admin/pendaftaran-perusahaan?id=${registration.id}`,
    )
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 })
    await waitFor(() => expect(within(dialog).getAllByText(/PT Dibuka Langsung/).length).toBeGreaterThan(0))
  })
})
