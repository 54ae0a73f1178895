import { describe, expect, it } from 'vitest'
import { reportQuery } from './query'

describe('report filters', () => {
  it('keeps only the filters the API knows, the major as a number', () => {
    expect(
      reportQuery({
        report: 'attendance',
        page: 1,
        school_year: '2025/2026',
        major_id: '3',
        date_to: '2026-01-31',
      }),
    ).toEqual({ school_year: '2025/2026', major_id: 3, date_to: '2026-01-31' })
    expect(reportQuery({ page: 1, major_id: 'abc' })).toEqual({})
  })
})
