import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { placements } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aSuperadmin } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { aCandidate, aResult } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { notificationsOf } from '../support/stored.js'

/**
 * A company without an HR account: the career center runs its selection (docs/decisions.md, "Staff acting for
 * a company without HR") and is told of its new applications in HR's place. When a hire of such a company
 * gives the place back and the vacancy has a published waiting list, HR would be told (`place.freed`, "2
 * pelamar cadangan dapat menggantikannya"); the staff who run the selection are told in its place, with the company
 * to act for. Before, nobody was told, and the place stayed empty while a learner waited on the list.
 */
const t = useTestApp()

describe('a hire of a company whose selection staff run gives the place back', () => {
  it('the staff who run its selection (every active admin and superadmin but the one who recorded it) are told, with the company to act for', async () => {
    const recorder = await anAdmin(t, { fullName: 'Pak Tracer' })
    const selectionStaff = await anAdmin(t, { fullName: 'Bu Seleksi' })
    const superadmin = await aSuperadmin(t)
    const company = await aCompany(t, { name: 'PT Tanpa HRD' })
    const vacancy = await aVacancy(t, {
      companyId: company.id,
      values: { quota: 1, title: 'Operator Produksi' },
    })
    const hired = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Andi Saputra' })
    await aResult(t, hired.application.id, { decision: 'diterima' })
    const reserve = await aCandidate(t, vacancy.id, { reviewed: true })
    await aResult(t, reserve.application.id, { decision: 'cadangan' })
    // Staff publish for the company (acting for it), as its HR would.
    const published = await call(t, 'POST', `/api/hrd/selection-results/publish?company_id=${company.id}`, {
      as: selectionStaff,
      body: { job_vacancy_id: vacancy.id },
    })
    expect(published.status).toBe(200)
    const [placement] = await t.db
      .select()
      .from(placements)
      .where(eq(placements.applicationId, hired.application.id))
    // Four months later the follow-up says the hire resigned.
    await t.db
      .update(placements)
      .set({ acceptedAt: new Date(Date.now() - 125 * 86_400_000).toISOString().slice(0, 10) })
      .where(eq(placements.id, placement.id))
    const checkin = await call(t, 'POST', `/api/admin/job-placements/${placement.id}/check-ins`, {
      as: recorder,
      body: { month_mark: 3, status: 'resigned' },
    })
    expect(checkin.status).toBe(200)

    const freedOf = async (userId: number) =>
      (await notificationsOf(t, userId)).filter((n) => n.kind === 'place.freed')
    expect(await freedOf(selectionStaff.id)).toEqual([
      expect.objectContaining({
        title: 'Tempat terbuka lagi: Operator Produksi',
        data: expect.objectContaining({
          jobVacancyId: vacancy.id,
          companyId: company.id,
          companyName: 'PT Tanpa HRD',
        }),
      }),
    ])
    expect(await freedOf(superadmin.id)).toHaveLength(1)
    expect(await freedOf(recorder.id)).toEqual([])
  })
})
