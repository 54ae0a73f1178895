import { describe, expect, it } from 'vitest'
import { eventLabel } from '../features/applications/event-label'
import { applyVocabulary, label, NOT_MARKED, options } from './labels'

describe('labels: codes worded in Indonesian, by vocabulary', () => {
  it('words the timeline a student reads (was `applied`, `document review`, `selection published`)', () => {
    expect(eventLabel({ stage: 'applied', status: 'pending' })).toEqual({
      stage: 'Lamaran dikirim',
      status: 'Menunggu seleksi berkas',
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
    expect(label('applicationStatus', 'pending')).toBe('Menunggu seleksi berkas')
    // An application the applicant withdrew does not read like a test called off.
    expect(label('applicationStatus', 'withdrawn')).toBe('Lamaran dibatalkan')
    expect(label('scheduleStatus', 'cancelled')).toBe('Dibatalkan')
    // A participant HR has not marked reads as the reports and the export say it.
    expect(NOT_MARKED).toBe('Belum tercatat')
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
    expect(options('role', ['hrd'])).toEqual([{ value: 'hrd', label: 'HRD' }])
  })

  it("takes the service's words, order and timeline groups once they are served", () => {
    applyVocabulary({
      attendance: [
        { code: 'alpa', label: 'Tidak hadir' },
        { code: 'hadir', label: 'Hadir' },
      ],
      activeStatus: [
        { code: 'active', label: 'Berjalan' },
        { code: 'inactive', label: 'Berhenti' },
      ],
      stage: [{ code: 'test_checked', label: 'Tes diperiksa', statusGroup: 'attendance' }],
    })
    expect(options('attendance').map((o) => o.label)).toEqual(['Tidak hadir', 'Hadir'])
    expect(label('isActive', true)).toBe('Berjalan')
    expect(eventLabel({ stage: 'test_checked', status: 'alpa' })).toEqual({
      stage: 'Tes diperiksa',
      status: 'Tidak hadir',
    })
  })
})
