import { pageSetting } from './page-setting'

// The school's time zone (`SCHOOL_TIME_ZONE`), as the server writes it into the page (src/http/web.ts):
// every date and time the client shows, and every time a person types, is on the school's clock, not the
// browser's.

const META = 'bursa-school-time-zone'
const DEFAULT_ZONE = 'Asia/Jakarta'

export const schoolTimeZone: string = pageSetting(META) || DEFAULT_ZONE

/** The zone's short name in Indonesian (WIB, WITA, WIT; elsewhere e.g. "GMT+1"). */
export function zoneName(timeZone = schoolTimeZone, at = new Date()): string {
  const parts = new Intl.DateTimeFormat('id-ID', { timeZone, timeZoneName: 'short' }).formatToParts(at)
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone
}

/**
 * The graduation year to propose: the school's current calendar year. A class graduates in June, so from July
 * to December it is the June just passed, and from January to June the coming one (the service refuses a later
 * year). Read on the school's clock, not the browser's.
 */
export function graduationYearNow(timeZone = schoolTimeZone, at = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at))
}
