import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { type RateLimitStore, sweepRateLimits } from '../http/rate-limit.js'
import { sweepSpentCredentials } from '../modules/auth/service.js'
import { sweepStorageDeletions } from '../modules/files/service.js'
import { wipeExpiredCredentials } from '../modules/imports/service.js'
import {
  type CalendarSettings,
  DELIVER_REMINDER,
  deliverReminder,
  sweepReminders,
} from '../modules/reminders/service.js'
import type { Storage } from '../storage/storage.js'
import { watchSending } from './mail-watch.js'
import type { Mailer } from './mailer.js'
import { DELIVER_EMAILS, deliverOutbox, MAX_EMAIL_ATTEMPTS } from './outbox.js'
import type { Jobs } from './queue.js'

/** Every background job of the service, in one place. */
export function registerWorkers(
  jobs: Jobs,
  deps: {
    db: Db
    mailer: Mailer | null
    log: FastifyBaseLogger
    storage: Storage
    calendar: CalendarSettings
    rateLimits: RateLimitStore['kind']
    /** The first wait after a failed e-mail (`retryDelaySeconds` in outbox.ts); tests set 0. */
    emailRetrySeconds: number
  },
) {
  const { emailRetrySeconds: retrySeconds } = deps
  // Every send below tells the log when sending fails and when it works again (mail-watch.ts).
  const mailer = deps.mailer && watchSending(deps.mailer, deps.log)
  jobs.work<{ reminderId: number }>(DELIVER_REMINDER, async ({ reminderId }) => {
    const { failures, gaveUp } = await deliverReminder(
      deps.db,
      mailer,
      reminderId,
      deps.calendar,
      retrySeconds,
    )
    if (gaveUp > 0)
      deps.log.error(
        { reminderId, emails: gaveUp, attempts: MAX_EMAIL_ATTEMPTS },
        'reminder e-mails given up after their last try; reminder_deliveries.last_error says why',
      )
    // The others are tried again: the queue's retry of the job, or the sweep once they are due.
    if (failures.length > gaveUp)
      throw new Error(`${failures.length - gaveUp} reminder e-mail(s) failed, retried later: ${failures[0]}`)
  })
  if (mailer) {
    // The outbox: sent when a change kicks it, and swept every few seconds for what a kick missed and for
    // failed e-mails once their wait is over.
    const deliver = async () => {
      const { gaveUp, expired } = await deliverOutbox(deps.db, mailer, { retrySeconds })
      if (expired > 0)
        deps.log.warn(
          { emails: expired },
          'e-mails not sent: the links they carry expired first (a long mail outage?); email_outbox.last_error says so',
        )
      if (gaveUp > 0)
        deps.log.error(
          { emails: gaveUp, attempts: MAX_EMAIL_ATTEMPTS },
          'e-mails given up after their last try; email_outbox.last_error says why',
        )
    }
    jobs.work(DELIVER_EMAILS, deliver)
    jobs.every(5, deliver)
  }
  // Imported accounts' initial passwords are wiped 24 hours after the import if nobody downloaded them.
  jobs.every(600, async () => {
    await wipeExpiredCredentials(deps.db)
  })
  // Stored bytes owed a removal (a file's row deleted, an upload whose transaction failed) that the storage
  // refused when it was first tried: tried again until it confirms.
  jobs.every(60, async () => {
    const { removed, failed } = await sweepStorageDeletions(deps.db, deps.storage)
    if (failed > 0) deps.log.warn({ removed, failed }, 'stored files owed a removal could not be removed yet')
  })
  // Sign-in tokens a month past their expiry and password links a day past theirs.
  jobs.every(3600, async () => {
    await sweepSpentCredentials(deps.db)
  })
  // Counters in the database: rows of windows long closed go (in memory they expire by themselves).
  if (deps.rateLimits === 'database') jobs.every(600, () => sweepRateLimits(deps.db))
  jobs.every(60, async () => {
    const n = await sweepReminders(deps.db, jobs, deps.mailer !== null)
    if (n > 0) deps.log.warn({ reminders: n }, 'reminders still owed were queued again')
  })
}
