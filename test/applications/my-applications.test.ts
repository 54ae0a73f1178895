import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applicationEvents, applications, jobVacancies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAccount, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { anApplication, anApplicationEvent } from '../support/builders/applications.js'
import { aPortfolioFile } from '../support/builders/files.js'
import { aCompany } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'
import { expectCounters } from '../support/vacancy-counters.js'

const t = useTestApp()

async function vacancyOf(companyName?: string) {
  const company = await aCompany(t, companyName ? { name: companyName } : {})
  const vacancy = await aVacancy(t, {
    companyId: company.id,
    values: {
      title: 'Admin Gudang',
      position: 'Staf Admin',
      jobType: 'contract',
      city: 'Bekasi',
      province: 'Jawa Barat',
      deadline: '2099-01-31',
    },
  })
  return { company, vacancy }
}

const stored = async (id: number) =>
  (await t.db.select().from(applications).where(eq(applications.id, id)))[0]
const eventsOf = (id: number) =>
  t.db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, id))
    .orderBy(applicationEvents.id)

describe('GET /api/my-applications', () => {
  it('admits siswa and alumni', async () => {
    await expectRoles(t, 'GET', '/api/my-applications', ['siswa', 'alumni'])
  })

  it("lists the caller's own applications newest first, with vacancy, company and last visible step", async () => {
    const siswa = await aStudent(t)
    const someoneElse = await aStudent(t)
    const a = await vacancyOf('PT Maju Bersama')
    const b = await vacancyOf()
    const first = await anApplication(t, {
      vacancyId: a.vacancy.id,
      studentId: siswa.studentId,
    })
    const second = await anApplication(t, {
      vacancyId: b.vacancy.id,
      studentId: siswa.studentId,
      status: 'in_progress',
    })
    await anApplication(t, { vacancyId: a.vacancy.id, studentId: someoneElse.studentId })
    const reviewed = await anApplicationEvent(t, {
      applicationId: second.id,
      stage: 'document_review',
      status: 'lolos',
      at: new Date(second.createdAt.getTime() + 1000),
    })
    // A later step the applicant may not see yet does not show as the last one.
    await anApplicationEvent(t, {
      applicationId: second.id,
      stage: 'selection_result',
      status: 'draft',
      visibleToApplicant: false,
      at: new Date(second.createdAt.getTime() + 2000),
    })
    await t.db.update(jobVacancies).set({ deletedAt: new Date() }).where(eq(jobVacancies.id, b.vacancy.id))

    const res = await call(t, 'GET', '/api/my-applications', { as: siswa })
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 2, totalPages: 1 })
    expect(res.body.data.map((i: { id: number }) => i.id)).toEqual([second.id, first.id])
    expect(res.body.data[1]).toEqual({
      id: first.id,
      status: 'pending',
      createdAt: first.createdAt.toISOString(),
      updatedAt: first.updatedAt.toISOString(),
      vacancy: {
        id: a.vacancy.id,
        title: 'Admin Gudang',
        position: 'Staf Admin',
        jobType: 'contract',
        city: 'Bekasi',
        province: 'Jawa Barat',
        deadline: '2099-01-31',
        deleted: false,
      },
      company: { id: a.company.id, name: 'PT Maju Bersama' },
      onHold: false,
      lastEvent: { stage: 'applied', status: 'pending', at: first.createdAt.toISOString() },
      result: null,
    })
    expect(res.body.data[0]).toMatchObject({
      status: 'in_progress',
      vacancy: { id: b.vacancy.id, deleted: true },
      lastEvent: { stage: 'document_review', status: 'lolos', at: reviewed.at.toISOString() },
    })
  })

  it('filters by status and pages', async () => {
    const alumni = await anAlumnus(t)
    const made = []
    for (const status of ['pending', 'rejected', 'pending', 'withdrawn'] as const) {
      const { vacancy } = await vacancyOf()
      made.push(
        await anApplication(t, {
          vacancyId: vacancy.id,
          studentId: alumni.studentId,
          role: 'alumni',
          status,
        }),
      )
    }
    const pending = await call(t, 'GET', '/api/my-applications', { as: alumni, query: { status: 'pending' } })
    expect(pending.body.data.map((i: { id: number }) => i.id)).toEqual([made[2].id, made[0].id])
    expect(pending.body.meta.total).toBe(2)
    const page2 = await call(t, 'GET', '/api/my-applications', {
      as: alumni,
      query: { per_page: 3, page: 2 },
    })
    expect(page2.body.data.map((i: { id: number }) => i.id)).toEqual([made[0].id])
    expect(page2.body.meta).toEqual({ page: 2, perPage: 3, total: 4, totalPages: 2 })
  })

  it('is empty for an account without a learner record', async () => {
    const bare = await anAccount(t, 'siswa')
    const res = await call(t, 'GET', '/api/my-applications', { as: bare })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
    expect(res.body.meta.total).toBe(0)
  })

  it('422 for an unknown status', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'GET', '/api/my-applications', { as: siswa, query: { status: 'lolos' } })
    expect(res.status).toBe(422)
    expect(res.body.errors.status[0]).toMatch(/pending, in_progress/)
  })
})

describe('GET /api/my-applications/:id', () => {
  it('admits siswa and alumni', async () => {
    const siswa = await aStudent(t)
    const { vacancy } = await vacancyOf()
    const app = await anApplication(t, { vacancyId: vacancy.id, studentId: siswa.studentId })
    await expectRoles(t, 'GET', `/api/my-applications/${app.id}`, ['siswa', 'alumni'])
  })

  it('shows the cover letter, the attached files and only the visible timeline', async () => {
    const siswa = await aStudent(t)
    const { vacancy } = await vacancyOf()
    const cv = await aPortfolioFile(t, siswa.studentId, { category: 'cv', title: 'CV' })
    await aPortfolioFile(t, siswa.studentId, { title: 'Tidak dilampirkan' })
    const app = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: siswa.studentId,
      fileIds: [cv.id],
      values: { coverLetter: 'Saya siap bekerja.' },
    })
    await anApplicationEvent(t, {
      applicationId: app.id,
      stage: 'selection_result',
      status: 'draft',
      visibleToApplicant: false,
    })
    const res = await call(t, 'GET', `/api/my-applications/${app.id}`, { as: siswa })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: app.id,
      status: 'pending',
      vacancy: { id: vacancy.id, deleted: false },
      coverLetter: 'Saya siap bekerja.',
      timeline: [
        {
          stage: 'applied',
          status: 'pending',
          notes: null,
          actor: 'Pelamar',
          at: app.createdAt.toISOString(),
        },
      ],
      upcomingTests: [],
      result: null,
      acceptanceLetterUrl: null,
    })
    expect(res.body.data.files).toEqual([
      {
        id: cv.id,
        category: 'cv',
        title: 'CV',
        originalName: cv.originalName,
        mimeType: 'application/pdf',
        size: cv.size,
        downloadUrl: `/api/files/${cv.id}/download`,
        createdAt: cv.createdAt.toISOString(),
      },
    ])
  })

  it("404 for another student's application and for an unknown id", async () => {
    const owner = await aStudent(t)
    const other = await anAlumnus(t)
    const { vacancy } = await vacancyOf()
    const app = await anApplication(t, { vacancyId: vacancy.id, studentId: owner.studentId })
    const foreign = await call(t, 'GET', `/api/my-applications/${app.id}`, { as: other })
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual({ success: false, message: 'Lamaran tidak ditemukan.', data: null })
    const unknown = await call(t, 'GET', '/api/my-applications/2000000000', { as: owner })
    expect(unknown.body).toEqual(foreign.body)
    const bare = await anAccount(t, 'siswa')
    expect((await call(t, 'GET', `/api/my-applications/${app.id}`, { as: bare })).status).toBe(404)
  })
})

describe('PATCH /api/my-applications/:id/withdraw', () => {
  it('admits siswa and alumni', async () => {
    await expectRoles(t, 'PATCH', '/api/my-applications/2000000000/withdraw', ['siswa', 'alumni'])
  })

  it('withdraws a pending or in-progress application and records it on the timeline', async () => {
    const siswa = await aStudent(t)
    for (const status of ['pending', 'in_progress'] as const) {
      const { vacancy } = await vacancyOf()
      const app = await anApplication(t, {
        vacancyId: vacancy.id,
        studentId: siswa.studentId,
        status,
      })
      const res = await call(t, 'PATCH', `/api/my-applications/${app.id}/withdraw`, { as: siswa })
      expect(res.status, status).toBe(200)
      expect(res.body.message).toBe('Lamaran berhasil dibatalkan.')
      expect(res.body.data).toMatchObject({ id: app.id, status: 'withdrawn' })
      expect(res.body.data.timeline.at(-1)).toMatchObject({ stage: 'withdrawn', status: 'withdrawn' })
      const row = await stored(app.id)
      expect(row.status).toBe('withdrawn')
      expect(row.updatedAt.getTime()).toBeGreaterThan(app.updatedAt.getTime())
      expect((await eventsOf(app.id)).map((e) => [e.stage, e.status, e.actorId])).toEqual([
        ['applied', 'pending', null],
        ['withdrawn', 'withdrawn', siswa.id],
      ])
      // A withdrawn application still counts as an applicant; it never took a place.
      await expectCounters(t, vacancy.id, { applicants: 1, accepted: 0 })
    }
  })

  it('422 naming the status for accepted, rejected and withdrawn applications; nothing changes', async () => {
    const alumni = await anAlumnus(t)
    for (const [status, label] of [
      ['accepted', 'Diterima'],
      ['rejected', 'Tidak lolos'],
      ['withdrawn', 'Lamaran dibatalkan'],
    ] as const) {
      const { vacancy } = await vacancyOf()
      const app = await anApplication(t, {
        vacancyId: vacancy.id,
        studentId: alumni.studentId,
        role: 'alumni',
        status,
      })
      const res = await call(t, 'PATCH', `/api/my-applications/${app.id}/withdraw`, { as: alumni })
      expect(res.status, status).toBe(422)
      expect(res.body.message).toContain(`"${label}"`)
      expect((await stored(app.id)).status).toBe(status)
      expect(await eventsOf(app.id)).toHaveLength(1)
    }
  })

  it("404 for another student's application; it stays as it was", async () => {
    const owner = await aStudent(t)
    const other = await aStudent(t)
    const { vacancy } = await vacancyOf()
    const app = await anApplication(t, { vacancyId: vacancy.id, studentId: owner.studentId })
    const res = await call(t, 'PATCH', `/api/my-applications/${app.id}/withdraw`, { as: other })
    expect(res.status).toBe(404)
    expect((await stored(app.id)).status).toBe('pending')
    expect(await eventsOf(app.id)).toHaveLength(1)
  })
})
