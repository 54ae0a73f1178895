import { parse } from 'csv-parse/sync'
import { asc, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { tracerStudies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { expectRoles } from '../support/roles.js'

/**
 * Tracer-study answers as the career center sees them, and answers it collects by phone and enters on
 * the alumnus's behalf: one small school built once, whose list is worked out by hand below.
 */
const t = useTestApp()
const LIST = '/api/admin/tracer-studies'

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

let admin: Account & { fullName?: string }
let majorA: number
let majorB: number
/** Alumni of 2024 (major A: Ani, Budi, Citra; major B: Dedi), of 2023 (Eka), and a grade-12 student. */
const who = {} as Record<'ani' | 'budi' | 'citra' | 'dedi' | 'eka' | 'siswa', Account & { studentId: number }>

beforeAll(async () => {
  admin = await anAdmin(t, { fullName: 'Bu Ratna (BKK)' })
  majorA = (await aMajor(t, { code: 'TO', name: 'Teknik Otomotif' })).id
  majorB = (await aMajor(t, { code: 'AK', name: 'Akuntansi' })).id
  const alum = (name: string, majorId: number, graduationYear: number) =>
    anAlumnus(t, { majorId, values: { fullName: name, graduationYear, nis: `TS-${name}` } })
  who.ani = await alum('Ani Lestari', majorA, 2024)
  who.budi = await alum('Budi Santoso', majorA, 2024)
  who.citra = await alum('Citra Dewi', majorA, 2024)
  who.dedi = await alum('Dedi Kurnia', majorB, 2024)
  who.eka = await alum('Eka Putri', majorA, 2023)
  who.siswa = await aStudent(t, { majorId: majorA, values: { fullName: 'Siswa Kelas XII' } })
  // Ani answered herself; Dedi too (studying); Eka was entered by staff earlier.
  expect((await call(t, 'POST', '/api/alumni/tracer-study', { as: who.ani, body: working })).status).toBe(201)
  const study = {
    career_status: 'lanjut_studi',
    institution_name: 'Politeknik Negeri Jakarta',
    city: 'Depok',
    province: 'Jawa Barat',
    start_date: '2024-09-01',
  }
  expect((await call(t, 'POST', '/api/alumni/tracer-study', { as: who.dedi, body: study })).status).toBe(201)
  const entered = await call(t, 'POST', `${LIST}/${who.eka.studentId}`, {
    as: admin,
    body: { career_status: 'mencari_kerja' },
  })
  expect(entered.status).toBe(201)
})

const names = (res: { body: { data: { alumnus: { fullName: string } }[] } }) =>
  res.body.data.map((r) => r.alumnus.fullName)

describe('who may use /api/admin/tracer-studies', () => {
  it('admits admin and superadmin only', async () => {
    await expectRoles(t, 'GET', LIST, ['admin'])
    await expectRoles(t, 'GET', `${LIST}/2000000000`, ['admin'])
    await expectRoles(t, 'POST', `${LIST}/2000000000`, ['admin'], { career_status: 'mencari_kerja' })
  })
})

describe('GET /api/admin/tracer-studies', () => {
  it('lists the alumni of a year with their current answer and who entered it; counts who has not answered', async () => {
    const res = await call(t, 'GET', LIST, { as: admin, query: { graduation_year: 2024, major_id: majorA } })
    expect(res.status).toBe(200)
    expect(names(res)).toEqual(['Ani Lestari', 'Budi Santoso', 'Citra Dewi'])
    expect(res.body.meta).toEqual({
      page: 1,
      perPage: 15,
      total: 3,
      totalPages: 1,
      answered: 1,
      notAnswered: 2,
    })
    expect(res.body.data[0]).toEqual({
      alumnus: {
        id: who.ani.studentId,
        nis: 'TS-Ani Lestari',
        fullName: 'Ani Lestari',
        graduationYear: 2024,
        major: { id: majorA, code: expect.any(String), name: 'Teknik Otomotif' },
        phone: '081200000000',
        email: who.ani.email,
      },
      answer: {
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
        version: 1,
        submittedAt: expect.any(String),
        enteredBy: null,
      },
    })
    expect(res.body.data[1].answer).toBeNull()
  })

  it('answered=false lists whom to call; answered=true, career_status and search narrow it', async () => {
    const q = async (query: Record<string, string | number | boolean>) =>
      names(await call(t, 'GET', LIST, { as: admin, query }))
    expect(await q({ graduation_year: 2024, major_id: majorA, answered: false })).toEqual([
      'Budi Santoso',
      'Citra Dewi',
    ])
    expect(await q({ graduation_year: 2024, answered: true })).toEqual(['Ani Lestari', 'Dedi Kurnia'])
    expect(await q({ career_status: 'lanjut_studi' })).toEqual(['Dedi Kurnia'])
    expect(await q({ career_status: 'mencari_kerja' })).toEqual(['Eka Putri'])
    expect(await q({ graduation_year: 2023 })).toEqual(['Eka Putri'])
    expect(await q({ search: 'ts-citra' })).toEqual(['Citra Dewi'])
    // A grade-12 student is not an alumnus: never listed.
    expect(await q({ search: 'Siswa Kelas XII' })).toEqual([])
    const eka = await call(t, 'GET', LIST, { as: admin, query: { graduation_year: 2023 } })
    expect(eka.body.data[0].answer.enteredBy).toEqual({ id: admin.id, fullName: 'Bu Ratna (BKK)' })
    const counted = await call(t, 'GET', LIST, {
      as: admin,
      query: { graduation_year: 2024, major_id: majorA, answered: false },
    })
    expect(counted.body.meta).toMatchObject({ total: 2, answered: 1, notAnswered: 2 })
  })

  it('422 for an unknown major, a bad filter, or career_status with answered=false', async () => {
    const major = await call(t, 'GET', LIST, { as: admin, query: { major_id: 2_000_000_000 } })
    expect(major.status).toBe(422)
    expect(major.body.errors).toEqual({ major_id: ['kompetensi keahlian tidak ditemukan'] })
    const bad = await call(t, 'GET', LIST, {
      as: admin,
      query: { career_status: 'pensiun', graduation_year: 'x' },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['career_status', 'graduation_year'])
    const both = await call(t, 'GET', LIST, {
      as: admin,
      query: { answered: false, career_status: 'bekerja' },
    })
    expect(both.status).toBe(422)
    expect(Object.keys(both.body.errors)).toEqual(['career_status'])
  })
})

describe('GET /api/admin/tracer-studies/:alumniId', () => {
  it('shows the alumnus, the current answer and its history with who entered each version', async () => {
    const alumna = await anAlumnus(t, { values: { fullName: 'Fitri Handayani' } })
    await call(t, 'POST', '/api/alumni/tracer-study', {
      as: alumna,
      body: { career_status: 'mencari_kerja' },
    })
    await call(t, 'POST', `${LIST}/${alumna.studentId}`, { as: admin, body: working })
    const res = await call(t, 'GET', `${LIST}/${alumna.studentId}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data.alumnus).toMatchObject({ id: alumna.studentId, fullName: 'Fitri Handayani' })
    expect(res.body.data.current).toMatchObject({
      version: 2,
      careerStatus: 'bekerja',
      enteredBy: { id: admin.id, fullName: 'Bu Ratna (BKK)' },
    })
    expect(res.body.data.history).toEqual([
      expect.objectContaining({ version: 1, careerStatus: 'mencari_kerja', enteredBy: null }),
    ])
    expect(res.body.data.prefill).toBeNull()
  })

  it('404 for a grade-12 student and an unknown id', async () => {
    for (const id of [who.siswa.studentId, 2_000_000_000]) {
      const res = await call(t, 'GET', `${LIST}/${id}`, { as: admin })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ success: false, message: 'Alumni tidak ditemukan.', data: null })
    }
  })
})

describe('POST /api/admin/tracer-studies/:alumniId', () => {
  it('201 for the first answer, entered by staff; 200 and version 2 next; the alumna sees it as hers', async () => {
    const alumna = await anAlumnus(t)
    const first = await call(t, 'POST', `${LIST}/${alumna.studentId}`, {
      as: admin,
      body: { ...working, institution_name: '  PT Astra Honda Motor ' },
    })
    expect(first.status).toBe(201)
    expect(first.body).toEqual({
      success: true,
      message: 'Tracer study alumni berhasil disimpan.',
      data: expect.objectContaining({
        careerStatus: 'bekerja',
        institutionName: 'PT Astra Honda Motor',
        version: 1,
        enteredBy: { id: admin.id, fullName: 'Bu Ratna (BKK)' },
      }),
    })
    const second = await call(t, 'POST', `${LIST}/${alumna.studentId}`, {
      as: admin,
      body: { ...working, career_status: 'wirausaha', job_title: undefined },
    })
    expect(second.status).toBe(200)
    expect(second.body.message).toBe('Tracer study alumni berhasil diperbarui.')
    expect(second.body.data).toMatchObject({ version: 2, careerStatus: 'wirausaha', jobTitle: null })
    const rows = await stored(alumna.studentId)
    expect(rows.map((r) => [r.version, r.isCurrent, r.careerStatus, r.enteredBy])).toEqual([
      [1, false, 'bekerja', admin.id],
      [2, true, 'wirausaha', admin.id],
    ])
    const own = await call(t, 'GET', '/api/alumni/tracer-study', { as: alumna })
    expect(own.body.data.current).toMatchObject({ version: 2, careerStatus: 'wirausaha' })
    // The alumna's own next save is hers: no one entered it for her.
    await call(t, 'POST', '/api/alumni/tracer-study', {
      as: alumna,
      body: { career_status: 'mencari_kerja' },
    })
    expect((await stored(alumna.studentId))[2]).toMatchObject({ version: 3, enteredBy: null })
  })

  it('the same 422s as the alumna’s own save: every missing field at once, a start after today; nothing stored', async () => {
    const alumna = await anAlumnus(t)
    const missing = await call(t, 'POST', `${LIST}/${alumna.studentId}`, {
      as: admin,
      body: { career_status: 'bekerja', institution_name: '   ' },
    })
    expect(missing.status).toBe(422)
    const required = 'wajib diisi untuk status bekerja'
    expect(missing.body.errors).toEqual({
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
    const future = await call(t, 'POST', `${LIST}/${alumna.studentId}`, {
      as: admin,
      body: { ...working, start_date: '2999-01-01' },
    })
    expect(future.status).toBe(422)
    expect(future.body.errors.start_date[0]).toMatch(/^tidak boleh setelah hari ini \(\d{4}-\d{2}-\d{2}\)$/)
    const schema = await call(t, 'POST', `${LIST}/${alumna.studentId}`, {
      as: admin,
      body: { career_status: 'pensiun' },
    })
    expect(schema.status).toBe(422)
    expect(Object.keys(schema.body.errors)).toEqual(['career_status'])
    expect(await stored(alumna.studentId)).toEqual([])
  })

  it('404 for a grade-12 student (only alumni answer the tracer study) and an unknown id; nothing stored', async () => {
    const res = await call(t, 'POST', `${LIST}/${who.siswa.studentId}`, {
      as: admin,
      body: { career_status: 'mencari_kerja' },
    })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Alumni tidak ditemukan.')
    expect(await stored(who.siswa.studentId)).toEqual([])
    const unknown = await call(t, 'POST', `${LIST}/2000000000`, {
      as: admin,
      body: { career_status: 'mencari_kerja' },
    })
    expect(unknown.status).toBe(404)
  })
})

describe('GET /api/admin/tracer-studies?format=csv|xlsx', () => {
  it("downloads every matching row as CSV, formula-like text neutralised (=cmd → '=cmd), NIS and phone as text", async () => {
    const alumna = await anAlumnus(t, {
      majorId: majorB,
      values: { fullName: 'Gita Sari', graduationYear: 2022 },
    })
    await call(t, 'POST', `${LIST}/${alumna.studentId}`, {
      as: admin,
      // A 2022 graduate who started on 1 October 2024 waited 27 months.
      body: {
        ...working,
        institution_name: "=cmd|' /C calc'!A0",
        job_title: '+SUM(1)',
        city: '@Bekasi',
        waiting_period_months: 27,
      },
    })
    await anAlumnus(t, {
      majorId: majorB,
      values: { fullName: 'Hadi Wijaya', graduationYear: 2022, phone: '+62 812 1' },
    })
    const res = await t.app.inject({
      method: 'GET',
      url: `${LIST}?format=csv&graduation_year=2022&major_id=${majorB}`,
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tracer-study-alumni_lulus-2022_jurusan-AK.csv"',
    )
    const records = parse(res.rawPayload, { bom: true }) as string[][]
    expect(records[0]).toEqual([
      'NIS',
      'Nama',
      'Kompetensi Keahlian',
      'Tahun Lulus',
      'Telepon',
      'E-mail',
      'Sudah Mengisi',
      'Status Karier',
      'Instansi / Usaha / Kampus',
      'Jabatan',
      'Bidang',
      'Kota/Kabupaten',
      'Provinsi',
      'Gaji Pertama (Rp)',
      'Masa Tunggu (Bulan)',
      'Kesesuaian dengan Jurusan',
      'Mulai',
      'Versi',
      'Disimpan (WIB)',
      'Diisi Oleh',
    ])
    expect(records).toHaveLength(3)
    const [gita, hadi] = records.slice(1)
    expect(gita.slice(1, 4)).toEqual(['Gita Sari', 'Akuntansi', '2022'])
    expect(gita.slice(6, 17)).toEqual([
      'Sudah',
      'Bekerja',
      "'=cmd|' /C calc'!A0",
      "'+SUM(1)",
      'Manufaktur otomotif',
      "'@Bekasi",
      'Jawa Barat',
      '5200000',
      '27',
      'Sangat sesuai',
      '2024-10-01',
    ])
    expect(gita[17]).toBe('1')
    expect(gita[18]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(gita[19]).toBe('Bu Ratna (BKK)')
    // A phone number is text in a spreadsheet (="…", a string literal), its + kept, not the formula guard's '.
    expect(hadi.slice(1, 8)).toEqual([
      'Hadi Wijaya',
      'Akuntansi',
      '2022',
      '="+62 812 1"',
      hadi[5],
      'Belum',
      '',
    ])
    expect(hadi[0]).toMatch(/^="[^"]+"$/)
  })

  it('downloads XLSX of the non-responders; the text stays text (no formula)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${LIST}?format=xlsx&graduation_year=2024&major_id=${majorA}&answered=false`,
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tracer-study-alumni_lulus-2024_jurusan-TO_belum-mengisi.xlsx"',
    )
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const rows = book.worksheets[0]
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1, 8))
    expect(rows.map((r) => r[1])).toEqual(['Budi Santoso', 'Citra Dewi'])
    expect(rows.map((r) => r[6])).toEqual(['Belum', 'Belum'])
    expect(book.worksheets[1].name).toBe('Keterangan')
    // The filter as the reports name a major (it said the major's id).
    const notes = book.worksheets[1].getSheetValues().map((r) => (r as unknown[]).slice(1, 3))
    expect(notes).toContainEqual(['Kompetensi keahlian', expect.stringMatching(/^\S+ — Teknik Otomotif$/)])
  })
})
