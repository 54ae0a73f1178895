import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { companies, jobVacancyMajors } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import {
  aCandidate,
  anHrdWithVacancy,
  postResultForm,
  publishResults,
  storedSelection,
} from '../support/builders/selection.js'
import { vacancyBody } from '../support/builders/vacancies.js'

const t = useTestApp()

/**
 * Publishing acceptances of a vacancy the career center refused is refused (422, naming the school's reason),
 * until HR corrects it and it is approved again; refusals and waiting-list places still publish (nobody is
 * hired). Before:
 *
 * a partner whose vacancies need the school's approval posts "Mekanik Junior" at Rp4.500.000–5.000.000; it is
 * approved, Rina (a grade-12 student, a minor) applies and passes the document review. Mid-selection HR cuts the
 * pay to Rp500.000–800.000. The substantive change sends the vacancy back to the career center, which refuses it:
 * "Gaji di bawah UMK". HR then scores Rina "diterima" and publishes: she is accepted and placed under the terms
 * the school just refused, and was told of neither the change nor the refusal.
 */
describe('a vacancy the school refused after its terms changed', () => {
  it('does not accept and place its applicants under the refused terms', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t, {
      vacancyTitle: 'Mekanik Junior',
      values: { minSalary: 4_500_000, maxSalary: 5_000_000 },
    })
    await t.db.update(companies).set({ vacanciesNeedApproval: true }).where(eq(companies.id, company.id))
    const [{ majorId }] = await t.db
      .select()
      .from(jobVacancyMajors)
      .where(eq(jobVacancyMajors.jobVacancyId, vacancy.id))
    const rina = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Rina Marlina' })

    const cut = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      body: vacancyBody([majorId], vacancy.deadline, {
        title: 'Mekanik Junior',
        min_salary: 500_000,
        max_salary: 800_000,
      }),
    })
    expect(cut.status).toBe(200)
    expect(cut.body.data.approvalStatus).toBe('pending')

    const admin = await anAdmin(t)
    const refused = await call(t, 'POST', `/api/admin/job-vacancies/${vacancy.id}/reject`, {
      as: admin,
      body: { reason: 'Gaji di bawah UMK.' },
    })
    expect(refused.status).toBe(200)
    expect(refused.body.data.approvalStatus).toBe('rejected')

    const scored = await postResultForm(t, hrd, rina.application.id, {
      final_score: '85',
      decision: 'diterima',
    })
    expect(scored.statusCode).toBe(200)
    const published = await publishResults(t, hrd, vacancy.id)

    expect(published.status).toBe(422)
    expect(published.body.message).toBe(
      'Lowongan "Mekanik Junior" ditolak BKK sekolah (alasan: Gaji di bawah UMK.): pelamar tidak dapat diterima dengan ketentuan yang ditolak. Perbaiki lowongan dan kirim lagi untuk disetujui, atau ubah keputusan "diterima". Tidak ada hasil yang diumumkan.',
    )
    const after = await storedSelection(t, rina.application.id)
    expect(after.application.status).toBe('in_progress')
    expect(after.placement).toBeUndefined()
    expect(after.result.isPublished).toBe(false)

    // Not hiring is no hire: a waiting-list place and a refusal still publish.
    const budi = await aCandidate(t, vacancy.id, { reviewed: true })
    await postResultForm(t, hrd, rina.application.id, { decision: 'cadangan' })
    await postResultForm(t, hrd, budi.application.id, { final_score: '40', decision: 'tidak_diterima' })
    const notHiring = await publishResults(t, hrd, vacancy.id)
    expect(notHiring.status).toBe(200)
    expect(notHiring.body.data).toMatchObject({ published: 2, accepted: 0, waitlisted: 1, rejected: 1 })

    // HR puts the pay back, the school approves: Rina, on the waiting list, is accepted.
    await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      body: vacancyBody([majorId], vacancy.deadline, {
        title: 'Mekanik Junior',
        min_salary: 4_500_000,
        max_salary: 5_000_000,
      }),
    })
    expect(
      (await call(t, 'POST', `/api/admin/job-vacancies/${vacancy.id}/approve`, { as: admin })).status,
    ).toBe(200)
    await postResultForm(t, hrd, rina.application.id, { decision: 'diterima' })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    expect((await storedSelection(t, rina.application.id)).application.status).toBe('accepted')
  })
})
