import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'

export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  /** The plain-text body, decoded. */
  text: string
  /**
   * Every other part (attachments and alternatives such as a `text/calendar` invitation), decoded as
   * text: its content type with parameters (`text/calendar; method=REQUEST; …`) and file name.
   */
  parts: { contentType: string; filename: string | null; content: string }[]
}

/** A part's content type with its parameters, as sent: `text/calendar; charset=utf-8; method=REQUEST`. */
function contentTypeOf(header: unknown, fallback: string): string {
  const h = header as { value?: string; params?: Record<string, string> } | undefined
  if (!h?.value) return fallback
  return [h.value, ...Object.entries(h.params ?? {}).map(([k, v]) => `${k}=${v}`)].join('; ')
}

/** A real SMTP server on loopback that keeps what it receives; `failNext` rejects the next deliveries. */
export async function startSmtp() {
  const received: ReceivedMail[] = []
  const state = { failNext: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (state.failNext > 0) {
          state.failNext--
          const err = Object.assign(new Error('Mailbox sibuk, coba lagi nanti'), { responseCode: 451 })
          return callback(err)
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              parts: mail.attachments.map((a) => ({
                contentType: contentTypeOf(a.headers.get('content-type'), a.contentType),
                filename: a.filename ?? null,
                content: a.content.toString('utf8'),
              })),
            })
            callback()
          },
          (err: Error) => callback(err),
        )
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A real SMTP server for the test file, started before its app and stopped after it: `env` gains its
 * `SMTP_URL` (pass `env` to `useTestApp` after this call). Answers the server (`received`, `state`) once
 * the file's set-up has run.
 */
export function useSmtp(env: Record<string, string>) {
  const smtp = {} as Awaited<ReturnType<typeof startSmtp>>
  beforeAll(async () => {
    Object.assign(smtp, await startSmtp())
    env.SMTP_URL = smtp.url
  })
  afterAll(async () => {
    await smtp.close?.()
  })
  return smtp
}

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() > until) throw new Error('timed out waiting for the background job')
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The `.ics` a mail carries (its `text/calendar` part), or '' without one. */
export const icsOf = (mail: ReceivedMail) =>
  mail.parts.find((p) => p.contentType.startsWith('text/calendar'))?.content ?? ''

/**
 * The value of an iCalendar property (lines unfolded): the event's (VEVENT) unless only the calendar has it
 * (METHOD) or its time zone (TZID).
 */
export function icsProp(ics: string, name: string): string | undefined {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/)
  const event = lines.slice(Math.max(0, lines.indexOf('BEGIN:VEVENT')))
  const has = (l: string) => l.startsWith(`${name}:`) || l.startsWith(`${name};`)
  const line = event.find(has) ?? lines.find(has)
  return line?.slice(line.indexOf(':', name.length) + 1)
}
