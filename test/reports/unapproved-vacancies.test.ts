import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aCompany } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'

/**
 * A vacancy waiting for (or refused) the career center's approval, or of an inactive company, is open to
 * nobody (vacancies/eligibility.ts): staff's selection monitoring and the recruitment report read it so too.
 */
const t = useTestApp()

/** The current school year, `YYYY/YYYY+1`, by the school's calendar (WIB). */
function currentSchoolYear() {
  const d = new Date(Date.now() + 7 * 3_600_000)
  const y = d.getUTCFullYear() - (d.getUTCMonth() < 6 ? 1 : 0)
  return `${y}/${y + 1}`
}

describe('vacancies waiting for or refused approval', () => {
  it('selection monitoring does not call a pending or rejected vacancy open', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t)
    const pending = await aVacancy(t, { companyId: company.id, values: { approvalStatus: 'pending' } })
    const rejected = await aVacancy(t, { companyId: company.id, values: { approvalStatus: 'rejected' } })
    const approved = await aVacancy(t, { companyId: company.id })
    const inactive = await aCompany(t, { isActive: false })
    const ofInactive = await aVacancy(t, { companyId: inactive.id })

    const all = await call(t, 'GET', '/api/admin/recruitment-selections', {
      as: admin,
      query: { company_id: company.id },
    })
    expect(all.status).toBe(200)
    const isOpen = Object.fromEntries(
      all.body.data.map((r: { id: number; isOpen: boolean }) => [r.id, r.isOpen]),
    )
    // HR's own list and learners (eligibility) treat a vacancy that is not approved as not open.
    expect(isOpen).toEqual({ [pending.id]: false, [rejected.id]: false, [approved.id]: true })
    const other = await call(t, 'GET', '/api/admin/recruitment-selections', {
      as: admin,
      query: { company_id: inactive.id },
    })
    expect(other.body.data.map((r: { id: number; isOpen: boolean }) => [r.id, r.isOpen])).toEqual([
      [ofInactive.id, false],
    ])

    const open = await call(t, 'GET', '/api/admin/recruitment-selections', {
      as: admin,
      query: { company_id: company.id, status: 'open' },
    })
    expect(open.body.data.map((r: { id: number }) => r.id)).toEqual([approved.id])
  })

  it('the recruitment report does not count a never-published vacancy as open during the school year', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t)
    await aVacancy(t, { companyId: company.id, values: { approvalStatus: 'pending' } })
    await aVacancy(t, { companyId: company.id, values: { approvalStatus: 'rejected' } })
    await aVacancy(t, { companyId: company.id })

    const res = await call(t, 'GET', '/api/admin/reports/recruitment', {
      as: admin,
      query: { school_year: currentSchoolYear() },
    })
    expect(res.status).toBe(200)
    const row = res.body.data.rows.find((r: { companyId: number }) => r.companyId === company.id)
    // Only the approved vacancy was ever open to applicants (docs/reports.md: "vacancies open during the period").
    expect(row.vacancies).toBe(1)
  })

  it('the recruitment report counts one waiting again after an edit when it has applications in the period', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t)
    const vacancy = await aVacancy(t, { companyId: company.id, values: { approvalStatus: 'pending' } })
    const learner = await aStudent(t)
    await anApplication(t, { vacancyId: vacancy.id, studentId: learner.studentId })
    const res = await call(t, 'GET', '/api/admin/reports/recruitment', {
      as: admin,
      query: { school_year: currentSchoolYear() },
    })
    const row = res.body.data.rows.find((r: { companyId: number }) => r.companyId === company.id)
    expect(row).toMatchObject({ vacancies: 1, applicants: 1 })
  })
})
