import type { Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import { companyInactive } from '../../http/auth.js'
import type { FieldErrors } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { companyOf } from '../../http/scope.js'
import { assertVersion } from '../../http/versions.js'
import { calendarHostOf } from '../calendar/ics.js'
import {
  alreadyHeld,
  cancelledAlready,
  cleanOptional,
  cleanText,
  invalid,
  notInFuture,
  requireText,
  sameTestScheduled,
  scheduleNotFound,
  vacancyDeleted,
} from './checks.js'
import { type Mailing, mailParticipants, type TestFacts } from './invitations.js'
import {
  announceScheduled,
  checkApplications,
  checkParticipantChanges,
  recipientsOf,
  tell,
  timelineNote,
} from './participants.js'
import * as q from './queries.js'
import type { CancelScheduleBody, CreateScheduleBody, UpdateScheduleBody } from './schemas.js'
import { scheduleDetail } from './service.js'

/** Creating, changing and cancelling a schedule; each change tells the participants it concerns. */

/**
 * A test for in-progress applicants of one of the company's vacancies: the schedule, one participant
 * (attendance record, pending validation) per application, a timeline row and a notification each, and
 * (with e-mail on) an e-mail with the calendar invitation each.
 */
export async function createSchedule(
  db: Db,
  actor: Actor,
  input: Static<typeof CreateScheduleBody>,
  mailing: Mailing,
) {
  const companyId = companyOf(actor)
  const scheduledAt = new Date(input.scheduled_at)
  const id = await db.transaction(async (tx) => {
    const errors: FieldErrors = {}
    requireText(errors, 'name', input.name)
    requireText(errors, 'location', input.location)
    const vacancy = await q.vacancyOfCompany(tx, companyId, input.job_vacancy_id)
    if (!vacancy) {
      errors.job_vacancy_id = [msg('lowongan tidak ditemukan', 'vacancy not found')]
      return invalid(errors)
    }
    // Switched off since the request was let in: its tests are being cancelled, and this one would be left.
    if (!vacancy.companyActive) companyInactive()
    notInFuture(errors, scheduledAt, vacancy.now)
    const byId = await checkApplications(tx, errors, 'application_ids', vacancy.id, input.application_ids)
    if (Object.keys(errors).length > 0) return invalid(errors)
    // The same test again (a retried request, a form sent twice) is refused, naming the one there is.
    await q.lockTestsOfVacancy(tx, vacancy.id)
    const same = await q.sameTestOf(tx, {
      vacancyId: vacancy.id,
      kind: input.kind,
      scheduledAt,
      applicationIds: input.application_ids,
    })
    if (same) sameTestScheduled(same, mailing.calendar.timeZone)

    const f: Omit<TestFacts, 'scheduleId'> = {
      name: cleanText(input.name),
      kind: input.kind,
      scheduledAt,
      durationMinutes: input.duration_minutes ?? null,
      location: cleanText(input.location),
      description: cleanOptional(input.description) ?? null,
      sequence: 0,
      calendarHost: calendarHostOf(mailing.calendar.publicUrl),
      vacancyTitle: vacancy.title,
      companyName: vacancy.companyName,
    }
    const scheduleId = await q.insertSchedule(tx, {
      companyId,
      jobVacancyId: vacancy.id,
      name: f.name,
      kind: f.kind,
      scheduledAt,
      location: f.location,
      description: f.description,
      minimumScore: input.minimum_score ?? null,
      durationMinutes: f.durationMinutes,
      createdBy: actor.id,
      calendarHost: f.calendarHost,
    })
    await q.addParticipants(tx, scheduleId, input.application_ids)
    await announceScheduled(
      tx,
      actor,
      mailing,
      { ...f, scheduleId },
      recipientsOf(input.application_ids, byId),
    )
    return scheduleId
  })
  mailing.outbox.kick()
  return scheduleDetail(db, actor, id)
}

type LockedSchedule = NonNullable<Awaited<ReturnType<typeof q.lockSchedule>>>

/** What the participants' messages say of a locked schedule (with its invitations' `sequence`). */
const factsOf = (schedule: LockedSchedule, sequence = schedule.sequence): TestFacts => ({
  scheduleId: schedule.id,
  name: schedule.name,
  kind: schedule.kind,
  scheduledAt: schedule.scheduledAt,
  durationMinutes: schedule.durationMinutes,
  location: schedule.location,
  description: schedule.description,
  sequence,
  calendarHost: schedule.calendarHost,
  vacancyTitle: schedule.vacancyTitle,
  companyName: schedule.companyName,
})

/** Locks the company's schedule and refuses a change once it is cancelled or its time has come. */
async function lockChangeable(tx: Conn, companyId: number, id: number) {
  const schedule = (await q.lockSchedule(tx, companyId, id)) ?? scheduleNotFound()
  if (schedule.status === 'cancelled') return cancelledAlready()
  if (schedule.started) return alreadyHeld()
  return schedule
}

/**
 * Changes a schedule that has not taken place: its fields (absent keeps, null clears) and its
 * participants. Added applicants are told as on creation; removed ones are told they no longer
 * take part (their invitation is cancelled); the others are told when the time or the place changed
 * (an updated invitation). Either raises the invitations' SEQUENCE. `versions`: the `updatedAt` the form
 * read (If-Match); a schedule changed since (moved, renamed, participants changed by a colleague) is refused
 * with 412 instead of put back as the form read it.
 */
export async function updateSchedule(
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof UpdateScheduleBody>,
  mailing: Mailing,
  versions?: string[],
) {
  const companyId = companyOf(actor)
  await db.transaction(async (tx) => {
    const schedule = await lockChangeable(tx, companyId, id)
    assertVersion(schedule.updatedAt, versions)
    if (schedule.vacancyDeleted) vacancyDeleted()
    const errors: FieldErrors = {}
    requireText(errors, 'name', input.name)
    requireText(errors, 'location', input.location)
    const scheduledAt = input.scheduled_at ? new Date(input.scheduled_at) : schedule.scheduledAt
    if (input.scheduled_at) notInFuture(errors, scheduledAt, await q.now(tx))

    const adds = input.add_application_ids ?? []
    const removes = input.remove_application_ids ?? []
    // The participants' applications share-locked after the schedule (the order every change of a schedule takes):
    // a withdrawal committing meanwhile is waited for, so its learner, out of the selection, is not told of the
    // change (an invitation after their cancellation put the test back in their calendar).
    const current = await q.participantsOf(tx, schedule.id, { lockApplications: true })
    const byId = await checkParticipantChanges(tx, errors, schedule.jobVacancyId, current, adds, removes)
    if (Object.keys(errors).length > 0) return invalid(errors)

    const was = factsOf(schedule)
    const next: TestFacts = {
      ...was,
      name: input.name !== undefined ? cleanText(input.name) : was.name,
      kind: input.kind ?? was.kind,
      scheduledAt,
      durationMinutes: input.duration_minutes !== undefined ? input.duration_minutes : was.durationMinutes,
      location: input.location !== undefined ? cleanText(input.location) : was.location,
      description:
        input.description !== undefined ? (cleanOptional(input.description) ?? null) : was.description,
    }
    // Moved onto (or given someone of) the same test at the same time: refused as creating it again is.
    const retimed = next.kind !== was.kind || scheduledAt.getTime() !== was.scheduledAt.getTime()
    const sitting = retimed
      ? [...current.map((p) => p.applicationId).filter((a) => !removes.includes(a)), ...adds]
      : adds
    if (sitting.length > 0) {
      await q.lockTestsOfVacancy(tx, schedule.jobVacancyId)
      const same = await q.sameTestOf(tx, {
        vacancyId: schedule.jobVacancyId,
        kind: next.kind,
        scheduledAt,
        applicationIds: sitting,
        exceptId: schedule.id,
      })
      if (same) sameTestScheduled(same, mailing.calendar.timeZone)
    }
    await q.updateSchedule(tx, schedule.id, {
      name: next.name,
      kind: next.kind,
      scheduledAt,
      location: next.location,
      description: cleanOptional(input.description),
      minimumScore: input.minimum_score,
      durationMinutes: input.duration_minutes,
    })

    const rescheduled = scheduledAt.getTime() !== was.scheduledAt.getTime()
    const moved = rescheduled || next.location !== was.location
    const removed = current.filter((p) => removes.includes(p.applicationId))
    // A calendar takes an update (or a cancellation) only with a higher SEQUENCE than it holds. One added
    // may hold this test's cancellation from an earlier removal, at the current SEQUENCE: its invitation
    // needs a higher one, or the calendar keeps the test out (RFC 5546 2.1.5).
    if (moved || removed.length > 0 || adds.length > 0)
      next.sequence = was.sequence = await q.bumpSequence(tx, schedule.id)

    await q.removeParticipants(tx, schedule.id, removes)
    // An applicant who withdrew hears no more of the test: not that a next stage will follow.
    const stillApplying = removed.filter((p) => p.applicationStatus === 'in_progress')
    // Each e-mail of a change is held a few minutes for a later change to replace (HR correcting the hour, or
    // adding back whom it removed), and its notice replaces the unread one of the change before: the
    // participant gets one e-mail, and one notice, of where the test ends up.
    const held = { change: true }
    await tell(
      tx,
      actor,
      mailing,
      'testRemoved',
      'test.removed',
      was,
      stillApplying,
      { status: was.kind, notes: was.name },
      held,
    )

    // Those still in the selection; an applicant who withdrew hears no more of the test.
    const staying = current.filter(
      (p) => !removes.includes(p.applicationId) && p.applicationStatus === 'in_progress',
    )
    if (rescheduled) await q.clearAttendanceMarks(tx, schedule.id)
    if (moved) {
      await tell(
        tx,
        actor,
        mailing,
        'testUpdated',
        'test.rescheduled',
        next,
        staying,
        { status: next.kind, notes: timelineNote(next, mailing.calendar.timeZone) },
        held,
      )
    }

    await q.addParticipants(tx, schedule.id, adds)
    await announceScheduled(tx, actor, mailing, next, recipientsOf(adds, byId), held)
  })
  mailing.outbox.kick()
  return scheduleDetail(db, actor, id)
}

/**
 * Cancels a schedule that has not taken place; every participant is told, on the timeline, in-app and by
 * e-mail with the invitation's cancellation (`METHOD:CANCEL`, a higher SEQUENCE).
 */
export async function cancelSchedule(
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof CancelScheduleBody>,
  mailing: Mailing,
) {
  const companyId = companyOf(actor)
  const reason = input.reason.trim()
  if (!reason) invalid({ reason: [msg('tidak boleh kosong', 'must not be empty')] })
  await db.transaction(async (tx) => {
    await cancelLocked(tx, actor, mailing, await lockChangeable(tx, companyId, id), reason)
  })
  mailing.outbox.kick()
  return scheduleDetail(db, actor, id)
}

/** Cancels a schedule its caller has locked and found changeable, and tells its participants. */
async function cancelLocked(
  tx: Conn,
  actor: Actor,
  mailing: Mailing,
  schedule: LockedSchedule,
  reason: string,
) {
  await q.updateSchedule(tx, schedule.id, {
    status: 'cancelled',
    cancelReason: reason,
    cancelledAt: sql`now()`,
  })
  const sequence = await q.bumpSequence(tx, schedule.id)
  const participants = await q.participantsOf(tx, schedule.id)
  const f: TestFacts = { ...factsOf(schedule, sequence), reason }
  await tell(tx, actor, mailing, 'testCancelled', 'test.cancelled', f, participants, {
    status: schedule.kind,
    notes: `${schedule.name}: ${reason}`,
  })
}

/**
 * Cancels the tests of a vacancy being deleted that have not begun, in the delete's transaction and before
 * its applications are closed: each participant is told as by `cancelSchedule`, their calendar invitation
 * cancelled (left, it stayed in their calendar, and the test in the attendance queue once its time came).
 * The caller's outbox is kicked after commit.
 */
export async function cancelTestsOfVacancy(
  tx: Conn,
  actor: Actor,
  mailing: Mailing,
  companyId: number,
  vacancyId: number,
  reason: string,
) {
  await cancelUpcoming(tx, actor, mailing, companyId, await q.upcomingSchedulesOf(tx, { vacancyId }), reason)
}

/**
 * Cancels the tests of a company being deactivated that have not begun, as `cancelTestsOfVacancy` does: while
 * it is inactive nobody can hold, change or cancel them (its HR and staff are refused its records), and they
 * stayed in the participants' applications and calendars.
 */
export async function cancelTestsOfCompany(
  tx: Conn,
  actor: Actor,
  mailing: Mailing,
  companyId: number,
  reason: string,
) {
  await cancelUpcoming(tx, actor, mailing, companyId, await q.upcomingSchedulesOf(tx, { companyId }), reason)
}

async function cancelUpcoming(
  tx: Conn,
  actor: Actor,
  mailing: Mailing,
  companyId: number,
  ids: number[],
  reason: string,
) {
  for (const id of ids) {
    const schedule = await q.lockSchedule(tx, companyId, id)
    // Re-read under the lock: one that began or was cancelled meanwhile is left as it is.
    if (schedule && schedule.status !== 'cancelled' && !schedule.started)
      await cancelLocked(tx, actor, mailing, schedule, reason)
  }
}

/**
 * Applications that just left the selection (withdrawn, decided) take no part in their tests still ahead, in
 * the caller's transaction: the participant rows stay, as the schedule's history, marked released (the
 * attendance queue has nothing of theirs to validate), and each is e-mailed the cancellation of its invitation
 * (`test.not_needed`, `METHOD:CANCEL`), so the test leaves the calendar the invitation put it in (it stayed
 * there, and the phone kept reminding a rejected learner of the interview). Nothing else is told: the
 * withdrawal or the result is the news. The schedule is read, not locked: the
 * callers hold the applications, which a change of the schedule share-locks after the schedule, so a lock
 * here could deadlock with it. The cancellation carries a SEQUENCE one above every invitation sent so far,
 * which a calendar takes over any of them. The caller kicks the outbox after commit.
 */
export async function releaseFromTests(tx: Conn, mailing: Mailing, applicationIds: number[]) {
  if (applicationIds.length === 0) return
  await q.releaseUpcoming(tx, applicationIds)
  if (!mailing.outbox.enabled) return
  const rows = await q.upcomingTestsOf(tx, applicationIds)
  for (const scheduleId of new Set(rows.map((r) => r.scheduleId))) {
    const leaving = rows.filter((r) => r.scheduleId === scheduleId)
    const [f] = leaving
    await mailParticipants(tx, mailing, 'test.not_needed', { ...f, sequence: f.sequence + 1 }, leaving)
  }
}
