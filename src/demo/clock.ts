/**
 * The demo's calendar, relative to the moment it is written, so the data looks current whenever it
 * is seeded. Days are the school's (WIB, UTC+07:00); a school year runs 1 July to 30 June.
 *
 * The story of this school year reaches back at most `STORY_DAYS`. Early in a school year (fewer
 * days behind it than that) the past of the story is squeezed proportionally into the days since
 * 1 July, keeping its order, so that "this school year" on every report still holds it. It is never
 * squeezed into less than `MIN_DAYS`: in the first week of July its oldest steps fall in June.
 */
const DAY = 86_400_000
const WIB = 7 * 3_600_000
export const STORY_DAYS = 75
export const MIN_DAYS = 7

const pad = (n: number) => String(n).padStart(2, '0')

/** The school-calendar day (`YYYY-MM-DD`) of an instant. */
export const schoolDate = (t: Date) => new Date(t.getTime() + WIB).toISOString().slice(0, 10)

/** `YYYY-MM-DD` plus whole days. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

/** The instant of a school-calendar day at a wall-clock time in WIB. */
export const wib = (date: string, hour = 0, minute = 0) =>
  new Date(`${date}T${pad(hour)}:${pad(minute)}:00+07:00`)

export interface DemoClock {
  now: Date
  today: string
  /** The first year of the current school year (2026 for 2026/2027). */
  startYear: number
  /** `days` before today at hh:mm WIB (at least a minute ago), squeezed into this school year when it is young. */
  ago(days: number, hour?: number, minute?: number): Date
  /** `days` before today at hh:mm WIB, as is (last school year's story). */
  longAgo(days: number, hour?: number, minute?: number): Date
  /** `days` after today at hh:mm WIB. */
  ahead(days: number, hour?: number, minute?: number): Date
  date(t: Date): string
}

export function demoClock(now: Date): DemoClock {
  const today = schoolDate(now)
  const [y, m] = today.split('-').map(Number)
  const startYear = m >= 7 ? y : y - 1
  const behind = now.getTime() - wib(`${startYear}-07-01`).getTime()
  const squeeze = Math.min(1, Math.max(behind, MIN_DAYS * DAY) / (STORY_DAYS * DAY))
  return {
    now,
    today,
    startYear,
    ago(days, hour = 9, minute = 0) {
      const offset = Math.max(now.getTime() - wib(addDays(today, -days), hour, minute).getTime(), 60_000)
      return new Date(now.getTime() - offset * squeeze)
    },
    longAgo: (days, hour = 9, minute = 0) => wib(addDays(today, -days), hour, minute),
    ahead: (days, hour = 9, minute = 0) => wib(addDays(today, days), hour, minute),
    date: schoolDate,
  }
}

/** Whole months from one day to a later one (0 when the later is within a month). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number)
  const [ty, tm, td] = to.split('-').map(Number)
  return Math.max(0, (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0))
}
