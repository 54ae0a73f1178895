import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { tracerStudies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'

/**
 * docs/reports.md, Exports: "The same figures as the JSON, as one table". The tracer-study JSON has
 * `working` (respondents bekerja or wirausaha, "the base of everything below": waiting period,
 * salary, regions, job fit) and `jobFit.respondents` (the base of the job-fit percentages); the
 * download leaves both out, so a reader of the file cannot tell what the percentages are of.
 *
 * Three alumni of 2026 answered: one bekerja with a job fit, one wirausaha without one, one
 * lanjut_studi. working = 2 (not shown by any single status line), jobFit.respondents = 1.
 */
const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
  const major = await aMajor(t)
  const alumnus = async () =>
    (
      await aStudent(t, {
        role: 'alumni',
        majorId: major.id,
        account: false,
        values: { graduationYear: 2026 },
      })
    ).studentId
  const submittedAt = new Date('2026-08-01T03:00:00Z')
  await t.db.insert(tracerStudies).values([
    {
      studentId: await alumnus(),
      version: 1,
      careerStatus: 'bekerja',
      institutionName: 'PT Kerja',
      city: 'Bekasi',
      province: 'Jawa Barat',
      startingSalary: 4_000_000,
      waitingPeriodMonths: 1,
      jobFit: 'sesuai',
      startDate: '2026-07-15',
      submittedAt,
    },
    {
      studentId: await alumnus(),
      version: 1,
      careerStatus: 'wirausaha',
      institutionName: 'Usaha Sendiri',
      startDate: '2026-07-20',
      submittedAt,
    },
    { studentId: await alumnus(), version: 1, careerStatus: 'lanjut_studi', submittedAt },
  ])
})

describe('tracer-study download', () => {
  it('carries the working respondents and the job-fit base that the JSON answers', async () => {
    const json = await call(t, 'GET', '/api/admin/reports/tracer-study', { as: admin })
    expect(json.status).toBe(200)
    expect(json.body.data.working).toBe(2)
    expect(json.body.data.jobFit.respondents).toBe(1)

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/tracer-study?format=csv',
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    const records = parse(res.rawPayload, { bom: true }) as string[][]
    // A line counting the respondents bekerja or wirausaha (2): none today (only Bekerja 1 and Wirausaha 1).
    expect(
      records.some(([, item, count]) => /bekerja/i.test(item) && /wirausaha/i.test(item) && count === '2'),
    ).toBe(true)
    // A line with the base of the job-fit shares (1 respondent with a fit): none today.
    expect(
      records.some(
        ([section, item, count]) =>
          section === 'Kesesuaian pekerjaan dengan jurusan' && /responden/i.test(item) && count === '1',
      ),
    ).toBe(true)
  })
})
