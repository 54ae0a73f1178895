import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { placements, tracerStudies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAccount, anAlumnus, aStudent } from '../support/builders/accounts.js'
import {
  aCandidate,
  anHrdWithVacancy,
  aPlacement,
  publishResults,
  schoolToday,
} from '../support/builders/selection.js'
import { dayFromToday } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

const URL = '/api/alumni/tracer-study'

const stored = (studentId: number) =>
  t.db
    .select()
    .from(tracerStudies)
    .where(eq(tracerStudies.studentId, studentId))
    .orderBy(asc(tracerStudies.version))

const working = {
  career_status: 'bekerja',
  institution_name: 'PT Astra Honda Motor',
  job_title: 'Operator Produksi',
  sector: 'Manufaktur otomotif',
  city: 'Kabupaten Bekasi',
  province: 'Jawa Barat',
  starting_salary: 5_200_000,
  waiting_period_months: 3,
  job_fit: 'sangat_sesuai',
  start_date: '2024-10-01',
}

const workingOut = {
  careerStatus: 'bekerja',
  institutionName: 'PT Astra Honda Motor',
  jobTitle: 'Operator Produksi',
  sector: 'Manufaktur otomotif',
  city: 'Kabupaten Bekasi',
  province: 'Jawa Barat',
  startingSalary: 5_200_000,
  waitingPeriodMonths: 3,
  jobFit: 'sangat_sesuai',
  startDate: '2024-10-01',
}

const save = (as: { authorization: string }, body: Record<string, unknown>) =>
  call(t, 'POST', URL, { as, body })

/** What the web form posts from a suggestion: its fields as the answer's, with `filled` (the fit, …) on top. */
const answerFrom = (p: Record<string, unknown>, filled: Record<string, unknown>) => ({
  career_status: p.careerStatus,
  institution_name: p.institutionName,
  job_title: p.jobTitle,
  sector: p.sector,
  city: p.city,
  province: p.province,
  starting_salary: p.startingSalary,
  waiting_period_months: p.waitingPeriodMonths,
  start_date: p.startDate,
  ...filled,
})

/** Whole months from `from` to `to` (both `YYYY-MM-DD`), as PostgreSQL's age() counts them. */
function monthsBetween(from: string, to: string) {
  const [y1, m1, d1] = from.split('-').map(Number)
  const [y2, m2, d2] = to.split('-').map(Number)
  return Math.max(0, (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0))
}

describe('GET and POST /api/alumni/tracer-study: access', () => {
  it('admits only alumni (siswa, hrd, admin and superadmin get 403; no token 401)', async () => {
    await expectRoles(t, 'GET', URL, ['alumni'])
    await expectRoles(t, 'POST', URL, ['alumni'], { career_status: 'mencari_kerja' })
  })

  it('403 in the envelope for a siswa', async () => {
    const siswa = await aStudent(t)
    for (const res of [await call(t, 'GET', URL, { as: siswa }), await save(siswa, working)]) {
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ success: false, data: null })
    }
    expect(await stored(siswa.studentId)).toEqual([])
  })

  it('404 with a clear message for an alumni account without an alumni record', async () => {
    const account = await anAccount(t, 'alumni')
    const expected = {
      success: false,
      message:
        'Data alumni untuk akun ini belum ada, sehingga tracer study belum dapat diisi. Hubungi admin BKK sekolah.',
      data: null,
    }
    const read = await call(t, 'GET', URL, { as: account })
    expect(read.status).toBe(404)
    expect(read.body).toEqual(expected)
    const write = await save(account, working)
    expect(write.status).toBe(404)
    expect(write.body).toEqual(expected)
  })
})

describe('POST /api/alumni/tracer-study', () => {
  it('201 on the first answer: version 1, current, stored as sent', async () => {
    const alumnus = await anAlumnus(t)
    const res = await save(alumnus, { ...working, institution_name: '  PT Astra Honda Motor ' })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      success: true,
      message: 'Tracer study berhasil disimpan.',
      data: { ...workingOut, version: 1, submittedAt: expect.any(String) },
    })
    const rows = await stored(alumnus.studentId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      version: 1,
      isCurrent: true,
      careerStatus: 'bekerja',
      institutionName: 'PT Astra Honda Motor',
      startingSalary: 5_200_000,
      startDate: '2024-10-01',
    })
    expect(res.body.data.submittedAt).toBe(rows[0].submittedAt.toISOString())
  })

  it('422 naming every required field of bekerja at once; nothing stored', async () => {
    const alumnus = await anAlumnus(t)
    const res = await save(alumnus, { career_status: 'bekerja', institution_name: '   ', job_title: null })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Data yang dikirim tidak valid.')
    const required = 'wajib diisi untuk status bekerja'
    expect(res.body.errors).toEqual({
      institution_name: [required],
      job_title: [required],
      sector: [required],
      city: [required],
      province: [required],
      starting_salary: [required],
      waiting_period_months: [required],
      job_fit: [required],
      start_date: [required],
    })
    expect(await stored(alumnus.studentId)).toEqual([])
  })

  it('422 naming the required fields of wirausaha (job_title is optional there)', async () => {
    const alumnus = await anAlumnus(t)
    const res = await save(alumnus, { career_status: 'wirausaha', sector: 'Kuliner' })
    expect(res.status).toBe(422)
    const required = 'wajib diisi untuk status wirausaha'
    expect(res.body.errors).toEqual({
      institution_name: [required],
      city: [required],
      province: [required],
      starting_salary: [required],
      waiting_period_months: [required],
      job_fit: [required],
      start_date: [required],
    })
  })

  it('422 naming the required fields of lanjut_studi', async () => {
    const alumnus = await anAlumnus(t)
    const res = await save(alumnus, { career_status: 'lanjut_studi', job_fit: 'sesuai' })
    expect(res.status).toBe(422)
    const required = 'wajib diisi untuk status melanjutkan studi'
    expect(res.body.errors).toEqual({
      institution_name: [required],
      city: [required],
      province: [required],
      start_date: [required],
    })
  })

  it('mencari_kerja needs nothing; fields that do not apply are stored as null', async () => {
    const alumnus = await anAlumnus(t)
    const res = await save(alumnus, { ...working, career_status: 'mencari_kerja' })
    expect(res.status).toBe(201)
    expect(res.body.data).toEqual({
      careerStatus: 'mencari_kerja',
      institutionName: null,
      jobTitle: null,
      sector: null,
      city: null,
      province: null,
      startingSalary: null,
      waitingPeriodMonths: null,
      jobFit: null,
      startDate: null,
      version: 1,
      submittedAt: expect.any(String),
    })
    const [row] = await stored(alumnus.studentId)
    expect(row).toMatchObject({ careerStatus: 'mencari_kerja', institutionName: null, startingSalary: null })
  })

  it('lanjut_studi keeps the campus, place, start and the optional fit; drops the job fields', async () => {
    const alumnus = await anAlumnus(t)
    const res = await save(alumnus, {
      ...working,
      career_status: 'lanjut_studi',
      institution_name: 'Politeknik Negeri Bandung',
      city: 'Bandung',
      job_fit: 'sesuai',
      start_date: '2024-09-02',
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      careerStatus: 'lanjut_studi',
      institutionName: 'Politeknik Negeri Bandung',
      jobTitle: null,
      sector: null,
      city: 'Bandung',
      province: 'Jawa Barat',
      startingSalary: null,
      waitingPeriodMonths: null,
      jobFit: 'sesuai',
      startDate: '2024-09-02',
    })
  })

  it('wirausaha: the business with its first income; job_title kept when given', async () => {
    const alumnus = await anAlumnus(t)
    const res = await save(alumnus, {
      ...working,
      career_status: 'wirausaha',
      institution_name: 'Bengkel Motor Jaya',
      job_title: 'Pemilik',
      starting_salary: 0,
      waiting_period_months: 0,
      // The business began the day after graduation (30 June): no wait.
      start_date: '2024-07-01',
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      careerStatus: 'wirausaha',
      institutionName: 'Bengkel Motor Jaya',
      jobTitle: 'Pemilik',
      startingSalary: 0,
      waitingPeriodMonths: 0,
    })
  })

  it('422 for a start date after today (school calendar) together with other missing fields', async () => {
    const alumnus = await anAlumnus(t)
    const tomorrow = await dayFromToday(t, 2)
    const res = await save(alumnus, { ...working, sector: undefined, start_date: tomorrow })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      sector: ['wajib diisi untuk status bekerja'],
      start_date: [expect.stringMatching(/^tidak boleh setelah hari ini \(\d{4}-\d{2}-\d{2}\)$/)],
    })
    const today = await save(alumnus, {
      ...working,
      start_date: schoolToday(),
      waiting_period_months: Math.min(120, monthsBetween('2024-06-30', schoolToday())),
    })
    expect(today.status).toBe(201)
  })

  it('422 for values out of range or of the wrong kind, each named', async () => {
    const alumnus = await anAlumnus(t)
    const res = await save(alumnus, {
      ...working,
      career_status: 'pensiun',
      starting_salary: -1,
      waiting_period_months: 121,
      job_fit: 'cocok',
      start_date: '2024-13-01',
      city: 'x'.repeat(101),
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['career_status', 'city', 'job_fit', 'start_date', 'starting_salary', 'waiting_period_months'].sort(),
    )
    const tooRich = await save(alumnus, { ...working, starting_salary: 1_000_000_001 })
    expect(tooRich.status).toBe(422)
    expect(tooRich.body.errors).toEqual({ starting_salary: ['maksimal 1000000000'] })
    // A number in a string is not a number in JSON (docs/api.md); 1e309 is read as Infinity: 422, never a 500.
    const text = await save(alumnus, { ...working, starting_salary: '5200000', waiting_period_months: '3' })
    expect(text.status).toBe(422)
    expect(text.body.errors).toEqual({
      starting_salary: ['harus berupa bilangan bulat'],
      waiting_period_months: ['harus berupa bilangan bulat'],
    })
    const infinite = await call(t, 'POST', URL, {
      as: alumnus,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...working, starting_salary: 0, waiting_period_months: 0 })
        .replace('"starting_salary":0', '"starting_salary":1e309')
        .replace('"waiting_period_months":0', '"waiting_period_months":1e309'),
    })
    expect(infinite.status).toBe(422)
    expect(Object.keys(infinite.body.errors).sort()).toEqual(['starting_salary', 'waiting_period_months'])
    const missing = await save(alumnus, {})
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ career_status: ['wajib diisi'] })
    expect(await stored(alumnus.studentId)).toEqual([])
  })

  it('saving again: 200 with version 2; version 1 kept, only the newest current', async () => {
    const alumnus = await anAlumnus(t)
    expect((await save(alumnus, { career_status: 'mencari_kerja' })).status).toBe(201)
    const res = await save(alumnus, working)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: 'Tracer study berhasil diperbarui.',
      data: { ...workingOut, version: 2, submittedAt: expect.any(String) },
    })
    const rows = await stored(alumnus.studentId)
    expect(rows.map((r) => [r.version, r.isCurrent, r.careerStatus])).toEqual([
      [1, false, 'mencari_kerja'],
      [2, true, 'bekerja'],
    ])

    const read = await call(t, 'GET', URL, { as: alumnus })
    expect(read.status).toBe(200)
    expect(read.body.data.current).toEqual({ ...workingOut, version: 2, submittedAt: expect.any(String) })
    expect(read.body.data.history).toEqual([
      expect.objectContaining({ careerStatus: 'mencari_kerja', version: 1, institutionName: null }),
    ])
    expect(read.body.data.prefill).toBeNull()
  })

  it('a refused update leaves the current answer as it was', async () => {
    const alumnus = await anAlumnus(t)
    await save(alumnus, working)
    const res = await save(alumnus, { career_status: 'lanjut_studi' })
    expect(res.status).toBe(422)
    const rows = await stored(alumnus.studentId)
    expect(rows.map((r) => [r.version, r.isCurrent])).toEqual([[1, true]])
  })

  it('concurrent saves each get their own version and leave exactly one current', async () => {
    const alumnus = await anAlumnus(t)
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save(alumnus, { ...working, starting_salary: 5_000_000 + i })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201])
    expect(results.map((r) => r.body.data.version).sort()).toEqual([1, 2, 3, 4, 5, 6])
    const rows = await stored(alumnus.studentId)
    expect(rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6])
    expect(rows.filter((r) => r.isCurrent).map((r) => r.version)).toEqual([6])
  })

  it('keeps each alumnus apart', async () => {
    const a = await anAlumnus(t)
    const b = await anAlumnus(t)
    await save(a, working)
    const res = await save(b, { career_status: 'mencari_kerja' })
    expect(res.status).toBe(201)
    expect(res.body.data.version).toBe(1)
    expect((await call(t, 'GET', URL, { as: a })).body.data.current.careerStatus).toBe('bekerja')
  })
})

describe('GET /api/alumni/tracer-study', () => {
  it('an alumnus with no answer and no placement: all empty', async () => {
    const alumnus = await anAlumnus(t)
    const res = await call(t, 'GET', URL, { as: alumnus })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: 'Berhasil.',
      data: { current: null, history: [], prefill: null },
    })
  })

  it('lists earlier versions newest first', async () => {
    const alumnus = await anAlumnus(t)
    await save(alumnus, { career_status: 'mencari_kerja' })
    await save(alumnus, { ...working, waiting_period_months: 4 })
    await save(alumnus, { ...working, waiting_period_months: 5 })
    const res = await call(t, 'GET', URL, { as: alumnus })
    expect(res.body.data.current).toMatchObject({ version: 3, waitingPeriodMonths: 5 })
    expect(res.body.data.history.map((h: { version: number }) => h.version)).toEqual([2, 1])
  })

  it('pre-fills from a placement made by publishing a selection result', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, {
      values: {
        position: 'Teknisi Jaringan',
        city: 'Kota Bandung',
        province: 'Jawa Barat',
        minSalary: 4_500_000,
        maxSalary: 6_000_000,
      },
    })
    const { learner, application } = await aCandidate(t, vacancy.id, {
      reviewed: true,
      role: 'alumni',
      student: { values: { graduationYear: 2024 } },
    })
    const scored = await call(t, 'POST', `/api/hrd/selection-results/${application.id}`, {
      as: hrd,
      body: { final_score: 88, decision: 'diterima' },
    })
    expect(scored.status).toBe(200)
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    const [placement] = await t.db
      .select()
      .from(placements)
      .where(eq(placements.applicationId, application.id))
    expect(placement).toBeDefined()

    const res = await call(t, 'GET', URL, { as: learner })
    expect(res.status).toBe(200)
    const company = (await t.db.query.companies.findFirst({
      where: (c, { eq }) => eq(c.id, hrd.companyId),
    }))!
    expect(res.body.data).toEqual({
      current: null,
      history: [],
      prefill: {
        careerStatus: 'bekerja',
        institutionName: company.name,
        jobTitle: 'Teknisi Jaringan',
        sector: company.industry,
        city: 'Kota Bandung',
        province: 'Jawa Barat',
        startingSalary: 4_500_000,
        waitingPeriodMonths: monthsBetween('2024-06-30', placement.acceptedAt),
        jobFit: null,
        startDate: placement.acceptedAt,
        placementId: placement.id,
      },
    })

    // The form posts the suggestion (with the fit the alumnus judges); then no prefill any more.
    const p = res.body.data.prefill
    const saved = await save(learner as { authorization: string }, answerFrom(p, { job_fit: 'sesuai' }))
    expect(saved.status).toBe(201)
    const again = await call(t, 'GET', URL, { as: learner })
    expect(again.body.data.prefill).toBeNull()
    expect(again.body.data.current).toMatchObject({ institutionName: company.name, version: 1 })
  })

  it('pre-fills from the latest placement not left: start date, company place, months since 30 June', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { position: 'Welder' } })
    const older = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt: '2025-01-20', startDate: '2025-02-03', position: 'Welder' },
      student: { role: 'alumni', values: { graduationYear: 2024 } },
    })
    const alumnus = older.learner
    // A later placement the alumnus resigned from is not suggested.
    const other = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, other.vacancy.id, { reviewed: true, status: 'accepted' })
    await t.db.insert(placements).values({
      applicationId: application.id,
      studentId: alumnus.studentId,
      companyId: other.hrd.companyId,
      jobVacancyId: other.vacancy.id,
      position: 'Kasir',
      acceptedAt: '2025-08-01',
      status: 'resigned',
    })
    // Nor one they left for another job ("Pindah kerja"): the employer is no longer theirs.
    const third = await anHrdWithVacancy(t)
    const moved = await aCandidate(t, third.vacancy.id, { reviewed: true, status: 'accepted' })
    await t.db.insert(placements).values({
      applicationId: moved.application.id,
      studentId: alumnus.studentId,
      companyId: third.hrd.companyId,
      jobVacancyId: third.vacancy.id,
      position: 'Operator',
      acceptedAt: '2025-09-01',
      status: 'moved',
    })

    const res = await call(t, 'GET', URL, { as: alumnus })
    expect(res.body.data.prefill).toEqual({
      careerStatus: 'bekerja',
      institutionName: expect.stringMatching(/^PT Mitra /),
      jobTitle: 'Welder',
      sector: 'Manufaktur',
      // The vacancy names no place: the company's.
      city: 'Bekasi',
      province: 'Jawa Barat',
      startingSalary: null,
      // 30 June 2024 to 3 February 2025: 7 whole months.
      waitingPeriodMonths: 7,
      jobFit: null,
      startDate: '2025-02-03',
      placementId: older.placement.id,
    })
  })

  it('a placement before graduation waits 0 months', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { learner } = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt: '2024-05-02' },
      student: { role: 'alumni', values: { graduationYear: 2024 } },
    })
    const res = await call(t, 'GET', URL, { as: learner })
    expect(res.body.data.prefill).toMatchObject({ startDate: '2024-05-02', waitingPeriodMonths: 0 })
  })

  it('suggests only what a save takes: no start still ahead (nor months up to it), no salary over the maximum', async () => {
    // A hire who starts next month, from a vacancy whose minimum salary is over the tracer's 1,000,000,000.
    const { hrd, vacancy } = await anHrdWithVacancy(t, {
      values: { position: 'Teknisi', minSalary: 1_500_000_000 },
    })
    const { learner } = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: {
        acceptedAt: await dayFromToday(t, 0),
        startDate: await dayFromToday(t, 30),
        position: 'Teknisi',
      },
      student: { role: 'alumni', values: { graduationYear: 2026 } },
    })
    const res = await call(t, 'GET', URL, { as: learner })
    expect(res.body.data.prefill).toMatchObject({
      jobTitle: 'Teknisi',
      startDate: null,
      waitingPeriodMonths: null,
      startingSalary: null,
    })
    // The form posts the suggestion with what the alumnus fills in: saved.
    const p = res.body.data.prefill
    const saved = await save(
      learner,
      answerFrom(p, {
        starting_salary: 4_500_000,
        waiting_period_months: monthsBetween('2026-06-30', await dayFromToday(t, 0)),
        job_fit: 'sesuai',
        start_date: await dayFromToday(t, 0),
      }),
    )
    expect(saved.status, JSON.stringify(saved.body.errors)).toBe(201)
  })
})
