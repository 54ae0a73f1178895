import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { type SQLWrapper, sql } from 'drizzle-orm'
import type { Conn } from './client.js'

dayjs.extend(utc)
dayjs.extend(timezone)

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

/** Today on the school's calendar (`YYYY-MM-DD`), read from the database's clock as `schoolToday` is. */
export async function readSchoolToday(conn: Conn): Promise<string> {
  const [row] = await conn
    .select({ today: sql<string>`${schoolToday}::text` })
    .from(sql`(values (1)) as one (x)`)
  return row.today
}

/** The school's calendar day of an instant (`timestamptz` expression), as a `date`. */
export const schoolDayOf = (instant: SQLWrapper) => sql<string>`((${instant}) at time zone ${zone})::date`

/** The first instant of a school day (`date` expression), as a `timestamptz`. */
export const schoolDayStartOf = (day: SQLWrapper) => sql<Date>`((${day})::timestamp at time zone ${zone})`

/** The instant of a wall-clock time on a school calendar day (`YYYY-MM-DD`) in `timeZone`. */
export const schoolTimeAt = (date: string, hour: number, minute: number, timeZone: string) =>
  dayjs.tz(`${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, timeZone).toDate()

/**
 * The first instant of a school calendar day (`YYYY-MM-DD`) in `timeZone`, computed here: date filters bind
 * it as a value, which PostgreSQL compares on an index and estimates, where an expression of the session's
 * setting would be evaluated on every row.
 */
export const schoolDayStart = (date: string, timeZone: string) => dayjs.tz(date, timeZone).toDate()

/** The first instant after a school calendar day (`YYYY-MM-DD`) in `timeZone`. */
export const schoolDayEnd = (date: string, timeZone: string) =>
  schoolDayStart(dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD'), timeZone)

const formats = new Map<string, Intl.DateTimeFormat>()

/** One `Intl.DateTimeFormat` per locale and options, made on first use (making one costs far more than using it). */
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let f = formats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options)
    formats.set(key, f)
  }
  return f
}

/** The zone's short name in Indonesian at `at` (WIB, WITA, WIT; elsewhere e.g. "GMT+1"). */
export const zoneName = (timeZone: string, at = new Date()) =>
  format('id-ID', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone

/**
 * "Rabu, 15 Juli 2026 pukul 08.00 WITA" (`full`) or "15 Juli 2026 pukul 08.00 WITA" (`long`): an instant on
 * the school's clock, in Indonesian, with the zone's name.
 */
export const schoolTimeText = (at: Date, timeZone: string, dateStyle: 'full' | 'long') =>
  `${format('id-ID', { dateStyle, timeStyle: 'short', timeZone }).format(at)} ${zoneName(timeZone, at)}`

/** A calendar date (`YYYY-MM-DD`) as Indonesian writes it: "21 September 2026". */
export const dateText = (day: string) =>
  format('id-ID', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))

/** An instant on the school's clock as a file name's stamp: `YYYY-MM-DD-HHmmss`. */
export const schoolClockStamp = (at: Date, timeZone: string) =>
  dayjs(at).tz(timeZone).format('YYYY-MM-DD-HHmmss')

/** An instant as the school's wall clock, `YYYY-MM-DD HH:mm` (for a table's cell; Swedish writes it so). */
export const wallClock = (at: string | Date, timeZone: string) =>
  format('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(typeof at === 'string' ? new Date(at) : at)

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
