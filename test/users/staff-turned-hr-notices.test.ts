import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aSuperadmin } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aCompany, aMajor, aRegistrationForm } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { notificationsOf } from '../support/stored.js'

/**
 * A staff account made HR of a partner company (its role corrected in user management, or a staff member who
 * went to work for a partner) forgets the notices it got as staff: new applications to companies whose
 * selection staff run (naming the learner, the vacancy and the company), company registrations. Before, the
 * partner's HR read in its bell who had applied to another partner.
 */
const t = useTestApp()

describe('a staff account made HR of a partner company', () => {
  it('no longer reads, in its notices, the applicants and registrations it was told of as staff', async () => {
    const superadmin = await aSuperadmin(t)
    const staff = await anAdmin(t)
    const colleague = await anAdmin(t)
    // A company whose selection staff run: its applications are told to every active admin.
    const other = await aCompany(t, { name: 'PT Pesaing' })
    const major = await aMajor(t)
    const vacancy = await aVacancy(t, {
      companyId: other.id,
      majorIds: [major.id],
      values: { title: 'Teknisi Gudang' },
    })
    const learner = await anApplicant(t, { majorId: major.id, values: { fullName: 'Rina Marlina' } })
    expect(
      (await call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: learner, body: {} })).status,
    ).toBe(201)
    const sent = await call(t, 'POST', '/api/company-registrations', {
      body: aRegistrationForm({ name: 'PT Calon Mitra' }),
    })
    expect(sent.status).toBe(201)
    expect((await notificationsOf(t, staff.id)).map((n) => n.kind).sort()).toEqual([
      'application.received',
      'registration.pending',
    ])

    const partner = await aCompany(t, { name: 'PT Mitra Baru' })
    const changed = await call(t, 'PUT', `/api/admin/users/${staff.id}`, {
      as: superadmin,
      body: { role: 'hrd', company_id: partner.id },
    })
    expect(changed.status).toBe(200)

    const bell = await call(t, 'GET', '/api/notifications', { as: staff })
    expect(bell.status).toBe(200)
    expect(JSON.stringify(bell.body.data)).not.toMatch(/Rina Marlina|PT Calon Mitra/)
    expect(bell.body.meta.unreadCount).toBe(0)
    // The colleague still on staff keeps them.
    expect((await notificationsOf(t, colleague.id)).map((n) => n.kind).sort()).toEqual([
      'application.received',
      'registration.pending',
    ])
  })

  it('an admin made superadmin keeps them (still staff)', async () => {
    const superadmin = await aSuperadmin(t)
    const staff = await anAdmin(t)
    await call(t, 'POST', '/api/company-registrations', {
      body: aRegistrationForm(),
      remoteAddress: '198.51.100.77',
    })
    const before = (await notificationsOf(t, staff.id)).length
    expect(before).toBeGreaterThan(0)
    const changed = await call(t, 'PUT', `/api/admin/users/${staff.id}`, {
      as: superadmin,
      body: { role: 'superadmin' },
    })
    expect(changed.status).toBe(200)
    expect(await notificationsOf(t, staff.id)).toHaveLength(before)
  })
})
