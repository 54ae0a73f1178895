import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from './mailer.js'

/**
 * While every e-mail fails, how often it is said again in the log, at most: every 30 minutes. The first
 * failure after a success (or since the start) is logged at once.
 */
export const SEND_FAILURE_LOG_MS = 30 * 60_000

/** A send the server refused for its recipient alone (an unknown mailbox): the server itself works. */
const addressRefused = (f: ReturnType<typeof sendFailureOf>) =>
  f.code === 'EENVELOPE' && f.command === 'RCPT TO'

/** An e-mail address anywhere in a text (an SMTP answer may quote the recipient or the login). */
const ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g

/**
 * What the log may say of a failed send: the error's code, the SMTP server's answer code and command, and its
 * message with any e-mail address in it replaced. Never the error itself: nodemailer's carries the envelope
 * and the refused recipients (personal data, as the body would be).
 */
export function sendFailureOf(err: unknown) {
  const e = (err ?? {}) as { message?: unknown; code?: unknown; responseCode?: unknown; command?: unknown }
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
    command: typeof e.command === 'string' ? e.command : undefined,
    error: String(e.message ?? err)
      .replace(ADDRESS, '<address>')
      .slice(0, 300),
  }
}

/**
 * The mailer every background send goes through (the outbox's and the reminders'), telling the log when sending
 * fails and when it works again. A wrong `SMTP_URL` (port, host, password) otherwise left each failure in
 * `email_outbox.last_error` only, and nothing reached the log before the sixth try, 5 h 40 min later.
 * - The first failure after a success (or since the start) is a `warn` at once, with the error; while sending
 *   keeps failing, one more `warn` at most every `repeatMs` (30 minutes), with how many failed meanwhile.
 * - The first success after that is a `warn` too ("sending e-mail works again"), so that whoever watches the
 *   warnings sees the end of what they were warned of.
 * - A server that refuses one address (an unknown mailbox) works: that is a `warn` of its own, at most every
 *   `repeatMs`, and neither starts nor ends a failure.
 * No recipient or body is logged (`sendFailureOf`).
 */
export function watchSending(
  mailer: Mailer,
  log: FastifyBaseLogger,
  { repeatMs = SEND_FAILURE_LOG_MS, now = Date.now }: { repeatMs?: number; now?: () => number } = {},
): Mailer {
  let failingSince: number | null = null
  let failures = 0
  let unsaid = 0
  let saidAt = 0
  let refusedSaidAt: number | null = null
  let refusedUnsaid = 0

  const failed = (err: unknown) => {
    const failure = sendFailureOf(err)
    const t = now()
    if (addressRefused(failure)) {
      refusedUnsaid++
      if (refusedSaidAt !== null && t - refusedSaidAt < repeatMs) return
      log.warn(
        { ...failure, emails: refusedUnsaid },
        `an e-mail was refused by the SMTP server for its address: ${failure.error}; tried again later, email_outbox.last_error says so`,
      )
      refusedSaidAt = t
      refusedUnsaid = 0
      return
    }
    failures++
    unsaid++
    if (failingSince === null) {
      failingSince = t
      log.warn(
        failure,
        `sending e-mail fails: ${failure.error}; e-mails wait and are tried again (check SMTP_URL: host, port, user, password)`,
      )
    } else if (t - saidAt >= repeatMs) {
      log.warn(
        { ...failure, failedSends: unsaid, failingMinutes: Math.round((t - failingSince) / 60_000) },
        `sending e-mail still fails: ${failure.error}; e-mails wait and are tried again (check SMTP_URL)`,
      )
    } else return
    saidAt = t
    unsaid = 0
  }

  const succeeded = () => {
    if (failingSince === null) return
    log.warn(
      { failedSends: failures, failingMinutes: Math.round((now() - failingSince) / 60_000) },
      'sending e-mail works again; the e-mails that failed are sent as their next try comes',
    )
    failingSince = null
    failures = 0
    unsaid = 0
  }

  return {
    async send(mail) {
      try {
        await mailer.send(mail)
      } catch (err) {
        failed(err)
        throw err
      }
      succeeded()
    },
    close: () => mailer.close(),
  }
}
