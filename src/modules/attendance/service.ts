import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import type { TestKind } from '../../db/schema/index.js'
import { schoolDayEnd, schoolDayStart } from '../../db/school-day.js'
import { pageOf } from '../../http/envelope.js'
import { notFound, refuseBackwardsRange, unprocessable } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'
import { applicantOut } from '../../http/shapes/applicant.js'
import { companyRefOut } from '../../http/shapes/company.js'
import { editedElsewhere } from '../../http/versions.js'
import { labelOf } from '../../vocabulary/index.js'
import { moveApplications, stageOf } from '../application-lifecycle/service.js'
import * as q from './queries.js'
import type { BulkValidateBody, HistoryQuery, ValidateBody } from './schemas.js'

/** The timeline stage a verified attendance writes on the application. */
export const ATTENDANCE_STAGE = stageOf('attendanceVerified')

const iso = (d: Date | null) => d?.toISOString() ?? null

function attendanceOut(r: q.AttendanceRow) {
  return {
    id: r.id,
    applicationId: r.applicationId,
    applicationStatus: r.applicationStatus,
    applicant: applicantOut(r),
    company: companyRefOut(r),
    vacancy: { id: r.vacancyId, title: r.vacancyTitle },
    schedule: {
      id: r.scheduleId,
      name: r.scheduleName,
      kind: r.scheduleKind,
      scheduledAt: r.scheduledAt.toISOString(),
      location: r.scheduleLocation,
      status: r.scheduleStatus,
    },
    attendanceStatus: r.attendanceStatus,
    attendanceNotes: r.attendanceNotes,
    markedStatus: r.markedStatus,
    markedAt: iso(r.markedAt),
    checkedInAt: iso(r.checkedInAt),
    validationStatus: r.validationStatus,
    validationNotes: r.validationNotes,
    validatedAt: iso(r.validatedAt),
    validatedBy: r.validatorId ? { id: r.validatorId, fullName: r.validatorName ?? '' } : null,
  }
}

/** The queue's query, or the history's (the same filters and the validation). */
export type AttendanceListQuery = Static<typeof HistoryQuery>

/** The validation queue (pending) or the history (verified, rejected) of every company's tests. */
/** `date_from`/`date_to` are the school's calendar days (`timeZone`: `SCHOOL_TIME_ZONE`). */
export async function listAttendances(
  db: Db,
  view: 'queue' | 'history',
  query: AttendanceListQuery,
  timeZone: string,
) {
  refuseBackwardsRange(query)
  const page = pageOf(query)
  const { rows, total } = await q.attendancePage(
    db,
    {
      view,
      validationStatus: view === 'history' ? query.validation_status : undefined,
      companyId: query.company_id,
      jobVacancyId: query.job_vacancy_id,
      testScheduleId: query.test_schedule_id,
      attendanceStatus: query.attendance_status,
      from: query.date_from ? schoolDayStart(query.date_from, timeZone) : undefined,
      before: query.date_to ? schoolDayEnd(query.date_to, timeZone) : undefined,
      search: query.search,
    },
    page,
  )
  return { rows: rows.map(attendanceOut), total, page }
}

export type ValidateInput = Static<typeof ValidateBody>

type Failure = 'not_found' | 'cancelled' | 'not_started' | 'already_validated' | 'edited'

const REASONS: Record<Failure, Msg> = {
  not_found: msg('tidak ditemukan', 'not found'),
  cancelled: msg('jadwal tes dibatalkan', 'the test was cancelled'),
  not_started: msg('tes belum berlangsung', 'the test has not taken place yet'),
  already_validated: msg(
    'sudah divalidasi orang lain sejak antrean dibuka (lihat Riwayat)',
    'validated by someone else since the queue was read (see the history)',
  ),
  edited: msg('sudah diubah orang lain sejak dibuka', 'changed by someone else since it was read'),
}

/**
 * Validates those of `ids` whose test has taken place (and was not cancelled), in the caller's
 * transaction. A record that already holds exactly these values is left as it is (its validatedAt
 * stays); any other is updated, and a verified attendance is written on the application's timeline.
 * Returns the failure of each id that could not be validated.
 */
async function applyValidation(
  tx: Conn,
  actor: Actor,
  ids: number[],
  input: ValidateInput,
  versions?: string[],
) {
  const notes = input.notes === undefined ? undefined : input.notes?.trim() || null
  const rows = await q.lockForValidation(tx, ids)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const failures = new Map<number, Failure>()
  const changed: typeof rows = []
  for (const id of ids) {
    const r = byId.get(id)
    if (!r) failures.set(id, 'not_found')
    else if (r.cancelled) failures.set(id, 'cancelled')
    else if (!r.started) failures.set(id, 'not_started')
    else if (
      r.attendanceStatus !== input.status ||
      r.validationStatus !== input.validation_status ||
      (notes !== undefined && notes !== r.validationNotes)
    ) {
      // From the queue: a colleague's validation made since it was read is theirs, not to be overwritten (nor
      // its notes cleared by an empty box). The same validation again (a retry, a double click) is no change.
      // From the history (If-Match: the validation as read): a colleague's correction made since is not
      // overwritten either.
      if (input.pending_only && r.validationStatus !== 'pending') failures.set(id, 'already_validated')
      else if (versions && !versions.some((v) => Date.parse(v) === r.validatedAt?.getTime()))
        failures.set(id, 'edited')
      else changed.push(r)
    }
  }
  await q.validate(
    tx,
    changed.map((r) => r.id),
    {
      attendanceStatus: input.status,
      validationStatus: input.validation_status,
      notes,
      validatorId: actor.id,
    },
  )
  // The timeline tells the applicant of a verified attendance once: a note added to a record already verified
  // with the same status is no new step.
  const verified =
    input.validation_status === 'verified'
      ? changed.filter((r) => r.validationStatus !== 'verified' || r.attendanceStatus !== input.status)
      : []
  await moveApplications(
    tx,
    actor,
    verified.map((r) => ({
      applicationId: r.applicationId,
      move: 'attendanceVerified',
      status: input.status,
      notes: `${labelOf('testKind', r.scheduleKind as TestKind)}: ${r.scheduleName}`,
    })),
  )
  return failures
}

/** Validates one attendance record: 404 unknown, 422 when its test was cancelled or is still ahead. */
/**
 * One record's validation; `versions` (If-Match) are the record's `validatedAt` as the caller read it: a change
 * to a record validated again since is refused (412), the same values again are no change.
 */
export async function validateAttendance(
  db: Db,
  actor: Actor,
  id: number,
  input: ValidateInput,
  versions?: string[],
) {
  await db.transaction(async (tx) => {
    const failure = (await applyValidation(tx, actor, [id], input, versions)).get(id)
    if (failure === 'not_found')
      return notFound(msg('Data kehadiran tidak ditemukan.', 'Attendance record not found.'))
    if (failure === 'cancelled')
      return unprocessable(
        msg(
          'Jadwal tes ini dibatalkan sehingga kehadirannya tidak dapat divalidasi.',
          'This test was cancelled; its attendance cannot be validated.',
        ),
      )
    if (failure === 'already_validated' || failure === 'edited') return editedElsewhere()
    if (failure === 'not_started')
      return unprocessable(
        msg(
          'Tes ini belum berlangsung sehingga kehadirannya belum dapat divalidasi.',
          'This test has not taken place yet; its attendance cannot be validated.',
        ),
      )
  })
  return attendanceOut((await q.attendanceItem(db, id))!)
}

export type BulkValidateInput = Static<typeof BulkValidateBody>

/** One validation for up to 100 records in one transaction; each failing id is reported with its reason. */
export async function bulkValidate(db: Db, actor: Actor, input: BulkValidateInput) {
  const ids = input.attendance_ids
  const failures = await db.transaction((tx) => applyValidation(tx, actor, ids, input))
  return {
    processed: ids.length,
    succeeded: ids.length - failures.size,
    failed: failures.size,
    failures: [...failures].map(([id, f]) => ({ id, reason: REASONS[f] })),
  }
}
