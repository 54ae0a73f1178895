// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { reportQuery } from './reports'
import { bodyOf, FIELDS_BY_STATUS, fieldLabel } from './tracer'

const filled = {
  text: {
    institution_name: ' PT Telkom Akses ',
    job_title: 'Teknisi',
    sector: 'Telekomunikasi',
    city: 'Bandung',
    province: 'Jawa Barat',
    job_fit: 'sesuai',
    start_date: '2025-08-01',
  },
  starting_salary: 4_500_000 as number | '',
  waiting_period_months: 2 as number | '',
}

describe('tracer study form', () => {
  it('sends only the fields the status asks for, trimmed, blanks left out', () => {
    expect(bodyOf({ career_status: 'bekerja', ...filled })).toEqual({
      career_status: 'bekerja',
      institution_name: 'PT Telkom Akses',
      job_title: 'Teknisi',
      sector: 'Telekomunikasi',
      city: 'Bandung',
      province: 'Jawa Barat',
      job_fit: 'sesuai',
      start_date: '2025-08-01',
      starting_salary: 4_500_000,
      waiting_period_months: 2,
    })
    // Switching to studies drops the leftovers of work (salary, sector, waiting period, job title).
    expect(bodyOf({ career_status: 'lanjut_studi', ...filled })).toEqual({
      career_status: 'lanjut_studi',
      institution_name: 'PT Telkom Akses',
      city: 'Bandung',
      province: 'Jawa Barat',
      job_fit: 'sesuai',
      start_date: '2025-08-01',
    })
    expect(bodyOf({ career_status: 'mencari_kerja', ...filled })).toEqual({ career_status: 'mencari_kerja' })
    expect(
      bodyOf({
        career_status: 'bekerja',
        text: { city: '  ' },
        starting_salary: '',
        waiting_period_months: 0,
      }),
    ).toEqual({ career_status: 'bekerja', waiting_period_months: 0 })
  })

  it('asks per status what the API requires, and names the fields for that status', () => {
    expect(FIELDS_BY_STATUS.wirausaha.required).not.toContain('job_title')
    expect(FIELDS_BY_STATUS.wirausaha.optional).toEqual(['job_title'])
    expect(FIELDS_BY_STATUS.lanjut_studi.required).toEqual([
      'institution_name',
      'city',
      'province',
      'start_date',
    ])
    expect(fieldLabel('institution_name', 'wirausaha')).toBe('Nama usaha')
    expect(fieldLabel('start_date', 'lanjut_studi')).toBe('Mulai studi')
  })
})

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
