// The school's time zone (`SCHOOL_TIME_ZONE`), as the server writes it into the page (src/http/web.ts):
// every date and time the client shows, and every time a person types, is on the school's clock, not the
// browser's.

const META = 'bursa-school-time-zone'
const DEFAULT_ZONE = 'Asia/Jakarta'

export const schoolTimeZone: string =
  (typeof document !== 'undefined' &&
    document.querySelector<HTMLMetaElement>(`meta[name="${META}"]`)?.content) ||
  DEFAULT_ZONE

/** The zone's short name in Indonesian (WIB, WITA, WIT; elsewhere e.g. "GMT+1"). */
export function zoneName(timeZone = schoolTimeZone, at = new Date()): string {
  const parts = new Intl.DateTimeFormat('id-ID', { timeZone, timeZoneName: 'short' }).formatToParts(at)
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone
}
