import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications, testSchedules, users } from '../../src/db/schema/index.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { waitingForLocks } from '../support/locks.js'

/**
 * Deleting a vacancy cancels its tests that have not begun, in the delete's transaction (3c47d66). A test
 * HR creates for the vacancy at that moment is read as "not deleted" before the delete commits, and the
 * delete did not see it: it stayed scheduled on the deleted vacancy, in the participants' calendars and later
 * in the attendance queue, with every application closed (found by the review of this session's changes). The
 * creation now holds the vacancy until it commits.
 */
const t = useTestApp()

describe('a test created while its vacancy is deleted', () => {
  it('is not left scheduled on the deleted vacancy', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const [ani] = await candidates(t, vacancy.id, 1)
    const admin = await anAdmin(t)

    let creating: Promise<Res> | undefined
    let deleting: Promise<Res> | undefined
    // Something else holds the HR account's row a moment (a staff edit of it, say): the creation of the test
    // has read the vacancy and waits to write the schedule.
    await t.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.id, hrd.id)).for('update')
      creating = call(t, 'POST', '/api/hrd/test-schedules', {
        as: hrd,
        body: {
          job_vacancy_id: vacancy.id,
          name: 'Psikotes',
          kind: 'psikotes',
          scheduled_at: '2099-07-15T01:00:00Z',
          location: 'Aula',
          application_ids: [ani.application.id],
        },
      })
      await waitingForLocks(t, 1)
      // Staff delete the vacancy meanwhile.
      deleting = call(t, 'DELETE', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })
      await waitingForLocks(t, 2)
    })
    const [created, deleted] = await Promise.all([creating!, deleting!])
    expect(deleted.status).toBe(200)
    expect([201, 422]).toContain(created.status)

    const [application] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.id, ani.application.id))
    expect(application.status).not.toBe('in_progress')
    const scheduled = await t.db
      .select({ id: testSchedules.id })
      .from(testSchedules)
      .where(and(eq(testSchedules.jobVacancyId, vacancy.id), eq(testSchedules.status, 'scheduled')))
    // Before: one test still scheduled on the deleted vacancy (created 201), its participant's application closed.
    expect(scheduled).toEqual([])
  })
})
