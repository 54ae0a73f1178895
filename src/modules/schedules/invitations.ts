import type { Config } from '../../config.js'
import type { Conn } from '../../db/client.js'
import type { TestKind } from '../../db/schema/index.js'
import { DEFAULT_SCHOOL_TIME_ZONE, schoolTimeText } from '../../db/school-day.js'
import type { Outbox, OutgoingEmail } from '../../jobs/outbox.js'
import { labelOf, type NotificationKind } from '../../vocabulary/index.js'
import {
  type CalendarMethod,
  type CalendarSettings,
  invitationUid,
  type TestEvent,
  testInvitation,
} from '../calendar/ics.js'
import type { MessageKey } from '../messages/catalogue.js'
import { loadTemplates, type RenderedMessage, renderTemplate, type Template } from '../messages/render.js'
import type { NewNotification } from '../notifications/service.js'

/**
 * What the participants of a test are told, in-app and by e-mail with an `.ics` invitation: the texts are
 * the catalogue's `test.*` messages (src/modules/messages/catalogue.ts) in the school's wording; times are
 * in the school's time zone.
 */

export type TestMessage =
  | 'test.scheduled'
  | 'test.rescheduled'
  | 'test.cancelled'
  | 'test.removed'
  | 'test.not_needed'
  | 'test.reminder'

/** The messages that are also in-app notices (`test.not_needed` is an e-mail only). */
export type NoticeMessage = Exclude<TestMessage, 'test.not_needed'>

/** The notification kind of each message (the vocabulary's `notificationKind`). */
const KIND: Record<NoticeMessage, NotificationKind> = {
  'test.scheduled': 'test.scheduled',
  'test.rescheduled': 'test.updated',
  'test.cancelled': 'test.cancelled',
  'test.removed': 'test.removed',
  'test.reminder': 'test.reminder',
}

/** The calendar method each message carries: an invitation or update, or taking the event out. */
const METHOD: Record<TestMessage, CalendarMethod> = {
  'test.scheduled': 'REQUEST',
  'test.rescheduled': 'REQUEST',
  'test.cancelled': 'CANCEL',
  'test.removed': 'CANCEL',
  'test.not_needed': 'CANCEL',
  'test.reminder': 'REQUEST',
}

/** The settings an invitation needs, from the configuration. */
export const calendarSettings = (config: Pick<Config, 'schoolTimeZone' | 'publicUrl' | 'smtp'>) => ({
  timeZone: config.schoolTimeZone,
  publicUrl: config.publicUrl,
  from: config.smtp.from,
})

/** What a change of a schedule needs besides the database: the e-mail outbox and the calendar settings. */
export interface Mailing {
  outbox: Outbox
  calendar: CalendarSettings
}

/** The app's mailing (its outbox and configuration), for the routes whose changes tell participants. */
export const mailingOf = (app: {
  outbox: Outbox
  config: Pick<Config, 'schoolTimeZone' | 'publicUrl' | 'smtp'>
}): Mailing => ({ outbox: app.outbox, calendar: calendarSettings(app.config) })

/**
 * "Rabu, 15 Juli 2026 pukul 08.00 WIB": a test's time in the school's time zone (`SCHOOL_TIME_ZONE`), with
 * the zone's Indonesian abbreviation (WIB, WITA, WIT; elsewhere e.g. "GMT+1").
 */
export const whenText = (at: Date, timeZone = DEFAULT_SCHOOL_TIME_ZONE) =>
  schoolTimeText(at, timeZone, 'full')

/** A test as its messages and invitations describe it. */
export interface TestFacts {
  scheduleId: number
  name: string
  kind: TestKind
  scheduledAt: Date
  durationMinutes: number | null
  location: string
  description: string | null
  sequence: number
  /** The host of its invitations' UIDs (null: `PUBLIC_URL`'s). */
  calendarHost: string | null
  vacancyTitle: string
  companyName: string
  /** Why it was cancelled (test.cancelled). */
  reason?: string
}

/** One participant to tell: their application, and their account (none: nobody to tell). */
export interface Recipient {
  applicationId: number
  userId: number | null
  email: string | null
  fullName: string | null
  /** The account is active (only active accounts get e-mail). */
  active: boolean | null
}

/** The placeholders of the `test.*` messages. */
export function messageVars(f: TestFacts, timeZone: string, name: string | null) {
  return {
    nama: name ?? 'peserta',
    jenis_tes: labelOf('testKind', f.kind),
    nama_tes: f.name,
    lowongan: f.vacancyTitle,
    perusahaan: f.companyName,
    waktu: whenText(f.scheduledAt, timeZone),
    lokasi: f.location,
    alasan: f.reason ?? '',
  }
}

/** The e-mail around a rendered message: greeting, the message, what to do, the signature. */
export function emailText(key: TestMessage, m: RenderedMessage, name: string | null) {
  const bring = METHOD[key] === 'REQUEST' ? '\n\nMohon hadir tepat waktu dan membawa kartu identitas.' : ''
  const calendar =
    METHOD[key] === 'REQUEST'
      ? 'Undangan kalender (.ics) terlampir: buka untuk menambahkan tes ini ke kalender Anda.'
      : 'Pembatalan kalender (.ics) terlampir: buka untuk menghapus tes ini dari kalender Anda.'
  return {
    subject: `[BKK] ${m.title}`,
    text: `Yth. ${name ?? 'peserta'},\n\n${m.body}${bring}\n\n${calendar}\n\nSalam,\nBursa Kerja Khusus`,
  }
}

/** The `.ics` of one participant's test for the message `key` (or a download: the test as it stands). */
export function invitationOf(
  f: TestFacts,
  applicationId: number,
  attendee: { name: string; email: string } | null,
  method: CalendarMethod,
  settings: CalendarSettings,
) {
  const event: TestEvent = {
    scheduleId: f.scheduleId,
    applicationId,
    sequence: f.sequence,
    calendarHost: f.calendarHost,
    title: `${labelOf('testKind', f.kind)}: ${f.name} (${f.companyName})`,
    startsAt: f.scheduledAt,
    durationMinutes: f.durationMinutes,
    location: f.location,
    description: [
      `${labelOf('testKind', f.kind)} "${f.name}" untuk lowongan "${f.vacancyTitle}" di ${f.companyName}.`,
      f.description,
      method === 'CANCEL' && f.reason ? `Dibatalkan: ${f.reason}` : null,
    ]
      .filter(Boolean)
      .join('\n\n'),
    attendee,
  }
  return {
    ics: testInvitation(event, method, settings),
    method,
    uid: invitationUid(event, settings.publicUrl),
  }
}

/** The e-mail of one message to one participant, with its invitation; null without an active address. */
export function testEmail(
  key: TestMessage,
  template: Template,
  f: TestFacts,
  r: Recipient,
  settings: CalendarSettings,
): OutgoingEmail | null {
  if (!r.email || !r.active) return null
  const name = r.fullName
  const mail = emailText(key, renderTemplate(template, messageVars(f, settings.timeZone, name)), name)
  return {
    to: r.email,
    userId: r.userId,
    ...mail,
    calendar: invitationOf(
      f,
      r.applicationId,
      { name: name ?? r.email, email: r.email },
      METHOD[key],
      settings,
    ),
  }
}

/**
 * The message `key` for `recipients`: writes their e-mails (with the invitation) into the outbox, in the
 * caller's transaction, and answers the in-app notices for the lifecycle step to insert. The wording is
 * loaded once.
 */
export async function tellParticipants(
  tx: Conn,
  mailing: Mailing,
  key: NoticeMessage,
  f: TestFacts,
  recipients: Recipient[],
  options: MailOptions = {},
): Promise<NewNotification[]> {
  if (recipients.length === 0) return []
  const template = await mailParticipants(tx, mailing, key, f, recipients, options)
  return recipients.flatMap((r) => {
    if (!r.userId) return []
    const text = renderTemplate(template, messageVars(f, mailing.calendar.timeZone, r.fullName))
    return [
      {
        userId: r.userId,
        kind: KIND[key],
        ...text,
        data: { applicationId: r.applicationId, testScheduleId: f.scheduleId },
      },
    ]
  })
}

export interface MailOptions {
  /**
   * A change HR may well make again in a moment (time, place, participants): its e-mails wait in the outbox
   * (`CHANGE_HOLD_SECONDS`, src/jobs/outbox.ts) for a later e-mail of the same test and participant to replace
   * them, so a burst of saves sends one e-mail of the final state.
   */
  hold?: boolean
}

/**
 * The e-mails (with the invitation) of the message `key` for `recipients`, into the outbox in the caller's
 * transaction; answers the wording it loaded. They are bulk (`EMAIL_PRIORITY`): a password link asked
 * meanwhile goes before them.
 */
export async function mailParticipants(
  tx: Conn,
  mailing: Mailing,
  key: TestMessage,
  f: TestFacts,
  recipients: Recipient[],
  { hold = false }: MailOptions = {},
): Promise<Template> {
  const template = (await loadTemplates(tx, [key as MessageKey]))[key as MessageKey]
  if (mailing.outbox.enabled) {
    const mails = recipients.flatMap((r) => {
      const mail = testEmail(key, template, f, r, mailing.calendar)
      return mail ? [{ ...mail, bulk: true, hold }] : []
    })
    await mailing.outbox.queue(tx, mails)
  }
  return template
}
