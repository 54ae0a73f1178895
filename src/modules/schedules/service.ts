import { sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import type {
  ApplicationStatus,
  AttendanceStatus,
  TestKind,
  ValidationStatus,
} from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'
import { companyOf } from '../../http/scope.js'
import { labelOf } from '../../vocabulary/index.js'
import { moveApplications, stageOf } from '../application-lifecycle/service.js'
import {
  type Mailing,
  type Recipient,
  type TestFacts,
  type TestMessage,
  tellParticipants,
  whenText,
} from './invitations.js'
import * as q from './queries.js'

export { calendarSettings, type Mailing, whenText } from './invitations.js'

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

/** At most this many participants in one schedule. */
export const MAX_PARTICIPANTS = 500

/**
 * The school's clock for calendar dates: date filters (`date_from`, `date_to`) and the times written
 * in notifications are in Western Indonesian Time (UTC+07:00); stored times stay UTC.
 */
export const SCHOOL_UTC_OFFSET = '+07:00'

/** The first instant of a school calendar day (`YYYY-MM-DD`). */
export const schoolDayStart = (date: string) => new Date(`${date}T00:00:00${SCHOOL_UTC_OFFSET}`)
/** The first instant after a school calendar day. */
export const schoolDayEnd = (date: string) => new Date(schoolDayStart(date).getTime() + 86_400_000)

const scheduleNotFound = () => notFound(msg('Jadwal tes tidak ditemukan.', 'Test schedule not found.'))
const participantNotFound = () => notFound(msg('Peserta tes tidak ditemukan.', 'Test participant not found.'))
const invalid = (errors: FieldErrors) =>
  unprocessable(msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), errors)

const iso = (d: Date | null) => d?.toISOString() ?? null

export function scheduleOut(r: q.ScheduleRow) {
  const c = r.counts
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    scheduledAt: r.scheduledAt.toISOString(),
    durationMinutes: r.durationMinutes,
    location: r.location,
    description: r.description,
    minimumScore: r.minimumScore,
    status: r.status,
    cancelledAt: iso(r.cancelledAt),
    cancelReason: r.cancelReason,
    vacancy: { id: r.vacancyId, title: r.vacancyTitle, position: r.vacancyPosition },
    participantCount: Number(c.total),
    attendance: {
      hadir: Number(c.hadir),
      izin: Number(c.izin),
      alpa: Number(c.alpa),
      unmarked: Number(c.unmarked),
    },
    validation: { pending: Number(c.pending), verified: Number(c.verified), rejected: Number(c.rejected) },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}

function participantOut(r: q.ParticipantRow) {
  return {
    participantId: r.id,
    applicationId: r.applicationId,
    applicationStatus: r.applicationStatus,
    applicant: {
      studentId: r.studentId,
      fullName: r.fullName,
      nis: r.nis,
      major: { id: r.majorId, name: r.majorName },
    },
    attendanceStatus: r.attendanceStatus,
    attendanceNotes: r.attendanceNotes,
    markedAt: iso(r.markedAt),
    validationStatus: r.validationStatus,
    validationNotes: r.validationNotes,
    validatedAt: iso(r.validatedAt),
    validatedBy: r.validatorId ? { id: r.validatorId, fullName: r.validatorName ?? '' } : null,
    score: r.score,
    lastRemindedAt: iso(r.lastRemindedAt),
    checkedInAt: iso(r.checkedInAt),
  }
}

// ---------------------------------------------------------------- reads

export interface ScheduleListQuery {
  page?: number
  per_page?: number
  search?: string
  job_vacancy_id?: number
  kind?: TestKind
  status?: q.ScheduleStatus
  date_from?: string
  date_to?: string
}

export async function listSchedules(db: Db, actor: Actor, query: ScheduleListQuery) {
  const page = pageOf(query)
  const { rows, total } = await q.schedulePage(
    db,
    companyOf(actor),
    {
      jobVacancyId: query.job_vacancy_id,
      kind: query.kind,
      status: query.status,
      from: query.date_from ? schoolDayStart(query.date_from) : undefined,
      before: query.date_to ? schoolDayEnd(query.date_to) : undefined,
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

export interface ParticipantListQuery {
  page?: number
  per_page?: number
  search?: string
  attendance_status?: q.AttendanceFilter
  validation_status?: ValidationStatus
}

export async function listParticipants(db: Db, actor: Actor, id: number, query: ParticipantListQuery) {
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

// ---------------------------------------------------------------- changes

/** The timeline note of a scheduled or changed test. */
const timelineNote = (f: TestFacts, timeZone: string) =>
  `${f.name}: ${whenText(f.scheduledAt, timeZone)} di ${f.location}`

type Move = 'testScheduled' | 'testUpdated' | 'testRemoved' | 'testCancelled'

/**
 * The test's timeline rows on the applications (one per recipient) and their notices (one lifecycle step),
 * with the e-mails and calendar invitations of the message `key` queued in the same transaction.
 */
async function tell(
  tx: Conn,
  actor: Actor,
  mailing: Mailing,
  move: Move,
  key: TestMessage,
  f: TestFacts,
  recipients: Recipient[],
  row: { status: string; notes: string | null },
) {
  if (recipients.length === 0) return
  const notices = await tellParticipants(tx, mailing, key, f, recipients)
  await moveApplications(
    tx,
    actor,
    recipients.map((r) => ({ applicationId: r.applicationId, move, ...row })),
    { notices: () => notices },
  )
}

/** Tells the applicants of `recipients` that they take part in the test, on their timeline, in-app and by e-mail. */
async function announceScheduled(
  tx: Conn,
  actor: Actor,
  mailing: Mailing,
  f: TestFacts,
  recipients: Recipient[],
) {
  await tell(tx, actor, mailing, 'testScheduled', 'test.scheduled', f, recipients, {
    status: f.kind,
    notes: timelineNote(f, mailing.calendar.timeZone),
  })
}

const cleanText = (v: string) => v.trim()
const cleanOptional = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null)

function requireText(errors: FieldErrors, field: string, value: string | undefined) {
  if (value !== undefined && value.trim() === '')
    errors[field] = [msg('tidak boleh kosong', 'must not be empty')]
}

function notInFuture(errors: FieldErrors, scheduledAt: Date, now: Date) {
  if (scheduledAt.getTime() <= now.getTime())
    errors.scheduled_at = [msg('harus berupa waktu yang akan datang', 'must be a time in the future')]
}

function applicationError(status: string | undefined, id: number): Msg {
  if (!status)
    return msg(
      `Lamaran #${id} tidak ditemukan pada lowongan ini.`,
      `Application #${id} was not found for this vacancy.`,
    )
  return msg(
    `Lamaran #${id} berstatus "${labelOf('applicationStatus', status as ApplicationStatus)}"; hanya lamaran yang lolos seleksi administrasi (dalam proses seleksi) yang dapat dijadwalkan.`,
    `Application #${id} is ${status}; only applications in progress (past document review) can be scheduled.`,
  )
}

/**
 * Checks that every id of `ids` is an in-progress application of the vacancy (share-locking them)
 * and adds an error keyed `<field>.<index>` for each that is not. Returns the locked rows by id.
 */
async function checkApplications(
  tx: Conn,
  errors: FieldErrors,
  field: string,
  vacancyId: number,
  ids: number[],
) {
  const rows = ids.length ? await q.applicationsOfVacancy(tx, vacancyId, ids) : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  ids.forEach((id, i) => {
    const row = byId.get(id)
    if (row?.status !== 'in_progress') errors[`${field}.${i}`] = [applicationError(row?.status, id)]
  })
  return byId
}

/** The participants among `applicationIds`, with their accounts, from the locked applications. */
const recipientsOf = (applicationIds: number[], byId: Map<number, Omit<Recipient, 'applicationId'>>) =>
  applicationIds.map((applicationId) => {
    const r = byId.get(applicationId)
    return {
      applicationId,
      userId: r?.userId ?? null,
      email: r?.email ?? null,
      fullName: r?.fullName ?? null,
      active: r?.active ?? null,
    }
  })

export interface CreateScheduleInput {
  job_vacancy_id: number
  name: string
  kind: TestKind
  scheduled_at: string
  location: string
  description?: string | null
  minimum_score?: number | null
  duration_minutes?: number | null
  application_ids: number[]
}

/**
 * A test for in-progress applicants of one of the company's vacancies: the schedule, one participant
 * (attendance record, pending validation) per application, a timeline row and a notification each, and
 * (with e-mail on) an e-mail with the calendar invitation each.
 */
export async function createSchedule(db: Db, actor: Actor, input: CreateScheduleInput, mailing: Mailing) {
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
    notInFuture(errors, scheduledAt, vacancy.now)
    const byId = await checkApplications(tx, errors, 'application_ids', vacancy.id, input.application_ids)
    if (Object.keys(errors).length > 0) return invalid(errors)

    const f: Omit<TestFacts, 'scheduleId'> = {
      name: cleanText(input.name),
      kind: input.kind,
      scheduledAt,
      durationMinutes: input.duration_minutes ?? null,
      location: cleanText(input.location),
      description: cleanOptional(input.description) ?? null,
      sequence: 0,
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

const cancelledAlready = () =>
  unprocessable(msg('Jadwal tes ini sudah dibatalkan.', 'This test schedule has been cancelled.'))
const alreadyHeld = () =>
  unprocessable(
    msg(
      'Jadwal tes ini sudah berlangsung sehingga tidak dapat diubah atau dibatalkan.',
      'This test has already taken place and can no longer be changed or cancelled.',
    ),
  )

/** Locks the company's schedule and refuses a change once it is cancelled or its time has come. */
async function lockChangeable(tx: Conn, companyId: number, id: number) {
  const schedule = (await q.lockSchedule(tx, companyId, id)) ?? scheduleNotFound()
  if (schedule.status === 'cancelled') return cancelledAlready()
  if (schedule.started) return alreadyHeld()
  return schedule
}

export interface UpdateScheduleInput {
  name?: string
  kind?: TestKind
  scheduled_at?: string
  location?: string
  description?: string | null
  minimum_score?: number | null
  duration_minutes?: number | null
  add_application_ids?: number[]
  remove_application_ids?: number[]
}

/**
 * Changes a schedule that has not taken place: its fields (absent keeps, null clears) and its
 * participants. Added applicants are told as on creation; removed ones are told they no longer
 * take part (their invitation is cancelled); the others are told when the time or the place changed
 * (an updated invitation). Either raises the invitations' SEQUENCE.
 */
export async function updateSchedule(
  db: Db,
  actor: Actor,
  id: number,
  input: UpdateScheduleInput,
  mailing: Mailing,
) {
  const companyId = companyOf(actor)
  await db.transaction(async (tx) => {
    const schedule = await lockChangeable(tx, companyId, id)
    const errors: FieldErrors = {}
    requireText(errors, 'name', input.name)
    requireText(errors, 'location', input.location)
    const scheduledAt = input.scheduled_at ? new Date(input.scheduled_at) : schedule.scheduledAt
    if (input.scheduled_at) notInFuture(errors, scheduledAt, await q.now(tx))

    const adds = input.add_application_ids ?? []
    const removes = input.remove_application_ids ?? []
    const current = await q.participantsOf(tx, schedule.id)
    const currentByApp = new Map(current.map((p) => [p.applicationId, p]))
    const byId = await checkApplications(tx, errors, 'add_application_ids', schedule.jobVacancyId, adds)
    adds.forEach((appId, i) => {
      if (currentByApp.has(appId))
        errors[`add_application_ids.${i}`] = [
          msg(
            `Lamaran #${appId} sudah menjadi peserta tes ini.`,
            `Application #${appId} already takes part.`,
          ),
        ]
    })
    removes.forEach((appId, i) => {
      const p = currentByApp.get(appId)
      if (!p)
        errors[`remove_application_ids.${i}`] = [
          msg(
            `Lamaran #${appId} bukan peserta tes ini.`,
            `Application #${appId} does not take part in this test.`,
          ),
        ]
      else if (p.validationStatus !== 'pending')
        errors[`remove_application_ids.${i}`] = [
          msg(
            `Kehadiran peserta lamaran #${appId} sudah divalidasi sehingga tidak dapat dihapus.`,
            `The attendance of application #${appId} has been validated; the participant cannot be removed.`,
          ),
        ]
    })
    const count = current.length - removes.length + adds.length
    if (count < 1 && !errors.remove_application_ids)
      errors.remove_application_ids = [
        msg(
          'Jadwal tes harus memiliki minimal satu peserta; batalkan jadwal bila tidak ada peserta.',
          'A schedule keeps at least one participant; cancel it instead.',
        ),
      ]
    if (count > MAX_PARTICIPANTS)
      errors.add_application_ids = [
        msg(`Peserta maksimal ${MAX_PARTICIPANTS} orang.`, `At most ${MAX_PARTICIPANTS} participants.`),
      ]
    if (Object.keys(errors).length > 0) return invalid(errors)

    const was: TestFacts = {
      scheduleId: schedule.id,
      name: schedule.name,
      kind: schedule.kind,
      scheduledAt: schedule.scheduledAt,
      durationMinutes: schedule.durationMinutes,
      location: schedule.location,
      description: schedule.description,
      sequence: schedule.sequence,
      vacancyTitle: schedule.vacancyTitle,
      companyName: schedule.companyName,
    }
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
    await q.updateSchedule(tx, schedule.id, {
      name: next.name,
      kind: next.kind,
      scheduledAt,
      location: next.location,
      description: cleanOptional(input.description),
      minimumScore: input.minimum_score,
      durationMinutes: input.duration_minutes,
    })

    const moved = scheduledAt.getTime() !== was.scheduledAt.getTime() || next.location !== was.location
    const removed = current.filter((p) => removes.includes(p.applicationId))
    // A calendar takes an update (or a cancellation) only with a higher SEQUENCE than it holds.
    if (moved || removed.length > 0) next.sequence = was.sequence = await q.bumpSequence(tx, schedule.id)

    await q.removeParticipants(tx, schedule.id, removes)
    await tell(tx, actor, mailing, 'testRemoved', 'test.removed', was, removed, {
      status: was.kind,
      notes: was.name,
    })

    const staying = current.filter((p) => !removes.includes(p.applicationId))
    if (moved) {
      await tell(tx, actor, mailing, 'testUpdated', 'test.rescheduled', next, staying, {
        status: next.kind,
        notes: timelineNote(next, mailing.calendar.timeZone),
      })
    }

    await q.addParticipants(tx, schedule.id, adds)
    await announceScheduled(tx, actor, mailing, next, recipientsOf(adds, byId))
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
  input: { reason: string },
  mailing: Mailing,
) {
  const companyId = companyOf(actor)
  const reason = input.reason.trim()
  if (!reason) invalid({ reason: [msg('tidak boleh kosong', 'must not be empty')] })
  await db.transaction(async (tx) => {
    const schedule = await lockChangeable(tx, companyId, id)
    await q.updateSchedule(tx, schedule.id, {
      status: 'cancelled',
      cancelReason: reason,
      cancelledAt: sql`now()`,
    })
    const sequence = await q.bumpSequence(tx, schedule.id)
    const participants = await q.participantsOf(tx, schedule.id)
    const f: TestFacts = {
      scheduleId: schedule.id,
      name: schedule.name,
      kind: schedule.kind,
      scheduledAt: schedule.scheduledAt,
      durationMinutes: schedule.durationMinutes,
      location: schedule.location,
      description: schedule.description,
      sequence,
      vacancyTitle: schedule.vacancyTitle,
      companyName: schedule.companyName,
      reason,
    }
    await tell(tx, actor, mailing, 'testCancelled', 'test.cancelled', f, participants, {
      status: schedule.kind,
      notes: `${schedule.name}: ${reason}`,
    })
  })
  mailing.outbox.kick()
  return scheduleDetail(db, actor, id)
}
export interface MarkAttendanceInput {
  status: AttendanceStatus
  notes?: string | null
}

/**
 * HR marks a participant present (hadir), excused (izin) or absent (alpa) once the test has started.
 * A mark the career center rejected goes back to its queue; a verified one cannot be changed here.
 */
export async function markAttendance(
  db: Db,
  actor: Actor,
  scheduleId: number,
  participantId: number,
  input: MarkAttendanceInput,
) {
  const companyId = companyOf(actor)
  await db.transaction(async (tx) => {
    const schedule = (await q.lockSchedule(tx, companyId, scheduleId)) ?? scheduleNotFound()
    const participant = (await q.lockParticipant(tx, schedule.id, participantId)) ?? participantNotFound()
    if (schedule.status === 'cancelled') return cancelledAlready()
    if (!schedule.started)
      return unprocessable(
        msg(
          'Kehadiran baru dapat diisi setelah tes dimulai.',
          'Attendance can only be marked once the test has started.',
        ),
      )
    if (participant.validationStatus === 'verified')
      return unprocessable(
        msg(
          'Kehadiran peserta ini sudah diverifikasi BKK sehingga tidak dapat diubah.',
          'This attendance has been verified by the career center and can no longer be changed.',
        ),
      )
    const notes = cleanOptional(input.notes)
    await q.markAttendance(tx, participant.id, {
      status: input.status,
      notes: notes === undefined ? participant.attendanceNotes : notes,
      markedBy: actor.id,
      resetValidation: participant.validationStatus === 'rejected',
    })
  })
  return participantOut((await q.participantOfSchedule(db, scheduleId, participantId))!)
}
