import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications, jobVacancies } from '../../src/db/schema/index.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { waitingForLocks } from '../support/locks.js'

/**
 * A "tidak lolos" put right while its vacancy is deleted. A pending application being reviewed meanwhile is
 * closed by the delete after the review commits (the delete matches pending and in_progress). A rejected one
 * being corrected is not seen by the delete (it reads pending and in_progress only), so the two take turns on
 * the vacancy (the correction shares its lock). Begun first, the correction goes through and the delete,
 * waiting for it, closes the reopened application; begun second, the correction finds the vacancy deleted (404).
 * Before: the correction did not hold the vacancy. It either passed the application on and could not read it
 * back (HR got a 500), or, with the delete still closing other applications, left it in the selection of a
 * deleted vacancy, where nobody can review, test or decide it.
 */
const t = useTestApp()

describe('a review correction while the vacancy is deleted', () => {
  it('begun first, the correction goes through and the delete, waiting for it, closes the application', async () => {
    const hrd = await anHrd(t)
    const admin = await anAdmin(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId })
    const learner = await aStudent(t)
    const a = await anApplication(t, { vacancyId: vacancy.id, studentId: learner.studentId })
    const failed = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${a.id}/review`, {
      as: hrd,
      body: { decision: 'tidak_lolos' },
    })
    expect(failed.status).toBe(200)

    let correcting: Promise<Res> | undefined
    let deleting: Promise<Res> | undefined
    // Something holds the application's row a moment (a learner's page read for update, a report, anything):
    // the correction has begun and waits for it.
    await t.db.transaction(async (tx) => {
      await tx.select().from(applications).where(eq(applications.id, a.id)).for('update')
      correcting = call(t, 'POST', `/api/hrd/applicant-reviews/${a.id}/correct-review`, {
        as: hrd,
        body: { notes: 'Salah centang.' },
      })
      await waitingForLocks(t, 1)
      // Staff delete the vacancy meanwhile: the delete waits for the correction, which holds the vacancy.
      deleting = call(t, 'DELETE', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })
      await waitingForLocks(t, 2)
    })
    const corrected = await correcting!
    expect(corrected.status).toBe(200)
    expect(((await deleting) as Res).status).toBe(200)
    const [v] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id))
    expect(v.deletedAt).not.toBeNull()
    const [stored] = await t.db.select().from(applications).where(eq(applications.id, a.id))
    // The delete closed the application the correction had reopened: it is in no selection.
    expect(stored.status).not.toMatch(/^(in_progress|pending)$/)
  })

  it('begun second, while the delete closes the other applications, the correction finds the vacancy gone', async () => {
    const hrd = await anHrd(t)
    const admin = await anAdmin(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId })
    const failedOne = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: (await aStudent(t)).studentId,
    })
    const pendingOne = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: (await aStudent(t)).studentId,
    })
    const failed = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${failedOne.id}/review`, {
      as: hrd,
      body: { decision: 'tidak_lolos' },
    })
    expect(failed.status).toBe(200)

    let deleting: Promise<Res> | undefined
    let correcting: Promise<Res> | undefined
    // The other applicant's row held a moment (HR reviewing it, say): the delete has marked the vacancy
    // deleted, listed its open applications and waits to close them; then HR corrects the failed review.
    await t.db.transaction(async (tx) => {
      await tx.select().from(applications).where(eq(applications.id, pendingOne.id)).for('update')
      deleting = call(t, 'DELETE', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })
      await waitingForLocks(t, 1)
      correcting = call(t, 'POST', `/api/hrd/applicant-reviews/${failedOne.id}/correct-review`, {
        as: hrd,
        body: { notes: 'Salah centang.' },
      })
      await waitingForLocks(t, 2)
    })
    expect(((await deleting) as Res).status).toBe(200)
    // It answered 200 and the application sat in_progress on the deleted vacancy.
    expect((await correcting!).status).toBe(404)
    const [stored] = await t.db.select().from(applications).where(eq(applications.id, failedOne.id))
    expect(stored.status).toBe('rejected')
  })
})
