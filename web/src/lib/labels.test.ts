import { describe, expect, it } from 'vitest'
import { eventLabel, label, options } from './labels'

describe('labels: codes worded in Indonesian, by vocabulary', () => {
  it('words the timeline a student reads (was `applied`, `document review`, `selection published`)', () => {
    expect(eventLabel({ stage: 'applied', status: 'pending' })).toEqual({
      stage: 'Lamaran dikirim',
      status: 'Menunggu',
    })
    expect(eventLabel({ stage: 'document_review', status: 'lolos' })).toEqual({
      stage: 'Seleksi berkas',
      status: 'Lolos',
    })
    expect(eventLabel({ stage: 'test_scheduled', status: 'wawancara' }).status).toBe('Wawancara')
    expect(eventLabel({ stage: 'test_attendance', status: 'hadir' }).status).toBe('Hadir')
    expect(eventLabel({ stage: 'selection_scored', status: 'pending' }).status).toBe('Belum diputuskan')
    expect(eventLabel({ stage: 'selection_published', status: 'diterima' })).toEqual({
      stage: 'Hasil seleksi diumumkan',
      status: 'Diterima',
    })
  })

  it('the same code reads by its vocabulary; an unknown code stays readable; none is a dash', () => {
    expect(label('applicationStatus', 'pending')).toBe('Menunggu')
    expect(label('validation', 'pending')).toBe('Menunggu validasi')
    expect(label('category', 'otomotif')).toBe('Otomotif')
    expect(label('isActive', false)).toBe('Nonaktif')
    expect(label('stage', 'something_new')).toBe('something new')
    expect(label('role', null)).toBe('–')
  })

  it('options keep the vocabulary order, or the codes asked for', () => {
    expect(options('attendance')).toEqual([
      { value: 'hadir', label: 'Hadir' },
      { value: 'izin', label: 'Izin' },
      { value: 'alpa', label: 'Alpa' },
    ])
    expect(options('role', ['hrd']).map((o) => o.label)).toEqual(['HRD'])
  })
})
