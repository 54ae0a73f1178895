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
 * being corrected is not seen by the delete (it reads pending and in_progress only), and the correction does not
 * hold the vacancy: it passed the application on, then could not read it back: HR got a 500. The correction
 * goes with the vacancy (404).
 */
const t = useTestApp()

describe('a review correction while the vacancy is deleted', () => {
  it('is answered 404 or 422, not 500, and leaves the application out of the selection', async () => {
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
    let deleted: Res | undefined
    // Something holds the application's row a moment (a learner's page read for update, a report, anything):
    // the correction has begun and waits for it.
    await t.db.transaction(async (tx) => {
      await tx.select().from(applications).where(eq(applications.id, a.id)).for('update')
      correcting = call(t, 'POST', `/api/hrd/applicant-reviews/${a.id}/correct-review`, {
        as: hrd,
        body: { notes: 'Salah centang.' },
      })
      await waitingForLocks(t, 1)
      // Staff delete the vacancy meanwhile: nothing of it waits for the correction.
      deleted = await call(t, 'DELETE', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })
    })
    const corrected = await correcting!
    expect(deleted!.status).toBe(200)
    const [v] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id))
    expect(v.deletedAt).not.toBeNull()
    const [stored] = await t.db.select().from(applications).where(eq(applications.id, a.id))
    // The application stays rejected and HR is told the application is gone with its vacancy: it was a 500
    // (the correction read the application back through the vacancies not deleted and failed on nothing).
    expect(corrected.status).not.toBe(500)
    expect([404, 422]).toContain(corrected.status)
    expect(stored.status).not.toBe('in_progress')
  })
})
