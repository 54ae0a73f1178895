import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

dayjs.extend(utc)
dayjs.extend(timezone)

/**
 * The iCalendar invitation of one participant to one test (RFC 5545/5546), made by ical-generator: never
 * written by hand. `REQUEST` invites or updates; `CANCEL` takes the event out of the participant's calendar
 * (the test was cancelled, or they no longer take part).
 */
export type CalendarMethod = 'REQUEST' | 'CANCEL'

export interface TestEvent {
  scheduleId: number
  applicationId: number
  /** `test_schedules.sequence`: raised when the time or the place changes, so calendars take the update. */
  sequence: number
  /** `test_schedules.calendar_host`: the UID's host (null: `PUBLIC_URL`'s). */
  calendarHost: string | null
  title: string
  startsAt: Date
  /** Without a duration the event has no end (the test's length is unknown). */
  durationMinutes: number | null
  location: string
  description: string
  /** The participant, when known: their calendar matches the invitation to them. */
  attendee: { name: string; email: string } | null
}

export interface CalendarSettings {
  /** The school's time zone (`SCHOOL_TIME_ZONE`): DTSTART/DTEND are written in it, with its VTIMEZONE. */
  timeZone: string
  /** The web client's address (`PUBLIC_URL`): the event links to the application; its host ends the UID. */
  publicUrl: string
  /** The sender of the e-mails (`SMTP_FROM`, `Name <address>`): the invitation's organizer. */
  from: string
}

/**
 * The event's UID: one per participant (application) and schedule, the same in every e-mail, reminder and
 * download, so a calendar updates or removes the event it already has instead of adding another. Its host is
 * the one the schedule keeps from when it was made (`calendarHost`): a school that changes `PUBLIC_URL` (a new
 * domain) gave every test already in calendars a new identity, so its next change was added beside it and its
 * cancellation removed nothing. Tests made before the host was kept read the setting.
 */
export function invitationUid(
  e: { scheduleId: number; applicationId: number; calendarHost: string | null },
  publicUrl: string,
) {
  return `bursa-test-${e.scheduleId}-application-${e.applicationId}@${e.calendarHost ?? calendarHostOf(publicUrl)}`
}

/** The host a new schedule keeps for its invitations' UIDs. */
export const calendarHostOf = (publicUrl: string) => new URL(publicUrl).hostname

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const UNQUOTABLE_CONTROLS = /[\u0000-\u001f\u007f]+/g

/**
 * A name as an iCalendar parameter value (`CN="…"`). RFC 5545 has no escapes inside a quoted value, and
 * ical-generator writes some anyway (`\"`, `\n`, a doubled backslash), which a calendar shows as typed or
 * cuts off at. So a double quote becomes a single quote, a line break or other control character a space, and
 * a backslash a slash.
 */
const quotable = (name: string) =>
  name.replaceAll('"', "'").replace(UNQUOTABLE_CONTROLS, ' ').replaceAll('\\', '/')

/** `Name <address>` (or a bare address) as the organizer. */
function organizerOf(from: string) {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from)
  if (m) return { name: m[1].trim() || 'Bursa Kerja Khusus', email: m[2].trim() }
  return { name: 'Bursa Kerja Khusus', email: from.trim() }
}

/** The `.ics` text of one participant's test, to send (`text/calendar; method=…`) or download. */
export function testInvitation(e: TestEvent, method: CalendarMethod, s: CalendarSettings): string {
  const calendar = ical({
    prodId: { company: 'bursa', product: 'BKK', language: 'ID' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  // A VTIMEZONE for the event's zone only (the calendar's own zone stays unset, so DTSTAMP stays UTC).
  calendar.timezone({ name: null, generator: getVtimezoneComponent })
  const start = dayjs(e.startsAt).tz(s.timeZone)
  calendar.createEvent({
    id: invitationUid(e, s.publicUrl),
    sequence: e.sequence,
    stamp: dayjs(new Date()).utc(),
    start,
    end: e.durationMinutes ? start.add(e.durationMinutes, 'minute') : null,
    timezone: s.timeZone,
    summary: e.title,
    location: e.location,
    description: e.description || null,
    url: `${s.publicUrl}/lamaran/${e.applicationId}`,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: (({ name, email }) => ({ name: quotable(name), email }))(organizerOf(s.from)),
    attendees: e.attendee
      ? [
          {
            name: quotable(e.attendee.name),
            email: e.attendee.email,
            role: ICalAttendeeRole.REQ,
            rsvp: false,
          },
        ]
      : [],
  })
  return calendar.toString()
}
