import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobVacancies, testSchedules } from '../../src/db/schema/index.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { waitingForLocks } from '../support/locks.js'

/**
 * Switching a company off cancels its tests that have not begun. A test its HR was creating at that moment
 * (let in while the company was active) was not among them, and nothing in the creation looked at the company:
 * it stayed scheduled on the inactive company, invitations sent, and nobody could cancel it. The creation now
 * share-locks the company with the vacancy and is refused once the company is off (403 company_unavailable); a
 * switch that comes second waits for the creation, then finds the new test among those it cancels.
 */
const t = useTestApp()

const body = (vacancyId: number, applicationId: number) => ({
  job_vacancy_id: vacancyId,
  name: 'Psikotes',
  kind: 'psikotes',
  scheduled_at: '2099-07-15T01:00:00Z',
  location: 'Aula',
  application_ids: [applicationId],
})

describe('a test created while its company is switched off', () => {
  it('is refused once the switch is done first, and none is left scheduled', async () => {
    const { hrd, vacancy, company } = await anHrdWithVacancy(t)
    const [ani] = await candidates(t, vacancy.id, 1)
    const admin = await anAdmin(t)
    let creating: Promise<Res> | undefined
    let off: Res | undefined
    // The vacancy's row held a moment: the creation is past the door and waits to read its vacancy.
    await t.db.transaction(async (tx) => {
      await tx.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id)).for('update')
      creating = call(t, 'POST', '/api/hrd/test-schedules', {
        as: hrd,
        body: body(vacancy.id, ani.application.id),
      })
      await waitingForLocks(t, 1)
      off = await call(t, 'PATCH', `/api/admin/companies/${company.id}/toggle-active`, {
        as: admin,
        body: { is_active: false },
      })
    })
    expect(off?.status).toBe(200)
    const created = (await creating) as Res
    expect(created.status).toBe(403)
    expect(created.body).toMatchObject({ success: false, code: 'company_unavailable' })
    const scheduled = await t.db
      .select({ id: testSchedules.id })
      .from(testSchedules)
      .where(and(eq(testSchedules.companyId, company.id), eq(testSchedules.status, 'scheduled')))
    expect(scheduled).toEqual([])
  })
})
