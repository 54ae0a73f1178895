import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { DELIVER_REMINDER, deliverReminder, sweepReminders } from '../modules/reminders/service.js'
import type { Mailer } from './mailer.js'
import type { Jobs } from './queue.js'

/** Every background job of the service, in one place. */
export function registerWorkers(jobs: Jobs, deps: { db: Db; mailer: Mailer | null; log: FastifyBaseLogger }) {
  jobs.work<{ reminderId: number }>(DELIVER_REMINDER, ({ reminderId }) =>
    deliverReminder(deps.db, deps.mailer, reminderId),
  )
  jobs.every(60, async () => {
    const n = await sweepReminders(deps.db, jobs, deps.mailer !== null)
    if (n > 0) deps.log.warn({ reminders: n }, 'reminders still owed were queued again')
  })
}
