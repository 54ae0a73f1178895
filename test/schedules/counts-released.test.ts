import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { setAttendance } from '../support/builders/schedules.js'
import { aTestAhead } from '../support/builders/selection.js'

/**
 * A learner who left the selection before the test took no part in it (`tookPart`): the attendance report, the
 * monitoring, the queue and the dashboard leave her out, and so does HR's own screen of the test (its "Belum
 * dicatat" tile): counted there, it invited HR to record her (as alpa, say), which put her back in the queue
 * and the report and halved the test's rate. She is counted as released.
 */
const t = useTestApp()

describe("HR's test screen and a participant who withdrew before the test", () => {
  it('does not show her as not recorded once the test took place', async () => {
    const admin = await anAdmin(t)
    const { hrd, candidates, participants, scheduleId, takesPlace } = await aTestAhead(t, [
      'Ayu Mundur',
      'Budi Datang',
    ])
    const [ayu] = candidates
    const withdrawn = await call(t, 'PATCH', `/api/my-applications/${ayu.application.id}/withdraw`, {
      as: ayu.learner as Account,
    })
    expect(withdrawn.status).toBe(200)
    await takesPlace()
    await setAttendance(t, participants[1].id, { attendanceStatus: 'hadir', validationStatus: 'verified' })

    // The career center's report: one participant, nothing left to record.
    const report = await call(t, 'GET', '/api/admin/reports/attendance', { as: admin })
    expect(report.body.data.rows[0]).toMatchObject({ participants: 1, notRecorded: 0 })

    const detail = await call(t, 'GET', `/api/hrd/test-schedules/${scheduleId}`, { as: hrd })
    expect(detail.status).toBe(200)
    // As the report and the queue count the same test (it said unmarked 1, pending 1, for good).
    expect(detail.body.data.participantCount).toBe(2)
    expect(detail.body.data.attendance).toEqual({ hadir: 1, izin: 0, alpa: 0, unmarked: 0, released: 1 })
    expect(detail.body.data.validation.pending).toBe(0)
  })
})
