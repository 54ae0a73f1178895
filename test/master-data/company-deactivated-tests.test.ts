import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { notificationsOf, storedSchedule } from '../support/stored.js'

/**
 * Switching a partner company off (the documented alternative to deleting it) while its selection runs: a
 * learner invited to a psikotes in two days. Nobody could hold, change or cancel that test any more (its HR
 * 403 company_unavailable, staff 403 on an inactive company's records), yet it stayed scheduled in the
 * learner's application and calendar. Deactivating now cancels the company's tests that have not begun, as
 * deleting a vacancy does; a test that has begun keeps its attendance.
 */
const t = useTestApp()

async function selectionUnderway() {
  const staff = await anAdmin(t)
  const { company, hrd, vacancy } = await anHrdWithVacancy(t)
  const learner = await aCandidate(t, vacancy.id, { reviewed: true })
  const created = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancy.id,
      name: 'Psikotes',
      kind: 'psikotes',
      scheduled_at: hoursFromNow(48),
      location: 'Aula SMK',
      application_ids: [learner.application.id],
    },
  })
  expect(created.status).toBe(201)
  const begun = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [learner.application.id],
    scheduledAt: hoursFromNow(-1),
  })
  return {
    staff,
    company,
    hrd,
    vacancy,
    learner,
    aheadId: created.body.data.id as number,
    begunId: begun.schedule.id,
  }
}

describe('deactivating a company while tests of its selection lie ahead', () => {
  it('cancels the tests that have not begun and tells the learner; one that has begun stays', async () => {
    const w = await selectionUnderway()
    const other = await selectionUnderway()

    const off = await call(t, 'PATCH', `/api/admin/companies/${w.company.id}/toggle-active`, {
      as: w.staff,
      body: { is_active: false },
    })
    expect(off.status).toBe(200)
    expect(off.body.data.isActive).toBe(false)

    expect(await storedSchedule(t, w.aheadId)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Perusahaan ini sedang nonaktif sebagai mitra BKK.',
    })
    expect((await storedSchedule(t, w.begunId)).status).toBe('scheduled')
    // Another company's test is not touched.
    expect((await storedSchedule(t, other.aheadId)).status).toBe('scheduled')

    const mine = await call(t, 'GET', `/api/my-applications/${w.learner.application.id}`, {
      as: w.learner.learner,
    })
    expect(mine.body.data.status).toBe('in_progress')
    expect(mine.body.data.tests.find((x: { id: number }) => x.id === w.aheadId)?.status).toBe('cancelled')
    const notices = await notificationsOf(t, w.learner.learner.id as number)
    expect(notices.map((n) => n.kind)).toContain('test.cancelled')

    // Switched on again, the cancelled test stays cancelled; HR schedules anew.
    const on = await call(t, 'PATCH', `/api/admin/companies/${w.company.id}/toggle-active`, {
      as: w.staff,
      body: { is_active: true },
    })
    expect(on.status).toBe(200)
    expect((await storedSchedule(t, w.aheadId)).status).toBe('cancelled')
  })

  it('deactivating through the company form cancels them too; saving it again while inactive does nothing more', async () => {
    const w = await selectionUnderway()
    const company = (await call(t, 'GET', `/api/admin/companies/${w.company.id}`, { as: w.staff })).body.data
    const save = (isActive: boolean) =>
      call(t, 'PUT', `/api/admin/companies/${w.company.id}`, {
        as: w.staff,
        body: { name: company.name, is_active: isActive },
      })
    expect((await save(false)).status).toBe(200)
    expect((await storedSchedule(t, w.aheadId)).status).toBe('cancelled')
    const before = (await notificationsOf(t, w.learner.learner.id as number)).length
    expect((await save(false)).status).toBe(200)
    expect((await notificationsOf(t, w.learner.learner.id as number)).length).toBe(before)
  })
})
