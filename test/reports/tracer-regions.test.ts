import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'

/**
 * Four alumni of one major work in Bekasi, West Java, and type it on their phones as they do: two
 * capitalised, one in capitals, one in lower case. By hand: one province (4 of 4, 100 %) and one city
 * (4 of 4, 100 %). The tracer-study report grouped the typed text as it was, so the career center read three
 * provinces of 33.33 % each (and three cities), and the "distribution of work regions" the report exists for was
 * split by the way people typed. The learners' own vacancy filter already compares places without case.
 */
const t = useTestApp()

const working = (city: string, province: string) => ({
  career_status: 'bekerja',
  institution_name: 'PT Kerja',
  job_title: 'Operator',
  sector: 'Manufaktur',
  city,
  province,
  starting_salary: 5_000_000,
  waiting_period_months: 2,
  job_fit: 'sesuai',
  start_date: '2025-09-01',
})

describe('tracer-study report: work regions', () => {
  it('counts one province and one city however their capitals were typed', async () => {
    const admin = await anAdmin(t)
    const majorId = (await aMajor(t)).id
    for (const [city, province] of [
      ['Bekasi', 'Jawa Barat'],
      ['Bekasi', 'Jawa Barat'],
      ['BEKASI', 'JAWA BARAT'],
      ['bekasi', 'jawa barat'],
    ]) {
      const alumnus = (await anAlumnus(t, { majorId, values: { graduationYear: 2025 } })) as Account & {
        studentId: number
      }
      const saved = await call(t, 'POST', '/api/alumni/tracer-study', {
        as: alumnus,
        body: working(city, province),
      })
      expect(saved.status).toBe(201)
    }

    const res = await call(t, 'GET', '/api/admin/reports/tracer-study', {
      as: admin,
      query: { major_id: majorId },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.working).toBe(4)
    // It was three provinces and three cities of 1 (33.33 %) each.
    // One province and one city, spelt as most answers spell them.
    expect(res.body.data.provinces).toEqual([{ province: 'Jawa Barat', count: 4, percent: 100 }])
    expect(res.body.data.cities).toEqual([{ province: 'Jawa Barat', city: 'Bekasi', count: 4, percent: 100 }])
  })
})
