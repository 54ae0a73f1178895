import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy, type VacancyValues } from '../support/builders/vacancies.js'

const t = useTestApp()

describe('GET /api/hrd/job-vacancies/statistics', () => {
  it('200 with exact counts over the company’s vacancies that are not deleted, each counted once', async () => {
    const hrd = await anHrd(t)
    const major = await aMajor(t)
    const c = hrd.companyId
    const mk = (values: VacancyValues) => aVacancy(t, { companyId: c, majorIds: [major.id], values })
    const a = await mk({ title: 'A', quota: 3 })
    const b = await mk({ title: 'B', quota: 2 })
    const off = await mk({ title: 'Off', quota: 4, isActive: false })
    const expired = await mk({ title: 'Expired', quota: 1, deadline: '2020-01-01' })
    const gone = await mk({ title: 'Gone', quota: 50, deletedAt: new Date() })
    // Switched on and before their deadlines, but not open to learners: not counted as active.
    const waiting = await mk({ title: 'Waiting', quota: 1, approvalStatus: 'pending' })
    const refused = await mk({ title: 'Refused', quota: 1, approvalStatus: 'rejected' })
    const refusedOff = await mk({
      title: 'Refused off',
      quota: 1,
      approvalStatus: 'rejected',
      isActive: false,
    })
    // Another company's vacancy and applications do not count.
    const foreign = await aVacancy(t, { majorIds: [major.id], values: { quota: 7 } })

    const statuses: [number, string][] = [
      [a.id, 'pending'],
      [a.id, 'pending'],
      [a.id, 'in_progress'],
      [a.id, 'accepted'],
      [a.id, 'accepted'],
      [a.id, 'rejected'],
      [b.id, 'accepted'],
      [b.id, 'withdrawn'],
      [expired.id, 'rejected'],
      [gone.id, 'accepted'],
      [foreign.id, 'accepted'],
    ]
    for (const [vacancyId, status] of statuses) {
      const s = await aStudent(t, { majorId: major.id, account: false })
      await anApplication(t, {
        vacancyId,
        studentId: s.studentId,
        status: status as 'pending',
      })
    }

    const res = await call(t, 'GET', '/api/hrd/job-vacancies/statistics', { as: hrd })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      vacancies: { total: 7, active: 2, inactive: 2, expired: 1, pendingApproval: 1, approvalRejected: 1 },
      applicants: { total: 9, pending: 2, in_progress: 1, accepted: 3, rejected: 2, withdrawn: 1 },
      quota: { total: 13, filled: 3 },
      perVacancy: [
        { id: refusedOff.id, title: 'Refused off', quota: 1, filled: 0, applicants: 0 },
        { id: refused.id, title: 'Refused', quota: 1, filled: 0, applicants: 0 },
        { id: waiting.id, title: 'Waiting', quota: 1, filled: 0, applicants: 0 },
        { id: expired.id, title: 'Expired', quota: 1, filled: 0, applicants: 1 },
        { id: off.id, title: 'Off', quota: 4, filled: 0, applicants: 0 },
        { id: b.id, title: 'B', quota: 2, filled: 1, applicants: 2 },
        { id: a.id, title: 'A', quota: 3, filled: 2, applicants: 6 },
      ],
    })
  })

  it('200 with zeros for a company without vacancies', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'GET', '/api/hrd/job-vacancies/statistics', { as: hrd })
    expect(res.body.data).toEqual({
      vacancies: { total: 0, active: 0, inactive: 0, expired: 0, pendingApproval: 0, approvalRejected: 0 },
      applicants: { total: 0, pending: 0, in_progress: 0, accepted: 0, rejected: 0, withdrawn: 0 },
      quota: { total: 0, filled: 0 },
      perVacancy: [],
    })
  })
})

describe('GET /api/hrd/job-vacancies/options', () => {
  it('200 with categories, active majors (not an inactive one without learners), job types and targets, labelled in Indonesian', async () => {
    const hrd = await anHrd(t)
    const active = await aMajor(t, { name: 'Zz Teknik Pengelasan' })
    const inactive = await aMajor(t, { name: 'Zz Tata Busana', isActive: false })
    const res = await call(t, 'GET', '/api/hrd/job-vacancies/options', { as: hrd })
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(data.jobTypes).toEqual([
      { value: 'full_time', label: 'Penuh waktu' },
      { value: 'contract', label: 'Kontrak' },
      { value: 'internship', label: 'Magang' },
      { value: 'part_time', label: 'Paruh waktu' },
    ])
    expect(data.targets).toEqual([
      { value: 'siswa', label: 'Siswa kelas XII' },
      { value: 'alumni', label: 'Alumni' },
      { value: 'all', label: 'Siswa dan alumni' },
    ])
    expect(data.categories).toContainEqual({ value: 'teknologi_informasi', label: 'Teknologi Informasi' })
    expect(data.categories).toContainEqual({ value: 'lainnya', label: 'Lainnya' })
    expect(data.majors).toContainEqual({ value: active.id, label: 'Zz Teknik Pengelasan', isActive: true })
    expect(data.majors.map((m: { value: number }) => m.value)).not.toContain(inactive.id)
  })

  it('every category it offers is accepted by POST, and only those', async () => {
    const hrd = await anHrd(t)
    const major = await aMajor(t)
    const { categories } = (await call(t, 'GET', '/api/hrd/job-vacancies/options', { as: hrd })).body.data
    const body = {
      title: 'Staf',
      position: 'Staf',
      description: 'Deskripsi',
      qualifications: 'SMK',
      job_type: 'contract',
      quota: 1,
      deadline: '2099-01-01',
      target: 'all',
      major_ids: [major.id],
    }
    for (const { value } of categories) {
      const res = await call(t, 'POST', '/api/hrd/job-vacancies', {
        as: hrd,
        body: { ...body, category: value },
      })
      expect(res.status, value).toBe(201)
    }
    const bad = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hrd,
      body: { ...body, category: 'Otomotif' },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['category'])
  })
})
