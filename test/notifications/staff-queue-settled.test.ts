import { desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { companyRegistrations } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anHrd, aSuperadmin } from '../support/builders/accounts.js'
import { aCompany, aMajor, aRegistrationForm } from '../support/builders/org.js'
import { dayFromToday, electricianBody } from '../support/builders/vacancies.js'
import { notificationsOf } from '../support/stored.js'

/**
 * A staff-queue notice (`registration.pending`, `vacancy.pending`) tells every admin and superadmin that
 * something waits for one of them. Once one of them decides it (or it is closed as a duplicate, or deleted),
 * the notice is read for all: before, it stayed unread in every colleague's badge, pointing at work already done.
 */
const t = useTestApp()

let admin: Account
let colleague: Account
let superadmin: Account
beforeAll(async () => {
  admin = await anAdmin(t)
  colleague = await anAdmin(t)
  superadmin = await aSuperadmin(t)
})

/** Whether each staff member's notices about `key` = `id` are read (true) or unread (false). */
const readBy = async (key: 'registrationId' | 'jobVacancyId', id: number) =>
  Promise.all(
    [admin, colleague, superadmin].map(async (who) =>
      (await notificationsOf(t, who.id)).filter((n) => n.data[key] === id).map((n) => n.readAt !== null),
    ),
  )
const badge = async (who: Account) =>
  (await call(t, 'GET', '/api/notifications', { as: who, query: { per_page: 1 } })).body.meta
    .unreadCount as number

let lastIp = 0
/** A company's registration form sent (e-mail is off: straight into the queue); its id. */
async function registered(form: ReturnType<typeof aRegistrationForm>) {
  const res = await call(t, 'POST', '/api/company-registrations', {
    body: form,
    remoteAddress: `203.0.113.${++lastIp}`,
  })
  expect(res.status).toBe(201)
  const [row] = await t.db
    .select({ id: companyRegistrations.id })
    .from(companyRegistrations)
    .where(eq(companyRegistrations.contactEmail, form.contact_email.toLowerCase()))
    .orderBy(desc(companyRegistrations.id))
  return row.id
}

describe('a company registration leaving the queue', () => {
  it('approved by one admin: read for every staff member, the duplicate closed with it too', async () => {
    const form = aRegistrationForm()
    const first = await registered(form)
    const again = await registered(form)
    expect(await readBy('registrationId', first)).toEqual([[false], [false], [false]])
    const before = await badge(colleague)

    const res = await call(t, 'POST', `/api/admin/company-registrations/${again}/approve`, { as: admin })
    expect(res.status).toBe(200)
    // The notice (of the first request) is done with: the second's approval closed the first as a duplicate.
    expect(await readBy('registrationId', first)).toEqual([[true], [true], [true]])
    expect(await badge(colleague)).toBe(before - 1)
  })

  it('rejected: read for every staff member; the same contact’s other waiting request is told in its place', async () => {
    const form = aRegistrationForm({ name: 'PT Dua Kali Kirim' })
    const first = await registered(form)
    const again = await registered(form)
    expect(await readBy('registrationId', again)).toEqual([[], [], []])

    const res = await call(t, 'POST', `/api/admin/company-registrations/${first}/reject`, {
      as: colleague,
      body: { reason: 'Alamat tidak dapat diverifikasi.' },
    })
    expect(res.status).toBe(200)
    expect(await readBy('registrationId', first)).toEqual([[true], [true], [true]])
    // The second request still waits: staff are pointed at it now.
    expect(await readBy('registrationId', again)).toEqual([[false], [false], [false]])
    const [notice] = (await notificationsOf(t, admin.id)).filter((n) => n.data.registrationId === again)
    expect(notice.title).toBe('Pendaftaran perusahaan baru: PT Dua Kali Kirim')

    await call(t, 'POST', `/api/admin/company-registrations/${again}/reject`, {
      as: colleague,
      body: { reason: 'Alamat tidak dapat diverifikasi.' },
    })
    expect(await readBy('registrationId', again)).toEqual([[true], [true], [true]])
  })
})

describe('a vacancy leaving the approval queue', () => {
  /** A vacancy HR of a company whose vacancies need approval has just posted (pending); its id and HR. */
  async function waiting() {
    const company = await aCompany(t, { vacanciesNeedApproval: true })
    const hr = await anHrd(t, { companyId: company.id })
    const major = await aMajor(t)
    const res = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hr,
      body: electricianBody([major.id], await dayFromToday(t, 30)),
    })
    expect(res.body.data.approvalStatus).toBe('pending')
    return { id: res.body.data.id as number, hr }
  }

  it('approved or rejected by one staff member: read for all', async () => {
    const one = await waiting()
    const two = await waiting()
    expect(await readBy('jobVacancyId', one.id)).toEqual([[false], [false], [false]])

    await call(t, 'POST', `/api/admin/job-vacancies/${one.id}/approve`, { as: superadmin })
    await call(t, 'POST', `/api/admin/job-vacancies/${two.id}/reject`, {
      as: admin,
      body: { reason: 'Gaji belum dicantumkan.' },
    })
    expect(await readBy('jobVacancyId', one.id)).toEqual([[true], [true], [true]])
    expect(await readBy('jobVacancyId', two.id)).toEqual([[true], [true], [true]])

    // Corrected by HR, it waits again: a new notice, unread.
    const corrected = await call(t, 'PUT', `/api/hrd/job-vacancies/${two.id}`, {
      as: two.hr,
      body: electricianBody([(await aMajor(t)).id], await dayFromToday(t, 30), { min_salary: 4_000_000 }),
    })
    expect(corrected.body.data.approvalStatus).toBe('pending')
    expect(await readBy('jobVacancyId', two.id)).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ])
  })

  it('deleted while waiting, by HR or by staff: read for all', async () => {
    const byHr = await waiting()
    const byStaff = await waiting()
    expect((await call(t, 'DELETE', `/api/hrd/job-vacancies/${byHr.id}`, { as: byHr.hr })).status).toBe(200)
    expect((await call(t, 'DELETE', `/api/admin/job-vacancies/${byStaff.id}`, { as: admin })).status).toBe(
      200,
    )
    expect(await readBy('jobVacancyId', byHr.id)).toEqual([[true], [true], [true]])
    expect(await readBy('jobVacancyId', byStaff.id)).toEqual([[true], [true], [true]])
  })
})
