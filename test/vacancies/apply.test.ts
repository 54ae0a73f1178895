import { asc, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applicationEvents, applicationFiles, applications } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aPortfolioFile } from '../support/builders/files.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectCounters } from '../support/vacancy-counters.js'

const t = useTestApp()
const applyUrl = (id: number) => `/api/job-vacancies/${id}/apply`

/** An open vacancy and a learner of its major with a complete profile. */
async function openVacancyAndApplicant(role: 'siswa' | 'alumni' = 'siswa') {
  const major = await aMajor(t)
  const hrd = await anHrd(t)
  const vacancy = await aVacancy(t, { companyId: hrd.companyId, majorIds: [major.id] })
  const learner = await anApplicant(t, { role, majorId: major.id })
  return { vacancy, learner, hrd, majorId: major.id }
}

async function applicationsOf(studentId: number) {
  return t.db.select().from(applications).where(eq(applications.studentId, studentId))
}

describe('POST /api/job-vacancies/:id/apply', () => {
  it('201 with the application; stores it pending, with its files and the first timeline row', async () => {
    const { vacancy, learner } = await openVacancyAndApplicant()
    const cert = await aPortfolioFile(t, learner.studentId, { category: 'certificate' })
    const res = await call(t, 'POST', applyUrl(vacancy.id), {
      as: learner,
      body: {
        cover_letter: '  Saya tertarik dengan posisi ini.  ',
        portfolio_ids: [learner.cv.id, cert.id],
        // Not fields of the body: dropped.
        status: 'accepted',
        student_id: 1,
      },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      success: true,
      message: 'Lamaran berhasil dikirim.',
      data: {
        id: expect.any(Number),
        status: 'pending',
        jobVacancyId: vacancy.id,
        createdAt: expect.stringMatching(/Z$/),
      },
    })
    const [stored] = await applicationsOf(learner.studentId)
    expect(stored).toMatchObject({
      id: res.body.data.id,
      jobVacancyId: vacancy.id,
      studentId: learner.studentId,
      applicantRole: 'siswa',
      status: 'pending',
      coverLetter: 'Saya tertarik dengan posisi ini.',
      reviewDecision: null,
    })
    expect(stored.createdAt.toISOString()).toBe(res.body.data.createdAt)
    const attached = await t.db
      .select({ fileId: applicationFiles.fileId })
      .from(applicationFiles)
      .where(eq(applicationFiles.applicationId, stored.id))
      .orderBy(asc(applicationFiles.fileId))
    expect(attached.map((f) => f.fileId)).toEqual([learner.cv.id, cert.id].sort((a, b) => a - b))
    const events = await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, stored.id))
    expect(events).toEqual([
      expect.objectContaining({
        stage: 'applied',
        status: 'pending',
        notes: null,
        actorId: learner.id,
        actorName: expect.any(String),
        visibleToApplicant: true,
        at: expect.any(Date),
      }),
    ])
  })

  it('201 for an alumnus without a body; the role at the time of applying is stored', async () => {
    const { vacancy, learner } = await openVacancyAndApplicant('alumni')
    const res = await call(t, 'POST', applyUrl(vacancy.id), { as: learner })
    expect(res.status).toBe(201)
    const [stored] = await applicationsOf(learner.studentId)
    expect(stored).toMatchObject({ applicantRole: 'alumni', coverLetter: null })
    const attached = await t.db
      .select()
      .from(applicationFiles)
      .where(eq(applicationFiles.applicationId, stored.id))
    expect(attached).toEqual([])
  })

  it('409 when already applied; still one application', async () => {
    const { vacancy, learner } = await openVacancyAndApplicant()
    expect((await call(t, 'POST', applyUrl(vacancy.id), { as: learner, body: {} })).status).toBe(201)
    const again = await call(t, 'POST', applyUrl(vacancy.id), { as: learner, body: { cover_letter: 'lagi' } })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ success: false, message: 'Anda sudah melamar lowongan ini.', data: null })
    const rows = await applicationsOf(learner.studentId)
    expect(rows).toHaveLength(1)
    expect(rows[0].coverLetter).toBeNull()
  })

  it('twenty identical requests at once: exactly one 201, nineteen 409, one application, one timeline row', async () => {
    const { vacancy, learner } = await openVacancyAndApplicant()
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t, 'POST', applyUrl(vacancy.id), { as: learner, body: { portfolio_ids: [learner.cv.id] } }),
      ),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([201, ...Array(19).fill(409)])
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toEqual({ success: false, message: 'Anda sudah melamar lowongan ini.', data: null })
    }
    const rows = await applicationsOf(learner.studentId)
    expect(rows).toHaveLength(1)
    expect(rows[0].id).toBe(results.find((r) => r.status === 201)!.body.data.id)
    const events = await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, rows[0].id))
    expect(events).toHaveLength(1)
    const attached = await t.db
      .select()
      .from(applicationFiles)
      .where(eq(applicationFiles.applicationId, rows[0].id))
    expect(attached).toHaveLength(1)
  })

  it('422 errors.portfolio_ids for files that are not the caller’s own portfolio; nothing stored', async () => {
    const { vacancy, learner, majorId } = await openVacancyAndApplicant()
    const someoneElse = await anApplicant(t, { majorId })
    const letter = await aPortfolioFile(t, learner.studentId, { category: 'decision_letter' })
    const res = await call(t, 'POST', applyUrl(vacancy.id), {
      as: learner,
      body: { portfolio_ids: [learner.cv.id, someoneElse.cv.id, letter.id, 987654] },
    })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ success: false, message: 'Data yang dikirim tidak valid.', data: null })
    expect(res.body.errors).toEqual({
      portfolio_ids: [
        `berkas tidak ditemukan di portofolio Anda: ${someoneElse.cv.id}, ${letter.id}, 987654`,
      ],
    })
    expect(await applicationsOf(learner.studentId)).toEqual([])
  })

  it('422 for more than ten or duplicate portfolio ids and a cover letter over 5000 characters', async () => {
    const { vacancy, learner } = await openVacancyAndApplicant()
    const res = await call(t, 'POST', applyUrl(vacancy.id), {
      as: learner,
      body: { cover_letter: 'x'.repeat(5001), portfolio_ids: Array.from({ length: 11 }, (_, i) => i + 1) },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      cover_letter: ['maksimal 5000 karakter'],
      portfolio_ids: ['maksimal 10 item'],
    })
    const dup = await call(t, 'POST', applyUrl(vacancy.id), {
      as: learner,
      body: { portfolio_ids: [learner.cv.id, learner.cv.id] },
    })
    expect(dup.status).toBe(422)
    expect(dup.body.errors).toEqual({ portfolio_ids: ['tidak boleh berisi duplikat'] })
    expect(await applicationsOf(learner.studentId)).toEqual([])
  })

  it('422 when the profile is incomplete (phone, address, birth date, a CV), saying what is missing', async () => {
    const major = await aMajor(t)
    const vacancy = await aVacancy(t, { majorIds: [major.id] })
    const noCv = await aStudent(t, { majorId: major.id })
    await aPortfolioFile(t, noCv.studentId, { category: 'certificate' })
    const res = await call(t, 'POST', applyUrl(vacancy.id), { as: noCv, body: {} })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Profil Anda belum lengkap: CV (unggah di portofolio).')
    const noContact = await anApplicant(t, {
      majorId: major.id,
      values: { phone: null, address: '', birthDate: null },
    })
    const res2 = await call(t, 'POST', applyUrl(vacancy.id), { as: noContact, body: {} })
    expect(res2.status).toBe(422)
    expect(res2.body.message).toBe('Profil Anda belum lengkap: nomor telepon, alamat, tanggal lahir.')
    expect(
      await t.db
        .select()
        .from(applications)
        .where(inArray(applications.studentId, [noCv.studentId, noContact.studentId])),
    ).toEqual([])
  })

  it('422 when the vacancy was closed between listing and applying', async () => {
    const { vacancy, learner, hrd } = await openVacancyAndApplicant()
    const listed = await call(t, 'GET', '/api/job-vacancies', { as: learner })
    expect(listed.body.data.map((x: { id: number }) => x.id)).toEqual([vacancy.id])
    const toggled = await call(t, 'PATCH', `/api/hrd/job-vacancies/${vacancy.id}/toggle-active`, { as: hrd })
    expect(toggled.body.data.isActive).toBe(false)
    const res = await call(t, 'POST', applyUrl(vacancy.id), { as: learner, body: {} })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Lowongan tidak dapat dilamar. Lowongan sedang nonaktif.')
    expect(await applicationsOf(learner.studentId)).toEqual([])
  })

  it('404 for an unknown or deleted vacancy', async () => {
    const { vacancy, learner, hrd } = await openVacancyAndApplicant()
    expect((await call(t, 'POST', applyUrl(987654), { as: learner, body: {} })).status).toBe(404)
    expect((await call(t, 'DELETE', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).status).toBe(200)
    const res = await call(t, 'POST', applyUrl(vacancy.id), { as: learner, body: {} })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Lowongan tidak ditemukan.', data: null })
    expect(await applicationsOf(learner.studentId)).toEqual([])
  })

  it('the application shows in HR’s counts', async () => {
    const { vacancy, learner, hrd } = await openVacancyAndApplicant()
    await call(t, 'POST', applyUrl(vacancy.id), { as: learner, body: {} })
    const res = await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })
    expect(res.body.data).toMatchObject({ applicantCount: 1, acceptedCount: 0 })
    const stats = await call(t, 'GET', '/api/hrd/job-vacancies/statistics', { as: hrd })
    expect(stats.body.data.applicants).toMatchObject({ total: 1, pending: 1 })
    await expectCounters(t, vacancy.id, { applicants: 1, accepted: 0 })
  })

  it('counters on the vacancy follow every apply, also twenty at once; a refused one counts nothing', async () => {
    const { vacancy, hrd, majorId } = await openVacancyAndApplicant()
    const learners = await Promise.all(Array.from({ length: 20 }, () => anApplicant(t, { majorId })))
    const results = await Promise.all(
      learners.map((l) => call(t, 'POST', applyUrl(vacancy.id), { as: l, body: {} })),
    )
    expect(results.map((r) => r.status)).toEqual(learners.map(() => 201))
    // Applying again (409) and an incomplete profile (422) leave the counters alone.
    expect((await call(t, 'POST', applyUrl(vacancy.id), { as: learners[0], body: {} })).status).toBe(409)
    const incomplete = await aStudent(t, { majorId })
    expect((await call(t, 'POST', applyUrl(vacancy.id), { as: incomplete, body: {} })).status).toBe(422)
    await expectCounters(t, vacancy.id, { applicants: 20, accepted: 0 })
    const hr = await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })
    expect(hr.body.data).toMatchObject({ applicantCount: 20, acceptedCount: 0 })
    // Applying takes no place: the learner still sees the whole quota left.
    const detail = await call(t, 'GET', `/api/job-vacancies/${vacancy.id}`, { as: learners[1] })
    expect(detail.body.data).toMatchObject({ quota: 5, quotaLeft: 5 })
  })
})
