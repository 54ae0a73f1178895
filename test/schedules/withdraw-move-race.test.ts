import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SUPERSEDED } from '../../src/jobs/outbox.js'
import { call, type Res, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { waitingForLocks } from '../support/locks.js'
import { useSmtp } from '../support/smtp.js'

/**
 * HR moving a test while a participant's withdrawal commits: the move share-locks its participants'
 * applications after the schedule, so it waits for the withdrawal and reads the learner as withdrawn. It read
 * them without a lock, took the learner as still in progress, and mailed an updated invitation after the
 * withdrawal's cancellation (the test back in their calendar) and an in-app "jadwal tes diubah" (found by the
 * review of the change).
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
useSmtp(env)
const t = useTestApp(env)

describe('HR moves a test while a participant withdraws', () => {
  it('the withdrawn learner gets no invitation or notice of the moved test after their cancellation', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Balapan' })
    const ani = await aCandidate(t, vacancy.id, { reviewed: true })
    const learner = ani.learner as Account
    const created = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Wawancara User',
        kind: 'wawancara',
        scheduled_at: '2099-07-15T01:00:00Z',
        location: 'Kantor',
        application_ids: [ani.application.id],
      },
    })
    expect(created.status).toBe(201)
    const scheduleId = created.body.data.id as number
    const uid = `bursa-test-${scheduleId}-application-${ani.application.id}@bkk.smk.test`

    // An e-mail of the event nobody sends any more (given up), which something holds a moment: both
    // transactions below touch the event's unsent e-mails, so each stands still there, in order.
    await t.db.execute(
      sql`insert into email_outbox ("to", subject, text, calendar_uid, attempts, last_error)
          values (${learner.email}, 'x', '', ${uid}, 99, 'given up')`,
    )
    let withdrawing: Promise<Res> | undefined
    let moving: Promise<Res> | undefined
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`select id from email_outbox where calendar_uid = ${uid} and sent_at is null for update`,
      )
      // The learner withdraws: the application is withdrawn (uncommitted), its cancellation waits to be queued.
      withdrawing = call(t, 'PATCH', `/api/my-applications/${ani.application.id}/withdraw`, { as: learner })
      await waitingForLocks(t, 1)
      // HR moves the test meanwhile.
      moving = call(t, 'PUT', `/api/hrd/test-schedules/${scheduleId}`, {
        as: hrd,
        body: { scheduled_at: '2099-07-16T01:00:00Z' },
      })
      await waitingForLocks(t, 2)
    })
    const [withdrawn, moved] = await Promise.all([withdrawing!, moving!])
    expect(withdrawn.status).toBe(200)
    expect(moved.status).toBe(200)

    const mails = await t.db.execute(
      sql`select calendar_method as method from email_outbox
          where calendar_uid = ${uid} and calendar_method is not null
            and last_error is distinct from ${SUPERSEDED} order by id`,
    )
    const methods = (mails as unknown as { rows: { method: string }[] }).rows.map((r) => r.method)
    // Before: the last e-mail of the event was the moved test's REQUEST, after the withdrawal's CANCEL.
    expect(methods.at(-1), methods.join(' ')).toBe('CANCEL')
    const notices = await call(t, 'GET', '/api/notifications', { as: learner })
    expect(notices.body.data.map((n: { kind: string }) => n.kind)).not.toContain('test.updated')
  })
})
