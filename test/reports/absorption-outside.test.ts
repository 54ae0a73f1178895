import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { anHrdWithVacancy, aPlacement } from '../support/builders/selection.js'

/**
 * Placements found outside bursa count in the absorption report, marked apart (`placedOutside`): one
 * major's learners, each placed a different way, worked out by hand.
 */
const t = useTestApp()
let admin: Account
let majorId: number

const report = (query: Record<string, string | number> = {}) =>
  call(t, 'GET', '/api/admin/reports/absorption', { as: admin, query: { major_id: majorId, ...query } })

beforeAll(async () => {
  admin = await anAdmin(t)
  majorId = (await aMajor(t, { code: 'TKR', name: 'Teknik Kendaraan Ringan' })).id
  const { hrd, vacancy, company } = await anHrdWithVacancy(t)
  const alumnus = () => aStudent(t, { role: 'alumni', majorId, values: { graduationYear: 2024 } })
  const outside = async (body: Record<string, unknown>) => {
    const res = await call(t, 'POST', '/api/admin/job-placements', {
      as: admin,
      body: { company_name: 'Bengkel Rakyat', position: 'Mekanik', accepted_date: '2025-03-01', ...body },
    })
    expect(res.status).toBe(201)
    return res.body.data.id as number
  }
  // a1 through bursa; a2 outside only; a3 outside but deleted; a4 both; a5 not placed.
  await aPlacement(t, {
    companyId: hrd.companyId,
    vacancyId: vacancy.id,
    student: { role: 'alumni', majorId, values: { graduationYear: 2024 } },
  })
  const a2 = await alumnus()
  await outside({ alumni_id: a2.studentId })
  const a3 = await alumnus()
  const deleted = await outside({ alumni_id: a3.studentId })
  expect((await call(t, 'DELETE', `/api/admin/job-placements/${deleted}`, { as: admin })).status).toBe(200)
  const a4 = await aPlacement(t, {
    companyId: hrd.companyId,
    vacancyId: vacancy.id,
    student: { role: 'alumni', majorId, values: { graduationYear: 2024 } },
  })
  await outside({
    alumni_id: a4.learner.studentId,
    company_name: 'Dealer Motor',
    accepted_date: '2025-06-01',
  })
  await alumnus()
  // A grade-12 student placed outside bursa, at a partner company.
  const s1 = await aStudent(t, { majorId })
  await outside({
    student_id: s1.studentId,
    company_name: undefined,
    company_id: company.id,
    accepted_date: '2025-09-01',
  })
})

describe('GET /api/admin/reports/absorption with placements found outside bursa', () => {
  it('counts them as placed, and those placed only outside bursa apart; deleted ones not at all', async () => {
    const res = await report()
    expect(res.status).toBe(200)
    const figures = (r: Record<string, unknown>) => [
      r.graduationYear,
      r.cohort,
      r.placed,
      r.placedOutside,
      r.absorbed,
    ]
    // Cohort 2024: a1..a5, placed a1, a2, a4 (a2 only outside); grade 12: the student, placed outside.
    expect(res.body.data.rows.map(figures)).toEqual([
      [null, 1, 1, 1, 1],
      [2024, 5, 3, 1, 3],
    ])
    expect(res.body.data.totals).toMatchObject({
      cohort: 6,
      placed: 4,
      placedOutside: 2,
      absorbed: 4,
      placedPercent: 66.67,
    })
  })

  it('the date range bounds the acceptance date of outside placements too', async () => {
    const res = await report({ date_from: '2025-02-01', date_to: '2025-05-31' })
    // Only a2's outside placement (1 March) falls in; the bursa ones were accepted 15 January 2025.
    expect(res.body.data.totals).toMatchObject({ placed: 1, placedOutside: 1 })
    const later = await report({ date_from: '2025-05-01' })
    // a4's outside placement (1 June: a4 placed only outside in this range) and the student's (1 September).
    expect(later.body.data.totals).toMatchObject({ placed: 2, placedOutside: 2 })
  })

  it('the CSV marks them in their own column', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/absorption?format=csv&major_id=${majorId}`,
      headers: { authorization: admin.authorization },
    })
    const records = parse(res.rawPayload, { bom: true }) as string[][]
    expect(records[0].slice(4, 8)).toEqual([
      'Jumlah Lulusan/Siswa',
      'Ditempatkan',
      'Di antaranya di luar bursa',
      'Bekerja/Wirausaha (Tracer)',
    ])
    expect(records.at(-1)?.slice(0, 7)).toEqual(['TOTAL', '', '', '', '6', '4', '2'])
  })
})
