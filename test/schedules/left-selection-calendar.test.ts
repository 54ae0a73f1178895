import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, aResult, publishResults } from '../support/builders/selection.js'
import { eventually, icsOf, icsProp, useSmtp } from '../support/smtp.js'

/**
 * A learner whose application leaves the selection while a test still lies ahead (HR publishes a final
 * result, or the learner withdraws) is e-mailed the cancellation of its invitation (`test.not_needed`,
 * METHOD:CANCEL, SEQUENCE above the invitation's), so the test leaves the calendar the invitation put it in.
 * Before, no e-mail went, though the service's own .ics download answered METHOD:CANCEL for them. A waiting
 * list's place (cadangan) stays in the selection, and in the calendar.
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env)

async function interviewAhead() {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Kalender', vacancyTitle: 'Teknisi' })
  const ani = await aCandidate(t, vacancy.id, { reviewed: true })
  const res = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancy.id,
      name: 'Wawancara User',
      kind: 'wawancara',
      scheduled_at: '2099-07-15T01:00:00Z',
      location: 'Kantor PT Kalender',
      duration_minutes: 60,
      application_ids: [ani.application.id],
    },
  })
  expect(res.status).toBe(201)
  const learner = ani.learner as Account
  const uid = `bursa-test-${res.body.data.id}-application-${ani.application.id}@bkk.smk.test`
  // The invitation arrived: the interview is in the learner's calendar.
  await eventually(async () =>
    smtp.received.find((m) => m.to[0] === learner.email && icsProp(icsOf(m), 'UID') === uid),
  )
  return { hrd, vacancy, ani, learner, uid, scheduleId: res.body.data.id as number }
}

/** The e-mails to `email` carrying METHOD:CANCEL for `uid`, after waiting for the outbox to run. */
async function cancellationsOf(email: string, uid: string) {
  const find = () =>
    smtp.received.filter(
      (m) =>
        m.to[0] === email && icsProp(icsOf(m), 'UID') === uid && icsProp(icsOf(m), 'METHOD') === 'CANCEL',
    )
  await eventually(async () => find().length > 0, 6_000).catch(() => null)
  return find()
}

describe('a test still ahead when the application leaves the selection', () => {
  it('HR publishing "tidak diterima" e-mails the learner METHOD:CANCEL for the interview still in their calendar', async () => {
    const { hrd, vacancy, ani, learner, uid, scheduleId } = await interviewAhead()
    await aResult(t, ani.application.id, { decision: 'tidak_diterima' })
    const published = await publishResults(t, hrd, vacancy.id)
    expect(published.status).toBe(200)
    // The service itself says the event is off for this learner: its download answers METHOD:CANCEL.
    const download = await call(
      t,
      'GET',
      `/api/my-applications/${ani.application.id}/tests/${scheduleId}.ics`,
      {
        as: learner,
      },
    )
    expect(download.raw).toContain('METHOD:CANCEL')
    // ...and the calendar the invitation e-mail filled is told, once.
    const [cancel] = await cancellationsOf(learner.email, uid)
    expect(cancel.subject).toBe('[BKK] Wawancara tidak perlu dihadiri: Wawancara User')
    expect(cancel.text).toContain(
      'Lamaran Anda untuk lowongan "Teknisi" di PT Kalender tidak lagi dalam tahap seleksi, sehingga Anda tidak perlu mengikuti Wawancara "Wawancara User" pada',
    )
    expect(Number(icsProp(icsOf(cancel), 'SEQUENCE'))).toBe(1)
    expect((await cancellationsOf(learner.email, uid)).length).toBe(1)
  })

  it('a place on the waiting list keeps the test: no cancellation', async () => {
    const { hrd, vacancy, ani, learner, uid } = await interviewAhead()
    await aResult(t, ani.application.id, { decision: 'cadangan' })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    expect(await cancellationsOf(learner.email, uid)).toEqual([])
  })

  it('a learner withdrawing their application gets METHOD:CANCEL for the test still in their calendar', async () => {
    const { learner, ani, uid } = await interviewAhead()
    const res = await call(t, 'PATCH', `/api/my-applications/${ani.application.id}/withdraw`, { as: learner })
    expect(res.status).toBe(200)
    expect((await cancellationsOf(learner.email, uid)).length).toBe(1)
  })
})
