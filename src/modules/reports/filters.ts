import { and, type SQL, sql } from 'drizzle-orm'
import { schoolDayEnd, schoolDayStart } from '../../db/school-day.js'
import { backwardsRange, invalidField, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import type { ReportQuery } from './schemas.js'

// The school's calendar: days, school years and "today" are those of SCHOOL_TIME_ZONE (src/db/school-day.ts).

/** The first year of the school year a date falls in (July to June): 2026-06-30 → 2025, 2026-07-01 → 2026. */
export const schoolYearStartOf = (date: SQL) =>
  sql`(extract(year from ${date})::int - (extract(month from ${date}) < 7)::int)`

export interface SchoolYear {
  /** `2025/2026` */
  label: string
  startYear: number
  endYear: number
  /** 1 July of the first year and 30 June of the second, inclusive. */
  from: string
  to: string
}

/** The filters of a report, checked: the period is what date-based reports look at. */
export interface ReportFilters {
  schoolYear: SchoolYear | null
  majorId: number | null
  dateFrom: string | null
  dateTo: string | null
  /**
   * The school year and the date range together (their intersection), both ends inclusive;
   * null ends are open. Used by the reports that filter by a date (recruitment, attendance).
   */
  period: { from: string | null; to: string | null }
  /** `SCHOOL_TIME_ZONE`: the days of the dates above. */
  timeZone: string
}

const invalid = (field: string, id: string, en: string) => invalidField(field, msg(id, en))

/** `2025/2026` → the school year 1 July 2025 .. 30 June 2026; anything else is a 422 on `school_year`. */
export function parseSchoolYear(value: string): SchoolYear {
  const m = /^(\d{4})\/(\d{4})$/.exec(value)
  if (!m)
    return invalid(
      'school_year',
      'harus berformat TTTT/TTTT, mis. 2025/2026',
      'must be written YYYY/YYYY, e.g. 2025/2026',
    )
  const startYear = Number(m[1])
  const endYear = Number(m[2])
  if (startYear < 1900 || startYear > 2999)
    return invalid(
      'school_year',
      'tahun harus antara 1900 dan 2999',
      'the year must be between 1900 and 2999',
    )
  if (endYear !== startYear + 1)
    return invalid(
      'school_year',
      `tahun kedua harus tahun setelah tahun pertama (${startYear}/${startYear + 1})`,
      `the second year must follow the first (${startYear}/${startYear + 1})`,
    )
  return {
    label: `${startYear}/${endYear}`,
    startYear,
    endYear,
    from: `${startYear}-07-01`,
    to: `${endYear}-06-30`,
  }
}

const later = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b))
const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b))

export function reportFilters(q: ReportQuery, timeZone: string): ReportFilters {
  const schoolYear = q.school_year !== undefined ? parseSchoolYear(q.school_year) : null
  const dateFrom = q.date_from ?? null
  const dateTo = q.date_to ?? null
  if (dateFrom && dateTo && dateTo < dateFrom)
    unprocessable(msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), {
      date_to: [backwardsRange('date_from')],
    })
  return {
    schoolYear,
    majorId: q.major_id ?? null,
    dateFrom,
    dateTo,
    period: {
      from: later(schoolYear?.from ?? null, dateFrom),
      to: earlier(schoolYear?.to ?? null, dateTo),
    },
    timeZone,
  }
}

export type Range = { from: string | null; to: string | null }

/**
 * A `timestamptz` expression within the school-calendar days `from`..`to` (inclusive) of `timeZone`: the
 * bounds are instants bound as values, so an index takes them and the planner estimates them.
 */
export function instantIn(column: SQL, r: Range, timeZone: string): SQL | undefined {
  return and(
    r.from ? sql`${column} >= ${schoolDayStart(r.from, timeZone).toISOString()}::timestamptz` : undefined,
    r.to ? sql`${column} < ${schoolDayEnd(r.to, timeZone).toISOString()}::timestamptz` : undefined,
  )
}

/** A `date` expression within `from`..`to` (inclusive). */
export function dayIn(column: SQL, r: Range): SQL | undefined {
  return and(
    r.from ? sql`${column} >= ${r.from}::date` : undefined,
    r.to ? sql`${column} <= ${r.to}::date` : undefined,
  )
}

/** `where` of the parts given (`true` when none). */
export const whereAll = (...parts: (SQL | undefined)[]) => sql`where ${and(sql`true`, ...parts)}`

/** The filters as the answer echoes them (camelCase), with the period the dates were read in. */
export function filtersOut(f: ReportFilters) {
  return {
    schoolYear: f.schoolYear?.label ?? null,
    majorId: f.majorId,
    dateFrom: f.dateFrom,
    dateTo: f.dateTo,
    period: f.period,
  }
}

/** The codes the master data accepts (`Code` in src/modules/master-data/departments.schemas.ts). */
const SAFE_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/

/**
 * A major in a download's file name: `jurusan-TKJ`, by its code as the school knows it. Codes are unique
 * and written in letters, digits, `.`, `_` and `-` (stored in capitals), so the name is safe on every
 * system and tells one major from another. A code the form would refuse (a row written before the rule,
 * or by hand) is not put in a file name: `jurusan-#<id>` instead, whose `#` no code holds.
 */
export const majorInFileName = (major: { id: number; code: string }) =>
  `jurusan-${SAFE_CODE.test(major.code) ? major.code : `#${major.id}`}`

/** `laporan-rekrutmen_2025-2026_jurusan-TKJ_dari-2025-08-01_sampai-2025-12-31` */
export function fileStem(
  report: string,
  f: ReportFilters,
  major: { id: number; code: string } | null,
): string {
  const parts = [`laporan-${report}`]
  if (f.schoolYear) parts.push(`${f.schoolYear.startYear}-${f.schoolYear.endYear}`)
  if (major) parts.push(majorInFileName(major))
  if (f.dateFrom) parts.push(`dari-${f.dateFrom}`)
  if (f.dateTo) parts.push(`sampai-${f.dateTo}`)
  return parts.join('_')
}
