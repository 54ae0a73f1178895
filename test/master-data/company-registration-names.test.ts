import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aSuperadmin } from '../support/builders/accounts.js'
import { aCompany, aRegistrationForm, tag } from '../support/builders/org.js'

/**
 * Names people search by are stored with their blanks squeezed, and every search is squeezed (`squeezed`,
 * `likePattern`). The public company-registration form is the other way a company and an HR account come to
 * exist: its name and contact name are squeezed too, so approval stores them so, the duplicate check sees a
 * partner of the same name, and the queue's search finds them. They were stored as typed (found by the review
 * of the change).
 */
const t = useTestApp()
let admin: Account
beforeAll(async () => {
  admin = await anAdmin(t)
})

let ip = 0
const aForm = (name: string, contactName = 'Rina Hartati') =>
  aRegistrationForm({ name, contact_name: contactName })

async function registered(name: string, contactName?: string) {
  const res = await call(t, 'POST', '/api/company-registrations', {
    body: aForm(name, contactName),
    remoteAddress: `198.51.100.${++ip}`,
  })
  expect(res.status).toBe(201)
  const list = await call(t, 'GET', '/api/admin/company-registrations', {
    as: admin,
    query: { status: 'pending', per_page: 100 },
  })
  const row = list.body.data.find((r: { name: string }) => r.name.includes(name.split(' ').pop()!))
  expect(row).toBeTruthy()
  return row.id as number
}

describe('a company registered through the public form with two spaces in its name', () => {
  // A company's contact pastes "PT  Sinar  Jaya" (two spaces, from a letterhead) into the public form; staff
  // approve it. Before: the company is stored "PT  Sinar  Jaya", and staff searching the Companies screen for
  // "PT Sinar Jaya" (or the exact pasted text, which the search squeezes) are told there is no such company;
  // the HR account "Budi  Santoso" is likewise not found in user management. Should: stored squeezed, found.
  it('is stored squeezed on approval, so the Companies and Users searches find it', async () => {
    const q = tag()
    const id = await registered(`PT  Sinar  Jaya ${q}`, `Budi  Santoso ${q}`)
    const approved = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: admin })
    expect(approved.status).toBe(200)

    const found = await call(t, 'GET', '/api/admin/companies', {
      as: admin,
      query: { search: `PT  Sinar  Jaya ${q}` },
    })
    expect(found.status).toBe(200)
    expect(found.body.meta.total).toBe(1)

    const accounts = await call(t, 'GET', '/api/admin/users', {
      as: await aSuperadmin(t),
      query: { search: `Budi Santoso ${q}` },
    })
    expect(accounts.body.meta.total).toBe(1)
  })

  // A partner "PT Maju Bersama" exists (stored squeezed). Its HR fills the public form again with
  // "PT  Maju Bersama". Staff approve: the duplicate check (lower(name) = lower(name)) does not see the
  // partner, and a second company of the same name is created with its own HR account. Should: 409, as for
  // the same name typed with one space.
  it('is flagged as a duplicate of the partner of the same name', async () => {
    const q = tag()
    await aCompany(t, { name: `PT Maju Bersama ${q}` })
    const id = await registered(`PT  Maju Bersama ${q}`)
    const approved = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: admin })
    expect(approved.status).toBe(409)
  })

  // Staff copy the name from the request's e-mail into the queue's search box: the request stored with two
  // spaces is not found by the squeezed search (before this session the exact text found it).
  it('is found in the registration queue by the name as the contact typed it', async () => {
    const q = tag()
    await registered(`CV  Karya  Mandiri ${q}`)
    const res = await call(t, 'GET', '/api/admin/company-registrations', {
      as: admin,
      query: { search: `CV  Karya  Mandiri ${q}` },
    })
    expect(res.body.meta.total).toBe(1)
  })
})

describe('a registration naming its company as the letterhead does, "PT." where the partner is "PT"', () => {
  // The partner's new HR officer writes "PT. Maju Bersama", as most letterheads and tax cards spell it. The
  // duplicate check compared the names in lower case only: the request was not flagged, and its approval made a
  // second partner company with its own HR account (vacancies, applicants and figures split over two).
  it('is flagged as a duplicate of the partner, and its approval refused (409); one partner stays', async () => {
    const q = tag()
    const partner = await aCompany(t, { name: `PT Maju Bersama ${q}` })
    const id = await registered(`PT. Maju-Bersama ${q}`)
    const detail = await call(t, 'GET', `/api/admin/company-registrations/${id}`, { as: admin })
    expect(detail.body.data.duplicates).toEqual({ name: true, email: false })
    expect(detail.body.data.matches.companies).toEqual([
      expect.objectContaining({ id: partner.id, sameName: true, sameEmail: false }),
    ])
    const approved = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: admin })
    expect(approved.status).toBe(409)
    const partners = await call(t, 'GET', '/api/admin/companies', { as: admin, query: { search: q } })
    expect(partners.body.meta.total).toBe(1)
  })

  it('a different company whose name only shares words is not flagged', async () => {
    const q = tag()
    await aCompany(t, { name: `PT Maju Bersama ${q}` })
    const id = await registered(`CV Maju Bersama ${q}`)
    const detail = await call(t, 'GET', `/api/admin/company-registrations/${id}`, { as: admin })
    expect(detail.body.data.duplicates).toEqual({ name: false, email: false })
    expect(detail.body.data.matches.companies).toEqual([])
  })
})
