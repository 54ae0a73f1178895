// A time a person types, read on the school's clock. Its own module: the schedule form (HR's screens) is
// its only user, so dayjs' time-zone plugins stay out of the first page's script.
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import { schoolTimeZone } from './school-zone'

dayjs.extend(utc)
dayjs.extend(timezone)

/** A wall-clock time typed in the zone (`YYYY-MM-DDTHH:mm`) as an ISO instant. */
export const wallClockToIso = (local: string, timeZone = schoolTimeZone): string =>
  dayjs.tz(local.replace('T', ' '), timeZone).toISOString()

/** An ISO instant as the schedule form holds it: its day and time on the zone's clock. */
export function wallClockOf(iso: string, timeZone = schoolTimeZone): { date: string; time: string } {
  const at = dayjs(iso).tz(timeZone)
  return { date: at.format('YYYY-MM-DD'), time: at.format('HH:mm') }
}
