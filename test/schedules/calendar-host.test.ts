import { afterAll, describe, expect, it } from 'vitest'
import { call, createTestApp, type TestContext, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { eventually, icsOf, icsProp, useSmtp } from '../support/smtp.js'

/**
 * An invitation's UID ends with the host of PUBLIC_URL as it was when the test was made (kept as the schedule's
 * `calendar_host`). It took the host as it was when each e-mail was written: a school that corrected PUBLIC_URL
 * or moved the career center to another domain changed the UID of every test already in learners' calendars,
 * so the next move or cancellation named another event (the calendar added a second one, or kept a cancelled
 * test). New tests take the new host.
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smkn1.sch.id',
}
const smtp = useSmtp(env)
const t = useTestApp(env)
let later: (TestContext & { close(): Promise<void> }) | undefined
afterAll(async () => {
  await later?.close()
})

describe('the calendar event of a test', () => {
  it('keeps its UID when PUBLIC_URL changes: the cancellation takes out the event the invitation made', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Kalender' })
    const ani = await aCandidate(t, vacancy.id)
    const email = (ani.learner as Account).email
    const created = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Psikotes',
        kind: 'psikotes',
        scheduled_at: '2099-07-15T01:00:00Z',
        location: 'Aula',
        application_ids: [ani.application.id],
      },
    })
    expect(created.status).toBe(201)
    const invitation = await eventually(async () =>
      smtp.received.find((m) => m.to[0] === email && icsProp(icsOf(m), 'METHOD') === 'REQUEST'),
    )
    const uid = icsProp(icsOf(invitation), 'UID')

    // The school moves the career center to its new domain: same database, PUBLIC_URL changed.
    later = await createTestApp(
      { ...env, SMTP_URL: env.SMTP_URL, PUBLIC_URL: 'https://karier.smkn1.sch.id' },
      { sharing: t },
    )
    const cancelled = await call(later, 'POST', `/api/hrd/test-schedules/${created.body.data.id}/cancel`, {
      as: hrd,
      body: { reason: 'Ruang dipakai ujian sekolah' },
    })
    expect(cancelled.status).toBe(200)
    const cancellation = await eventually(async () =>
      smtp.received.find((m) => m.to[0] === email && icsProp(icsOf(m), 'METHOD') === 'CANCEL'),
    )
    expect(icsProp(icsOf(cancellation), 'UID')).toBe(uid)
    expect(uid).toBe(`bursa-test-${created.body.data.id}-application-${ani.application.id}@bkk.smkn1.sch.id`)

    // A test made after the move names the new domain.
    const other = await aCandidate(t, vacancy.id)
    const next = await call(later, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Wawancara',
        kind: 'wawancara',
        scheduled_at: '2099-07-16T01:00:00Z',
        location: 'Aula',
        application_ids: [other.application.id],
      },
    })
    expect(next.status).toBe(201)
    const invited = await eventually(async () =>
      smtp.received.find(
        (m) => m.to[0] === (other.learner as Account).email && icsProp(icsOf(m), 'METHOD') === 'REQUEST',
      ),
    )
    expect(icsProp(icsOf(invited), 'UID')).toBe(
      `bursa-test-${next.body.data.id}-application-${other.application.id}@karier.smkn1.sch.id`,
    )
  })
})
