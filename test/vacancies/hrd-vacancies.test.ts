import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { applications, jobVacancies, jobVacancyMajors, majors } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aCompany, aMajor, deactivateCompany } from '../support/builders/org.js'
import { aVacancy, dayFromToday, vacancyBody } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'
import { eventsOf, notificationsOf } from '../support/stored.js'

const t = useTestApp()
const base = '/api/hrd/job-vacancies'

let inMonth: string
let today: string
let yesterday: string
beforeAll(async () => {
  inMonth = await dayFromToday(t, 30)
  today = await dayFromToday(t, 0)
  yesterday = await dayFromToday(t, -1)
})

const body = (majorIds: number[], over: Record<string, unknown> = {}) => vacancyBody(majorIds, inMonth, over)

async function storedVacancy(id: number) {
  const [row] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, id))
  return row
}
async function storedMajorIds(id: number) {
  const rows = await t.db.select().from(jobVacancyMajors).where(eq(jobVacancyMajors.jobVacancyId, id))
  return rows.map((r) => r.majorId).sort((a, b) => a - b)
}

describe('role matrix of /api/hrd/job-vacancies', () => {
  it('admits only hrd on every route', async () => {
    const major = await aMajor(t)
    const v = await aVacancy(t, { majorIds: [major.id] })
    await expectRoles(t, 'GET', base, ['hrd'])
    await expectRoles(t, 'GET', `${base}/statistics`, ['hrd'])
    await expectRoles(t, 'GET', `${base}/options`, ['hrd'])
    await expectRoles(t, 'POST', base, ['hrd'], body([major.id]))
    await expectRoles(t, 'GET', `${base}/${v.id}`, ['hrd'])
    await expectRoles(t, 'PUT', `${base}/${v.id}`, ['hrd'], body([major.id]))
    await expectRoles(t, 'PATCH', `${base}/${v.id}/toggle-active`, ['hrd'])
    await expectRoles(t, 'DELETE', `${base}/${v.id}`, ['hrd'])
    // The matrix's HR account belongs to another company: the vacancy was never touched.
    expect(await storedVacancy(v.id)).toMatchObject({ isActive: true, deletedAt: null, title: v.title })
  })

  it('403 for an HR account whose company is inactive', async () => {
    const hrd = await anHrd(t)
    await deactivateCompany(t, hrd.companyId)
    const res = await call(t, 'GET', base, { as: hrd })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ success: false, data: null })
  })
})

describe('POST /api/hrd/job-vacancies', () => {
  it('201 with the vacancy, stored for the caller’s company with its majors', async () => {
    const hrd = await anHrd(t)
    const other = await aCompany(t)
    const m1 = await aMajor(t, { name: 'Teknik Kendaraan Ringan', code: 'TKR-A' })
    const m2 = await aMajor(t, { name: 'Teknik Bisnis Sepeda Motor', code: 'TBSM-A' })
    const res = await call(t, 'POST', base, {
      as: hrd,
      body: body([m2.id, m1.id], {
        benefits: 'BPJS, uang makan',
        city: '  Bekasi ',
        province: 'Jawa Barat',
        min_salary: 4_500_000,
        max_salary: 5_000_000,
        // Not fields of the body: dropped, never stored.
        company_id: other.id,
        applicant_count: 99,
      }),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, message: 'Lowongan berhasil dibuat.' })
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      title: 'Mekanik Junior Kendaraan Ringan',
      position: 'Mekanik',
      description: 'Melakukan servis berkala kendaraan pelanggan.',
      qualifications: 'Lulusan SMK TKR, sehat jasmani.',
      benefits: 'BPJS, uang makan',
      category: 'otomotif',
      jobType: 'full_time',
      workLocation: null,
      city: 'Bekasi',
      province: 'Jawa Barat',
      minSalary: 4_500_000,
      maxSalary: 5_000_000,
      quota: 3,
      deadline: inMonth,
      target: 'all',
      isActive: true,
      isOpen: true,
      majors: [
        { id: m2.id, code: 'TBSM-A', name: 'Teknik Bisnis Sepeda Motor' },
        { id: m1.id, code: 'TKR-A', name: 'Teknik Kendaraan Ringan' },
      ],
      applicantCount: 0,
      acceptedCount: 0,
      // The company's vacancies need no approval: approved, nobody decided.
      approvalStatus: 'approved',
      approvalReason: null,
      approvedAt: null,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    })
    const row = await storedVacancy(res.body.data.id)
    expect(row).toMatchObject({
      companyId: hrd.companyId,
      createdBy: hrd.id,
      postedBy: hrd.id,
      approvedBy: null,
      city: 'Bekasi',
      deletedAt: null,
    })
    expect(await storedMajorIds(row.id)).toEqual([m1.id, m2.id].sort((a, b) => a - b))
  })

  it('stores null for optional fields sent as null, and is_active false when asked', async () => {
    const hrd = await anHrd(t)
    const m = await aMajor(t)
    const res = await call(t, 'POST', base, {
      as: hrd,
      body: body([m.id], {
        min_salary: null,
        max_salary: 0,
        benefits: null,
        is_active: false,
        deadline: today,
      }),
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      minSalary: null,
      maxSalary: 0,
      benefits: null,
      isActive: false,
      isOpen: false,
    })
    expect(await storedVacancy(res.body.data.id)).toMatchObject({
      minSalary: null,
      maxSalary: 0,
      isActive: false,
    })
  })

  it('422 with a message per missing or invalid field, nothing stored', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'POST', base, {
      as: hrd,
      body: {
        title: '   ',
        category: 'pertambangan',
        job_type: 'freelance',
        quota: 0,
        deadline: '2026-02-30',
        target: 'guru',
        major_ids: [],
        min_salary: -1,
      },
    })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ success: false, data: null, message: 'Data yang dikirim tidak valid.' })
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'category',
        'deadline',
        'description',
        'job_type',
        'major_ids',
        'min_salary',
        'position',
        'qualifications',
        'quota',
        'target',
        'title',
      ].sort(),
    )
    expect(res.body.errors.quota).toEqual(['minimal 1'])
    expect(res.body.errors.major_ids).toEqual(['pilih paling sedikit satu'])
    expect(res.body.errors.category[0]).toMatch(/^harus salah satu dari: teknologi_informasi/)
    const rows = await t.db.select().from(jobVacancies).where(eq(jobVacancies.companyId, hrd.companyId))
    expect(rows).toEqual([])
  })

  it('422 for a quota over 10000, more than 50 majors and duplicate majors', async () => {
    const hrd = await anHrd(t)
    const m = await aMajor(t)
    const big = await call(t, 'POST', base, { as: hrd, body: body([m.id], { quota: 10_001 }) })
    expect(big.status).toBe(422)
    expect(big.body.errors).toEqual({ quota: ['maksimal 10000'] })
    const many = await call(t, 'POST', base, {
      as: hrd,
      body: body(Array.from({ length: 51 }, (_, i) => i + 1)),
    })
    expect(many.body.errors).toEqual({ major_ids: ['maksimal 50 item'] })
    const dup = await call(t, 'POST', base, { as: hrd, body: body([m.id, m.id]) })
    expect(dup.status).toBe(422)
    expect(dup.body.errors).toEqual({ major_ids: ['tidak boleh berisi duplikat'] })
  })

  it('422 errors.deadline for a date in the past', async () => {
    const hrd = await anHrd(t)
    const m = await aMajor(t)
    const res = await call(t, 'POST', base, { as: hrd, body: body([m.id], { deadline: yesterday }) })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ deadline: ['tidak boleh tanggal yang sudah lewat'] })
  })

  it('422 errors.major_ids for unknown majors and inactive ones without learners, nothing stored', async () => {
    const hrd = await anHrd(t)
    const active = await aMajor(t)
    const inactive = await aMajor(t, { isActive: false })
    const res = await call(t, 'POST', base, { as: hrd, body: body([active.id, inactive.id, 999_999]) })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      major_ids: [
        `kompetensi keahlian tidak ditemukan, atau nonaktif tanpa siswa maupun alumni: ${inactive.id}, 999999`,
      ],
    })
    expect(await t.db.select().from(jobVacancies).where(eq(jobVacancies.companyId, hrd.companyId))).toEqual(
      [],
    )
  })

  it('422 errors.max_salary when the minimum is above the maximum', async () => {
    const hrd = await anHrd(t)
    const m = await aMajor(t)
    const res = await call(t, 'POST', base, {
      as: hrd,
      body: body([m.id], { min_salary: 6_000_000, max_salary: 5_000_000 }),
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ max_salary: ['tidak boleh lebih kecil dari gaji minimum'] })
  })

  it('speaks English on request', async () => {
    const hrd = await anHrd(t)
    const m = await aMajor(t)
    const res = await call(t, 'POST', base, {
      as: hrd,
      body: body([m.id], { deadline: yesterday }),
      headers: { 'accept-language': 'en' },
    })
    expect(res.body.errors).toEqual({ deadline: ['must not be in the past'] })
  })
})

describe('GET /api/hrd/job-vacancies', () => {
  let hrd: Account & { companyId: number }
  let m1: number
  let m2: number
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    hrd = await anHrd(t)
    m1 = (await aMajor(t)).id
    m2 = (await aMajor(t)).id
    const c = hrd.companyId
    const mk = async (key: string, values: Partial<typeof jobVacancies.$inferInsert>, majorIds = [m1]) => {
      ids[key] = (await aVacancy(t, { companyId: c, majorIds, values })).id
    }
    await mk('welder', {
      title: 'Welder Senior',
      position: 'Juru las',
      jobType: 'contract',
      deadline: '2031-01-10',
    })
    await mk(
      'intern',
      { title: 'Magang Gudang', position: 'Staf gudang', jobType: 'internship', deadline: '2031-03-01' },
      [m2],
    )
    await mk(
      'off',
      { title: 'Operator Produksi', position: 'Operator', isActive: false, deadline: '2031-02-01' },
      [m1, m2],
    )
    await mk('expired', { title: 'Kasir', position: 'Kasir toko', deadline: '2020-01-01' })
    await mk('gone', { title: 'Welder Dihapus', position: 'Juru las', deletedAt: new Date() })
    // Another company's vacancy never shows.
    await aVacancy(t, { majorIds: [m1], values: { title: 'Welder Tetangga' } })
    // Applications: two to the welder (one accepted), one to the intern.
    const s1 = await aStudent(t, { majorId: m1 })
    const s2 = await aStudent(t, { majorId: m1 })
    await anApplication(t, {
      vacancyId: ids.welder,
      studentId: s1.studentId,
      status: 'accepted',
    })
    await anApplication(t, { vacancyId: ids.welder, studentId: s2.studentId })
    await anApplication(t, { vacancyId: ids.intern, studentId: s1.studentId })
  })

  const list = (query: Record<string, string | number> = {}) => call(t, 'GET', base, { as: hrd, query })
  const idsOf = (res: { body: { data: { id: number }[] } }) => res.body.data.map((v) => v.id)

  it('200 with the company’s vacancies (not deleted), newest first, with counts and majors', async () => {
    const res = await list()
    expect(res.status).toBe(200)
    expect(idsOf(res)).toEqual([ids.expired, ids.off, ids.intern, ids.welder])
    expect(res.body.meta).toEqual({ page: 1, perPage: 15, total: 4, totalPages: 1 })
    const welder = res.body.data.find((v: { id: number }) => v.id === ids.welder)
    expect(welder).toMatchObject({ applicantCount: 2, acceptedCount: 1, isOpen: true, isActive: true })
    expect(welder.majors).toEqual([{ id: m1, code: expect.any(String), name: expect.any(String) }])
    const byId = Object.fromEntries(
      res.body.data.map((v: { id: number; isOpen: boolean }) => [v.id, v.isOpen]),
    )
    expect(byId).toEqual({ [ids.welder]: true, [ids.intern]: true, [ids.off]: false, [ids.expired]: false })
  })

  it('filters by search (title or position), status, job_type, major_id and deadline range', async () => {
    expect(idsOf(await list({ search: 'welder' }))).toEqual([ids.welder])
    expect(idsOf(await list({ search: 'GUDANG' }))).toEqual([ids.intern])
    expect(idsOf(await list({ search: '100%' }))).toEqual([])
    expect(idsOf(await list({ status: 'inactive' }))).toEqual([ids.off])
    expect(idsOf(await list({ status: 'active' }))).toEqual([ids.expired, ids.intern, ids.welder])
    expect(idsOf(await list({ job_type: 'internship' }))).toEqual([ids.intern])
    expect(idsOf(await list({ major_id: m2 }))).toEqual([ids.off, ids.intern])
    expect(idsOf(await list({ deadline_from: '2031-01-15', deadline_to: '2031-02-28' }))).toEqual([ids.off])
    expect(idsOf(await list({ deadline_to: '2021-01-01' }))).toEqual([ids.expired])
  })

  it('paginates with a correct total, also past the last page', async () => {
    const p2 = await list({ per_page: 3, page: 2 })
    expect(idsOf(p2)).toEqual([ids.welder])
    expect(p2.body.meta).toEqual({ page: 2, perPage: 3, total: 4, totalPages: 2 })
    const p9 = await list({ per_page: 3, page: 9 })
    expect(p9.body.data).toEqual([])
    expect(p9.body.meta.total).toBe(4)
  })

  it('422 for bad filters', async () => {
    const res = await list({ status: 'deleted', per_page: 101, deadline_from: 'kemarin' })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['deadline_from', 'per_page', 'status'])
    const range = await list({ deadline_from: '2031-02-01', deadline_to: '2031-01-01' })
    expect(range.status).toBe(422)
    expect(range.body.errors).toEqual({ deadline_to: ['tidak boleh sebelum tanggal awal'] })
  })
})

describe('GET /api/hrd/job-vacancies/:id', () => {
  it('200 with the detail', async () => {
    const hrd = await anHrd(t)
    const v = await aVacancy(t, { companyId: hrd.companyId, values: { minSalary: 100 } })
    const res = await call(t, 'GET', `${base}/${v.id}`, { as: hrd })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: v.id,
      title: v.title,
      minSalary: 100,
      maxSalary: null,
      applicantCount: 0,
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
    })
  })

  it('404 for an unknown id and 422 for a malformed one', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'GET', `${base}/999999`, { as: hrd })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, message: 'Lowongan tidak ditemukan.', data: null })
    expect((await call(t, 'GET', `${base}/abc`, { as: hrd })).status).toBe(422)
    expect((await call(t, 'GET', `${base}/99999999999`, { as: hrd })).status).toBe(422)
  })
})

describe('PUT /api/hrd/job-vacancies/:id', () => {
  it('200: replaces the fields and the majors in one go', async () => {
    const hrd = await anHrd(t)
    const [a, b, c] = [await aMajor(t), await aMajor(t), await aMajor(t)]
    const v = await aVacancy(t, {
      companyId: hrd.companyId,
      majorIds: [a.id, b.id],
      values: { benefits: 'Mess', city: 'Bekasi', minSalary: 1, maxSalary: 2 },
    })
    const res = await call(t, 'PUT', `${base}/${v.id}`, {
      as: hrd,
      body: body([c.id, b.id], {
        title: 'Judul Baru',
        quota: 9,
        target: 'alumni',
        benefits: null,
        is_active: false,
      }),
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Lowongan berhasil diperbarui.')
    expect(res.body.data).toMatchObject({
      title: 'Judul Baru',
      quota: 9,
      target: 'alumni',
      benefits: null,
      isActive: false,
    })
    expect(res.body.data.majors.map((m: { id: number }) => m.id).sort()).toEqual([b.id, c.id].sort())
    const row = await storedVacancy(v.id)
    // Absent optional fields keep what was stored; null cleared benefits.
    expect(row).toMatchObject({
      title: 'Judul Baru',
      benefits: null,
      city: 'Bekasi',
      minSalary: 1,
      maxSalary: 2,
    })
    expect(row.updatedAt.getTime()).toBeGreaterThan(v.updatedAt.getTime())
    expect(await storedMajorIds(v.id)).toEqual([b.id, c.id].sort((x, y) => x - y))
  })

  it('keeps an unchanged past deadline and a major deactivated since, but refuses new ones', async () => {
    const hrd = await anHrd(t)
    const m = await aMajor(t)
    const v = await aVacancy(t, {
      companyId: hrd.companyId,
      majorIds: [m.id],
      values: { deadline: '2020-05-01' },
    })
    await t.db.update(majors).set({ isActive: false }).where(eq(majors.id, m.id))
    const same = await call(t, 'PUT', `${base}/${v.id}`, {
      as: hrd,
      body: body([m.id], { deadline: '2020-05-01' }),
    })
    expect(same.status).toBe(200)
    expect(same.body.data).toMatchObject({ deadline: '2020-05-01', isOpen: false })
    const other = await aMajor(t, { isActive: false })
    const moved = await call(t, 'PUT', `${base}/${v.id}`, {
      as: hrd,
      body: body([m.id, other.id], { deadline: '2020-06-01' }),
    })
    expect(moved.status).toBe(422)
    expect(moved.body.errors).toEqual({
      deadline: ['tidak boleh tanggal yang sudah lewat'],
      major_ids: [
        `kompetensi keahlian tidak ditemukan, atau nonaktif tanpa siswa maupun alumni: ${other.id}`,
      ],
    })
    expect((await storedVacancy(v.id)).deadline).toBe('2020-05-01')
    expect(await storedMajorIds(v.id)).toEqual([m.id])
  })

  it('422 errors.max_salary against the stored minimum when only the maximum is sent', async () => {
    const hrd = await anHrd(t)
    const m = await aMajor(t)
    const v = await aVacancy(t, {
      companyId: hrd.companyId,
      majorIds: [m.id],
      values: { minSalary: 5_000_000 },
    })
    const res = await call(t, 'PUT', `${base}/${v.id}`, {
      as: hrd,
      body: body([m.id], { max_salary: 4_000_000 }),
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ max_salary: ['tidak boleh lebih kecil dari gaji minimum'] })
    expect((await storedVacancy(v.id)).maxSalary).toBeNull()
  })

  it('422 errors.quota below the applicants already accepted; equal is fine', async () => {
    const hrd = await anHrd(t)
    const m = await aMajor(t)
    const v = await aVacancy(t, {
      companyId: hrd.companyId,
      majorIds: [m.id],
      values: { quota: 5 },
    })
    for (const status of ['accepted', 'accepted', 'pending'] as const) {
      const s = await aStudent(t, { majorId: m.id, account: false })
      await anApplication(t, { vacancyId: v.id, studentId: s.studentId, status })
    }
    const res = await call(t, 'PUT', `${base}/${v.id}`, { as: hrd, body: body([m.id], { quota: 1 }) })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      quota: ['tidak boleh kurang dari jumlah pelamar yang sudah diterima dan masih bekerja (2)'],
    })
    expect((await storedVacancy(v.id)).quota).toBe(5)
    const ok = await call(t, 'PUT', `${base}/${v.id}`, { as: hrd, body: body([m.id], { quota: 2 }) })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ quota: 2, acceptedCount: 2, applicantCount: 3 })
  })

  it('422 per field for an invalid body', async () => {
    const hrd = await anHrd(t)
    const v = await aVacancy(t, { companyId: hrd.companyId })
    const res = await call(t, 'PUT', `${base}/${v.id}`, { as: hrd, body: { title: 'x' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toMatchObject({ major_ids: ['wajib diisi'], quota: ['wajib diisi'] })
  })
})

describe('PATCH /api/hrd/job-vacancies/:id/toggle-active', () => {
  it('200: switches off, then on again', async () => {
    const hrd = await anHrd(t)
    const v = await aVacancy(t, { companyId: hrd.companyId })
    const off = await call(t, 'PATCH', `${base}/${v.id}/toggle-active`, { as: hrd })
    expect(off.status).toBe(200)
    expect(off.body).toEqual({
      success: true,
      message: 'Lowongan dinonaktifkan.',
      data: { id: v.id, isActive: false, isOpen: false },
    })
    expect((await storedVacancy(v.id)).isActive).toBe(false)
    const on = await call(t, 'PATCH', `${base}/${v.id}/toggle-active`, { as: hrd })
    expect(on.body).toEqual({
      success: true,
      message: 'Lowongan diaktifkan.',
      data: { id: v.id, isActive: true, isOpen: true },
    })
    expect((await storedVacancy(v.id)).isActive).toBe(true)
  })

  it('200: switched on past its deadline, or before approval, it says why no one can apply yet', async () => {
    const hrd = await anHrd(t)
    const lapsed = await aVacancy(t, {
      companyId: hrd.companyId,
      values: { isActive: false, deadline: '2020-01-31' },
    })
    const on = await call(t, 'PATCH', `${base}/${lapsed.id}/toggle-active`, {
      as: hrd,
      body: { is_active: true },
    })
    expect(on.status).toBe(200)
    expect(on.body).toEqual({
      success: true,
      message: 'Lowongan diaktifkan, tetapi belum dapat dilamar. Batas waktu pendaftaran sudah lewat.',
      data: { id: lapsed.id, isActive: true, isOpen: false },
    })
    expect((await storedVacancy(lapsed.id)).isActive).toBe(true)
    const waiting = await aVacancy(t, {
      companyId: hrd.companyId,
      values: { isActive: false, approvalStatus: 'pending' },
    })
    const pending = await call(t, 'PATCH', `${base}/${waiting.id}/toggle-active`, {
      as: hrd,
      body: { is_active: true },
    })
    expect(pending.body).toMatchObject({
      message: 'Lowongan diaktifkan, tetapi belum dapat dilamar. Lowongan belum disetujui BKK sekolah.',
      data: { id: waiting.id, isActive: true, isOpen: false },
    })
  })
})

describe('DELETE /api/hrd/job-vacancies/:id', () => {
  it('200: soft-deletes; afterwards 404 on every HR route, gone from lists; applications keep it', async () => {
    const hrd = await anHrd(t)
    const m = await aMajor(t)
    const v = await aVacancy(t, {
      companyId: hrd.companyId,
      values: { title: 'Operator CNC' },
      majorIds: [m.id],
    })
    const s = await aStudent(t, { majorId: m.id })
    const application = await anApplication(t, { vacancyId: v.id, studentId: s.studentId })
    const hired = await aStudent(t, { majorId: m.id })
    const accepted = await anApplication(t, {
      vacancyId: v.id,
      studentId: hired.studentId,
      status: 'accepted',
    })
    const res = await call(t, 'DELETE', `${base}/${v.id}`, { as: hrd })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Lowongan berhasil dihapus.', data: null })
    const row = await storedVacancy(v.id)
    expect(row.deletedAt).toBeInstanceOf(Date)
    for (const [method, url, b] of [
      ['GET', `${base}/${v.id}`],
      ['PUT', `${base}/${v.id}`, body([m.id])],
      ['PATCH', `${base}/${v.id}/toggle-active`],
      ['DELETE', `${base}/${v.id}`],
    ] as const) {
      const r = await call(t, method, url, { as: hrd, body: b })
      expect(r.status, `${method} ${url}`).toBe(404)
    }
    expect((await call(t, 'GET', base, { as: hrd })).body.data).toEqual([])
    expect(await storedVacancy(v.id)).toEqual(row)
    // The applicant still waiting is told the company closed it, and the application ends; a decided one stays.
    const [closed] = await t.db.select().from(applications).where(eq(applications.id, application.id))
    expect(closed).toMatchObject({ jobVacancyId: v.id, status: 'rejected' })
    expect((await eventsOf(t, application.id)).map((e) => [e.stage, e.status])).toEqual([
      ['applied', 'pending'],
      ['vacancy_closed', 'rejected'],
    ])
    expect(await notificationsOf(t, s.id)).toEqual([
      expect.objectContaining({
        kind: 'application.closed',
        title: 'Lowongan "Operator CNC" ditutup',
        data: { applicationId: application.id, jobVacancyId: v.id },
      }),
    ])
    const [kept] = await t.db.select().from(applications).where(eq(applications.id, accepted.id))
    expect(kept).toMatchObject({ jobVacancyId: v.id, status: 'accepted' })
    expect(await notificationsOf(t, hired.id)).toEqual([])
    const mine = await call(t, 'GET', `/api/my-applications/${application.id}`, { as: s })
    expect(mine.body.data).toMatchObject({ status: 'rejected', lastEvent: { stage: 'vacancy_closed' } })
  })
})

describe('another company’s vacancy', () => {
  it('404 on every route for HR of company B, and A’s vacancy is untouched', async () => {
    const hrdA = await anHrd(t)
    const hrdB = await anHrd(t)
    const m = await aMajor(t)
    const v = await aVacancy(t, { companyId: hrdA.companyId, majorIds: [m.id] })
    const before = await storedVacancy(v.id)
    for (const [method, url, b] of [
      ['GET', `${base}/${v.id}`],
      ['PUT', `${base}/${v.id}`, body([m.id])],
      ['PATCH', `${base}/${v.id}/toggle-active`],
      ['DELETE', `${base}/${v.id}`],
    ] as const) {
      const r = await call(t, method, url, { as: hrdB, body: b })
      expect(r.status, `${method} ${url}`).toBe(404)
      expect(r.body).toEqual({ success: false, message: 'Lowongan tidak ditemukan.', data: null })
    }
    expect(await storedVacancy(v.id)).toEqual(before)
    expect(await storedMajorIds(v.id)).toEqual([m.id])
    expect((await call(t, 'GET', base, { as: hrdB })).body.data).toEqual([])
    const stats = await call(t, 'GET', `${base}/statistics`, { as: hrdB })
    expect(stats.body.data.vacancies.total).toBe(0)
    expect(
      await t.db
        .select()
        .from(jobVacancies)
        .where(and(eq(jobVacancies.companyId, hrdB.companyId))),
    ).toEqual([])
  })
})
