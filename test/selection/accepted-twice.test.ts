import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { placements, selectionResults } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { anHrdWithVacancy, aResult, publishResults } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'

/**
 * One hire is one placement. A learner who applied to two vacancies of one company and was accepted in both got
 * two placements there, the same day: two places of quota for one person, two rows in the placement lists, two
 * follow-ups to record (found by an audit of identities). Now the second publication is refused, naming the
 * person and the vacancy they work through. Accepted by two companies, a learner has two offers: both stand
 * (docs/decisions.md), and the follow-up records which one they took.
 */
const t = useTestApp()

const placementsOf = (studentId: number) =>
  t.db
    .select({ companyId: placements.companyId, vacancyId: placements.jobVacancyId })
    .from(placements)
    .where(and(eq(placements.studentId, studentId), isNull(placements.deletedAt)))

const inSelection = {
  status: 'in_progress' as const,
  values: { reviewDecision: 'lolos' as const, reviewedAt: new Date() },
}

describe('a learner accepted in two vacancies of one company', () => {
  it('the second publication is refused (422) naming them and the first vacancy; nothing of it is announced', async () => {
    const {
      hrd,
      company,
      vacancy: first,
    } = await anHrdWithVacancy(t, { values: { title: 'Operator Produksi' } })
    const second = await aVacancy(t, { companyId: company.id, values: { title: 'Operator Gudang' } })
    const learner = await aStudent(t, { values: { fullName: 'Dimas Pratama' } })
    const other = await aStudent(t, { values: { fullName: 'Eka Putri' } })
    const a = await anApplication(t, { vacancyId: first.id, studentId: learner.studentId, ...inSelection })
    const b = await anApplication(t, { vacancyId: second.id, studentId: learner.studentId, ...inSelection })
    const c = await anApplication(t, { vacancyId: second.id, studentId: other.studentId, ...inSelection })
    await aResult(t, a.id, { decision: 'diterima' })
    await aResult(t, b.id, { decision: 'diterima' })
    await aResult(t, c.id, { decision: 'diterima' })
    expect((await publishResults(t, hrd, first.id)).status).toBe(200)

    const again = await publishResults(t, hrd, second.id)
    expect(again.status).toBe(422)
    expect(again.body.message).toBe(
      'Sudah bekerja di perusahaan ini lewat lowongan lain: Dimas Pratama ("Operator Produksi"). Satu orang satu penempatan di satu perusahaan: ubah keputusan "diterima" itu di lowongan ini (atau ubah status penempatannya bila ia pindah posisi). Tidak ada yang disimpan.',
    )
    expect(await placementsOf(learner.studentId)).toEqual([{ companyId: company.id, vacancyId: first.id }])
    expect(await placementsOf(other.studentId)).toEqual([])
    const [draft] = await t.db.select().from(selectionResults).where(eq(selectionResults.applicationId, c.id))
    expect(draft.isPublished).toBe(false)

    // HR puts Dimas on the waiting list of the second vacancy: the rest is announced.
    const moved = await call(t, 'POST', `/api/hrd/selection-results/${b.id}`, {
      as: hrd,
      body: { decision: 'cadangan' },
    })
    expect(moved.status).toBe(200)
    expect((await publishResults(t, hrd, second.id)).status).toBe(200)
    expect(await placementsOf(other.studentId)).toEqual([{ companyId: company.id, vacancyId: second.id }])
    expect(await placementsOf(learner.studentId)).toHaveLength(1)
  })

  it('one who left the first job (resigned) may be accepted again', async () => {
    const { hrd, company, vacancy: first } = await anHrdWithVacancy(t)
    const second = await aVacancy(t, { companyId: company.id })
    const learner = await aStudent(t)
    const a = await anApplication(t, { vacancyId: first.id, studentId: learner.studentId, ...inSelection })
    const b = await anApplication(t, { vacancyId: second.id, studentId: learner.studentId, ...inSelection })
    await aResult(t, a.id, { decision: 'diterima' })
    expect((await publishResults(t, hrd, first.id)).status).toBe(200)
    await t.db.update(placements).set({ status: 'resigned' }).where(eq(placements.applicationId, a.id))
    await aResult(t, b.id, { decision: 'diterima' })
    expect((await publishResults(t, hrd, second.id)).status).toBe(200)
    expect(await placementsOf(learner.studentId)).toHaveLength(2)
  })
})

describe('a learner accepted by two companies', () => {
  it('holds two offers: both publications stand, one placement at each', async () => {
    const x = await anHrdWithVacancy(t)
    const y = await anHrdWithVacancy(t)
    const learner = await aStudent(t)
    const atX = await anApplication(t, {
      vacancyId: x.vacancy.id,
      studentId: learner.studentId,
      ...inSelection,
    })
    const atY = await anApplication(t, {
      vacancyId: y.vacancy.id,
      studentId: learner.studentId,
      ...inSelection,
    })
    await aResult(t, atX.id, { decision: 'diterima' })
    await aResult(t, atY.id, { decision: 'diterima' })
    expect((await publishResults(t, x.hrd, x.vacancy.id)).status).toBe(200)
    expect((await publishResults(t, y.hrd, y.vacancy.id)).status).toBe(200)
    expect((await placementsOf(learner.studentId)).map((p) => p.companyId).sort()).toEqual(
      [x.company.id, y.company.id].sort(),
    )
  })
})
