import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy, dayFromToday } from '../support/builders/vacancies.js'

const t = useTestApp()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * HR takes a major off an open vacancy (a company whose vacancies need no approval: it stays open) while a
 * student of that major applies. The application waits for the vacancy's lock (lockVacancyForApply), which
 * the edit holds, and must then see the new majors. It used to check them in its locking statement, which
 * after the wait re-read the vacancy row only: the majors came from before the wait, and it was stored (201).
 */
describe('an application while HR takes its major off the vacancy', () => {
  it('is refused: the vacancy is no longer for that major', async () => {
    const keep = await aMajor(t)
    const dropped = await aMajor(t)
    const hrd = await anHrd(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId, majorIds: [keep.id, dropped.id] })
    const learner = await anApplicant(t, { majorId: dropped.id })
    const body = {
      title: vacancy.title,
      position: vacancy.position,
      description: vacancy.description,
      qualifications: vacancy.qualifications,
      category: vacancy.category,
      job_type: vacancy.jobType,
      quota: vacancy.quota,
      deadline: await dayFromToday(t, 30),
      target: 'all',
      major_ids: [keep.id],
    }

    let pending: Promise<{ status: number; body: { data: { approvalStatus?: string } } }[]> | undefined
    await t.db.transaction(async (tx) => {
      // Hold the vacancy's row: the edit waits on it first, the application behind the edit.
      await tx.execute(sql`select id from job_vacancies where id = ${vacancy.id} for update`)
      const edit = call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd, body })
      await sleep(300)
      const apply = call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: learner, body: {} })
      pending = Promise.all([edit, apply])
      await sleep(500)
    })
    const [edit, apply] = await pending!
    expect(edit.status).toBe(200)
    expect(edit.body.data.approvalStatus ?? 'approved').toBe('approved')

    const stored = await t.db.select().from(applications).where(eq(applications.studentId, learner.studentId))
    // One after the other, the application is a 422 ("not for your major") and nothing is stored.
    expect({ apply: apply.status, stored: stored.length }).toEqual({ apply: 422, stored: 0 })
  })
})
