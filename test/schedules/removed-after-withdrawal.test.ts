import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { eventsOf, notificationsOf } from '../support/stored.js'

/**
 * docs/decisions.md: "A participant whose application left the selection (withdrawn …) keeps their row, as
 * the schedule's history, but hears no more of the test" (only a cancellation still reaches everyone).
 * HR tidying the list by removing the withdrawn applicant used to tell them "Informasi tahap berikutnya akan
 * disampaikan kemudian" (a next stage promised to someone who left) and write a test_removed row on the
 * timeline after their `withdrawn`.
 */
const t = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test' })

describe('removing a participant who withdrew', () => {
  it('does not tell them the next stage will follow, nor write a test row after their withdrawal', async () => {
    const { hrd, vacancy, company } = await anHrdWithVacancy(t)
    const staying = await aCandidate(t, vacancy.id)
    const leaving = await aCandidate(t, vacancy.id)
    const learner = leaving.learner as Account
    const { schedule } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [staying.application.id, leaving.application.id],
      scheduledAt: hoursFromNow(48),
      values: { durationMinutes: 90 },
    })
    const withdrew = await call(t, 'PATCH', `/api/my-applications/${leaving.application.id}/withdraw`, {
      as: learner,
    })
    expect(withdrew.status).toBe(200)
    const before = await notificationsOf(t, learner.id)

    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${schedule.id}`, {
      as: hrd,
      body: { remove_application_ids: [leaving.application.id] },
    })
    expect(res.status).toBe(200)

    const after = await notificationsOf(t, learner.id)
    const told = after.slice(before.length)
    expect(told.map((n) => `${n.title} / ${n.body}`)).toEqual([])
    expect((await eventsOf(t, leaving.application.id)).map((e) => e.stage).at(-1)).toBe('withdrawn')
  })
})
