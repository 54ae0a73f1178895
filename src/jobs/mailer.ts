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
 * E-mail through `SMTP_URL` (`smtp://user:pass@host:port`); null when it is not set (in-app only).
 * nodemailer is loaded with the first e-mail: about 3 MB of heap a service without SMTP never needs.
 */
export function createMailer(smtp: { url: string | null; from: string }): Mailer | null {
  const url = smtp.url
  if (!url) return null
  let transport: Promise<Transporter> | undefined
  return {
    async send({ calendar, ...mail }) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(url))
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
