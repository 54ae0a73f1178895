import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testParticipants, testSchedules } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'

/**
 * Two learners are invited to a psikotes. Before it takes place, Ayu withdraws her application (she is told
 * the test is no longer needed and it leaves her calendar). Budi comes, HR marks him hadir, the career
 * center verifies it. By hand: one person could sit the test, one did: attendance 100 %, nothing left to
 * record. The attendance report kept Ayu as a participant, "not recorded" for good (nothing in the
 * validation queue could ever clear her), and halved the attendance rate; the selection monitoring counted
 * her as scheduled.
 */
const t = useTestApp()

describe('attendance report and a participant who withdrew before the test', () => {
  it('does not count the learner who withdrew before the test as a participant nor as not recorded', async () => {
    const admin = await anAdmin(t)
    const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Hadir', vacancyTitle: 'Operator' })
    const ayu = await aCandidate(t, vacancy.id, { fullName: 'Ayu Mundur', reviewed: true })
    const budi = await aCandidate(t, vacancy.id, { fullName: 'Budi Datang', reviewed: true })
    const created = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Psikotes',
        kind: 'psikotes',
        scheduled_at: '2099-07-15T01:00:00Z',
        location: 'Aula',
        duration_minutes: 60,
        application_ids: [ayu.application.id, budi.application.id],
      },
    })
    expect(created.status).toBe(201)
    const scheduleId = created.body.data.id as number

    const withdrawn = await call(t, 'PATCH', `/api/my-applications/${ayu.application.id}/withdraw`, {
      as: ayu.learner as Account,
    })
    expect(withdrawn.status).toBe(200)

    // The test's time comes (a test cannot be scheduled in the past), Budi attends, staff verify it.
    await t.db
      .update(testSchedules)
      .set({ scheduledAt: new Date(Date.now() - 3_600_000) })
      .where(eq(testSchedules.id, scheduleId))
    await t.db
      .update(testParticipants)
      .set({ attendanceStatus: 'hadir', validationStatus: 'verified', validatedAt: new Date() })
      .where(eq(testParticipants.applicationId, budi.application.id))

    // The validation queue agrees there is nothing of Ayu's to record (this holds today).
    const queue = await call(t, 'GET', `/api/admin/attendances/queue?test_schedule_id=${scheduleId}`, {
      as: admin,
    })
    expect(queue.status).toBe(200)
    expect(queue.body.data).toEqual([])

    const res = await call(t, 'GET', '/api/admin/reports/attendance', { as: admin })
    expect(res.status).toBe(200)
    const [row] = res.body.data.rows
    expect(row.scheduleId).toBe(scheduleId)
    // It said participants 2, notRecorded 1, attendanceRate 50.
    expect({
      participants: row.participants,
      hadir: row.hadir,
      notRecorded: row.notRecorded,
      attendanceRate: row.attendanceRate,
    }).toEqual({ participants: 1, hadir: 1, notRecorded: 0, attendanceRate: 100 })
    expect(res.body.data.totals.attendanceRate).toBe(100)

    // The selection monitoring counts one applicant at a test, and one there.
    const monitoring = await call(t, 'GET', `/api/admin/recruitment-selections/${vacancy.id}`, { as: admin })
    expect(monitoring.status).toBe(200)
    expect(monitoring.body.data).toMatchObject({ scheduled: 1, attended: 1 })
  })
})
