import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent, aSuperadmin } from '../support/builders/accounts.js'
import { aMajor, tag } from '../support/builders/org.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { dayFromToday, vacancyBody } from '../support/builders/vacancies.js'

/**
 * Names are stored with their inner runs of blanks squeezed to one space (the learner form, the roster
 * import), and a search is squeezed the same way (`likePattern`). A Dapodik roster writes "SITI  AMINAH" with
 * two spaces; the import stores "SITI AMINAH". Staff or HR who copied the name from that sheet into "Cari nama
 * atau NIS" were told nobody matches. The other names people search by (a vacancy's title and position, a
 * company's, a department's or major's, an account's) are stored squeezed too, so a search typed with one
 * space finds one saved with two.
 */
const t = useTestApp()
let admin: Account
beforeAll(async () => {
  admin = await anAdmin(t)
})

describe('search text with a double space inside a name', () => {
  it('staff find the student whose name was stored with single spaces', async () => {
    const q = tag()
    await aStudent(t, { values: { fullName: `SITI AMINAH ${q}` } })
    const single = await call(t, 'GET', '/api/admin/students', {
      as: admin,
      query: { search: `siti aminah ${q}` },
    })
    expect(single.body.meta.total).toBe(1)
    const double = await call(t, 'GET', '/api/admin/students', {
      as: admin,
      query: { search: `SITI  AMINAH ${q}` },
    })
    expect(double.status).toBe(200)
    expect(double.body.meta.total).toBe(1)
  })

  it('HR finds the applicant the same way in the document review list', async () => {
    const q = tag()
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    await aCandidate(t, vacancy.id, { status: 'pending', fullName: `Muhammad Rizki ${q}` })
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: hrd,
      query: { search: `Muhammad \t Rizki ${q}` },
    })
    expect(res.status).toBe(200)
    expect(res.body.meta.total).toBe(1)
    expect(res.body.data).toHaveLength(1)
  })
})

describe('names typed with two spaces are stored with one', () => {
  it("a vacancy's title and position: a learner's search with one space finds it", async () => {
    const q = tag()
    const { hrd } = await anHrdWithVacancy(t)
    const major = await aMajor(t)
    const made = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hrd,
      body: vacancyBody([major.id], await dayFromToday(t, 30), {
        title: `Operator  Mesin   CNC ${q}`,
        position: 'Operator  Produksi',
      }),
    })
    expect(made.status).toBe(201)
    expect(made.body.data).toMatchObject({ title: `Operator Mesin CNC ${q}`, position: 'Operator Produksi' })

    const found = await call(t, 'GET', '/api/hrd/job-vacancies', {
      as: hrd,
      query: { search: `mesin cnc ${q}` },
    })
    expect(found.body.data.map((v: { id: number }) => v.id)).toEqual([made.body.data.id])
  })

  it("a company's and an account's name", async () => {
    const q = tag()
    const company = await call(t, 'POST', '/api/admin/companies', {
      as: admin,
      body: { name: `PT  Sinar   ${q}` },
    })
    expect(company.status).toBe(201)
    expect(company.body.data.name).toBe(`PT Sinar ${q}`)
    const found = await call(t, 'GET', '/api/admin/companies', {
      as: admin,
      query: { search: `PT Sinar ${q}` },
    })
    expect(found.body.meta.total).toBe(1)

    const renamed = await call(t, 'PUT', `/api/admin/companies/${company.body.data.id}`, {
      as: admin,
      body: { name: `PT  Sinar  Jaya ${q}` },
    })
    expect(renamed.body.data.name).toBe(`PT Sinar Jaya ${q}`)

    const account = await call(t, 'POST', '/api/admin/users', {
      as: await aSuperadmin(t),
      body: {
        email: `rina.${q}@example.test`,
        password: 'rahasia-dapur-123',
        full_name: `Rina   Hartati ${q}`,
        role: 'admin',
      },
    })
    expect(account.status).toBe(201)
    expect(account.body.data.fullName).toBe(`Rina Hartati ${q}`)
  })
})
