import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testParticipants } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow, setAttendance } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { storedParticipant } from '../support/stored.js'

/**
 * HR marks a participant's attendance; the career center validates it and may correct the status. The
 * correction overwrote the only status column, so once staff had corrected "alpa" to "hadir" nobody could see any
 * more that HR had marked alpa: for a hiring record, the evidence of who said what. HR's mark is now kept
 * (`markedStatus`) beside the status as validated (`attendanceStatus`).
 */
const t = useTestApp()

/** A test held yesterday with `n` participants, unmarked. */
async function heldTest(n = 1) {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t)
  const applicants = await candidates(t, vacancy.id, n)
  const { schedule, participants } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: applicants.map((a) => a.application.id),
    scheduledAt: hoursFromNow(-24),
  })
  const mark = (participantId: number, status: string) =>
    call(t, 'PATCH', `/api/hrd/test-schedules/${schedule.id}/participants/${participantId}/attendance`, {
      as: hrd,
      body: { status },
    })
  return { schedule, participants, mark }
}

const validate = (admin: Account, id: number, status: string, validation_status = 'verified') =>
  call(t, 'PATCH', `/api/admin/attendances/${id}/validate`, {
    as: admin,
    body: { status, validation_status },
  })

/** The staff's list (queue or history) of one test: each record's id and both statuses. */
async function listed(admin: Account, view: 'queue' | 'history', scheduleId: number) {
  const res = await call(t, 'GET', `/api/admin/attendances/${view}`, {
    as: admin,
    query: { test_schedule_id: scheduleId },
  })
  expect(res.status).toBe(200)
  return res.body.data.map((r: { id: number; attendanceStatus: string; markedStatus: string }) => ({
    id: r.id,
    attendanceStatus: r.attendanceStatus,
    markedStatus: r.markedStatus,
  }))
}

describe("HR's mark beside the career center's correction", () => {
  it('HR marks alpa, staff correct it to hadir: the history shows both, and a later correction keeps HR’s mark', async () => {
    const w = await heldTest()
    const admin = await anAdmin(t)
    const [p] = w.participants
    expect((await w.mark(p.id, 'alpa')).status).toBe(200)
    expect(await listed(admin, 'queue', w.schedule.id)).toEqual([
      { id: p.id, attendanceStatus: 'alpa', markedStatus: 'alpa' },
    ])

    const corrected = await validate(admin, p.id, 'hadir')
    expect(corrected.status).toBe(200)
    expect(corrected.body.data).toMatchObject({ attendanceStatus: 'hadir', markedStatus: 'alpa' })
    expect(await listed(admin, 'history', w.schedule.id)).toEqual([
      { id: p.id, attendanceStatus: 'hadir', markedStatus: 'alpa' },
    ])

    // The history's "Koreksi" later: the staff's status changes, HR's mark does not.
    expect((await validate(admin, p.id, 'izin')).status).toBe(200)
    expect(await listed(admin, 'history', w.schedule.id)).toEqual([
      { id: p.id, attendanceStatus: 'izin', markedStatus: 'alpa' },
    ])
    expect(await storedParticipant(t, p.id)).toMatchObject({ attendanceStatus: 'izin', markedStatus: 'alpa' })
  })

  it('HR marking again after a rejection updates HR’s mark', async () => {
    const w = await heldTest()
    const admin = await anAdmin(t)
    const [p] = w.participants
    await w.mark(p.id, 'hadir')
    expect((await validate(admin, p.id, 'alpa', 'rejected')).status).toBe(200)
    expect(await listed(admin, 'history', w.schedule.id)).toEqual([
      { id: p.id, attendanceStatus: 'alpa', markedStatus: 'hadir' },
    ])

    const remark = await w.mark(p.id, 'izin')
    expect(remark.body.data).toMatchObject({ attendanceStatus: 'izin', validationStatus: 'pending' })
    expect(await listed(admin, 'queue', w.schedule.id)).toEqual([
      { id: p.id, attendanceStatus: 'izin', markedStatus: 'izin' },
    ])
    await validate(admin, p.id, 'izin')
    expect(await listed(admin, 'history', w.schedule.id)).toEqual([
      { id: p.id, attendanceStatus: 'izin', markedStatus: 'izin' },
    ])
  })

  it('a record verified as HR marked it shows the same status twice; an unmarked one shows none', async () => {
    const w = await heldTest(2)
    const admin = await anAdmin(t)
    const [marked, unmarked] = w.participants
    await w.mark(marked.id, 'izin')
    expect(await listed(admin, 'queue', w.schedule.id)).toEqual(
      expect.arrayContaining([
        { id: marked.id, attendanceStatus: 'izin', markedStatus: 'izin' },
        { id: unmarked.id, attendanceStatus: null, markedStatus: null },
      ]),
    )
    await validate(admin, marked.id, 'izin')
    expect(await listed(admin, 'history', w.schedule.id)).toEqual([
      { id: marked.id, attendanceStatus: 'izin', markedStatus: 'izin' },
    ])
    // Staff record an attendance HR never marked: no mark of HR's to show.
    await validate(admin, unmarked.id, 'alpa')
    expect(await listed(admin, 'history', w.schedule.id)).toEqual(
      expect.arrayContaining([{ id: unmarked.id, attendanceStatus: 'alpa', markedStatus: null }]),
    )
  })
})

describe('migration 0031', () => {
  it('keeps the mark of a record awaiting validation; HR’s mark of one validated before stays unknown', async () => {
    const w = await heldTest(3)
    const admin = await anAdmin(t)
    const [pending, verified, unmarked] = w.participants
    await w.mark(pending.id, 'alpa')
    await w.mark(verified.id, 'alpa')
    await validate(admin, verified.id, 'hadir')
    // An older release kept no mark apart.
    await t.db
      .update(testParticipants)
      .set({ markedStatus: null })
      .where(eq(testParticipants.testScheduleId, w.schedule.id))

    await upgrade()
    await upgrade()
    expect((await storedParticipant(t, pending.id)).markedStatus).toBe('alpa')
    expect((await storedParticipant(t, verified.id)).markedStatus).toBeNull()
    expect((await storedParticipant(t, unmarked.id)).markedStatus).toBeNull()
    expect(await listed(admin, 'history', w.schedule.id)).toEqual([
      { id: verified.id, attendanceStatus: 'hadir', markedStatus: null },
    ])
  })

  it('an older release’s mark made straight in the table (no correction) is kept as it is', async () => {
    const w = await heldTest()
    const [p] = w.participants
    await setAttendance(t, p.id, { attendanceStatus: 'izin' })
    await upgrade()
    expect(await storedParticipant(t, p.id)).toMatchObject({ attendanceStatus: 'izin', markedStatus: 'izin' })
  })
})

/** Migration 0031, every statement run again as an upgrade runs it. */
async function upgrade() {
  const migration = readFileSync(
    new URL('../../drizzle/0031_attendance_marked_status.sql', import.meta.url),
    'utf8',
  )
  for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement))
}
