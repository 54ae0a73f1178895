import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import type { Database } from '../db/client.js'

/**
 * Background work on a PostgreSQL-backed queue (pg-boss). Jobs carry
 * only ids; the rows they point to (an outbox such as `reminder_deliveries`) say what is still owed,
 * so a job that runs twice does nothing the second time.
 */
export interface Jobs {
  /** Registers a handler; call before `start()`. A handler that throws is retried with backoff. */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): void
  /**
   * Runs `task` every `seconds` in this process while started (a sweep, for instance); a run still going when the
   * next is due is not joined by a second one (an e-mail run held by a slow SMTP server).
   */
  every(seconds: number, task: () => Promise<void>): void
  send(name: string, data: object): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
}

export interface JobOptions {
  pollingIntervalSeconds?: number
  retryLimit?: number
  retryDelaySeconds?: number
  /** The first wait after a failed e-mail (src/jobs/outbox.ts, `retryDelaySeconds`); default a minute. */
  emailRetrySeconds?: number
  /** How long a test's change e-mail is held for a later one to replace (src/jobs/outbox.ts `CHANGE_HOLD_SECONDS`). */
  emailChangeHoldSeconds?: number
}

export function createJobs(database: Database, log: FastifyBaseLogger, opts: JobOptions = {}): Jobs {
  const common = { schema: 'pgboss', schedule: false, supervise: true, migrate: true }
  const boss = new PgBoss({ ...common, connectionString: database.url, max: 3 })
  boss.on('error', (err) => log.error({ err }, 'job queue error'))

  const handlers = new Map<string, (data: object) => Promise<void>>()
  const tasks: { seconds: number; task: () => Promise<void> }[] = []
  const timers: NodeJS.Timeout[] = []
  // The periodic runs going now (`every`): stop() waits for them.
  const runs = new Set<Promise<void>>()
  let started = false

  return {
    work(name, handler) {
      handlers.set(name, handler as (data: object) => Promise<void>)
    },
    every(seconds, task) {
      tasks.push({ seconds, task })
    },
    async send(name, data) {
      await boss.send(name, data, {
        retryLimit: opts.retryLimit ?? 5,
        retryDelay: opts.retryDelaySeconds ?? 5,
        retryBackoff: true,
      })
    },
    async start() {
      if (started) return
      await boss.start()
      for (const [name, handler] of handlers) {
        await boss.createQueue(name)
        await boss.work<object>(
          name,
          { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) await handler(job.data)
          },
        )
      }
      for (const { seconds, task } of tasks) {
        let running: Promise<void> | null = null
        const timer = setInterval(() => {
          if (running) return
          const run = task()
            .catch((err) => log.error({ err }, 'periodic job failed'))
            .finally(() => {
              running = null
              runs.delete(run)
            })
          running = run
          runs.add(run)
        }, seconds * 1000)
        timer.unref()
        timers.push(timer)
      }
      started = true
    },
    async stop() {
      if (!started) return
      started = false
      for (const timer of timers.splice(0)) clearInterval(timer)
      // A periodic run still going (an e-mail being handed to the SMTP server) is waited for, as the queue's
      // handlers are, within the same bound: cut off between the server's acceptance and its mark, the e-mail
      // would be sent again once its claim is over.
      const bound = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())
      await Promise.all([
        boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
        Promise.race([Promise.allSettled([...runs]), bound]),
      ])
    },
  }
}
