import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aStudent } from '../support/builders/accounts.js'
import { aParticipant, aSchedule } from '../support/builders/schedules.js'
import {
  aCandidate,
  anHrdWithVacancy,
  postResultForm,
  publishResults,
  schoolToday,
} from '../support/builders/selection.js'
import { tinyPdf } from '../support/multipart.js'

const t = useTestApp()

const DAY = 86_400_000

/** An applicant in progress with a draft result (scores, decision, letter) entered by HR. */
async function scoredApplicant(decision: 'diterima' | 'tidak_diterima' | 'cadangan' = 'diterima') {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { position: 'Teknisi' } })
  const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
  const pdf = tinyPdf('surat keputusan')
  const res = await postResultForm(t, hrd, application.id, {
    psychotest_score: '81',
    interview_score: '79.5',
    mcu_score: '90',
    final_score: '83.75',
    notes: 'Selamat bergabung',
    decision,
    decision_letter: { data: pdf, filename: 'sk.pdf', contentType: 'application/pdf' },
  })
  expect(res.statusCode).toBe(200)
  const letterId: number = res.json().data.letter.id
  return { hrd, vacancy, learner, application, letterId, pdf }
}

const detailOf = (as: { authorization: string }, id: number) =>
  call(t, 'GET', `/api/my-applications/${id}`, { as })

describe('the applicant’s view of tests and results (GET /api/my-applications)', () => {
  it('lists every test with attendance; upcoming ones are neither cancelled nor past', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const at = (days: number) => new Date(Math.floor((Date.now() + days * DAY) / 1000) * 1000)
    const { schedule: past } = await aSchedule(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: {
        name: 'Psikotes',
        kind: 'psikotes',
        scheduledAt: at(-3),
        durationMinutes: 90,
        location: 'Aula PT',
      },
    })
    const { schedule: next } = await aSchedule(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: {
        name: 'Wawancara HR',
        kind: 'wawancara',
        scheduledAt: at(2),
        durationMinutes: 30,
        location: 'Gedung B',
        description: 'Bawa KTP',
      },
    })
    const { schedule: called } = await aSchedule(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { name: 'MCU', kind: 'mcu', scheduledAt: at(5), status: 'cancelled' },
    })
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })
    await aParticipant(t, past.id, application.id, {
      attendanceStatus: 'hadir',
      validationStatus: 'verified',
    })
    await aParticipant(t, next.id, application.id)
    await aParticipant(t, called.id, application.id)
    // Another applicant's test is not shown.
    const someoneElse = await aCandidate(t, vacancy.id, { reviewed: true })
    const { schedule: otherTest } = await aSchedule(t, { companyId: hrd.companyId, vacancyId: vacancy.id })
    await aParticipant(t, otherTest.id, someoneElse.application.id)

    const res = await detailOf(learner, application.id)
    expect(res.status).toBe(200)
    expect(res.body.data.upcomingTests).toEqual([
      {
        id: next.id,
        name: 'Wawancara HR',
        kind: 'wawancara',
        scheduledAt: next.scheduledAt.toISOString(),
        durationMinutes: 30,
        location: 'Gedung B',
        description: 'Bawa KTP',
        attendanceStatus: null,
      },
    ])
    expect(
      res.body.data.tests.map((x: { id: number; status: string; attendanceStatus: string | null }) => [
        x.id,
        x.status,
        x.attendanceStatus,
      ]),
    ).toEqual([
      [past.id, 'scheduled', 'hadir'],
      [next.id, 'scheduled', null],
      [called.id, 'cancelled', null],
    ])
    expect(res.body.data.tests[0]).toEqual({
      id: past.id,
      name: 'Psikotes',
      kind: 'psikotes',
      scheduledAt: past.scheduledAt.toISOString(),
      durationMinutes: 90,
      location: 'Aula PT',
      description: null,
      status: 'scheduled',
      attendanceStatus: 'hadir',
      validationStatus: 'verified',
    })
    expect(res.body.data).toMatchObject({ result: null, acceptanceLetterUrl: null, placement: null })
  })

  it('a draft result is invisible: detail, list, timeline, notifications and the letter (404)', async () => {
    const { hrd, learner, application, letterId } = await scoredApplicant()
    const detail = await detailOf(learner, application.id)
    expect(detail.body.data).toMatchObject({
      status: 'in_progress',
      result: null,
      acceptanceLetterUrl: null,
      placement: null,
    })
    expect(detail.body.data.timeline.map((e: { stage: string }) => e.stage)).toEqual([
      'applied',
      'document_review',
    ])
    const list = await call(t, 'GET', '/api/my-applications', { as: learner })
    expect(list.body.data).toEqual([expect.objectContaining({ id: application.id, result: null })])
    expect(list.body.data[0].lastEvent.stage).toBe('document_review')
    const inbox = await call(t, 'GET', '/api/notifications', { as: learner })
    expect(inbox.body.data).toEqual([])
    const letter = await call(t, 'GET', `/api/files/${letterId}/download`, { as: learner })
    expect(letter.status).toBe(404)
    expect(letter.body).toMatchObject({ success: false, data: null })
    // HR of the company reads it; HR of another company does not.
    expect((await call(t, 'GET', `/api/files/${letterId}/download`, { as: hrd })).status).toBe(200)
    const stranger = await anHrd(t)
    expect((await call(t, 'GET', `/api/files/${letterId}/download`, { as: stranger })).status).toBe(404)
  })

  it('once published: result, letter, acceptance letter link and placement', async () => {
    const { hrd, vacancy, learner, application, letterId, pdf } = await scoredApplicant('diterima')
    expect((await publishResults(t, hrd, vacancy.id)).body.data.accepted).toBe(1)
    const letterUrl = `/api/files/${letterId}/download`
    const detail = await detailOf(learner, application.id)
    expect(detail.body.data).toMatchObject({
      status: 'accepted',
      result: {
        decision: 'diterima',
        psychotestScore: 81,
        interviewScore: 79.5,
        mcuScore: 90,
        finalScore: 83.75,
        notes: 'Selamat bergabung',
        letterUrl,
        publishedAt: expect.any(String),
      },
      acceptanceLetterUrl: letterUrl,
      placement: {
        id: expect.any(Number),
        position: 'Teknisi',
        acceptedAt: schoolToday(),
        startDate: null,
        status: 'active',
      },
    })
    expect(detail.body.data.timeline.map((e: { stage: string }) => e.stage)).toEqual([
      'applied',
      'document_review',
      'selection_scored',
      'selection_published',
    ])
    const list = await call(t, 'GET', '/api/my-applications', { as: learner })
    expect(list.body.data[0].result).toEqual(detail.body.data.result)
    const download = await t.app.inject({
      method: 'GET',
      url: letterUrl,
      headers: { authorization: learner.authorization },
    })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(pdf)).toBe(true)
    const inbox = await call(t, 'GET', '/api/notifications', { as: learner })
    expect(inbox.body.data).toEqual([
      expect.objectContaining({
        kind: 'selection.published',
        title: 'Selamat! Anda diterima',
        data: { applicationId: application.id, jobVacancyId: vacancy.id, decision: 'diterima' },
      }),
    ])
    // Another learner still cannot read the letter.
    const other = await aStudent(t)
    expect((await call(t, 'GET', letterUrl, { as: other })).status).toBe(404)
  })

  it('a rejected applicant sees the result and letter but no acceptance letter or placement', async () => {
    const { hrd, vacancy, learner, application, letterId } = await scoredApplicant('tidak_diterima')
    await publishResults(t, hrd, vacancy.id)
    const detail = await detailOf(learner, application.id)
    expect(detail.body.data).toMatchObject({
      status: 'rejected',
      result: { decision: 'tidak_diterima', letterUrl: `/api/files/${letterId}/download` },
      acceptanceLetterUrl: null,
      placement: null,
    })
  })

  it('a test still ahead is no longer upcoming once the application is decided; its .ics is a cancellation', async () => {
    const { hrd, vacancy, learner, application } = await scoredApplicant('tidak_diterima')
    const { schedule } = await aSchedule(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      applicationIds: [application.id],
      values: { name: 'Wawancara User', scheduledAt: new Date(Date.now() + 3 * DAY) },
    })
    const ics = () =>
      call(t, 'GET', `/api/my-applications/${application.id}/tests/${schedule.id}.ics`, { as: learner })
    expect((await detailOf(learner, application.id)).body.data.upcomingTests).toHaveLength(1)
    expect((await ics()).raw).toContain('METHOD:REQUEST')

    await publishResults(t, hrd, vacancy.id)
    const detail = (await detailOf(learner, application.id)).body.data
    // Before the fix: still listed as upcoming (with its calendar button), and the .ics invited them to it.
    expect(detail.upcomingTests).toEqual([])
    expect(detail.tests.map((x: { id: number }) => x.id)).toEqual([schedule.id])
    const cancel = (await ics()).raw.replace(/\r\n[ \t]/g, '')
    expect(cancel).toContain('METHOD:CANCEL')
    expect(cancel).toContain('STATUS:CANCELLED')
    expect(cancel).toContain('Dibatalkan: lamaran Anda tidak lagi dalam tahap seleksi.')
  })
})
