import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { files, jobVacancies, jobVacancyMajors } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAccount, anAdmin, anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplicant, anApplication } from '../support/builders/applications.js'
import { aPortfolioFile } from '../support/builders/files.js'
import { aCompany, aMajor, deactivateCompany } from '../support/builders/org.js'
import { aVacancy, dayFromToday } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()
const base = '/api/job-vacancies'

describe('role matrix of /api/job-vacancies', () => {
  it('admits only siswa and alumni on every route', async () => {
    const v = await aVacancy(t)
    await expectRoles(t, 'GET', base, ['siswa', 'alumni'])
    await expectRoles(t, 'GET', `${base}/options`, ['siswa', 'alumni'])
    await expectRoles(t, 'GET', `${base}/${v.id}`, ['siswa', 'alumni'])
    await expectRoles(t, 'POST', `${base}/${v.id}/apply`, ['siswa', 'alumni'], {})
  })

  it('403 with a clear message for a learner account without a learner record', async () => {
    const orphan = await anAccount(t, 'siswa')
    const res = await call(t, 'GET', base, { as: orphan })
    expect(res.status).toBe(403)
    expect(res.body.message).toMatch(/belum terhubung dengan data siswa/)
  })
})

describe('GET /api/job-vacancies', () => {
  let majorId: number
  let otherMajorId: number
  let astra: { id: number; name: string }
  let telkom: { id: number; name: string }
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    majorId = (await aMajor(t, { code: 'TKR-B', name: 'Teknik Kendaraan Ringan' })).id
    otherMajorId = (await aMajor(t, { code: 'TBSM-B', name: 'Bisnis Sepeda Motor' })).id
    astra = await aCompany(t, { name: 'PT Astra Uji', city: 'Jakarta Utara', province: 'DKI Jakarta' })
    telkom = await aCompany(t, { name: 'PT Telkom Uji', city: 'Bandung', province: 'Jawa Barat' })
    const mk = async (
      key: string,
      companyId: number,
      values: Partial<typeof jobVacancies.$inferInsert>,
      majorIds = [majorId],
    ) => {
      ids[key] = (await aVacancy(t, { companyId, majorIds, values })).id
    }
    await mk(
      'mekanik',
      astra.id,
      {
        title: 'Mekanik Junior',
        position: 'Mekanik',
        jobType: 'full_time',
        city: 'Jakarta Utara',
        province: 'DKI Jakarta',
        quota: 3,
        minSalary: 4_000_000,
        maxSalary: 5_000_000,
        deadline: '2099-01-31',
      },
      [majorId, otherMajorId],
    )
    await mk('magang', astra.id, {
      title: 'Program Magang',
      position: 'Teknisi',
      jobType: 'internship',
      city: 'Bekasi',
      province: 'Jawa Barat',
      quota: 1,
    })
    await mk('teknisi', telkom.id, {
      title: 'Teknisi Lapangan',
      position: 'Teknisi Fiber',
      jobType: 'contract',
      city: 'Bandung',
      province: 'Jawa Barat',
    })
  })

  const list = async (query: Record<string, string | number> = {}) => {
    const learner = await anApplicant(t, { majorId })
    return call(t, 'GET', base, { as: learner, query })
  }
  const idsOf = (res: { body: { data: { id: number }[] } }) => res.body.data.map((x) => x.id)

  it('200 with company, majors, quota left, deadline and whether the caller applied', async () => {
    const learner = await anApplicant(t, { majorId })
    const accepted = await aStudent(t, { majorId, account: false })
    await anApplication(t, {
      vacancyId: ids.mekanik,
      studentId: accepted.studentId,
      status: 'accepted',
    })
    await anApplication(t, { vacancyId: ids.mekanik, studentId: learner.studentId })
    const res = await call(t, 'GET', base, { as: learner })
    expect(res.status).toBe(200)
    expect(idsOf(res)).toEqual([ids.teknisi, ids.magang, ids.mekanik])
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 3, totalPages: 1 })
    expect(res.body.data[2]).toEqual({
      id: ids.mekanik,
      title: 'Mekanik Junior',
      position: 'Mekanik',
      category: 'manufaktur',
      jobType: 'full_time',
      workLocation: null,
      city: 'Jakarta Utara',
      province: 'DKI Jakarta',
      minSalary: 4_000_000,
      maxSalary: 5_000_000,
      quota: 3,
      quotaLeft: 2,
      deadline: '2099-01-31',
      target: 'all',
      company: { id: astra.id, name: 'PT Astra Uji', city: 'Jakarta Utara', province: 'DKI Jakarta' },
      majors: [
        { id: otherMajorId, code: 'TBSM-B', name: 'Bisnis Sepeda Motor' },
        { id: majorId, code: 'TKR-B', name: 'Teknik Kendaraan Ringan' },
      ],
      hasApplied: true,
      createdAt: expect.stringMatching(/Z$/),
    })
    expect(res.body.data.map((x: { hasApplied: boolean }) => x.hasApplied)).toEqual([false, false, true])
  })

  it('filters by company_id, job_type, city, province, major_id and search (title, position, company)', async () => {
    expect(idsOf(await list({ company_id: astra.id }))).toEqual([ids.magang, ids.mekanik])
    expect(idsOf(await list({ job_type: 'contract' }))).toEqual([ids.teknisi])
    expect(idsOf(await list({ city: 'bandung' }))).toEqual([ids.teknisi])
    expect(idsOf(await list({ province: 'Jawa Barat' }))).toEqual([ids.teknisi, ids.magang])
    expect(idsOf(await list({ major_id: otherMajorId }))).toEqual([ids.mekanik])
    expect(idsOf(await list({ search: 'fiber' }))).toEqual([ids.teknisi])
    expect(idsOf(await list({ search: 'magang' }))).toEqual([ids.magang])
    expect(idsOf(await list({ search: 'astra uji' }))).toEqual([ids.magang, ids.mekanik])
    expect(idsOf(await list({ search: '_' }))).toEqual([])
  })

  it('paginates', async () => {
    const res = await list({ per_page: 2, page: 2 })
    expect(idsOf(res)).toEqual([ids.mekanik])
    expect(res.body.meta).toEqual({ page: 2, perPage: 2, total: 3, totalPages: 2 })
    expect((await list({ per_page: 2, page: 5 })).body.meta.total).toBe(3)
  })

  it('422 for bad filters', async () => {
    const res = await list({ company_id: 'x', job_type: 'freelance', page: 0 })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['company_id', 'job_type', 'page'])
  })
})

describe('GET /api/job-vacancies follows every change at once', () => {
  it('toggle, edit (deadline, target, majors), delete, and the company switched off and on', async () => {
    const major = (await aMajor(t)).id
    const otherMajor = (await aMajor(t)).id
    const hrd = await anHrd(t)
    const admin = await anAdmin(t)
    const learner = await anApplicant(t, { majorId: major })
    const vacancy = await aVacancy(t, { companyId: hrd.companyId, majorIds: [major] })
    const listed = async () => {
      const res = await call(t, 'GET', base, { as: learner })
      return res.body.data.map((x: { id: number }) => x.id).includes(vacancy.id)
    }
    const body = async (changes: Record<string, unknown> = {}) => ({
      title: 'Operator',
      position: 'Operator',
      description: 'Deskripsi.',
      qualifications: 'SMK.',
      category: 'manufaktur',
      job_type: 'full_time',
      quota: 5,
      deadline: await dayFromToday(t, 10),
      target: 'all',
      major_ids: [major],
      ...changes,
    })
    const hr = (method: 'PUT' | 'PATCH' | 'DELETE', path: string, b?: unknown) =>
      call(t, method, `/api/hrd/job-vacancies/${vacancy.id}${path}`, { as: hrd, body: b })
    expect(await listed()).toBe(true)

    expect((await hr('PATCH', '/toggle-active')).status).toBe(200)
    expect(await listed()).toBe(false)
    expect((await hr('PATCH', '/toggle-active')).status).toBe(200)
    expect(await listed()).toBe(true)

    expect((await hr('PUT', '', await body({ target: 'alumni' }))).status).toBe(200)
    expect(await listed()).toBe(false)
    expect((await hr('PUT', '', await body({ major_ids: [otherMajor] }))).status).toBe(200)
    expect(await listed()).toBe(false)
    expect((await hr('PUT', '', await body({ major_ids: [otherMajor, major] }))).status).toBe(200)
    expect(await listed()).toBe(true)
    // The deadline passing is read at list time (today still counts).
    await t.db
      .update(jobVacancies)
      .set({ deadline: await dayFromToday(t, -1) })
      .where(eq(jobVacancies.id, vacancy.id))
    expect(await listed()).toBe(false)
    expect((await hr('PUT', '', await body({ deadline: await dayFromToday(t, 0) }))).status).toBe(200)
    expect(await listed()).toBe(true)

    const company = `/api/admin/companies/${hrd.companyId}/toggle-active`
    expect((await call(t, 'PATCH', company, { as: admin })).status).toBe(200)
    expect(await listed()).toBe(false)
    expect((await call(t, 'PATCH', company, { as: admin })).status).toBe(200)
    expect(await listed()).toBe(true)

    expect((await hr('DELETE', '')).status).toBe(200)
    expect(await listed()).toBe(false)
  })
})

describe('GET /api/job-vacancies/options', () => {
  it('200 with companies, job types and locations of the vacancies open to the caller only', async () => {
    const majorId = (await aMajor(t)).id
    const a = await aCompany(t, { name: 'PT Alfa Opsi' })
    const b = await aCompany(t, { name: 'PT Beta Opsi' })
    const closed = await aCompany(t, { name: 'PT Tutup Opsi' })
    const mk = (companyId: number, values: Partial<typeof jobVacancies.$inferInsert>) =>
      aVacancy(t, { companyId, majorIds: [majorId], values })
    await mk(b.id, { jobType: 'contract', city: 'Bandung', province: 'Jawa Barat' })
    await mk(a.id, { jobType: 'contract', city: 'Bandung', province: 'Jawa Barat' })
    await mk(a.id, { jobType: 'full_time', city: 'Bekasi', province: 'Jawa Barat' })
    await mk(a.id, { jobType: 'full_time', city: null, province: null })
    // Not open to the caller: none of these may show up.
    await mk(a.id, { jobType: 'internship', city: 'Surabaya', province: 'Jawa Timur', isActive: false })
    await mk(b.id, { jobType: 'part_time', city: 'Medan', province: 'Sumatera Utara', target: 'alumni' })
    await mk(closed.id, { jobType: 'part_time', city: 'Medan', province: 'Sumatera Utara' })
    await deactivateCompany(t, closed.id)
    await aVacancy(t, { values: { city: 'Makassar', province: 'Sulawesi Selatan' } })

    const learner = await anApplicant(t, { majorId })
    const res = await call(t, 'GET', `${base}/options`, { as: learner })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      companies: [
        { value: a.id, label: 'PT Alfa Opsi' },
        { value: b.id, label: 'PT Beta Opsi' },
      ],
      jobTypes: [
        { value: 'full_time', label: 'Penuh waktu' },
        { value: 'contract', label: 'Kontrak' },
      ],
      locations: [
        { city: 'Bandung', province: 'Jawa Barat' },
        { city: 'Bekasi', province: 'Jawa Barat' },
      ],
    })
  })

  it('200 with empty lists when nothing is open', async () => {
    const learner = await anApplicant(t)
    const res = await call(t, 'GET', `${base}/options`, { as: learner })
    expect(res.body.data).toEqual({ companies: [], jobTypes: [], locations: [] })
  })
})

describe('GET /api/job-vacancies/:id', () => {
  it('200 with the company, qualifications, benefits, majors, quota left, salary range and canApply', async () => {
    const major = await aMajor(t)
    const company = await aCompany(t, {
      name: 'PT Detail',
      industry: 'Otomotif',
      website: 'https://detail.example',
      description: 'Produsen komponen.',
    })
    const v = await aVacancy(t, {
      companyId: company.id,
      majorIds: [major.id],
      values: { benefits: 'BPJS', qualifications: 'Lulusan SMK', minSalary: 1, maxSalary: 2, quota: 1 },
    })
    const accepted = await aStudent(t, { majorId: major.id, account: false })
    await anApplication(t, {
      vacancyId: v.id,
      studentId: accepted.studentId,
      status: 'accepted',
    })
    const learner = await anApplicant(t, { majorId: major.id })
    const res = await call(t, 'GET', `${base}/${v.id}`, { as: learner })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      id: v.id,
      title: v.title,
      position: v.position,
      description: v.description,
      qualifications: 'Lulusan SMK',
      benefits: 'BPJS',
      category: 'manufaktur',
      jobType: 'full_time',
      workLocation: null,
      city: null,
      province: null,
      minSalary: 1,
      maxSalary: 2,
      quota: 1,
      quotaLeft: 0,
      deadline: v.deadline,
      target: 'all',
      createdAt: v.createdAt.toISOString(),
      majors: [{ id: major.id, code: major.code, name: major.name }],
      company: {
        id: company.id,
        name: 'PT Detail',
        industry: 'Otomotif',
        city: 'Bekasi',
        province: 'Jawa Barat',
        website: 'https://detail.example',
        description: 'Produsen komponen.',
      },
      application: null,
      canApply: true,
      reasons: [],
    })
  })

  it('after applying: the application, canApply false and why', async () => {
    const v = await aVacancy(t)
    const learner = await anApplicant(t, { majorId: await majorOf(v.id) })
    const applied = await call(t, 'POST', `${base}/${v.id}/apply`, { as: learner, body: {} })
    expect(applied.status).toBe(201)
    const res = await call(t, 'GET', `${base}/${v.id}`, { as: learner })
    expect(res.body.data).toMatchObject({
      application: { id: applied.body.data.id, status: 'pending' },
      canApply: false,
      reasons: ['Anda sudah melamar lowongan ini.'],
    })
  })

  it('200 for a vacancy the caller applied to that has since closed, with the reasons', async () => {
    const v = await aVacancy(t)
    const learner = await anApplicant(t, { majorId: await majorOf(v.id) })
    await anApplication(t, {
      vacancyId: v.id,
      studentId: learner.studentId,
      status: 'in_progress',
    })
    await t.db
      .update(jobVacancies)
      .set({ isActive: false, deadline: await dayFromToday(t, -3) })
      .where(eq(jobVacancies.id, v.id))
    const res = await call(t, 'GET', `${base}/${v.id}`, { as: learner })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      application: { status: 'in_progress' },
      canApply: false,
      reasons: [
        'Lowongan sedang nonaktif.',
        'Batas waktu pendaftaran sudah lewat.',
        'Anda sudah melamar lowongan ini.',
      ],
    })
    // Another learner of the same major: not open to them, never applied: 404.
    const other = await anApplicant(t, { majorId: await majorOf(v.id) })
    expect((await call(t, 'GET', `${base}/${v.id}`, { as: other })).status).toBe(404)
  })

  it('404 for a deleted vacancy even when the caller applied to it', async () => {
    const v = await aVacancy(t)
    const learner = await anApplicant(t, { majorId: await majorOf(v.id) })
    await anApplication(t, { vacancyId: v.id, studentId: learner.studentId })
    await t.db.update(jobVacancies).set({ deletedAt: new Date() }).where(eq(jobVacancies.id, v.id))
    const res = await call(t, 'GET', `${base}/${v.id}`, { as: learner })
    expect(res.status).toBe(404)
    expect((await call(t, 'GET', base, { as: learner })).body.data).toEqual([])
  })

  it('canApply false with the missing parts of an incomplete profile', async () => {
    const v = await aVacancy(t)
    const learner = await aStudent(t, {
      majorId: await majorOf(v.id),
      values: { phone: '  ', address: null, birthDate: null },
    })
    await aPortfolioFile(t, learner.studentId, { category: 'certificate' })
    const res = await call(t, 'GET', `${base}/${v.id}`, { as: learner })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      canApply: false,
      reasons: [
        'Profil Anda belum lengkap: nomor telepon, alamat, tanggal lahir, CV (unggah di portofolio).',
      ],
    })
    expect(await t.db.select().from(files).where(eq(files.studentId, learner.studentId))).toHaveLength(1)
  })

  it('404 for an unknown id', async () => {
    const learner = await anApplicant(t)
    expect((await call(t, 'GET', `${base}/987654`, { as: learner })).status).toBe(404)
  })
})

/** The (single) major of a vacancy made by `aVacancy`. */
async function majorOf(vacancyId: number): Promise<number> {
  const [row] = await t.db.select().from(jobVacancyMajors).where(eq(jobVacancyMajors.jobVacancyId, vacancyId))
  return row.majorId
}
