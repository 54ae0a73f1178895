import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.js'
import { timestamps } from './common.js'
import { companies, majors, students } from './master-data.js'

export const JOB_TYPES = ['full_time', 'contract', 'internship', 'part_time'] as const
export type JobType = (typeof JOB_TYPES)[number]
export const VACANCY_TARGETS = ['siswa', 'alumni', 'all'] as const
export type VacancyTarget = (typeof VACANCY_TARGETS)[number]
/**
 * A vacancy's approval by the career center: `pending` and `rejected` ones are never shown to learners.
 * Only HR of a company with `vacancies_need_approval` posts pending vacancies; everything else is approved.
 */
export const APPROVAL_STATUSES = ['approved', 'pending', 'rejected'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

export const jobVacancies = pgTable(
  'job_vacancies',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    position: text().notNull(),
    description: text().notNull(),
    qualifications: text().notNull(),
    benefits: text(),
    category: text().notNull(),
    jobType: text().$type<JobType>().notNull(),
    workLocation: text(),
    city: text(),
    province: text(),
    minSalary: bigint({ mode: 'number' }),
    maxSalary: bigint({ mode: 'number' }),
    quota: integer().notNull(),
    deadline: date({ mode: 'string' }).notNull(),
    target: text().$type<VacancyTarget>().notNull().default('all'),
    isActive: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * Who posted it: an HR account of the company or career-center staff (null: unknown, for rows from
     * before 0004 without a creator or HR account). The answers read this one; `createdBy` keeps the same.
     */
    postedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Listed for learners only when `approved` (migration 0004 adds it to the list index's `listed`). */
    approvalStatus: text().$type<ApprovalStatus>().notNull().default('approved'),
    /** Why staff rejected it (null otherwise). */
    approvalReason: text(),
    /** The staff member who approved or rejected it, and when (null when no approval was needed). */
    approvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * Applications to the vacancy (every status) and the accepted ones: kept by the database's
     * trigger on `applications` (migration 0001) in the transaction that changes them, so pages read
     * them instead of counting. Quota left = greatest(quota - (accepted_count - places_freed), 0).
     */
    applicantCount: integer().notNull().default(0),
    acceptedCount: integer().notNull().default(0),
    /**
     * Places its hires gave back: their placements ended (`resigned`, `moved`) or deleted. Kept by the database's
     * trigger on `placements` (migration 0026), whose update of this row also makes such a change wait for a
     * publication of the vacancy (it holds the row). Places taken = accepted_count - places_freed: a hire who
     * declined, quit or moved lets the waiting list move up (DESIGN section 5).
     */
    placesFreed: integer().notNull().default(0),
    /**
     * The vacancy's majors as every answer shows them, `[{ id, code, name }]` in name order: kept by the
     * database's triggers (migration 0009) on `job_vacancy_majors` and `majors` in the transaction that
     * changes them, so lists read a column instead of aggregating per row. Never written by the code.
     */
    majors: json().$type<{ id: number; code: string; name: string }[]>().notNull().default(sql`'[]'::json`),
    ...timestamps,
  },
  (t) => [
    index('job_vacancies_company_idx').on(t.companyId, t.createdAt),
    index('job_vacancies_open_idx').on(t.deadline).where(sql`${t.isActive} and ${t.deletedAt} is null`),
    // The career center's approval queue: vacancies waiting, oldest first.
    index('job_vacancies_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.approvalStatus} = 'pending' and ${t.deletedAt} is null`),
  ],
)

export const jobVacancyMajors = pgTable(
  'job_vacancy_majors',
  {
    jobVacancyId: integer()
      .notNull()
      .references(() => jobVacancies.id, { onDelete: 'cascade' }),
    majorId: integer()
      .notNull()
      .references(() => majors.id, { onDelete: 'restrict' }),
    /**
     * Copies of what the student vacancy list orders and filters by, so that it reads one index
     * (`job_vacancy_majors_listed_idx`) per major: the vacancy's created_at, deadline and target, and
     * `listed` = the vacancy is active, approved and not deleted and its company is active. Written only by the
     * database's triggers (migration 0001) on this table, job_vacancies and companies; never by the code.
     * The deadline cannot be part of a partial index (CURRENT_DATE moves), so the list filters it.
     */
    vacancyCreatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    vacancyDeadline: date({ mode: 'string' }),
    vacancyTarget: text().$type<VacancyTarget>(),
    listed: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.jobVacancyId, t.majorId] }),
    index('job_vacancy_majors_major_idx').on(t.majorId),
    // The student list: the open vacancies of one major in list order, with what it filters by.
    index('job_vacancy_majors_listed_idx')
      .on(
        t.majorId,
        t.vacancyCreatedAt.desc().nullsFirst(),
        t.jobVacancyId.desc().nullsFirst(),
        t.vacancyDeadline,
        t.vacancyTarget,
      )
      .where(sql`${t.listed}`),
  ],
)

export const FILE_CATEGORIES = [
  'certificate',
  'award',
  'cv',
  'transcript',
  'other',
  'decision_letter',
] as const
export type FileCategory = (typeof FILE_CATEGORIES)[number]

/** Uploaded files (portfolio, decision letters). Bytes live in storage under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: serial().primaryKey(),
    /** The learner a portfolio file belongs to (or the applicant a decision letter is for). */
    studentId: integer().references(() => students.id, { onDelete: 'cascade' }),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    category: text().$type<FileCategory>().notNull(),
    title: text().notNull(),
    originalName: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    /**
     * The bytes' SHA-256 (hex), kept for decision letters since migration 0028: a score save retried with the
     * same letter is told from a new letter without reading the stored bytes. Null for older rows and others.
     */
    sha256: text(),
    storageKey: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_student_idx').on(t.studentId, t.category)],
)

/**
 * Stored bytes owed a removal: a file's row deleted (written by the `files` delete trigger, migration 0022, in
 * the transaction that deletes it, cascades included), or an upload whose transaction failed. Removed from the
 * storage right after the commit, and by the sweep (src/modules/files/service.ts) until the storage confirms: a
 * learner's deleted CV does not stay in the storage for good because the storage failed once.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    storageKey: text().primaryKey(),
    attempts: integer().notNull().default(0),
    /** Not tried again before then (after a failed try). */
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_deletions_due_idx').on(t.dueAt)],
)

export const APPLICATION_STATUSES = ['pending', 'in_progress', 'accepted', 'rejected', 'withdrawn'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]
/** The statuses of an application still in the selection: not withdrawn, not decided. */
export const IN_SELECTION = ['pending', 'in_progress'] as const satisfies readonly ApplicationStatus[]
export const REVIEW_DECISIONS = ['lolos', 'tidak_lolos'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]

export const applications = pgTable(
  'applications',
  {
    id: serial().primaryKey(),
    jobVacancyId: integer()
      .notNull()
      .references(() => jobVacancies.id, { onDelete: 'restrict' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    /** siswa or alumni at the time of applying. */
    applicantRole: text().$type<'siswa' | 'alumni'>().notNull(),
    status: text().$type<ApplicationStatus>().notNull().default('pending'),
    coverLetter: text(),
    reviewDecision: text().$type<ReviewDecision>(),
    reviewNotes: text(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    /**
     * Withdrawn by the school, not by the learner (recorded as having left school, "Keluar/Mutasi"). Such an
     * application does not bar a new one to the same vacancy (the unique key leaves it out): a learner put back
     * after a mistake applies again.
     */
    withdrawnBySchool: boolean().notNull().default(false),
    /**
     * History, not an applicant: withdrawn by the school, then followed by a later application of the same learner
     * to the same vacancy (set by the trigger `applications_supersede_earlier`, migration 0034). Left out of every
     * count of applicants (the vacancy's `applicant_count`, HR's list and statistics, monitoring, the reports and
     * the dashboard); the learner's own history and a read by id keep it.
     */
    superseded: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('applications_vacancy_student_key')
      .on(t.jobVacancyId, t.studentId)
      .where(sql`not ${t.withdrawnBySchool}`),
    // review_decision rides along so the recruitment report counts every application per vacancy
    // (status, passed review) from this small index alone, in vacancy order (no hashing).
    // superseded rides along in the three indexes below so the counts that leave it out stay index-only.
    index('applications_vacancy_status_idx').on(t.jobVacancyId, t.status, t.reviewDecision, t.superseded),
    index('applications_student_idx').on(t.studentId, t.createdAt),
    // HR's applicant list: a company's newest applications (the ids and their order) from the index alone.
    index('applications_vacancy_created_idx').on(t.jobVacancyId, t.createdAt, t.id, t.superseded),
    // Reports and the dashboard: applications of a period (school year, date range) counted from the
    // index alone (vacancy, status, review and applicant ride along), the newest first, the first of
    // each school year (report options).
    index('applications_created_idx').on(
      t.createdAt,
      t.jobVacancyId,
      t.status,
      t.reviewDecision,
      t.studentId,
      t.superseded,
    ),
  ],
)

/** Portfolio files attached to an application when it was submitted. */
export const applicationFiles = pgTable(
  'application_files',
  {
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.fileId] }),
    index('application_files_file_idx').on(t.fileId),
  ],
)

/** The application's timeline: one row per stage change, never updated. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    stage: text().notNull(),
    status: text().notNull(),
    notes: text(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorName: text(),
    /** Hidden from the applicant until published (e.g. draft selection results). */
    visibleToApplicant: boolean().notNull().default(true),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.at)],
)

export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
)
