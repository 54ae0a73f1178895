import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { type RateLimitStore, sweepRateLimits } from '../http/rate-limit.js'
import { wipeExpiredCredentials } from '../modules/imports/service.js'
import {
  type CalendarSettings,
  DELIVER_REMINDER,
  deliverReminder,
  sweepReminders,
} from '../modules/reminders/service.js'
import type { Mailer } from './mailer.js'
import { DELIVER_EMAILS, deliverOutbox } from './outbox.js'
import type { Jobs } from './queue.js'

/** Every background job of the service, in one place. */
export function registerWorkers(
  jobs: Jobs,
  deps: {
    db: Db
    mailer: Mailer | null
    log: FastifyBaseLogger
    calendar: CalendarSettings
    rateLimits: RateLimitStore['kind']
  },
) {
  jobs.work<{ reminderId: number }>(DELIVER_REMINDER, ({ reminderId }) =>
    deliverReminder(deps.db, deps.mailer, reminderId, deps.calendar),
  )
  const { mailer } = deps
  if (mailer) {
    // The outbox: sent when a change kicks it, and swept every few seconds for what a kick missed.
    jobs.work(DELIVER_EMAILS, async () => {
      await deliverOutbox(deps.db, mailer)
    })
    jobs.every(5, async () => {
      await deliverOutbox(deps.db, mailer)
    })
  }
  // Imported accounts' initial passwords are wiped 24 hours after the import if nobody downloaded them.
  jobs.every(600, async () => {
    await wipeExpiredCredentials(deps.db)
  })
  // Counters in the database: rows of windows long closed go (in memory they expire by themselves).
  if (deps.rateLimits === 'database') jobs.every(600, () => sweepRateLimits(deps.db))
  jobs.every(60, async () => {
    const n = await sweepReminders(deps.db, jobs, deps.mailer !== null)
    if (n > 0) deps.log.warn({ reminders: n }, 'reminders still owed were queued again')
  })
}
