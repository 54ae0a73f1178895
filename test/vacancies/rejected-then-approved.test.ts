import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, deactivateAccount } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { dayFromToday, vacancyBody } from '../support/builders/vacancies.js'

/**
 * A partner whose HR's vacancies need approval. HR posts a vacancy, staff reject it (a reason the company should
 * fix), then HR leaves the company: the school runs its recruitment itself. Staff fix the vacancy and approve
 * it. Only an HR save turned a rejected vacancy back to pending and approve took pending ones only, so it stayed
 * rejected for good (staff had to post a copy); a vacancy rejected by mistake was stuck the same way.
 */
const t = useTestApp()

describe('a rejected vacancy of a company that no longer has HR', () => {
  it('staff who correct it can approve it; the rejection reason goes', async () => {
    const company = await aCompany(t, { vacanciesNeedApproval: true })
    const hr = await anHrd(t, { companyId: company.id })
    const staff = await anAdmin(t)
    const major = await aMajor(t)
    const deadline = await dayFromToday(t, 30)

    const posted = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hr,
      body: vacancyBody([major.id], deadline),
    })
    expect(posted.status).toBe(201)
    const id = posted.body.data.id as number
    const rejected = await call(t, 'POST', `/api/admin/job-vacancies/${id}/reject`, {
      as: staff,
      body: { reason: 'Gaji belum dicantumkan.' },
    })
    expect(rejected.status).toBe(200)

    await deactivateAccount(t, hr.id)

    // Staff correct what they asked for, through their own edit form.
    const edited = await call(t, 'PUT', `/api/admin/job-vacancies/${id}`, {
      as: staff,
      body: { ...vacancyBody([major.id], deadline, { min_salary: 4_000_000 }), company_id: company.id },
    })
    expect(edited.status).toBe(200)

    // Then approve it: it is the only decision left to make, and nobody else can make the vacancy pending.
    const approve = await call(t, 'POST', `/api/admin/job-vacancies/${id}/approve`, { as: staff })
    expect(approve.status).toBe(200)
    const [row] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, id))
    expect(row).toMatchObject({ approvalStatus: 'approved', approvalReason: null, approvedBy: staff.id })
  })
})
