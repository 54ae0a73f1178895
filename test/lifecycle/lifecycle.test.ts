import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { reminderDeliveries, testSchedules } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { multipart, tinyPdf } from '../support/multipart.js'
import { eventually, useSmtp } from '../support/smtp.js'

const env: Record<string, string> = {}
const smtp = useSmtp(env)
const t = useTestApp(env)

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * One application from apply to placement, every step over HTTP as its user makes it. The only
 * shortcut is the clock: the test's time is moved into the past once the reminder went out, as if
 * the day of the test had come.
 */
describe('the whole lifecycle of one application', () => {
  it('apply, review, schedule, remind, attend, validate, score, publish, placement, timeline and letter', async () => {
    const admin = await anAdmin(t)
    const major = await aMajor(t, { name: 'Teknik Kendaraan Ringan' })
    const company = await aCompany(t, { name: 'PT Otomotif Nusantara' })
    const hrd = await anHrd(t, { companyId: company.id })
    const siswa = await aStudent(t, { majorId: major.id })

    // HR publishes a vacancy.
    const vacancy = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hrd,
      body: {
        title: 'Mekanik Junior',
        position: 'Mekanik',
        description: 'Servis berkala kendaraan pelanggan.',
        qualifications: 'Lulusan SMK TKR.',
        category: 'otomotif',
        job_type: 'full_time',
        quota: 1,
        deadline: inDays(30),
        target: 'all',
        major_ids: [major.id],
      },
    })
    expect(vacancy.status).toBe(201)
    const vacancyId = vacancy.body.data.id

    // The student completes the profile, uploads a CV and applies.
    const profile = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: { phone: '081234567890', address: 'Jl. Merdeka 1, Bekasi', birth_date: '2008-05-17' },
    })
    expect(profile.status).toBe(200)
    const cvForm = multipart({
      file: { data: tinyPdf('cv'), filename: 'cv.pdf', contentType: 'application/pdf' },
      category: 'cv',
      title: 'CV Terbaru',
    })
    const cv = await call(t, 'POST', '/api/siswa/portfolio/upload', {
      as: siswa,
      body: cvForm.body,
      headers: cvForm.headers,
    })
    expect(cv.status).toBe(201)
    const applied = await call(t, 'POST', `/api/job-vacancies/${vacancyId}/apply`, {
      as: siswa,
      body: { cover_letter: 'Saya siap bekerja.', portfolio_ids: [cv.body.data.id] },
    })
    expect(applied.status).toBe(201)
    const applicationId = applied.body.data.id

    // HR reviews the documents: passed.
    const reviewed = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${applicationId}/review`, {
      as: hrd,
      body: { decision: 'lolos', notes: 'Berkas lengkap.' },
    })
    expect(reviewed.status).toBe(200)

    // HR schedules a test for tomorrow and reminds the participant (in-app and by e-mail).
    const scheduled = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancyId,
        name: 'Psikotes dan Wawancara',
        kind: 'psikotes',
        scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
        location: 'Kantor PT Otomotif Nusantara, Cikarang',
        minimum_score: 70,
        application_ids: [applicationId],
      },
    })
    expect(scheduled.status).toBe(201)
    const scheduleId = scheduled.body.data.id
    const participants = await call(t, 'GET', `/api/hrd/test-schedules/${scheduleId}/participants`, {
      as: hrd,
    })
    expect(participants.body.data).toHaveLength(1)
    const participantId = participants.body.data[0].participantId

    const mailsBefore = smtp.received.length
    const reminded = await call(t, 'POST', `/api/hrd/test-schedules/${scheduleId}/remind-all`, { as: hrd })
    expect(reminded.body.data).toEqual({ queued: 1, alreadyReminded: 0 })
    await eventually(async () => {
      const rows = await t.db
        .select()
        .from(reminderDeliveries)
        .where(eq(reminderDeliveries.participantId, participantId))
      return rows[0]?.emailSentAt
    })
    const mail = smtp.received.slice(mailsBefore).find((m) => m.to.includes(siswa.email))
    expect(mail?.subject).toContain('Psikotes dan Wawancara')

    // The student sees the upcoming test.
    const upcoming = await call(t, 'GET', `/api/my-applications/${applicationId}`, { as: siswa })
    expect(upcoming.body.data.status).toBe('in_progress')
    expect(upcoming.body.data.upcomingTests).toEqual([
      expect.objectContaining({ name: 'Psikotes dan Wawancara', kind: 'psikotes' }),
    ])

    // The day comes: HR marks attendance, the career center validates it.
    await t.db
      .update(testSchedules)
      .set({ scheduledAt: new Date(Date.now() - 3_600_000) })
      .where(eq(testSchedules.id, scheduleId))
    const marked = await call(
      t,
      'PATCH',
      `/api/hrd/test-schedules/${scheduleId}/participants/${participantId}/attendance`,
      { as: hrd, body: { status: 'hadir' } },
    )
    expect(marked.status).toBe(200)
    const queue = await call(t, 'GET', '/api/admin/attendances/queue', {
      as: admin,
      query: { test_schedule_id: scheduleId },
    })
    expect(queue.body.data.map((r: { id: number }) => r.id)).toEqual([participantId])
    const validated = await call(t, 'PATCH', `/api/admin/attendances/${participantId}/validate`, {
      as: admin,
      body: { status: 'hadir', validation_status: 'verified', notes: 'Hadir tepat waktu.' },
    })
    expect(validated.status).toBe(200)
    const history = await call(t, 'GET', '/api/admin/attendances/history', {
      as: admin,
      query: { test_schedule_id: scheduleId },
    })
    expect(history.body.data[0]).toMatchObject({ id: participantId, validationStatus: 'verified' })

    // HR scores with a decision letter, then publishes.
    const scoreForm = multipart([
      ['psychotest_score', '82'],
      ['interview_score', '88.5'],
      ['mcu_score', '90'],
      ['final_score', '86.75'],
      ['decision', 'diterima'],
      ['notes', 'Lulus seluruh tahap.'],
      [
        'decision_letter',
        { data: tinyPdf('sk'), filename: 'SK Penerimaan.pdf', contentType: 'application/pdf' },
      ],
    ])
    const scored = await call(t, 'POST', `/api/hrd/selection-results/${applicationId}`, {
      as: hrd,
      body: scoreForm.body,
      headers: scoreForm.headers,
    })
    expect(scored.status).toBe(200)
    const letterId = scored.body.data.letter.id

    // Before publishing the student sees no result and cannot read the letter.
    const draft = await call(t, 'GET', `/api/my-applications/${applicationId}`, { as: siswa })
    expect(draft.body.data.result).toBeNull()
    expect((await call(t, 'GET', `/api/files/${letterId}/download`, { as: siswa })).status).toBe(404)

    const published = await call(t, 'POST', '/api/hrd/selection-results/publish', {
      as: hrd,
      body: { job_vacancy_id: vacancyId },
    })
    expect(published.status).toBe(200)
    expect(published.body.data).toMatchObject({ published: 1, accepted: 1 })

    // A placement exists; HR records the three-month follow-up later.
    const placements = await call(t, 'GET', '/api/hrd/job-placements', { as: hrd })
    expect(placements.body.data).toHaveLength(1)
    expect(placements.body.data[0]).toMatchObject({ position: 'Mekanik', status: 'active' })

    // The monitoring shows the vacancy's whole progress.
    const progress = await call(t, 'GET', `/api/admin/recruitment-selections/${vacancyId}`, { as: admin })
    expect(progress.body.data).toMatchObject({
      scheduled: 1,
      attended: 1,
      scored: 1,
      published: 1,
      placed: 1,
    })

    // The student: accepted, every stage on the timeline, the result and the letter.
    const detail = await call(t, 'GET', `/api/my-applications/${applicationId}`, { as: siswa })
    expect(detail.body.data.status).toBe('accepted')
    expect(detail.body.data.result).toMatchObject({ decision: 'diterima', finalScore: 86.75 })
    const stages = detail.body.data.timeline.map((e: { stage: string }) => e.stage)
    for (const stage of ['applied', 'test_scheduled', 'test_attendance', 'selection_published'])
      expect(stages).toContain(stage)
    expect(detail.body.data.acceptanceLetterUrl).toBe(`/api/files/${letterId}/download`)
    const letter = await call(t, 'GET', `/api/files/${letterId}/download`, { as: siswa })
    expect(letter.status).toBe(200)
    expect(letter.headers['content-type']).toContain('application/pdf')

    const inbox = await call(t, 'GET', '/api/notifications', { as: siswa })
    const kinds = inbox.body.data.map((n: { kind: string }) => n.kind)
    for (const kind of ['application.reviewed', 'test.scheduled', 'test.reminder', 'selection.published'])
      expect(kinds).toContain(kind)
  })
})
