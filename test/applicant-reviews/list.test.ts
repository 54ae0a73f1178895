import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()
let n = 0

/** A company with an HR account, two vacancies and five applicants in every status but accepted. */
async function scenario() {
  const tag = `${++n}${Date.now() % 100000}`
  const hrd = await anHrd(t)
  const major = await aMajor(t, { name: `Teknik Mesin ${tag}` })
  const welder = await aVacancy(t, {
    companyId: hrd.companyId,
    majorIds: [major.id],
    values: { title: 'Welder', position: 'Juru Las' },
  })
  const operator = await aVacancy(t, { companyId: hrd.companyId, majorIds: [major.id] })
  const learner = (fullName: string, nis: string, role: 'siswa' | 'alumni' = 'siswa') =>
    aStudent(t, {
      role,
      majorId: major.id,
      values: { fullName, nis: `${nis}${tag}`, className: role === 'siswa' ? 'XII TM 1' : null },
    })
  const budi = await learner('Budi Santoso', 'A1')
  const siti = await learner('Siti Aminah', 'A2')
  const andi = await learner('Andi Wijaya', 'B3', 'alumni')
  const rina = await learner('Rina Budiman', 'B4')
  const app = (
    vacancyId: number,
    s: { studentId: number; student: { graduationYear: number | null } },
    status?: 'in_progress' | 'rejected' | 'withdrawn',
  ) =>
    anApplication(t, {
      vacancyId,
      studentId: s.studentId,
      role: s.student.graduationYear ? 'alumni' : 'siswa',
      status,
    })
  const a1 = await app(welder.id, budi)
  const a2 = await app(welder.id, siti, 'in_progress')
  const a3 = await app(welder.id, andi, 'rejected')
  const a4 = await app(operator.id, budi, 'withdrawn')
  const a5 = await app(operator.id, rina)
  return { tag, hrd, major, welder, operator, budi, siti, andi, rina, apps: [a1, a2, a3, a4, a5] }
}

const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((i) => i.id)

describe('GET /api/hrd/applicant-reviews', () => {
  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'GET', '/api/hrd/applicant-reviews', ['hrd', 'admin'])
  })

  it("lists the company's applicants newest first, with the item shape and counts per status", async () => {
    const s = await scenario()
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', { as: s.hrd })
    expect(res.status).toBe(200)
    expect(ids(res)).toEqual(s.apps.map((a) => a.id).reverse())
    expect(res.body.meta).toEqual({
      page: 1,
      perPage: 15,
      total: 5,
      totalPages: 1,
      summary: { pending: 2, in_progress: 1, accepted: 0, rejected: 1, withdrawn: 1, total: 5 },
    })
    const andi = res.body.data.find((i: { id: number }) => i.id === s.apps[2].id)
    expect(andi).toEqual({
      id: s.apps[2].id,
      status: 'rejected',
      reviewDecision: null,
      reviewNotes: null,
      reviewedAt: null,
      createdAt: s.apps[2].createdAt.toISOString(),
      applicant: {
        studentId: s.andi.studentId,
        fullName: 'Andi Wijaya',
        nis: `B3${s.tag}`,
        role: 'alumni',
        appliedAs: 'alumni',
        major: { id: s.major.id, name: s.major.name },
        className: null,
        graduationYear: 2024,
      },
      vacancy: { id: s.welder.id, title: 'Welder', position: 'Juru Las' },
      placedElsewhere: false,
    })
  })

  it("never shows another company's applicants", async () => {
    await scenario()
    const other = await anHrd(t)
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', { as: other })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
    expect(res.body.meta.total).toBe(0)
    expect(res.body.meta.summary.total).toBe(0)
  })

  it("filters by vacancy; another company's vacancy id gives an empty list", async () => {
    const s = await scenario()
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: s.hrd,
      query: { job_vacancy_id: s.operator.id },
    })
    expect(ids(res)).toEqual([s.apps[4].id, s.apps[3].id])
    expect(res.body.meta.summary).toEqual({
      pending: 1,
      in_progress: 0,
      accepted: 0,
      rejected: 0,
      withdrawn: 1,
      total: 2,
    })
    const other = await anHrd(t)
    const foreign = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: other,
      query: { job_vacancy_id: s.operator.id },
    })
    expect(foreign.status).toBe(200)
    expect(foreign.body.data).toEqual([])
  })

  it('filters by status while the summary keeps counting every status', async () => {
    const s = await scenario()
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: s.hrd,
      query: { status: 'pending' },
    })
    expect(ids(res)).toEqual([s.apps[4].id, s.apps[0].id])
    expect(res.body.meta.total).toBe(2)
    expect(res.body.meta.summary).toEqual({
      pending: 2,
      in_progress: 1,
      accepted: 0,
      rejected: 1,
      withdrawn: 1,
      total: 5,
    })
  })

  it('searches by NIS and by name, case-insensitively', async () => {
    const s = await scenario()
    const byNis = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: s.hrd,
      query: { search: `a2${s.tag}` },
    })
    expect(ids(byNis)).toEqual([s.apps[1].id])
    expect(byNis.body.meta.summary).toMatchObject({ in_progress: 1, total: 1 })

    // "budi" is in Budi Santoso (two applications) and in Rina Budiman.
    const byName = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: s.hrd,
      query: { search: 'BUDI' },
    })
    expect(ids(byName)).toEqual([s.apps[4].id, s.apps[3].id, s.apps[0].id])
    expect(byName.body.meta.summary).toEqual({
      pending: 2,
      in_progress: 0,
      accepted: 0,
      rejected: 0,
      withdrawn: 1,
      total: 3,
    })

    const wildcard = await call(t, 'GET', '/api/hrd/applicant-reviews', { as: s.hrd, query: { search: '%' } })
    expect(wildcard.body.data).toEqual([])
  })

  it('leaves out applications to deleted vacancies', async () => {
    const s = await scenario()
    await t.db.update(jobVacancies).set({ deletedAt: new Date() }).where(eq(jobVacancies.id, s.welder.id))
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', { as: s.hrd })
    expect(ids(res)).toEqual([s.apps[4].id, s.apps[3].id])
    expect(res.body.meta.summary.total).toBe(2)
  })

  it('pages, and keeps the total on a page past the end', async () => {
    const s = await scenario()
    const page2 = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: s.hrd,
      query: { per_page: 2, page: 2 },
    })
    expect(ids(page2)).toEqual([s.apps[2].id, s.apps[1].id])
    expect(page2.body.meta).toMatchObject({ page: 2, perPage: 2, total: 5, totalPages: 3 })
    const past = await call(t, 'GET', '/api/hrd/applicant-reviews', { as: s.hrd, query: { page: 9 } })
    expect(past.body.data).toEqual([])
    expect(past.body.meta.total).toBe(5)
  })

  it('422 with per-field messages for bad filters', async () => {
    const s = await scenario()
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: s.hrd,
      query: { status: 'lolos', per_page: 101, job_vacancy_id: 'abc' },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['job_vacancy_id', 'per_page', 'status'])
    expect(res.body.errors.per_page).toEqual(['maksimal 100'])
  })
})

describe('GET /api/hrd/applicant-reviews/options', () => {
  it('admits hrd, and staff acting for a company without HR', async () => {
    await expectRoles(t, 'GET', '/api/hrd/applicant-reviews/options', ['hrd', 'admin'])
  })

  it("lists the company's live vacancies and the statuses with Indonesian labels", async () => {
    const s = await scenario()
    const gone = await aVacancy(t, { companyId: s.hrd.companyId })
    await t.db.update(jobVacancies).set({ deletedAt: new Date() }).where(eq(jobVacancies.id, gone.id))
    await aVacancy(t, { companyId: (await aCompany(t)).id })

    const res = await call(t, 'GET', '/api/hrd/applicant-reviews/options', { as: s.hrd })
    expect(res.status).toBe(200)
    expect(res.body.data.vacancies).toEqual([
      { value: s.operator.id, label: s.operator.title },
      { value: s.welder.id, label: 'Welder' },
    ])
    expect(res.body.data.statuses).toEqual([
      { value: 'pending', label: 'Menunggu seleksi berkas' },
      { value: 'in_progress', label: 'Dalam proses seleksi' },
      { value: 'accepted', label: 'Diterima' },
      { value: 'rejected', label: 'Tidak lolos' },
      { value: 'withdrawn', label: 'Lamaran dibatalkan' },
    ])
  })
})

describe('GET /openapi.json', () => {
  it('documents the applicant review, my-applications and notification routes', async () => {
    const res = await call(t, 'GET', '/openapi.json')
    expect(res.status).toBe(200)
    const paths = res.body.paths
    for (const [path, method] of [
      ['/api/hrd/applicant-reviews', 'get'],
      ['/api/hrd/applicant-reviews/options', 'get'],
      ['/api/hrd/applicant-reviews/{id}', 'get'],
      ['/api/hrd/applicant-reviews/{id}/review', 'patch'],
      ['/api/hrd/applicant-reviews/bulk-review', 'post'],
      ['/api/my-applications', 'get'],
      ['/api/my-applications/{id}', 'get'],
      ['/api/my-applications/{id}/withdraw', 'patch'],
      ['/api/notifications', 'get'],
      ['/api/notifications/{id}/read', 'patch'],
      ['/api/notifications/read-all', 'patch'],
    ]) {
      expect(paths[path]?.[method], `${method} ${path}`).toMatchObject({ summary: expect.any(String) })
    }
    const review = paths['/api/hrd/applicant-reviews/{id}/review'].patch
    expect(review.requestBody.content['application/json'].schema.required).toEqual(['decision'])
  })
})
