import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.js'
import { timestamps } from './common.js'

export const departments = pgTable('departments', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text(),
  isActive: boolean().notNull().default(true),
  ...timestamps,
})

/** Competency / expertise programmes ("kompetensi keahlian"). */
export const majors = pgTable(
  'majors',
  {
    id: serial().primaryKey(),
    departmentId: integer()
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    code: text().notNull().unique(),
    name: text().notNull(),
    description: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('majors_department_idx').on(t.departmentId)],
)

export const companies = pgTable(
  'companies',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    industry: text(),
    email: text(),
    phone: text(),
    address: text(),
    city: text(),
    province: text(),
    website: text(),
    description: text(),
    isActive: boolean().notNull().default(true),
    /**
     * The company's new vacancies wait for the career center's approval: on for companies that signed up
     * through the public form (company_registrations), off for those staff created; staff switch it.
     */
    vacanciesNeedApproval: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('companies_name_idx').on(sql`lower(${t.name})`),
    // companyNameKey (src/db/company-name.ts): how a registration's or a placement's company name finds a partner.
    index('companies_name_key_idx').on(sql`regexp_replace(lower(${t.name}), '[^[:alnum:]]+', '', 'g')`),
  ],
)

export interface EducationEntry {
  level: string
  institution: string
  major?: string | null
  startYear?: number | null
  endYear?: number | null
}

export interface SocialMedia {
  linkedin?: string | null
  instagram?: string | null
  github?: string | null
  facebook?: string | null
  tiktok?: string | null
  website?: string | null
}

/** Why a learner left school without graduating: dropped out, or moved to another school. */
export const LEFT_REASONS = ['keluar', 'mutasi'] as const
export type LeftReason = (typeof LEFT_REASONS)[number]

/**
 * One record per learner. A grade-12 student has no graduation year; an alumnus has one.
 * The login account (`users`) is optional and linked one-to-one. A grade-12 student who left school
 * (`leftOn`, `leftReason`, `leftNote`) stays, for the history of their applications, but out of the
 * students' list, the pickers, graduation and the reports' cohorts.
 */
export const students = pgTable(
  'students',
  {
    id: serial().primaryKey(),
    userId: integer()
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    nis: text().notNull(),
    nisn: text(),
    fullName: text().notNull(),
    majorId: integer()
      .notNull()
      .references(() => majors.id, { onDelete: 'restrict' }),
    className: text(),
    graduationYear: smallint(),
    gender: text().$type<'L' | 'P'>(),
    birthPlace: text(),
    birthDate: date({ mode: 'string' }),
    religion: text(),
    address: text(),
    city: text(),
    province: text(),
    phone: text(),
    email: text(),
    summary: text(),
    skills: jsonb().$type<string[]>().notNull().default([]),
    education: jsonb().$type<EducationEntry[]>().notNull().default([]),
    socialMedia: jsonb().$type<SocialMedia>().notNull().default({}),
    /** The school's calendar day the learner left school (dropped out or moved); null while at school. */
    leftOn: date({ mode: 'string' }),
    leftReason: text().$type<LeftReason>(),
    leftNote: text(),
    ...timestamps,
  },
  (t) => [
    check(
      'students_left_check',
      sql`(${t.leftOn} is null) = (${t.leftReason} is null) and ${t.leftReason} in ('keluar', 'mutasi') and (${t.leftNote} is null or ${t.leftOn} is not null)`,
    ),
    // A school's NIS is one identity whatever its case: the service stores it in capitals (migration 0032 put those
    // stored before in capitals), so this exact index keeps each NIS once; two that differed only in case before
    // stay until staff merge them (docs/operations.md), and the service compares NIS without case.
    uniqueIndex('students_nis_key').on(t.nis),
    // The roster import upserts by NISN (migration 0006 cleared earlier duplicates, keeping the oldest).
    uniqueIndex('students_nisn_key').on(t.nisn),
    index('students_major_idx').on(t.majorId),
    index('students_graduation_year_idx').on(t.graduationYear),
    index('students_full_name_idx').on(sql`lower(${t.fullName})`),
  ],
)
