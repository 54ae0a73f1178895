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

/** How far the zone's wall clock is ahead of UTC at an instant (ms). */
function offsetAt(ms: number, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]))
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000
}

/** A wall-clock time typed in the zone (`YYYY-MM-DDTHH:mm`) as an ISO instant. */
export function wallClockToIso(local: string, timeZone = schoolTimeZone): string {
  const asUtc = Date.parse(`${local}:00Z`)
  // The offset at the guess, then at the instant it gives (a daylight-saving change in between).
  const first = asUtc - offsetAt(asUtc, timeZone)
  return new Date(asUtc - offsetAt(first, timeZone)).toISOString()
}
