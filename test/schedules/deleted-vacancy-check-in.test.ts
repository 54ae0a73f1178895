import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aSchedule } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { storedParticipant } from '../support/stored.js'

const t = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test' })

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString()

/** Waits while the current 30-second window has less than 6 seconds left. */
async function awayFromTheEdge() {
  const left = 30_000 - (Date.now() % 30_000)
  if (left < 6_000) await new Promise((r) => setTimeout(r, left + 200))
}

describe('a test whose vacancy HR deleted (docs/decisions.md: it "can only be cancelled")', () => {
  it('takes no check-in: HR gets no code and a participant is not marked hadir', async () => {
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const [ani] = await candidates(t, vacancy.id, 1)
    const learner = ani.learner as Account & typeof ani.learner
    const { schedule, participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [ani.application.id],
      scheduledAt: minutesFromNow(20),
      values: { durationMinutes: 60 },
    })
    await awayFromTheEdge()
    // The code screen was opened before the delete (a projector left on in the test room).
    const opened = await call(t, 'GET', `/api/hrd/test-schedules/${schedule.id}/check-in-code`, { as: hrd })
    expect(opened.status).toBe(200)
    const code = opened.body.data.code as string

    const deleted = await call(t, 'DELETE', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })
    expect(deleted.status).toBe(200)
    // Reminders already refuse this test (422, "Lowongan tes ini sudah dihapus; …"):
    const remind = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: hrd })
    expect(remind.status).toBe(422)

    // ...but the check-in screen still hands out codes, and a participant is marked present.
    const again = await call(t, 'GET', `/api/hrd/test-schedules/${schedule.id}/check-in-code`, { as: hrd })
    const res = await call(t, 'POST', '/api/test-check-ins', { as: learner, body: { code } })
    expect({ code: again.status, checkIn: res.status }).toEqual({ code: 422, checkIn: 422 })
    expect(await storedParticipant(t, participants[0].id)).toMatchObject({
      attendanceStatus: null,
      checkedInAt: null,
    })
  })
})
