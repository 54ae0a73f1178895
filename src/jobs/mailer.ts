import type { Transporter } from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
  /** An iCalendar invitation: sent as the `text/calendar; method=…` alternative and as an .ics file. */
  calendar?: { ics: string; method: 'REQUEST' | 'CANCEL' }
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/**
 * How long one send may wait on the SMTP server, at most, per step: a name lookup, the connection, the greeting,
 * and a socket gone silent (nodemailer's own defaults are 2 and 10 minutes). An e-mail is claimed for longer than
 * a send can take (`CLAIM_SECONDS`, src/jobs/outbox.ts), so no other run sends it meanwhile. `SMTP_URL` may set
 * others (`?socketTimeout=…`, milliseconds).
 */
export const SEND_TIMEOUTS = {
  dnsTimeout: 30_000,
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
}

/**
 * E-mail through `SMTP_URL` (`smtp://user:pass@host:port`); null when it is not set (in-app only).
 * nodemailer is loaded with the first e-mail: about 3 MB of heap a service without SMTP never needs.
 */
export function createMailer(smtp: { url: string | null; from: string }): Mailer | null {
  const url = smtp.url
  if (!url) return null
  let transport: Promise<Transporter> | undefined
  return {
    async send({ calendar, ...mail }) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport({ ...SEND_TIMEOUTS, url }))
      await (await transport).sendMail({
        from: smtp.from,
        ...mail,
        ...(calendar
          ? {
              icalEvent: { method: calendar.method, filename: 'undangan.ics', content: calendar.ics },
            }
          : {}),
      })
    },
    close() {
      transport?.then((t) => t.close())
    },
  }
}
