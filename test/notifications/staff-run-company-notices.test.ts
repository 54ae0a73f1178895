import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aSuperadmin } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { notificationsOf } from '../support/stored.js'

/**
 * The notice of a new application (`application.received`) goes to whoever runs the company's selection: its
 * active HR accounts or, for an active company without one, the career-center staff who act for it
 * (docs/decisions.md, "Staff acting for a company without HR"): every active admin and superadmin. Before,
 * it went to the company's active HR accounts only, so with none nobody was told.
 */
const t = useTestApp()

async function appliesTo(companyId: number) {
  const major = await aMajor(t)
  const vacancy = await aVacancy(t, { companyId, majorIds: [major.id], values: { title: 'Teknisi Gudang' } })
  const learner = await anApplicant(t, { majorId: major.id, values: { fullName: 'Rina Marlina' } })
  const applied = await call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: learner, body: {} })
  expect(applied.status).toBe(201)
  return { vacancy, applicationId: applied.body.data.id as number }
}

const toldOf = async (userId: number, applicationId: number) =>
  (await notificationsOf(t, userId)).filter((n) => n.data.applicationId === applicationId)

describe('the notice of a new application, for a company whose selection staff run', () => {
  it('a company without HR: every active admin and superadmin is told, with the company to act for', async () => {
    const admin = await anAdmin(t, { fullName: 'Bu Sari' })
    const superadmin = await aSuperadmin(t)
    const retired = await anAdmin(t, { isActive: false })
    const company = await aCompany(t, { name: 'PT Tanpa HRD' })
    const { vacancy, applicationId } = await appliesTo(company.id)

    const [notice] = await toldOf(admin.id, applicationId)
    expect(notice).toMatchObject({
      kind: 'application.received',
      title: 'Lamaran baru: Teknisi Gudang',
      // The company staff act for is named: they run the selection of more than one.
      body: 'Rina Marlina melamar Teknisi Gudang di PT Tanpa HRD. Lamaran menunggu seleksi berkas.',
      readAt: null,
      data: { applicationId, jobVacancyId: vacancy.id, companyId: company.id, companyName: 'PT Tanpa HRD' },
    })
    expect((await toldOf(superadmin.id, applicationId)).map((n) => n.kind)).toEqual(['application.received'])
    expect(await toldOf(retired.id, applicationId)).toEqual([])

    // What the notice leads to opens for them: the applicant, through HR's route acting for the company.
    const review = await call(t, 'GET', `/api/hrd/applicant-reviews/${applicationId}`, { as: admin })
    expect(review.status).toBe(200)
  })

  it("the company's only HR account switched off: staff are told, the HR account is not", async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t)
    const hr = await anHrd(t, { companyId: company.id, values: { isActive: false } })
    const { applicationId } = await appliesTo(company.id)

    expect((await toldOf(admin.id, applicationId)).map((n) => n.kind)).toEqual(['application.received'])
    expect(await toldOf(hr.id, applicationId)).toEqual([])
  })

  it('a company with an active HR account: HR alone is told, as before (no company in the notice)', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t)
    const hr = await anHrd(t, { companyId: company.id })
    const { vacancy, applicationId } = await appliesTo(company.id)

    const told = await toldOf(hr.id, applicationId)
    expect(told.map((n) => n.data)).toEqual([{ applicationId, jobVacancyId: vacancy.id }])
    expect(await toldOf(admin.id, applicationId)).toEqual([])
  })
})
