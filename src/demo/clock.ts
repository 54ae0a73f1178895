import { DEFAULT_SCHOOL_TIME_ZONE, schoolTimeAt, wallClock } from '../db/school-day.js'

/**
 * The demo's calendar, relative to the moment it is written, so the data looks current whenever it
 * is seeded. Days and times are the school's (`SCHOOL_TIME_ZONE`; a story's test is at 09.00 on the school's
 * clock); a school year runs 1 July to 30 June.
 *
 * The story of this school year reaches back at most `STORY_DAYS`. Early in a school year (fewer
 * days behind it than that) the past of the story is squeezed proportionally into the days since
 * 1 July, keeping its order, so that "this school year" on every report still holds it. It is never
 * squeezed into less than `MIN_DAYS`: in the first week of July its oldest steps fall in June.
 */
const DAY = 86_400_000
export const STORY_DAYS = 75
export const MIN_DAYS = 7

/** The school-calendar day (`YYYY-MM-DD`) of an instant. */
const schoolDate = (t: Date, timeZone: string) => wallClock(t, timeZone).slice(0, 10)

/** `YYYY-MM-DD` plus whole days. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

export interface DemoClock {
  now: Date
  timeZone: string
  today: string
  /** The first year of the current school year (2026 for 2026/2027). */
  startYear: number
  /** `days` before today at hh:mm (at least a minute ago), squeezed into this school year when it is young. */
  ago(days: number, hour?: number, minute?: number): Date
  /** `days` before today at hh:mm, as is (last school year's story). */
  longAgo(days: number, hour?: number, minute?: number): Date
  /** `days` after today at hh:mm. */
  ahead(days: number, hour?: number, minute?: number): Date
  /** A school day at hh:mm. */
  at(date: string, hour?: number, minute?: number): Date
  date(t: Date): string
}

export function demoClock(now: Date, timeZone = DEFAULT_SCHOOL_TIME_ZONE): DemoClock {
  const at = (date: string, hour = 0, minute = 0) => schoolTimeAt(date, hour, minute, timeZone)
  const today = schoolDate(now, timeZone)
  const [y, m] = today.split('-').map(Number)
  const startYear = m >= 7 ? y : y - 1
  const behind = now.getTime() - at(`${startYear}-07-01`).getTime()
  const squeeze = Math.min(1, Math.max(behind, MIN_DAYS * DAY) / (STORY_DAYS * DAY))
  return {
    now,
    timeZone,
    today,
    startYear,
    ago(days, hour = 9, minute = 0) {
      const offset = Math.max(now.getTime() - at(addDays(today, -days), hour, minute).getTime(), 60_000)
      return new Date(now.getTime() - offset * squeeze)
    },
    longAgo: (days, hour = 9, minute = 0) => at(addDays(today, -days), hour, minute),
    ahead: (days, hour = 9, minute = 0) => at(addDays(today, days), hour, minute),
    at,
    date: (t) => schoolDate(t, timeZone),
  }
}

/** Whole months from one day to a later one (0 when the later is within a month). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number)
  const [ty, tm, td] = to.split('-').map(Number)
  return Math.max(0, (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0))
}
