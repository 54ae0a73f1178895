import { expect } from 'vitest'
import { call, type TestContext } from '../app.js'
import type { Account } from './accounts.js'

/** The tracer-study form of an alumna employed at a carmaker in Bekasi since October 2024 (Rp5.200.000). */
export const employedAnswer = (over: Record<string, unknown> = {}) => ({
  career_status: 'bekerja',
  institution_name: 'PT Astra Honda Motor',
  job_title: 'Operator Produksi',
  sector: 'Otomotif',
  city: 'Kabupaten Bekasi',
  province: 'Jawa Barat',
  starting_salary: 5_200_000,
  waiting_period_months: 3,
  job_fit: 'sesuai',
  start_date: '2024-10-01',
  ...over,
})

/** The alumnus answers the tracer study (HTTP, `employedAnswer` unless told); fails the test unless stored. */
export async function answerTracerStudy(
  t: TestContext,
  alumnus: Account,
  over: Record<string, unknown> = {},
) {
  const answered = await call(t, 'POST', '/api/alumni/tracer-study', {
    as: alumnus,
    body: employedAnswer(over),
  })
  expect(answered.status).toBe(201)
  return answered.body.data
}
