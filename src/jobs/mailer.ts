import nodemailer from 'nodemailer'

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

/** E-mail through `SMTP_URL` (`smtp://user:pass@host:port`); null when it is not set (in-app only). */
export function createMailer(smtp: { url: string | null; from: string }): Mailer | null {
  if (!smtp.url) return null
  const transport = nodemailer.createTransport(smtp.url)
  return {
    async send({ calendar, ...mail }) {
      await transport.sendMail({
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
      transport.close()
    },
  }
}
