import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { icsProp } from '../support/smtp.js'
import { storedSchedule } from '../support/stored.js'

/**
 * A learner's "Jadwal Psikotes" notice carries `{ applicationId, testScheduleId }`, and the notifications page
 * gives it a "Tambahkan ke kalender (.ics)" button built from them; the notice stays in the list for good. Once
 * HR removes the learner from the test (their participant row is deleted), the button answers the test's
 * cancellation (METHOD:CANCEL, the invitation's UID), as it does once the learner withdraws or the test is
 * cancelled. Before, it answered 404 "Jadwal tes tidak ditemukan pada lamaran ini." A test the application
 * never took part in stays a 404.
 */
const t = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test' })

async function schedule(
  hrd: Account,
  vacancyId: number,
  applicationIds: number[],
  scheduledAt = '2099-07-15T01:00:00Z',
) {
  const created = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancyId,
      name: 'Psikotes Tahap 1',
      kind: 'psikotes',
      scheduled_at: scheduledAt,
      location: 'Aula',
      application_ids: applicationIds,
    },
  })
  expect(created.status).toBe(201)
  return created.body.data.id as number
}

async function scheduledWithTwo() {
  const { hrd, vacancy } = await anHrdWithVacancy(t)
  const ani = await aCandidate(t, vacancy.id)
  const budi = await aCandidate(t, vacancy.id)
  const scheduleId = await schedule(hrd, vacancy.id, [ani.application.id, budi.application.id])
  return { hrd, vacancy, ani, budi, scheduleId, learner: ani.learner as Account }
}

const removeFrom = (hrd: Account, scheduleId: number, body: Record<string, unknown>) =>
  call(t, 'PUT', `/api/hrd/test-schedules/${scheduleId}`, { as: hrd, body })

/** The calendar file the learner's "test.scheduled" notice links to. */
async function calendarOfNotice(learner: Account) {
  const list = await call(t, 'GET', '/api/notifications', { as: learner })
  const notice = list.body.data.find((n: { kind: string }) => n.kind === 'test.scheduled')
  expect(notice).toBeTruthy()
  const { applicationId, testScheduleId } = notice.data
  return call(t, 'GET', `/api/my-applications/${applicationId}/tests/${testScheduleId}.ics`, { as: learner })
}

const calendarOf = (learner: Account, applicationId: number, scheduleId: number) =>
  call(t, 'GET', `/api/my-applications/${applicationId}/tests/${scheduleId}.ics`, { as: learner })

describe("the calendar link of a learner's test notice, once the learner is taken off the test", () => {
  it('withdrawn: the link answers the cancellation', async () => {
    const { learner, ani } = await scheduledWithTwo()
    const withdrew = await call(t, 'PATCH', `/api/my-applications/${ani.application.id}/withdraw`, {
      as: learner,
    })
    expect(withdrew.status).toBe(200)
    const ics = await calendarOfNotice(learner)
    expect(ics.status).toBe(200)
    expect(icsProp(ics.raw, 'METHOD')).toBe('CANCEL')
  })

  it('removed by HR: the link answers the cancellation of the same event, at the removal’s SEQUENCE', async () => {
    const { hrd, ani, budi, scheduleId, learner } = await scheduledWithTwo()
    const before = await calendarOfNotice(learner)
    expect(icsProp(before.raw, 'METHOD')).toBe('REQUEST')
    expect((await removeFrom(hrd, scheduleId, { remove_application_ids: [ani.application.id] })).status).toBe(
      200,
    )

    const ics = await calendarOfNotice(learner)
    expect({ status: ics.status, type: ics.headers['content-type'] }).toEqual({
      status: 200,
      type: 'text/calendar; charset=utf-8; method=CANCEL',
    })
    expect(icsProp(ics.raw, 'METHOD')).toBe('CANCEL')
    expect(icsProp(ics.raw, 'STATUS')).toBe('CANCELLED')
    expect(icsProp(ics.raw, 'UID')).toBe(icsProp(before.raw, 'UID'))
    expect(Number(icsProp(ics.raw, 'SEQUENCE'))).toBe((await storedSchedule(t, scheduleId)).sequence)
    expect(Number(icsProp(ics.raw, 'SEQUENCE'))).toBeGreaterThan(Number(icsProp(before.raw, 'SEQUENCE')))
    expect(icsProp(ics.raw, 'DESCRIPTION')).toContain('Dibatalkan: Anda tidak lagi menjadi peserta tes ini.')

    // Budi, still taking part, keeps the invitation.
    const budis = await calendarOf(budi.learner as Account, budi.application.id, scheduleId)
    expect(icsProp(budis.raw, 'METHOD')).toBe('REQUEST')
  })

  it('removed, then added again: the link answers the invitation again', async () => {
    const { hrd, ani, scheduleId, learner } = await scheduledWithTwo()
    expect((await removeFrom(hrd, scheduleId, { remove_application_ids: [ani.application.id] })).status).toBe(
      200,
    )
    expect((await removeFrom(hrd, scheduleId, { add_application_ids: [ani.application.id] })).status).toBe(
      200,
    )
    const ics = await calendarOf(learner, ani.application.id, scheduleId)
    expect(ics.status).toBe(200)
    expect(icsProp(ics.raw, 'METHOD')).toBe('REQUEST')
  })

  it('a test of the same vacancy the application never took part in, or another learner’s application: 404', async () => {
    const { hrd, vacancy, ani, budi, learner } = await scheduledWithTwo()
    // Another session (the same test at the same time for Budi is the one he is in: 409).
    const budiOnly = await schedule(hrd, vacancy.id, [budi.application.id], '2099-07-16T01:00:00Z')

    const never = await calendarOf(learner, ani.application.id, budiOnly)
    expect({ status: never.status, message: never.body.message }).toEqual({
      status: 404,
      message: 'Jadwal tes tidak ditemukan pada lamaran ini.',
    })
    const foreign = await calendarOf(learner, budi.application.id, budiOnly)
    expect(foreign.status).toBe(404)
  })

  it("another learner's removed application: 404 (the notice naming it is not the caller's)", async () => {
    const { hrd, ani, budi, scheduleId } = await scheduledWithTwo()
    expect((await removeFrom(hrd, scheduleId, { remove_application_ids: [ani.application.id] })).status).toBe(
      200,
    )
    const res = await calendarOf(budi.learner as Account, ani.application.id, scheduleId)
    expect(res.status).toBe(404)
  })
})
