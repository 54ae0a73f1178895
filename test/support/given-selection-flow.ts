import { eq, sql } from 'drizzle-orm'
import {
  type ApplicationStatus,
  type AttendanceStatus,
  applicationEvents,
  notifications,
  placements,
  selectionResults,
  type TestKind,
  testParticipants,
  testSchedules,
  type ValidationStatus,
} from '../../src/db/schema/index.js'
import type { TestContext } from './app.js'
import { type Account, given } from './given.js'
import { givenRecruitment } from './given-applications.js'

let seq = 0

/** An ISO time `hours` from now (negative: in the past). */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()

/**
 * Builders for the selection flow: a company's HR with a vacancy, in-progress applicants (as the
 * review route leaves them), schedules with participants written straight to the tables, and the
 * later stages (results, placements) the monitoring counts.
 */
export const givenSelection = {
  /** An HR account of a new company with one vacancy. */
  async company(t: TestContext, opts: { vacancyTitle?: string; companyName?: string } = {}) {
    const company = await given.company(t, opts.companyName ? { name: opts.companyName } : {})
    const hrd = await given.hrd(t, { companyId: company.id })
    const vacancy = await givenRecruitment.vacancy(t, {
      companyId: company.id,
      values: { title: opts.vacancyTitle ?? `Operator ${++seq}` },
    })
    return { company, hrd, vacancy }
  },

  /** A learner with an account and their application to the vacancy (in_progress unless told). */
  async applicant(
    t: TestContext,
    vacancyId: number,
    opts: { status?: ApplicationStatus; account?: boolean; fullName?: string; nis?: string } = {},
  ) {
    const values: Record<string, string> = {}
    if (opts.fullName) values.fullName = opts.fullName
    if (opts.nis) values.nis = opts.nis
    const learner = await given.student(t, { account: opts.account, values })
    const application = await givenRecruitment.application(t, {
      vacancyId,
      studentId: learner.studentId,
      status: opts.status ?? 'in_progress',
    })
    return { learner: learner as typeof learner & Partial<Account>, application }
  },

  /** `n` in-progress applicants of the vacancy. */
  async applicants(t: TestContext, vacancyId: number, n: number) {
    const out = []
    for (let i = 0; i < n; i++) out.push(await givenSelection.applicant(t, vacancyId))
    return out
  },

  /** A schedule row with its participants (pending validation), written directly: may lie in the past. */
  async schedule(
    t: TestContext,
    opts: {
      companyId: number
      vacancyId: number
      applicationIds: number[]
      scheduledAt?: string
      kind?: TestKind
      name?: string
      status?: 'scheduled' | 'cancelled'
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
      })
      .returning()
    const participants = opts.applicationIds.length
      ? await t.db
          .insert(testParticipants)
          .values(
            opts.applicationIds.map((applicationId) => ({ testScheduleId: schedule.id, applicationId })),
          )
          .returning()
      : []
    return { schedule, participants }
  },

  /** Sets a participant's attendance and validation straight in the table. */
  async attendance(
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
  },

  /** Moves a schedule's time (e.g. into the past, as if it had taken place). */
  async moveSchedule(t: TestContext, scheduleId: number, scheduledAt: string) {
    await t.db
      .update(testSchedules)
      .set({ scheduledAt: new Date(scheduledAt) })
      .where(eq(testSchedules.id, scheduleId))
  },

  async result(
    t: TestContext,
    applicationId: number,
    values: Partial<typeof selectionResults.$inferInsert> = {},
  ) {
    await t.db.insert(selectionResults).values({ applicationId, ...values })
  },

  async placement(
    t: TestContext,
    opts: { applicationId: number; studentId: number; companyId: number; vacancyId: number },
  ) {
    await t.db.insert(placements).values({
      applicationId: opts.applicationId,
      studentId: opts.studentId,
      companyId: opts.companyId,
      jobVacancyId: opts.vacancyId,
      position: 'Operator',
      acceptedAt: '2026-01-10',
    })
  },

  scheduleRow: async (t: TestContext, id: number) =>
    (await t.db.select().from(testSchedules).where(eq(testSchedules.id, id)))[0],

  participantsOf: (t: TestContext, scheduleId: number) =>
    t.db
      .select()
      .from(testParticipants)
      .where(eq(testParticipants.testScheduleId, scheduleId))
      .orderBy(testParticipants.applicationId),

  participantRow: async (t: TestContext, id: number) =>
    (await t.db.select().from(testParticipants).where(eq(testParticipants.id, id)))[0],

  eventsOf: (t: TestContext, applicationId: number) =>
    t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, applicationId))
      .orderBy(applicationEvents.id),

  notificationsOf: (t: TestContext, userId: number) =>
    t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id),
}
