import { describe, expect, it } from 'vitest'
import { bodyOf, careerStatuses, fieldLabel, formOf } from './rules'

// `careerStatus` of GET /api/vocabulary: the service's rule per status (src/modules/tracer-study).
const { statuses, rules } = careerStatuses([
  {
    code: 'bekerja',
    label: 'Bekerja',
    required: [
      'institution_name',
      'job_title',
      'sector',
      'city',
      'province',
      'starting_salary',
      'waiting_period_months',
      'job_fit',
      'start_date',
    ],
    optional: [],
  },
  {
    code: 'wirausaha',
    label: 'Wirausaha',
    required: ['institution_name', 'sector', 'city', 'province', 'start_date'],
    optional: ['job_title'],
  },
  {
    code: 'lanjut_studi',
    label: 'Melanjutkan studi',
    required: ['institution_name', 'city', 'province', 'start_date'],
    optional: ['job_fit'],
  },
  { code: 'mencari_kerja', label: 'Mencari kerja', required: [], optional: [] },
])

const filled = {
  institution_name: ' PT Telkom Akses ',
  job_title: 'Teknisi',
  sector: 'Telekomunikasi',
  city: 'Bandung',
  province: 'Jawa Barat',
  job_fit: 'sesuai',
  start_date: '2025-08-01',
  starting_salary: 4_500_000 as number | '',
  waiting_period_months: 2 as number | '',
}

describe('tracer study form', () => {
  it('offers the statuses the service serves, in its order and words, with a hint each', () => {
    expect(statuses.map((s) => [s.value, s.label])).toEqual([
      ['bekerja', 'Bekerja'],
      ['wirausaha', 'Wirausaha'],
      ['lanjut_studi', 'Melanjutkan studi'],
      ['mencari_kerja', 'Mencari kerja'],
    ])
    expect(statuses[0].hint).toBe('di perusahaan atau instansi')
  })

  it('sends only the fields the served rule asks for, trimmed, blanks left out', () => {
    expect(bodyOf({ career_status: 'bekerja', ...filled }, rules)).toEqual({
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
    expect(bodyOf({ career_status: 'lanjut_studi', ...filled }, rules)).toEqual({
      career_status: 'lanjut_studi',
      institution_name: 'PT Telkom Akses',
      city: 'Bandung',
      province: 'Jawa Barat',
      job_fit: 'sesuai',
      start_date: '2025-08-01',
    })
    // The rule is the served one: this test's `wirausaha` asks for no salary, so none is sent.
    expect(bodyOf({ career_status: 'wirausaha', ...filled }, rules)).not.toHaveProperty('starting_salary')
    expect(bodyOf({ career_status: 'mencari_kerja', ...filled }, rules)).toEqual({
      career_status: 'mencari_kerja',
    })
    expect(
      bodyOf(
        {
          ...formOf(null),
          career_status: 'bekerja',
          city: '  ',
          starting_salary: '',
          waiting_period_months: 0,
        },
        rules,
      ),
    ).toEqual({ career_status: 'bekerja', waiting_period_months: 0 })
  })

  it('names the fields for the status (a business is not an employer, a campus not a job)', () => {
    expect(fieldLabel('institution_name', 'wirausaha')).toBe('Nama usaha')
    expect(fieldLabel('start_date', 'lanjut_studi')).toBe('Mulai studi')
  })
})
