import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { jobVacancies, jobVacancyMajors } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aSuperadmin } from '../support/builders/accounts.js'
import { anApplicant, anApplication } from '../support/builders/applications.js'
import { aCompany, aMajor, deactivateCompany, tag } from '../support/builders/org.js'
import { aVacancy, dayFromToday } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'
import { auditsOf } from '../support/stored.js'

const t = useTestApp()
const base = '/api/admin/job-vacancies'

let inMonth: string
beforeAll(async () => {
  inMonth = await dayFromToday(t, 30)
})

const body = (companyId: number, majorIds: number[], over: Record<string, unknown> = {}) => ({
  company_id: companyId,
  title: 'Operator Produksi',
  position: 'Operator',
  description: 'Menjalankan mesin produksi.',
  qualifications: 'Lulusan SMK, sehat jasmani.',
  category: 'manufaktur',
  job_type: 'contract',
  quota: 4,
  deadline: inMonth,
  target: 'all',
  major_ids: majorIds,
  ...over,
})

async function storedVacancy(id: number) {
  const [row] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, id))
  return row
}

describe('role matrix of /api/admin/job-vacancies', () => {
  it('admits admin and superadmin only, on every route', async () => {
    const major = await aMajor(t)
    const company = await aCompany(t)
    const v = await aVacancy(t, { companyId: company.id, majorIds: [major.id] })
    await expectRoles(t, 'GET', base, ['admin'])
    await expectRoles(t, 'GET', `${base}/options`, ['admin'])
    await expectRoles(t, 'GET', `${base}/${v.id}`, ['admin'])
    await expectRoles(t, 'PATCH', `${base}/${v.id}/toggle-active`, ['admin'])
    await expectRoles(t, 'POST', `${base}/${v.id}/approve`, ['admin'])
    await expectRoles(t, 'POST', `${base}/${v.id}/reject`, ['admin'], { reason: 'Tidak lengkap' })
    await expectRoles(t, 'PUT', `${base}/${v.id}`, ['admin'], body(company.id, [major.id]))
    await expectRoles(t, 'POST', base, ['admin'], body(company.id, [major.id]))
    await expectRoles(t, 'DELETE', `${base}/${v.id}`, ['admin'])
  })
})

describe('POST /api/admin/job-vacancies', () => {
  it('201 for a company without an HR account: stored for it, posted by the staff member, approved at once', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t, { name: 'CV Tanpa HRD' })
    const major = await aMajor(t)
    const res = await call(t, 'POST', base, { as: admin, body: body(company.id, [major.id]) })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, message: 'Lowongan berhasil dibuat.' })
    expect(res.body.data).toMatchObject({
      title: 'Operator Produksi',
      jobType: 'contract',
      quota: 4,
      isActive: true,
      isOpen: true,
      approvalStatus: 'approved',
      approvalReason: null,
      approvedAt: expect.stringMatching(/Z$/),
      company: { id: company.id, name: 'CV Tanpa HRD', isActive: true, needsApproval: false, hasHrd: false },
      postedBy: { id: admin.id, role: 'admin' },
      approvedBy: { id: admin.id },
      majors: [{ id: major.id }],
    })
    const row = await storedVacancy(res.body.data.id)
    expect(row).toMatchObject({
      companyId: company.id,
      postedBy: admin.id,
      createdBy: admin.id,
      approvalStatus: 'approved',
      approvedBy: admin.id,
    })
    // Listed at once for learners of the major (the list index's copy).
    const [copy] = await t.db.select().from(jobVacancyMajors).where(eq(jobVacancyMajors.jobVacancyId, row.id))
    expect(copy.listed).toBe(true)
    expect((await auditsOf(t, 'job_vacancy', row.id))[0]).toMatchObject({
      actorId: admin.id,
      action: 'create',
    })
    // A learner of the major finds it.
    const learner = await anApplicant(t, { majorId: major.id })
    const seen = await call(t, 'GET', `/api/job-vacancies/${row.id}`, { as: learner })
    expect(seen.status).toBe(200)
    expect(seen.body.data).toMatchObject({ canApply: true, company: { id: company.id } })
  })

  it('201 also for a company with HR, and approved at once even where HR’s vacancies need approval', async () => {
    const superadmin = await aSuperadmin(t)
    const company = await aCompany(t, { vacanciesNeedApproval: true })
    await anHrd(t, { companyId: company.id })
    const major = await aMajor(t)
    const res = await call(t, 'POST', base, { as: superadmin, body: body(company.id, [major.id]) })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      approvalStatus: 'approved',
      company: { id: company.id, needsApproval: true, hasHrd: true },
      postedBy: { id: superadmin.id, role: 'superadmin' },
    })
  })

  it('422 errors.company_id for a missing, unknown or inactive company, nothing stored', async () => {
    const admin = await anAdmin(t)
    const major = await aMajor(t)
    const inactive = await aCompany(t)
    await deactivateCompany(t, inactive.id)
    const title = tag()
    const { company_id: _, ...withoutCompany } = body(1, [major.id], { title })
    const missing = await call(t, 'POST', base, { as: admin, body: withoutCompany })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toHaveProperty('company_id')
    const unknown = await call(t, 'POST', base, {
      as: admin,
      body: body(2_000_000_000, [major.id], { title }),
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual({ company_id: ['perusahaan tidak ditemukan'] })
    const off = await call(t, 'POST', base, { as: admin, body: body(inactive.id, [major.id], { title }) })
    expect(off.status).toBe(422)
    expect(off.body.errors).toEqual({ company_id: ['perusahaan sedang nonaktif'] })
    expect(await t.db.select().from(jobVacancies).where(eq(jobVacancies.title, title))).toEqual([])
  })

  it('422 per field by the same rules as HR (deadline, majors, salary)', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t)
    const major = await aMajor(t, { isActive: false })
    const res = await call(t, 'POST', base, {
      as: admin,
      body: body(company.id, [major.id], {
        deadline: await dayFromToday(t, -1),
        min_salary: 5_000_000,
        max_salary: 4_000_000,
      }),
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['deadline', 'major_ids', 'max_salary'])
  })
})

describe('GET /api/admin/job-vacancies', () => {
  it('200 with every company’s vacancies, filtered by company, status and approval; meta counts the queue', async () => {
    const admin = await anAdmin(t)
    const search = tag()
    const a = await aCompany(t)
    const b = await aCompany(t)
    const hr = await anHrd(t, { companyId: a.id })
    const approved = await aVacancy(t, {
      companyId: a.id,
      values: { title: `${search} A1`, postedBy: hr.id },
    })
    const off = await aVacancy(t, { companyId: a.id, values: { title: `${search} A2`, isActive: false } })
    const waiting = await aVacancy(t, {
      companyId: b.id,
      values: { title: `${search} B1`, approvalStatus: 'pending' },
    })
    const refused = await aVacancy(t, {
      companyId: b.id,
      values: { title: `${search} B2`, approvalStatus: 'rejected', approvalReason: 'Gaji tidak jelas' },
    })
    await aVacancy(t, { companyId: b.id, values: { title: `${search} B3`, deletedAt: new Date() } })

    const ids = async (query: Record<string, string | number>) => {
      const res = await call(t, 'GET', base, { as: admin, query: { search, ...query } })
      expect(res.status).toBe(200)
      return res.body.data.map((r: { id: number }) => r.id)
    }
    expect(await ids({})).toEqual([refused.id, waiting.id, off.id, approved.id])
    expect(await ids({ company_id: a.id })).toEqual([off.id, approved.id])
    expect(await ids({ status: 'inactive' })).toEqual([off.id])
    expect(await ids({ approval: 'pending' })).toEqual([waiting.id])
    expect(await ids({ approval: 'rejected', company_id: b.id })).toEqual([refused.id])
    expect(await ids({ approval: 'approved', status: 'active' })).toEqual([approved.id])

    const res = await call(t, 'GET', base, { as: admin, query: { search, company_id: a.id } })
    expect(res.body.meta).toMatchObject({ total: 2, page: 1, pendingApproval: expect.any(Number) })
    expect(res.body.meta.pendingApproval).toBeGreaterThanOrEqual(1)
    expect(res.body.data[1]).toMatchObject({
      id: approved.id,
      company: { id: a.id, name: a.name, hasHrd: true },
      postedBy: { id: hr.id, role: 'hrd' },
      approvedBy: null,
    })
    const rejectedRow = (await call(t, 'GET', base, { as: admin, query: { search, approval: 'rejected' } }))
      .body.data[0]
    expect(rejectedRow).toMatchObject({
      approvalStatus: 'rejected',
      approvalReason: 'Gaji tidak jelas',
      postedBy: null,
    })
  })

  it('search finds a partner’s vacancies by the company’s name too, with the total; HR’s list searches its own titles only', async () => {
    const admin = await anAdmin(t)
    const name = tag()
    const company = await aCompany(t, { name: `PT ${name} Harapan Jaya` })
    const hr = await anHrd(t, { companyId: company.id })
    const vacancy = await aVacancy(t, { companyId: company.id, values: { title: 'Operator Produksi' } })
    const titled = await aVacancy(t, { values: { title: `Staf ${name} Gudang` } })

    const res = await call(t, 'GET', base, { as: admin, query: { search: `${name.toLowerCase()} harapan` } })
    expect(res.status).toBe(200)
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([vacancy.id])
    expect(res.body.meta.total).toBe(1)
    const both = await call(t, 'GET', base, { as: admin, query: { search: name, per_page: 1, page: 2 } })
    expect(both.body.data.map((r: { id: number }) => r.id)).toEqual([vacancy.id])
    expect(both.body.meta.total).toBe(2)
    expect(titled.id).not.toBe(vacancy.id)

    const own = await call(t, 'GET', '/api/hrd/job-vacancies', { as: hr, query: { search: name } })
    expect(own.body.meta.total).toBe(0)
  })

  it('the approval queue reads oldest first', async () => {
    const admin = await anAdmin(t)
    const search = tag()
    const older = await aVacancy(t, {
      values: {
        title: `${search} 1`,
        approvalStatus: 'pending',
        createdAt: new Date(Date.now() - 86_400_000),
      },
    })
    const newer = await aVacancy(t, { values: { title: `${search} 2`, approvalStatus: 'pending' } })
    const res = await call(t, 'GET', base, { as: admin, query: { search, approval: 'pending' } })
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([older.id, newer.id])
  })

  it('422 for bad filters', async () => {
    const admin = await anAdmin(t)
    for (const query of [{ approval: 'maybe' }, { company_id: 'x' }, { status: 'on' }] as Record<
      string,
      string
    >[]) {
      const res = await call(t, 'GET', base, { as: admin, query })
      expect(res.status, JSON.stringify(query)).toBe(422)
    }
  })
})

describe('GET /api/admin/job-vacancies/options and /:id', () => {
  it('200 with the form’s options, and any company’s vacancy; 404 for a deleted or unknown one', async () => {
    const admin = await anAdmin(t)
    const options = await call(t, 'GET', `${base}/options`, { as: admin })
    expect(options.status).toBe(200)
    expect(Object.keys(options.body.data).sort()).toEqual(['categories', 'jobTypes', 'majors', 'targets'])
    const v = await aVacancy(t)
    const res = await call(t, 'GET', `${base}/${v.id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: v.id, company: { id: v.companyId } })
    const gone = await aVacancy(t, { values: { deletedAt: new Date() } })
    expect((await call(t, 'GET', `${base}/${gone.id}`, { as: admin })).status).toBe(404)
    expect((await call(t, 'GET', `${base}/2000000000`, { as: admin })).status).toBe(404)
  })
})

describe('PUT /api/admin/job-vacancies/:id', () => {
  it('200: edits HR’s vacancy of any company; its approval stays as it was', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t, { vacanciesNeedApproval: true })
    const hr = await anHrd(t, { companyId: company.id })
    const major = await aMajor(t)
    const v = await aVacancy(t, {
      companyId: company.id,
      majorIds: [major.id],
      values: { approvalStatus: 'pending', postedBy: hr.id },
    })
    const res = await call(t, 'PUT', `${base}/${v.id}`, {
      as: admin,
      body: body(company.id, [major.id], { title: 'Judul diperbaiki BKK' }),
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ title: 'Judul diperbaiki BKK', approvalStatus: 'pending' })
    expect(await storedVacancy(v.id)).toMatchObject({
      title: 'Judul diperbaiki BKK',
      approvalStatus: 'pending',
      postedBy: hr.id,
      companyId: company.id,
    })
    expect((await auditsOf(t, 'job_vacancy', v.id))[0]).toMatchObject({ actorId: admin.id, action: 'update' })
  })

  it('moves a vacancy to another company while it has no applicants; 422 once it has', async () => {
    const admin = await anAdmin(t)
    const from = await aCompany(t)
    const to = await aCompany(t)
    const major = await aMajor(t)
    const v = await aVacancy(t, { companyId: from.id, majorIds: [major.id] })
    const moved = await call(t, 'PUT', `${base}/${v.id}`, { as: admin, body: body(to.id, [major.id]) })
    expect(moved.status).toBe(200)
    expect(moved.body.data.company.id).toBe(to.id)
    expect((await storedVacancy(v.id)).companyId).toBe(to.id)

    const learner = await anApplicant(t, { majorId: major.id })
    await anApplication(t, { vacancyId: v.id, studentId: learner.studentId })
    const refused = await call(t, 'PUT', `${base}/${v.id}`, { as: admin, body: body(from.id, [major.id]) })
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual({
      company_id: ['tidak dapat dipindah ke perusahaan lain: lowongan ini sudah memiliki pelamar'],
    })
    expect((await storedVacancy(v.id)).companyId).toBe(to.id)
  })

  it('404 for a deleted or unknown vacancy', async () => {
    const admin = await anAdmin(t)
    const major = await aMajor(t)
    const gone = await aVacancy(t, { majorIds: [major.id], values: { deletedAt: new Date() } })
    const res = await call(t, 'PUT', `${base}/${gone.id}`, {
      as: admin,
      body: body(gone.companyId, [major.id]),
    })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Lowongan tidak ditemukan.')
  })
})

describe('PATCH toggle-active and DELETE', () => {
  it('switch any company’s vacancy off and on, and soft-delete it; each recorded in the audit log', async () => {
    const admin = await anAdmin(t)
    const v = await aVacancy(t)
    const off = await call(t, 'PATCH', `${base}/${v.id}/toggle-active`, { as: admin })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({
      message: 'Lowongan dinonaktifkan.',
      data: { id: v.id, isActive: false },
    })
    const on = await call(t, 'PATCH', `${base}/${v.id}/toggle-active`, { as: admin })
    expect(on.body.data.isActive).toBe(true)
    const del = await call(t, 'DELETE', `${base}/${v.id}`, { as: admin })
    expect(del.status).toBe(200)
    expect((await storedVacancy(v.id)).deletedAt).not.toBeNull()
    expect((await call(t, 'DELETE', `${base}/${v.id}`, { as: admin })).status).toBe(404)
    expect((await call(t, 'PATCH', `${base}/${v.id}/toggle-active`, { as: admin })).status).toBe(404)
    const actions = (await auditsOf(t, 'job_vacancy', v.id, 'oldest')).map((a) => [a.action, a.actorId])
    expect(actions).toEqual([
      ['deactivate', admin.id],
      ['activate', admin.id],
      ['delete', admin.id],
    ])
  })
})
