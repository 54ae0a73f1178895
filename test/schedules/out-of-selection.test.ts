import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobVacancies, reminderDeliveries, reminders } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import {
  eventsOf,
  notificationsOf,
  participantsOf,
  storedParticipant,
  storedSchedule,
} from '../support/stored.js'

/**
 * A test's participant whose application left the selection (withdrawn) keeps their place in the
 * schedule's history but hears no more of the test: no reminders, no notice that it moved, no check-in.
 * Check-ins made before a test is moved to another time are cleared. The test of a deleted vacancy can
 * only be cancelled.
 */
const t = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test' })
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString()

/** A test starting in `minutes` with two participants; the second then withdraws their application. */
async function aTestWithAWithdrawal(minutes = 48 * 60) {
  const { hrd, vacancy, company } = await anHrdWithVacancy(t)
  const staying = await aCandidate(t, vacancy.id)
  const leaving = await aCandidate(t, vacancy.id)
  const { schedule, participants } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [staying.application.id, leaving.application.id],
    scheduledAt: minutesFromNow(minutes),
    values: { durationMinutes: 90 },
  })
  const withdrew = await call(t, 'PATCH', `/api/my-applications/${leaving.application.id}/withdraw`, {
    as: leaving.learner,
  })
  expect(withdrew.status).toBe(200)
  return { hrd, vacancy, schedule, participants, staying, leaving, learner: leaving.learner as Account }
}

describe('a participant whose application was withdrawn', () => {
  it('is left out of remind-all', async () => {
    const { hrd, schedule, participants } = await aTestWithAWithdrawal()
    const res = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: hrd })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ queued: 1, alreadyReminded: 0 })
    const owed = await t.db
      .select()
      .from(reminderDeliveries)
      .where(inArray(reminderDeliveries.participantId, [participants[0].id, participants[1].id]))
    expect(owed.map((d) => d.participantId)).toEqual([participants[0].id])
  })

  it('cannot be reminded alone: 422 saying why, nothing queued', async () => {
    const { hrd, schedule, participants } = await aTestWithAWithdrawal()
    const res = await call(
      t,
      'POST',
      `/api/hrd/test-schedules/${schedule.id}/participants/${participants[1].id}/remind`,
      { as: hrd },
    )
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({
      success: false,
      data: null,
      message:
        'Lamaran peserta ini tidak lagi dalam tahap seleksi (mis. sudah ditarik); pengingat tidak dikirim.',
    })
    expect(
      await t.db
        .select()
        .from(reminderDeliveries)
        .where(eq(reminderDeliveries.participantId, participants[1].id)),
    ).toEqual([])
  })

  it('is not told that the test moved; the one still in the selection is', async () => {
    const { hrd, schedule, staying, leaving, learner } = await aTestWithAWithdrawal()
    const before = (await notificationsOf(t, learner.id)).length
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${schedule.id}`, {
      as: hrd,
      body: { scheduled_at: hoursFromNow(72), location: 'Gedung B' },
    })
    expect(res.status).toBe(200)
    expect(await notificationsOf(t, learner.id)).toHaveLength(before)
    expect((await eventsOf(t, leaving.application.id)).map((e) => e.stage).at(-1)).toBe('withdrawn')
    expect((await eventsOf(t, staying.application.id)).map((e) => e.stage).at(-1)).toBe('test_updated')
    expect((await notificationsOf(t, staying.learner.id as number)).map((n) => n.kind)).toContain(
      'test.updated',
    )
  })

  it('cannot check in: 422 saying why, the attendance left unmarked', async () => {
    const { hrd, vacancy, schedule, participants, learner } = await aTestWithAWithdrawal(30)
    const code = await call(t, 'GET', `/api/hrd/test-schedules/${schedule.id}/check-in-code`, { as: hrd })
    expect(code.body.data.state).toBe('open')
    const res = await call(t, 'POST', '/api/test-check-ins', {
      as: learner,
      body: { code: code.body.data.code },
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(
      `Lamaran Anda untuk "${vacancy.title}" tidak lagi dalam tahap seleksi, sehingga Anda tidak perlu check-in untuk "${schedule.name}".`,
    )
    expect(await storedParticipant(t, participants[1].id)).toMatchObject({
      attendanceStatus: null,
      checkedInAt: null,
    })
  })
})

describe('a test moved after some checked in', () => {
  async function aTestCheckedInto() {
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const [ani, budi] = await candidates(t, vacancy.id, 2)
    const { schedule, participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [ani.application.id, budi.application.id],
      scheduledAt: minutesFromNow(30),
      values: { durationMinutes: 90 },
    })
    const code = await call(t, 'GET', `/api/hrd/test-schedules/${schedule.id}/check-in-code`, { as: hrd })
    const checkIn = await call(t, 'POST', '/api/test-check-ins', {
      as: ani.learner,
      body: { code: code.body.data.code },
    })
    expect(checkIn.status).toBe(200)
    return { hrd, schedule, participants }
  }

  it('to another time: the check-ins made for the old time are cleared', async () => {
    const { hrd, schedule, participants } = await aTestCheckedInto()
    const moved = await call(t, 'PUT', `/api/hrd/test-schedules/${schedule.id}`, {
      as: hrd,
      body: { scheduled_at: minutesFromNow(7 * 24 * 60) },
    })
    expect(moved.status).toBe(200)
    expect(moved.body.data.attendance).toMatchObject({ hadir: 0, unmarked: 2 })
    expect(await storedParticipant(t, participants[0].id)).toMatchObject({
      attendanceStatus: null,
      checkedInAt: null,
      markedBy: null,
      markedAt: null,
      validationStatus: 'pending',
    })
  })

  it('to another room at the same time: the check-ins stand', async () => {
    const { hrd, schedule, participants } = await aTestCheckedInto()
    const moved = await call(t, 'PUT', `/api/hrd/test-schedules/${schedule.id}`, {
      as: hrd,
      body: { location: 'Lab Komputer 2' },
    })
    expect(moved.status).toBe(200)
    expect(moved.body.data.attendance).toMatchObject({ hadir: 1, unmarked: 1 })
    expect((await storedParticipant(t, participants[0].id)).checkedInAt).not.toBeNull()
  })
})

describe('the test of a vacancy HR has deleted', () => {
  it('is cancelled by the delete when it has not begun', async () => {
    const { hrd, vacancy, company } = await anHrdWithVacancy(t)
    const first = await aCandidate(t, vacancy.id)
    const { schedule } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [first.application.id],
      scheduledAt: hoursFromNow(48),
    })
    expect((await call(t, 'DELETE', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).status).toBe(200)
    expect(await storedSchedule(t, schedule.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Lowongan ini sudah ditutup.',
    })
  })

  it('left scheduled by an older release: takes no change nor reminder (422 saying it can only be cancelled), and can be cancelled', async () => {
    const { hrd, vacancy, company } = await anHrdWithVacancy(t)
    const first = await aCandidate(t, vacancy.id)
    const second = await aCandidate(t, vacancy.id)
    const { schedule } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [first.application.id],
      scheduledAt: hoursFromNow(48),
    })
    // Deleted as releases before the delete cancelled its tests did it.
    await t.db.update(jobVacancies).set({ deletedAt: new Date() }).where(eq(jobVacancies.id, vacancy.id))

    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${schedule.id}`, {
      as: hrd,
      body: { add_application_ids: [second.application.id], location: 'Gedung C' },
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Lowongan tes ini sudah dihapus; jadwalnya hanya dapat dibatalkan.')
    expect((await participantsOf(t, schedule.id)).map((p) => p.applicationId)).toEqual([first.application.id])
    expect((await storedSchedule(t, schedule.id)).location).toBe(schedule.location)
    // Nor a reminder: nobody is told to attend it (neither all, nor one).
    const remindAll = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/remind-all`, { as: hrd })
    expect(remindAll.status).toBe(422)
    expect(remindAll.body.message).toBe('Lowongan tes ini sudah dihapus; jadwalnya hanya dapat dibatalkan.')
    const [participant] = await participantsOf(t, schedule.id)
    const remindOne = await call(
      t,
      'POST',
      `/api/hrd/test-schedules/${schedule.id}/participants/${participant.id}/remind`,
      { as: hrd },
    )
    expect(remindOne.status).toBe(422)
    expect(await t.db.select().from(reminders).where(eq(reminders.testScheduleId, schedule.id))).toEqual([])

    const cancelled = await call(t, 'POST', `/api/hrd/test-schedules/${schedule.id}/cancel`, {
      as: hrd,
      body: { reason: 'Lowongan ditutup' },
    })
    expect(cancelled.status).toBe(200)
    expect((await storedSchedule(t, schedule.id)).status).toBe('cancelled')
  })
})
