import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { setAttendance } from '../support/builders/schedules.js'
import { aTestAhead } from '../support/builders/selection.js'
import { validationQueueOf } from '../support/stored.js'

/**
 * Two learners are invited to a psikotes. Before it takes place, Ayu withdraws her application (she is told
 * the test is no longer needed and it leaves her calendar). Budi comes, HR marks him hadir, the career
 * center verifies it. By hand: one person could sit the test, one did: attendance 100 %, nothing left to
 * record. The attendance report kept Ayu as a participant, "not recorded" for good (nothing in the
 * validation queue could ever clear her), and halved the attendance rate; the selection monitoring counted
 * her as scheduled, and HR's test screen as not recorded.
 */
const t = useTestApp()

describe('attendance report and a participant who withdrew before the test', () => {
  it('does not count the learner who withdrew before the test as a participant nor as not recorded', async () => {
    const admin = await anAdmin(t)
    const { hrd, vacancy, candidates, participants, scheduleId, takesPlace } = await aTestAhead(t, [
      'Ayu Mundur',
      'Budi Datang',
    ])
    const [ayu] = candidates
    const withdrawn = await call(t, 'PATCH', `/api/my-applications/${ayu.application.id}/withdraw`, {
      as: ayu.learner as Account,
    })
    expect(withdrawn.status).toBe(200)

    // The test's time comes, Budi attends, staff verify it; the queue has nothing of Ayu's to record.
    await takesPlace()
    await setAttendance(t, participants[1].id, { attendanceStatus: 'hadir', validationStatus: 'verified' })
    expect(await validationQueueOf(t, admin, scheduleId)).toEqual([])

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

    // HR's own screen of the test counts her as released, not as not recorded ("Belum dicatat: 1" for good
    // invited HR to mark her alpa, which put her back in the queue and the report).
    const detail = await call(t, 'GET', `/api/hrd/test-schedules/${scheduleId}`, { as: hrd })
    expect(detail.status).toBe(200)
    expect(detail.body.data.participantCount).toBe(2)
    expect(detail.body.data.attendance).toEqual({ hadir: 1, izin: 0, alpa: 0, unmarked: 0, released: 1 })
    expect(detail.body.data.validation.pending).toBe(0)
  })
})
