import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'

/**
 * docs/reports.md, Filters: "Reports that filter by a date use the period: the school year and the
 * date range together (their intersection; an empty intersection gives an empty report)."
 *
 * One approved vacancy of PT Alfa, published 1 August 2025 with a deadline of 31 March 2027: it is
 * open during every period from August 2025 to March 2027. A school year and a date range that do
 * not overlap select no day at all, so no vacancy can have been open "during" it.
 */
const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
  const major = await aMajor(t)
  const alfa = await aCompany(t, { name: 'PT Alfa' })
  await aVacancy(t, {
    companyId: alfa.id,
    majorIds: [major.id],
    values: { createdAt: new Date('2025-08-01T03:00:00Z'), deadline: '2027-03-31' },
  })
})

const EMPTY_TOTALS = { vacancies: 0, applicants: 0, passedReview: 0, accepted: 0, passRatio: null }

describe('recruitment report with a school year and a date range that do not overlap', () => {
  it('date range after the school year (2025/2026 from 2027-01-01): an empty report, no vacancy counted', async () => {
    const res = await call(t, 'GET', '/api/admin/reports/recruitment', {
      as: admin,
      query: { school_year: '2025/2026', date_from: '2027-01-01' },
    })
    expect(res.status).toBe(200)
    // Before the fix: rows [{ PT Alfa, vacancies: 1, applicants: 0, … }], totals.vacancies 1.
    expect(res.body.data.rows).toEqual([])
    expect(res.body.data.totals).toEqual(EMPTY_TOTALS)
  })

  it('date range before the school year (2026/2027 up to 2025-12-31): an empty report, no vacancy counted', async () => {
    const res = await call(t, 'GET', '/api/admin/reports/recruitment', {
      as: admin,
      query: { school_year: '2026/2027', date_to: '2025-12-31' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.rows).toEqual([])
    expect(res.body.data.totals).toEqual(EMPTY_TOTALS)
  })

  it('the CSV of the same filters has only the header and a zero TOTAL line', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/recruitment?format=csv&school_year=2025/2026&date_from=2027-01-01',
      headers: { authorization: admin.authorization },
    })
    expect(res.statusCode).toBe(200)
    const records = parse(res.rawPayload, { bom: true }) as string[][]
    expect(records.slice(1)).toEqual([['TOTAL', '0', '0', '0', '0', '']])
  })
})
