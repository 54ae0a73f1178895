import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { eventually, type ReceivedMail, useSmtp } from '../support/smtp.js'

/**
 * RFC 5546 §2.1.5: a change of STATUS (CANCELLED back to CONFIRMED) MUST raise SEQUENCE, and
 * docs/decisions.md: "a calendar only takes a revision with a higher SEQUENCE than it holds; a removed and
 * re-added participant must be able to get the event back". Adding participants used to keep the SEQUENCE,
 * the one of the cancellation the re-added participant's calendar holds: the test stayed out of it.
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env)

function prop(mail: ReceivedMail, name: string) {
  const part = mail.parts.find((p) => p.contentType.startsWith('text/calendar'))
  const lines = (part?.content ?? '').replace(/\r\n[ \t]/g, '').split(/\r\n/)
  const line = lines.slice(lines.indexOf('BEGIN:VEVENT')).find((l) => l.startsWith(`${name}:`))
  return line?.slice(name.length + 1)
}

const mailsTo = (email: string, subject: RegExp) =>
  eventually(async () => smtp.received.find((m) => m.to[0] === email && subject.test(m.subject)))

describe('a participant removed from a test and added back', () => {
  it('gets an invitation with a SEQUENCE higher than the cancellation it holds', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, {
      companyName: 'PT Kalender',
      vacancyTitle: 'Teknisi',
    })
    const ani = await aCandidate(t, vacancy.id)
    const budi = await aCandidate(t, vacancy.id)
    const learner = ani.learner as Account
    const created = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Psikotes Tahap 1',
        kind: 'psikotes',
        scheduled_at: '2099-07-15T01:00:00Z',
        location: 'Aula',
        duration_minutes: 90,
        application_ids: [ani.application.id, budi.application.id],
      },
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id as number
    await mailsTo(learner.email, /Jadwal Psikotes/)

    const removed = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: hrd,
      body: { remove_application_ids: [ani.application.id] },
    })
    expect(removed.status).toBe(200)
    const cancel = await mailsTo(learner.email, /tidak lagi menjadi peserta/)
    expect(prop(cancel, 'STATUS')).toBe('CANCELLED')

    const added = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: hrd,
      body: { add_application_ids: [ani.application.id] },
    })
    expect(added.status).toBe(200)
    const again = await eventually(async () => {
      const all = smtp.received.filter((m) => m.to[0] === learner.email && /Jadwal Psikotes/.test(m.subject))
      return all.length >= 2 ? all[1] : null
    })
    expect(prop(again, 'STATUS')).toBe('CONFIRMED')
    expect(prop(again, 'UID')).toBe(prop(cancel, 'UID'))
    // The calendar holds the CANCEL at this SEQUENCE: the new invitation must be a later revision.
    expect(Number(prop(again, 'SEQUENCE'))).toBeGreaterThan(Number(prop(cancel, 'SEQUENCE')))
  })
})
