import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
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
    attendanceStatus: text().$type<AttendanceStatus>(),
    attendanceNotes: text(),
    markedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp({ withTimezone: true }),
    validationStatus: text().$type<ValidationStatus>().notNull().default('pending'),
    validationNotes: text(),
    validatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    validatedAt: timestamp({ withTimezone: true }),
    score: numeric({ precision: 5, scale: 2, mode: 'number' }),
    lastRemindedAt: timestamp({ withTimezone: true }),
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
    /** A worker sending the e-mail holds it until then; a crashed worker's claim lapses. */
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

export const placements = pgTable(
  'placements',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .unique()
      .references(() => applications.id, { onDelete: 'restrict' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    jobVacancyId: integer()
      .notNull()
      .references(() => jobVacancies.id, { onDelete: 'restrict' }),
    position: text().notNull(),
    acceptedAt: date({ mode: 'string' }).notNull(),
    startDate: date({ mode: 'string' }),
    status: text().$type<PlacementStatus>().notNull().default('active'),
    notes: text(),
    ...timestamps,
  },
  (t) => [
    index('placements_company_idx').on(t.companyId, t.acceptedAt),
    index('placements_student_idx').on(t.studentId),
    // Dashboard: placements of this school year, the latest ones.
    index('placements_accepted_idx').on(t.acceptedAt),
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
  },
  (t) => [
    uniqueIndex('tracer_studies_current_key').on(t.studentId).where(sql`${t.isCurrent}`),
    uniqueIndex('tracer_studies_version_key').on(t.studentId, t.version),
  ],
)
