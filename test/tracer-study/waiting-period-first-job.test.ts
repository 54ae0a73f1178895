import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { tracerStudies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { answerTracerStudy, employedAnswer } from '../support/builders/tracer-study.js'

/**
 * The waiting period (masa tunggu) runs from graduation to the *first* job or business; the start date is the
 * current one's. An alumna of 2024 started work on 1 October 2024 after 3 months; in 2025 she changes job and,
 * as the form asks ("Ubah jawaban bila keadaan Anda berubah"), saves the new employer and the day she started
 * there. Her waiting period is still 3 months. The service used to take only the months from graduation to the
 * new start (14, within 2), so the report's mean and median counted her time at the first job as waiting. Now
 * only a waiting period longer than the months to the start date (plus 2) is refused: the first job cannot have
 * come after the current one, and "30" typed for days is still caught.
 */
const t = useTestApp()

const newJob = (waiting: number) =>
  employedAnswer({
    institution_name: 'PT Sinar Jaya Elektrik',
    job_title: 'Teknisi',
    start_date: '2025-09-01',
    starting_salary: 6_000_000,
    waiting_period_months: waiting,
  })

const versions = (studentId: number) =>
  t.db
    .select()
    .from(tracerStudies)
    .where(eq(tracerStudies.studentId, studentId))
    .orderBy(asc(tracerStudies.version))

describe('POST /api/alumni/tracer-study after a job change', () => {
  it('keeps her waiting period to the first job (3 months) with the new job and its start date; the report reads 3', async () => {
    const admin = await anAdmin(t)
    const major = await aMajor(t)
    const alumna = await anAlumnus(t, { majorId: major.id }) // graduated 30 June 2024
    await answerTracerStudy(t, alumna) // since 1 October 2024, after 3 months

    const res = await call(t, 'POST', '/api/alumni/tracer-study', { as: alumna, body: newJob(3) })
    expect(res.body.errors ?? null).toBeNull()
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      version: 2,
      institutionName: 'PT Sinar Jaya Elektrik',
      startDate: '2025-09-01',
      waitingPeriodMonths: 3,
    })
    expect((await versions(alumna.studentId)).map((v) => [v.startDate, v.waitingPeriodMonths])).toEqual([
      ['2024-10-01', 3],
      ['2025-09-01', 3],
    ])

    const report = await call(t, 'GET', '/api/admin/reports/tracer-study', {
      as: admin,
      query: { major_id: major.id },
    })
    expect(report.body.data.waitingPeriod).toEqual({ respondents: 1, mean: 3, median: 3 })
  })

  it('takes 0 (a first job right after graduation) up to 16 for a start 14 months after graduation; 422 from 17', async () => {
    const alumna = await anAlumnus(t)
    for (const months of [0, 16]) {
      const res = await call(t, 'POST', '/api/alumni/tracer-study', { as: alumna, body: newJob(months) })
      expect(res.status, JSON.stringify(res.body.errors)).toBeLessThan(300)
    }
    const res = await call(t, 'POST', '/api/alumni/tracer-study', { as: alumna, body: newJob(17) })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      waiting_period_months: [
        'terlalu lama untuk tanggal mulai: sejak lulus (2024-06-30) sampai mulai 2025-09-01 sekitar 14 bulan, jadi masa tunggu paling lama 16 bulan',
      ],
    })
    expect((await versions(alumna.studentId)).map((v) => v.waitingPeriodMonths)).toEqual([0, 16])
  })

  it('an alumna who studied first keeps the months to her first job when she starts work after her studies', async () => {
    // A 2022 graduate: studies from September 2022, a part-time job from January 2023 (6 months after graduation),
    // work after her diploma from 1 September 2025 (38 months after graduation).
    const alumna = await anAlumnus(t, { values: { graduationYear: 2022, birthDate: '2004-05-05' } })
    const studies = await call(t, 'POST', '/api/alumni/tracer-study', {
      as: alumna,
      body: {
        career_status: 'lanjut_studi',
        institution_name: 'Politeknik Negeri Jakarta',
        city: 'Depok',
        province: 'Jawa Barat',
        start_date: '2022-09-01',
      },
    })
    expect(studies.status).toBe(201)
    const work = await call(t, 'POST', '/api/alumni/tracer-study', { as: alumna, body: newJob(6) })
    expect(work.body.errors ?? null).toBeNull()
    expect(work.body.data).toMatchObject({
      careerStatus: 'bekerja',
      startDate: '2025-09-01',
      waitingPeriodMonths: 6,
    })
  })
})

describe('POST /api/admin/tracer-studies/:id after a job change', () => {
  it('staff entering the new job by phone keep her waiting period too, and meet the same upper bound', async () => {
    const admin = await anAdmin(t)
    const alumna = await anAlumnus(t)
    await answerTracerStudy(t, alumna)
    const url = `/api/admin/tracer-studies/${alumna.studentId}`

    const tooLong = await call(t, 'POST', url, { as: admin, body: newJob(30) })
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.errors.waiting_period_months).toEqual([
      expect.stringContaining('paling lama 16 bulan'),
    ])

    const res = await call(t, 'POST', url, { as: admin, body: newJob(3) })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ version: 2, startDate: '2025-09-01', waitingPeriodMonths: 3 })
    expect(res.body.data.enteredBy).toMatchObject({ id: admin.id })
  })
})
