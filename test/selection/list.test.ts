import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aPortfolioFile } from '../support/builders/files.js'
import { aParticipant, aSchedule } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, aResult } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

const LIST = '/api/hrd/selection-results'
const ids = (res: { body: { data: { applicationId: number }[] } }) =>
  res.body.data.map((r) => r.applicationId)

describe('GET /api/hrd/selection-results', () => {
  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'GET', LIST, ['hrd', 'admin'])
  })

  it('lists the applicants who reached the tests, best final score first, with attendance and letter', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { title: 'Welder', quota: 3 } })
    const { schedule: psikotes } = await aSchedule(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { name: 'Psikotes', kind: 'psikotes', scheduledAt: new Date('2026-03-01T01:00:00Z') },
    })
    const { schedule: interview } = await aSchedule(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { name: 'Wawancara', kind: 'wawancara', scheduledAt: new Date('2026-03-05T02:00:00Z') },
    })
    const { schedule: cancelled } = await aSchedule(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { status: 'cancelled' },
    })
    const best = await aCandidate(t, vacancy.id, { reviewed: true, scheduleId: psikotes.id })
    await aParticipant(t, interview.id, best.application.id, {
      attendanceStatus: 'hadir',
      validationStatus: 'verified',
      score: 88,
    })
    await aParticipant(t, cancelled.id, best.application.id)
    const letter = await aPortfolioFile(t, best.learner.studentId, {
      uploadedBy: hrd.id,
      category: 'decision_letter',
      title: 'Surat keputusan',
      originalName: 'surat.pdf',
      size: 100,
    })
    await aResult(t, best.application.id, {
      psychotestScore: 80,
      interviewScore: 88,
      mcuScore: 90,
      finalScore: 86.5,
      notes: 'Sangat baik',
      decision: 'diterima',
      letterFileId: letter.id,
      scoredBy: hrd.id,
    })
    const unscored = await aCandidate(t, vacancy.id, { reviewed: true })
    const lower = await aCandidate(t, vacancy.id, { reviewed: true, status: 'rejected' })
    await aResult(t, lower.application.id, {
      finalScore: 40,
      decision: 'tidak_diterima',
      isPublished: true,
      publishedAt: new Date('2026-03-10T03:00:00Z'),
    })
    // Not in the list: still pending, rejected at the document review, withdrawn, another company's.
    await aCandidate(t, vacancy.id, { reviewed: true, status: 'pending' })
    await aCandidate(t, vacancy.id, { reviewed: true, status: 'rejected' })
    await aCandidate(t, vacancy.id, { reviewed: true, status: 'withdrawn' })
    const other = await anHrdWithVacancy(t)
    await aCandidate(t, other.vacancy.id, { reviewed: true })

    const res = await call(t, 'GET', LIST, { as: hrd })
    expect(res.status).toBe(200)
    expect(ids(res)).toEqual([best.application.id, lower.application.id, unscored.application.id])
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 3, totalPages: 1 })
    expect(res.body.data[0]).toEqual({
      applicationId: best.application.id,
      status: 'in_progress',
      applicant: {
        studentId: best.learner.studentId,
        fullName: best.learner.student.fullName,
        nis: best.learner.student.nis,
        major: { id: best.learner.majorId, name: expect.any(String) },
      },
      vacancy: { id: vacancy.id, title: 'Welder', quota: 3, deleted: false },
      attendance: [
        {
          scheduleId: psikotes.id,
          name: 'Psikotes',
          kind: 'psikotes',
          scheduledAt: '2026-03-01T01:00:00.000Z',
          attendanceStatus: null,
          validationStatus: 'pending',
          score: null,
        },
        {
          scheduleId: interview.id,
          name: 'Wawancara',
          kind: 'wawancara',
          scheduledAt: '2026-03-05T02:00:00.000Z',
          attendanceStatus: 'hadir',
          validationStatus: 'verified',
          score: 88,
        },
      ],
      psychotestScore: 80,
      interviewScore: 88,
      mcuScore: 90,
      finalScore: 86.5,
      notes: 'Sangat baik',
      decision: 'diterima',
      isPublished: false,
      publishedAt: null,
      letter: {
        id: letter.id,
        category: 'decision_letter',
        title: 'Surat keputusan',
        originalName: 'surat.pdf',
        mimeType: 'application/pdf',
        size: 100,
        downloadUrl: `/api/files/${letter.id}/download`,
        createdAt: letter.createdAt.toISOString(),
      },
      updatedAt: expect.any(String),
      placedElsewhere: false,
    })
    expect(res.body.data[1]).toMatchObject({
      status: 'rejected',
      decision: 'tidak_diterima',
      isPublished: true,
      publishedAt: '2026-03-10T03:00:00.000Z',
    })
    // No result yet reads as a pending draft.
    expect(res.body.data[2]).toMatchObject({
      decision: 'pending',
      isPublished: false,
      finalScore: null,
      letter: null,
      updatedAt: null,
      attendance: [],
    })
  })

  it('filters by vacancy (with the quota in meta), decision, published and search; pages', async () => {
    const hrd = await anHrd(t)
    const a = await aVacancy(t, { companyId: hrd.companyId, values: { quota: 3 } })
    const b = await aVacancy(t, { companyId: hrd.companyId })
    const accepted = await aCandidate(t, a.id, { reviewed: true, status: 'accepted' })
    await aResult(t, accepted.application.id, {
      decision: 'diterima',
      isPublished: true,
      publishedAt: new Date(),
    })
    const draftYes = await aCandidate(t, a.id, {
      reviewed: true,
      student: { values: { fullName: 'Rina Kartika', nis: 'NIS-RINA-01' } },
    })
    await aResult(t, draftYes.application.id, { decision: 'diterima', finalScore: 90 })
    const draftNo = await aCandidate(t, a.id, { reviewed: true })
    await aResult(t, draftNo.application.id, { decision: 'tidak_diterima', finalScore: 50 })
    const none = await aCandidate(t, a.id, { reviewed: true })
    const elsewhere = await aCandidate(t, b.id, { reviewed: true })

    const byVacancy = await call(t, 'GET', LIST, { as: hrd, query: { job_vacancy_id: a.id } })
    expect(byVacancy.status).toBe(200)
    expect(ids(byVacancy).sort()).toEqual(
      [accepted, draftYes, draftNo, none].map((x) => x.application.id).sort(),
    )
    expect(byVacancy.body.meta).toEqual({
      page: 1,
      perPage: 15,
      total: 4,
      totalPages: 1,
      quota: {
        quota: 3,
        accepted: 1,
        freed: 0,
        draftAccepted: 1,
        draftRejected: 1,
        draftWaitlisted: 0,
        draftsVersion: expect.stringMatching(/^[0-9a-f]{32}$/),
        placesLeft: 1,
        overQuota: false,
      },
    })

    const pending = await call(t, 'GET', LIST, { as: hrd, query: { decision: 'pending' } })
    expect(ids(pending).sort()).toEqual([none.application.id, elsewhere.application.id].sort())
    expect(pending.body.meta.quota).toBeUndefined()

    const diterimaDraft = await call(t, 'GET', LIST, {
      as: hrd,
      query: { decision: 'diterima', published: false },
    })
    expect(ids(diterimaDraft)).toEqual([draftYes.application.id])
    const published = await call(t, 'GET', LIST, { as: hrd, query: { published: true } })
    expect(ids(published)).toEqual([accepted.application.id])

    for (const search of ['rina kar', 'nis-rina']) {
      const found = await call(t, 'GET', LIST, { as: hrd, query: { search } })
      expect(ids(found), search).toEqual([draftYes.application.id])
    }

    const page2 = await call(t, 'GET', LIST, { as: hrd, query: { per_page: 2, page: 2 } })
    expect(page2.body.meta).toMatchObject({ page: 2, perPage: 2, total: 5, totalPages: 3 })
    expect(page2.body.data).toHaveLength(2)
  })

  it('test_schedule_id: the participants of one session only (an interview day in two), with the search', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const [a, b, c] = [
      await aCandidate(t, vacancy.id, { reviewed: true }),
      await aCandidate(t, vacancy.id, { reviewed: true }),
      await aCandidate(t, vacancy.id, { reviewed: true, student: { values: { fullName: 'Rina Sesi Dua' } } }),
    ]
    const base = { companyId: hrd.companyId, vacancyId: vacancy.id, kind: 'wawancara' as const }
    const s1 = await aSchedule(t, {
      ...base,
      name: 'Wawancara sesi 1',
      applicationIds: [a.application.id, b.application.id],
    })
    const s2 = await aSchedule(t, { ...base, name: 'Wawancara sesi 2', applicationIds: [c.application.id] })
    const first = await call(t, 'GET', LIST, {
      as: hrd,
      query: { job_vacancy_id: vacancy.id, test_schedule_id: s1.schedule.id },
    })
    expect(first.status).toBe(200)
    expect(ids(first).sort()).toEqual([a.application.id, b.application.id].sort())
    expect(first.body.meta).toMatchObject({ total: 2 })
    // Each row names the sessions it sat (the "Tes" column), not only their kind.
    expect(first.body.data[0].attendance).toEqual([
      expect.objectContaining({ scheduleId: s1.schedule.id, name: 'Wawancara sesi 1' }),
    ])
    const second = await call(t, 'GET', LIST, {
      as: hrd,
      query: { test_schedule_id: s2.schedule.id, search: 'rina' },
    })
    expect(ids(second)).toEqual([c.application.id])
    // Another company's test filters to nothing.
    const other = await anHrdWithVacancy(t)
    const theirs = await call(t, 'GET', LIST, { as: other.hrd, query: { test_schedule_id: s1.schedule.id } })
    expect(theirs.body.data).toEqual([])
    expect((await call(t, 'GET', LIST, { as: hrd, query: { test_schedule_id: 'sesi' } })).status).toBe(422)
  })

  it('meta.quota says when the drafts accept more than the places left', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { quota: 1 } })
    for (let i = 0; i < 2; i++) {
      const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
      await aResult(t, application.id, { decision: 'diterima' })
    }
    const res = await call(t, 'GET', LIST, { as: hrd, query: { job_vacancy_id: vacancy.id } })
    expect(res.body.meta.quota).toEqual({
      quota: 1,
      accepted: 0,
      freed: 0,
      draftAccepted: 2,
      draftRejected: 0,
      draftWaitlisted: 0,
      draftsVersion: expect.stringMatching(/^[0-9a-f]{32}$/),
      placesLeft: 0,
      overQuota: true,
    })
  })

  it('another company’s vacancy filters to nothing and shows no quota', async () => {
    const hrd = await anHrd(t)
    const other = await anHrdWithVacancy(t)
    await aCandidate(t, other.vacancy.id, { reviewed: true })
    const res = await call(t, 'GET', LIST, { as: hrd, query: { job_vacancy_id: other.vacancy.id } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 0, totalPages: 0 })
  })

  it('422 for an unknown decision or a non-boolean published', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'GET', LIST, { as: hrd, query: { decision: 'lolos', published: 'kadang' } })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['decision', 'published'])
  })
})

describe('GET /openapi.json', () => {
  it('documents the selection-result and placement routes', async () => {
    const res = await call(t, 'GET', '/openapi.json')
    expect(res.status).toBe(200)
    const paths = res.body.paths
    for (const [path, method] of [
      ['/api/hrd/selection-results', 'get'],
      ['/api/hrd/selection-results/publish', 'post'],
      ['/api/hrd/selection-results/{applicationId}', 'post'],
      ['/api/hrd/selection-results/{applicationId}/decision', 'patch'],
      ['/api/hrd/job-placements', 'get'],
      ['/api/hrd/job-placements/{id}', 'get'],
      ['/api/hrd/job-placements/{id}', 'patch'],
      ['/api/hrd/job-placements/{id}/check-ins', 'post'],
    ]) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
    const store = paths['/api/hrd/selection-results/{applicationId}'].post
    expect(Object.keys(store.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data'])
  })
})
