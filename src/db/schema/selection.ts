import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.js'
import { timestamps } from './common.js'
import { companies, students } from './master-data.js'
import { applications, files, jobVacancies } from './recruitment.js'

export const TEST_KINDS = ['psikotes', 'tes_tulis', 'praktik', 'wawancara', 'mcu'] as const
export type TestKind = (typeof TEST_KINDS)[number]

export const testSchedules = pgTable(
  'test_schedules',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    jobVacancyId: integer()
      .notNull()
      .references(() => jobVacancies.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    kind: text().$type<TestKind>().notNull(),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer(),
    location: text().notNull(),
    description: text(),
    minimumScore: numeric({ precision: 5, scale: 2, mode: 'number' }),
    status: text().$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The calendar invitation's SEQUENCE: raised when the time or the place changes (and on cancelling). */
    sequence: integer().notNull().default(0),
    /**
     * The host its invitations' UIDs name (`PUBLIC_URL`'s when it was made), so a later change of the setting
     * does not give the test a new identity in every calendar. Migration 0019 gave older tests the host of their
     * first invitation (from the outbox); null for one never e-mailed, which reads the setting as it is.
     */
    calendarHost: text(),
    /** HMAC key of the rotating check-in codes, made on first use (src/modules/check-in). */
    checkInSecret: text(),
    ...timestamps,
  },
  (t) => [
    index('test_schedules_company_idx').on(t.companyId, t.scheduledAt),
    index('test_schedules_vacancy_idx').on(t.jobVacancyId),
    // Attendance report and the dashboard: tests of a period, of this week.
    index('test_schedules_scheduled_idx').on(t.scheduledAt),
  ],
)

export const ATTENDANCE_STATUSES = ['hadir', 'izin', 'alpa'] as const
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number]
export const VALIDATION_STATUSES = ['pending', 'verified', 'rejected'] as const
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number]

/** A participant of a test: also the attendance record that career-center staff validate. */
export const testParticipants = pgTable(
  'test_participants',
  {
    id: serial().primaryKey(),
    testScheduleId: integer()
      .notNull()
      .references(() => testSchedules.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The attendance as the career center finds it: the mark below, or their correction of it. */
    attendanceStatus: text().$type<AttendanceStatus>(),
    attendanceNotes: text(),
    /**
     * The attendance as marked (by HR, or `hadir` by the participant's check-in), kept when the career center
     * corrects `attendanceStatus`: the evidence of who said what. Null when unmarked, or for a record validated
     * before it was kept (migration 0031).
     */
    markedStatus: text().$type<AttendanceStatus>(),
    markedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp({ withTimezone: true }),
    validationStatus: text().$type<ValidationStatus>().notNull().default('pending'),
    validationNotes: text(),
    validatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    validatedAt: timestamp({ withTimezone: true }),
    score: numeric({ precision: 5, scale: 2, mode: 'number' }),
    lastRemindedAt: timestamp({ withTimezone: true }),
    /** When the participant checked in themselves with the test's code (the evidence of that `hadir`). */
    checkedInAt: timestamp({ withTimezone: true }),
    /**
     * When the participant's application left the selection (withdrawn, decided) before the test began: they
     * took no part in it, and have no attendance to validate unless HR marks one anyway.
     */
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_participants_schedule_application_key').on(t.testScheduleId, t.applicationId),
    index('test_participants_application_idx').on(t.applicationId),
    index('test_participants_validation_idx').on(t.validationStatus, t.createdAt),
  ],
)

/** One press of "remind" (all or one participant): the unit that is never delivered twice. */
export const reminders = pgTable('reminders', {
  id: serial().primaryKey(),
  testScheduleId: integer()
    .notNull()
    .references(() => testSchedules.id, { onDelete: 'cascade' }),
  requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Transactional outbox of one reminder to one participant; the worker marks what it delivered. */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: serial().primaryKey(),
    reminderId: integer()
      .notNull()
      .references(() => reminders.id, { onDelete: 'cascade' }),
    participantId: integer()
      .notNull()
      .references(() => testParticipants.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    notifiedAt: timestamp({ withTimezone: true }),
    emailSentAt: timestamp({ withTimezone: true }),
    /**
     * A worker sending the e-mail holds it until then (a crashed worker's claim lapses); after a failed try,
     * it is not due again before then.
     */
    emailClaimedUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_deliveries_reminder_participant_key').on(t.reminderId, t.participantId),
    index('reminder_deliveries_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.notifiedAt} is null or ${t.emailSentAt} is null`),
  ],
)

export const SELECTION_DECISIONS = ['pending', 'diterima', 'tidak_diterima', 'cadangan'] as const
export type SelectionDecision = (typeof SELECTION_DECISIONS)[number]

export const selectionResults = pgTable(
  'selection_results',
  {
    applicationId: integer()
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    psychotestScore: numeric({ precision: 5, scale: 2, mode: 'number' }),
    interviewScore: numeric({ precision: 5, scale: 2, mode: 'number' }),
    mcuScore: numeric({ precision: 5, scale: 2, mode: 'number' }),
    finalScore: numeric({ precision: 5, scale: 2, mode: 'number' }),
    notes: text(),
    decision: text().$type<SelectionDecision>().notNull().default('pending'),
    letterFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    isPublished: boolean().notNull().default(false),
    publishedAt: timestamp({ withTimezone: true }),
    scoredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('selection_results_published_idx').on(t.isPublished)],
)

export const PLACEMENT_STATUSES = ['active', 'contract_extended', 'permanent', 'moved', 'resigned'] as const
export type PlacementStatus = (typeof PLACEMENT_STATUSES)[number]

/**
 * Where a placement comes from: `bursa`, opened by publishing an accepted application; `outside`, a hire
 * found without a bursa application, recorded by career-center staff or by the employer's HR.
 */
export const PLACEMENT_SOURCES = ['bursa', 'outside'] as const
export type PlacementSource = (typeof PLACEMENT_SOURCES)[number]

export const placements = pgTable(
  'placements',
  {
    id: serial().primaryKey(),
    /** The accepted application; null for a placement found outside bursa. */
    applicationId: integer()
      .unique()
      .references(() => applications.id, { onDelete: 'restrict' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    /** The partner company; null when the employer is not a partner (then `companyName`). */
    companyId: integer().references(() => companies.id, { onDelete: 'restrict' }),
    /** The employer's name when it is not a partner company (outside placements only). */
    companyName: text(),
    /** The vacancy applied to; null for a placement found outside bursa. */
    jobVacancyId: integer().references(() => jobVacancies.id, { onDelete: 'restrict' }),
    source: text().$type<PlacementSource>().notNull().default('bursa'),
    position: text().notNull(),
    acceptedAt: date({ mode: 'string' }).notNull(),
    startDate: date({ mode: 'string' }),
    status: text().$type<PlacementStatus>().notNull().default('active'),
    /**
     * The school day HR last set the status directly (resigned, permanent, …); null while only follow-ups
     * have. A follow-up whose mark falls before it does not take the placement's status back.
     */
    statusSetAt: date({ mode: 'string' }),
    notes: text(),
    /** Who recorded an outside placement (staff or HR); null for bursa placements. */
    recordedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Soft delete (outside placements only): the row and its follow-ups stay, every reader skips it. */
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('placements_company_idx').on(t.companyId, t.acceptedAt),
    index('placements_student_idx').on(t.studentId),
    // Dashboard: placements of this school year, the latest ones.
    index('placements_accepted_idx').on(t.acceptedAt),
    // A bursa placement has its application and vacancy (and a partner company); an outside one neither.
    check(
      'placements_source_check',
      sql`(${t.source} = 'bursa' and ${t.applicationId} is not null and ${t.jobVacancyId} is not null and ${t.companyId} is not null) or (${t.source} = 'outside' and ${t.applicationId} is null and ${t.jobVacancyId} is null)`,
    ),
    // The employer: a partner company or a name, exactly one of them.
    check('placements_company_check', sql`num_nonnulls(${t.companyId}, ${t.companyName}) = 1`),
  ],
)

/** Follow-ups of a placement at 3, 6 and 12 months. */
export const placementCheckins = pgTable(
  'placement_checkins',
  {
    id: serial().primaryKey(),
    placementId: integer()
      .notNull()
      .references(() => placements.id, { onDelete: 'cascade' }),
    monthMark: smallint().notNull(),
    status: text().$type<PlacementStatus>().notNull(),
    notes: text(),
    recordedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('placement_checkins_mark_key').on(t.placementId, t.monthMark)],
)

export const CAREER_STATUSES = ['bekerja', 'wirausaha', 'lanjut_studi', 'mencari_kerja'] as const
export type CareerStatus = (typeof CAREER_STATUSES)[number]
export const JOB_FITS = ['sangat_sesuai', 'sesuai', 'kurang_sesuai', 'tidak_sesuai'] as const
export type JobFit = (typeof JOB_FITS)[number]

/** Tracer study answers: one current row per alumnus, earlier versions kept. */
export const tracerStudies = pgTable(
  'tracer_studies',
  {
    id: serial().primaryKey(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    isCurrent: boolean().notNull().default(true),
    careerStatus: text().$type<CareerStatus>().notNull(),
    institutionName: text(),
    jobTitle: text(),
    sector: text(),
    city: text(),
    province: text(),
    startingSalary: bigint({ mode: 'number' }),
    waitingPeriodMonths: integer(),
    jobFit: text().$type<JobFit>(),
    startDate: date({ mode: 'string' }),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The staff member who entered this version on the alumnus's behalf; null = the alumnus herself. */
    enteredBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('tracer_studies_current_key').on(t.studentId).where(sql`${t.isCurrent}`),
    uniqueIndex('tracer_studies_version_key').on(t.studentId, t.version),
  ],
)
