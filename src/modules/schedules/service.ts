import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import { schoolDayEnd, schoolDayStart } from '../../db/school-day.js'
import { pageOf } from '../../http/envelope.js'
import { refuseBackwardsRange } from '../../http/errors.js'
import { companyOf } from '../../http/scope.js'
import { stageOf } from '../application-lifecycle/service.js'
import { scheduleNotFound } from './checks.js'
import { participantOut, scheduleOut } from './mappers.js'
import * as q from './queries.js'
import type { ParticipantListQuery, ScheduleListQuery } from './schemas.js'

/**
 * The test schedules: the reads, and what other modules use. The changes are in changes.ts (create,
 * update, cancel) and attendance.ts (HR's mark); who takes part and how they are told in participants.ts
 * and invitations.ts; the answers in mappers.ts.
 */

export { cancelTestsOfCompany, cancelTestsOfVacancy, releaseFromTests } from './changes.js'
export { calendarSettings, type Mailing, mailingOf, whenText } from './invitations.js'
export type { ScheduleStatus } from './queries.js'
/** The schedule's answer schema, for other modules that show schedules. */
export { ScheduleOut } from './schemas.js'

/** Timeline stages a schedule writes on the applications of its participants. */
export const STAGES = {
  scheduled: stageOf('testScheduled'),
  updated: stageOf('testUpdated'),
  removed: stageOf('testRemoved'),
  cancelled: stageOf('testCancelled'),
}

/** `date_from`/`date_to` are the school's calendar days (`timeZone`: `SCHOOL_TIME_ZONE`). */
export async function listSchedules(
  db: Db,
  actor: Actor,
  query: Static<typeof ScheduleListQuery>,
  timeZone: string,
) {
  refuseBackwardsRange(query)
  const page = pageOf(query)
  const { rows, total } = await q.schedulePage(
    db,
    companyOf(actor),
    {
      jobVacancyId: query.job_vacancy_id,
      kind: query.kind,
      status: query.status,
      from: query.date_from ? schoolDayStart(query.date_from, timeZone) : undefined,
      before: query.date_to ? schoolDayEnd(query.date_to, timeZone) : undefined,
      search: query.search,
    },
    page,
  )
  return { rows: rows.map(scheduleOut), total, page }
}

export async function scheduleDetail(db: Conn, actor: Actor, id: number) {
  return scheduleOut((await q.scheduleOfCompany(db, companyOf(actor), id)) ?? scheduleNotFound())
}

/** Every schedule of a vacancy, whichever company: for the career center's progress page. */
export async function schedulesOfVacancy(db: Conn, vacancyId: number) {
  return (await q.schedulesOfVacancy(db, vacancyId)).map(scheduleOut)
}

export async function listParticipants(
  db: Db,
  actor: Actor,
  id: number,
  query: Static<typeof ParticipantListQuery>,
) {
  const schedule = (await q.scheduleOfCompany(db, companyOf(actor), id)) ?? scheduleNotFound()
  const page = pageOf(query)
  const { rows, total } = await q.participantPage(
    db,
    schedule.id,
    {
      attendanceStatus: query.attendance_status,
      validationStatus: query.validation_status,
      search: query.search,
    },
    page,
  )
  return { rows: rows.map(participantOut), total, page }
}
