import { type SQLWrapper, sql } from 'drizzle-orm'
import type { Conn } from './client.js'

/**
 * The school's calendar: every date rule (a vacancy is open through its deadline day, a placement is
 * accepted on a day, a report's "this week" and school year, a test without a duration runs to the end of
 * its day, a date filter's days) follows `SCHOOL_TIME_ZONE` (docs/decisions.md, "The school's day").
 *
 * In SQL the zone is a setting of the session, `bursa.school_time_zone`, which each connection of the
 * service's pool carries from its start (`connectionOptions`): the statements stay the same text whatever
 * the zone (prepared once), and two apps on two zones in one process (the tests) each get their own. A
 * session without it (psql, a script) reads WIB, the default.
 */
export const DEFAULT_SCHOOL_TIME_ZONE = 'Asia/Jakarta'

const SETTING = 'bursa.school_time_zone'

/** The startup options that give a connection the school's time zone (node-postgres' `options`). */
export const connectionOptions = (zone: string) => `-c ${SETTING}=${zone}`

/** The school's time zone as the session knows it. */
const zone = sql.raw(`coalesce(current_setting('${SETTING}', true), '${DEFAULT_SCHOOL_TIME_ZONE}')`)

/**
 * Today in the school's time zone, as a `date`: the database's clock, one for every instance. Not
 * `current_date`, which follows the session's `TimeZone` (UTC on the embedded server, anything on an
 * external one): with it, a vacancy stayed open until 07:00 WIB of the day after its deadline.
 */
export const schoolToday = sql<string>`((now() at time zone ${zone})::date)`

/** The school's calendar day of an instant (`timestamptz` expression), as a `date`. */
export const schoolDayOf = (instant: SQLWrapper) => sql<string>`((${instant}) at time zone ${zone})::date`

/** The first instant of a school day (`date` expression), as a `timestamptz`. */
export const schoolDayStartOf = (day: SQLWrapper) => sql<Date>`((${day})::timestamp at time zone ${zone})`

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** How far the zone's wall clock is ahead of UTC at an instant (ms since the epoch). */
function offsetAt(ms: number, timeZone: string): number {
  let f = offsetFormats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    offsetFormats.set(timeZone, f)
  }
  const p: Record<string, number> = {}
  for (const part of f.formatToParts(ms)) p[part.type] = Number(part.value)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000
}

/** The instant of a wall-clock time on a school calendar day (`YYYY-MM-DD`) in `timeZone`. */
export function schoolTimeAt(date: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number)
  const asUtc = Date.UTC(y, m - 1, d, hour, minute)
  // The offset at the wall clock read as UTC, then at the instant that gives (a daylight-saving change between).
  return new Date(asUtc - offsetAt(asUtc - offsetAt(asUtc, timeZone), timeZone))
}

/**
 * The first instant of a school calendar day (`YYYY-MM-DD`) in `timeZone`, computed here: date filters bind
 * it as a value, which PostgreSQL compares on an index and estimates, where an expression of the session's
 * setting would be evaluated on every row.
 */
export const schoolDayStart = (date: string, timeZone: string) => schoolTimeAt(date, 0, 0, timeZone)

/** The first instant after a school calendar day (`YYYY-MM-DD`) in `timeZone`. */
export function schoolDayEnd(date: string, timeZone: string) {
  const [y, m, d] = date.split('-').map(Number)
  return schoolDayStart(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10), timeZone)
}

const zoneNames = new Map<string, Intl.DateTimeFormat>()

/** The zone's short name in Indonesian at `at` (WIB, WITA, WIT; elsewhere e.g. "GMT+1"). */
export function zoneName(timeZone: string, at = new Date()) {
  let f = zoneNames.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('id-ID', { timeZone, timeZoneName: 'short' })
    zoneNames.set(timeZone, f)
  }
  return f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone
}

const wallClocks = new Map<string, Intl.DateTimeFormat>()

/** An instant as the school's wall clock, `YYYY-MM-DD HH:mm` (for a table's cell; Swedish writes it so). */
export function wallClock(at: string | Date, timeZone: string) {
  let f = wallClocks.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    wallClocks.set(timeZone, f)
  }
  return f.format(typeof at === 'string' ? new Date(at) : at)
}

/**
 * Fails, with the reason, when the connections of `db` do not carry `timeZone` (a pooler that drops startup
 * options) or PostgreSQL does not know it (its own time zone database can lag the one Node's ICU has).
 */
export async function checkSchoolTimeZone(db: Conn, timeZone: string) {
  let carried: string | null
  try {
    const r = await db.execute<{ zone: string | null }>(
      sql`select current_setting(${SETTING}, true) as zone, now() at time zone ${zone} as now`,
    )
    carried = (r as unknown as { rows: { zone: string | null }[] }).rows[0].zone
  } catch (err) {
    // The ORM wraps the driver's error ("Failed query: …"); PostgreSQL's own words are its cause.
    const reason = ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message
    if (!/time zone .* not recognized/.test(reason)) throw err
    throw new Error(
      `SCHOOL_TIME_ZONE: PostgreSQL does not know the time zone ${JSON.stringify(timeZone)} (${reason})`,
    )
  }
  if (carried !== timeZone)
    throw new Error(
      `SCHOOL_TIME_ZONE: the database's sessions read the time zone ${JSON.stringify(carried)}, not ${JSON.stringify(timeZone)}: a pooler between the service and PostgreSQL drops the connection's startup options. Set it on the database instead: ALTER DATABASE <name> SET ${SETTING} = '${timeZone}'`,
    )
}
