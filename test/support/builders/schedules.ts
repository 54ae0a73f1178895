import { eq, sql } from 'drizzle-orm'
import {
  type AttendanceStatus,
  type TestKind,
  testParticipants,
  testSchedules,
  type ValidationStatus,
} from '../../../src/db/schema/index.js'
import { type Caller, call, type TestContext } from '../app.js'

let seq = 0

/** An ISO time `hours` from now (negative: in the past). */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()

/**
 * A test schedule row with its participants (pending validation), written straight to the tables:
 * it may lie in the past (two hours ago unless `scheduledAt` is given). `values` override any column.
 */
export async function aSchedule(
  t: TestContext,
  opts: {
    companyId: number
    vacancyId: number
    applicationIds?: number[]
    scheduledAt?: string
    kind?: TestKind
    name?: string
    status?: 'scheduled' | 'cancelled'
    values?: Partial<typeof testSchedules.$inferInsert>
  },
) {
  const [schedule] = await t.db
    .insert(testSchedules)
    .values({
      companyId: opts.companyId,
      jobVacancyId: opts.vacancyId,
      name: opts.name ?? `Tes ${++seq}`,
      kind: opts.kind ?? 'psikotes',
      scheduledAt: new Date(opts.scheduledAt ?? hoursFromNow(-2)),
      location: 'Aula SMK',
      status: opts.status ?? 'scheduled',
      ...opts.values,
    })
    .returning()
  const participants = opts.applicationIds?.length
    ? await t.db
        .insert(testParticipants)
        .values(opts.applicationIds.map((applicationId) => ({ testScheduleId: schedule.id, applicationId })))
        .returning()
    : []
  return { schedule, participants }
}

/** A participant row of a schedule. */
export async function aParticipant(
  t: TestContext,
  scheduleId: number,
  applicationId: number,
  values: Partial<typeof testParticipants.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(testParticipants)
    .values({ testScheduleId: scheduleId, applicationId, ...values })
    .returning()
  return row
}

/** Sets a participant's attendance and validation straight in the table. */
export async function setAttendance(
  t: TestContext,
  participantId: number,
  values: {
    attendanceStatus?: AttendanceStatus | null
    validationStatus?: ValidationStatus
    validatedBy?: number
    validationNotes?: string
  },
) {
  await t.db
    .update(testParticipants)
    .set({
      ...values,
      ...(values.validationStatus && values.validationStatus !== 'pending'
        ? { validatedAt: sql`now()` }
        : {}),
    })
    .where(eq(testParticipants.id, participantId))
}

/** Moves a schedule's time (e.g. into the past, as if it had taken place). */
export async function moveSchedule(t: TestContext, scheduleId: number, scheduledAt: string) {
  await t.db
    .update(testSchedules)
    .set({ scheduledAt: new Date(scheduledAt) })
    .where(eq(testSchedules.id, scheduleId))
}

/**
 * "Tes Tulis" in Ruang 1 on 4 May 2099, minimum score 60, made by `hrd` through the API (as HR's form makes it:
 * its participants invited and told) for `applicationIds` of `vacancyId`; `values` override the body. Its id.
 */
export async function aScheduleMadeByHr(
  t: TestContext,
  hrd: Caller,
  vacancyId: number,
  applicationIds: number[],
  values: Record<string, unknown> = {},
) {
  const res = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancyId,
      name: 'Tes Tulis',
      kind: 'tes_tulis',
      scheduled_at: '2099-05-04T02:00:00Z',
      location: 'Ruang 1',
      minimum_score: 60,
      application_ids: applicationIds,
      ...values,
    },
  })
  if (res.status !== 201)
    throw new Error(`creating the schedule answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body.data.id as number
}
