import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testParticipants } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aSchedule } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'

const t = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test' })
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString()

/** Waits while the current 30-second code window has less than 4 seconds left. */
async function awayFromTheEdge() {
  const left = 30_000 - (Date.now() % 30_000)
  if (left < 4_000) await new Promise((r) => setTimeout(r, left + 200))
}

describe('participants checking in while HR moves the test to another day', () => {
  it('no check-in of the old time survives the move (docs: moving a test clears the check-ins made for the old one)', async () => {
    const survivors: unknown[] = []
    for (let round = 0; round < 4; round++) {
      const { company, hrd, vacancy } = await anHrdWithVacancy(t)
      const people = await candidates(t, vacancy.id, 8)
      // The test starts in 30 minutes: its check-in window (from 60 minutes before) is open.
      const { schedule, participants } = await aSchedule(t, {
        companyId: company.id,
        vacancyId: vacancy.id,
        applicationIds: people.map((p) => p.application.id),
        scheduledAt: minutesFromNow(30),
        values: { durationMinutes: 90 },
      })
      await awayFromTheEdge()
      const code = await call(t, 'GET', `/api/hrd/test-schedules/${schedule.id}/check-in-code`, { as: hrd })
      expect(code.status).toBe(200)
      const [move, ...checkIns] = await Promise.all([
        // Postponed to tomorrow: nobody can have attended it yet.
        call(t, 'PUT', `/api/hrd/test-schedules/${schedule.id}`, {
          as: hrd,
          body: { scheduled_at: minutesFromNow(24 * 60) },
        }),
        ...people.map((p) =>
          call(t, 'POST', '/api/test-check-ins', {
            as: p.learner as Account,
            body: { code: code.body.data.code },
          }),
        ),
      ])
      expect(move.status).toBe(200)
      for (const c of checkIns) expect([200, 422]).toContain(c.status)
      const rows = await t.db
        .select()
        .from(testParticipants)
        .where(
          inArray(
            testParticipants.id,
            participants.map((p) => p.id),
          ),
        )
      survivors.push(
        ...rows
          .filter((r) => r.checkedInAt !== null || r.attendanceStatus !== null)
          .map((r) => ({
            round,
            participant: r.id,
            attendance: r.attendanceStatus,
            checkedInAt: r.checkedInAt,
          })),
      )
    }
    // Whatever the order, a check-in for the old time is either cleared by the move or refused after it.
    expect(survivors).toEqual([])
  })
})
