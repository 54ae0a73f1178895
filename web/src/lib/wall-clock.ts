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
