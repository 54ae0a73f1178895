// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { ApiError, fieldErrors, fileNameOf, toApiError } from '../api/client'
import { requestKey } from '../api/early'
import { parseDateInput } from './date-input'
import { formatDate, formatDateTime, formatRupiah, formatSalaryRange } from './format'
import { schoolTimeZone, zoneName } from './school-zone'
import { nextSearch, queryOf } from './url-state'
import { wallClockToIso } from './wall-clock'

describe('format (id-ID, Asia/Jakarta)', () => {
  it('writes rupiah without decimals with dots for thousands', () => {
    expect(formatRupiah(4_500_000).replace(/\s/g, ' ')).toBe('Rp 4.500.000')
    expect(formatSalaryRange(null, null)).toBe('Gaji tidak dicantumkan')
    expect(formatSalaryRange(2_000_000, 2_500_000).replace(/\s/g, ' ')).toBe('Rp 2.000.000 – Rp 2.500.000')
  })
  it('writes a calendar date as the same day everywhere, and times in WIB', () => {
    expect(formatDate('2026-03-14')).toBe('14 Maret 2026')
    expect(formatDateTime('2026-03-14T01:30:00Z')).toMatch(/14 Mar 2026.*08[.:]30.*WIB/)
    expect(formatDate(null)).toBe('–')
  })
  it('reads a typed date the Indonesian way (dd/mm/yyyy), or as the API writes it', () => {
    expect(parseDateInput('01/08/2025')).toBe('2025-08-01')
    expect(parseDateInput(' 1-8-2025 ')).toBe('2025-08-01')
    expect(parseDateInput('31.12.2026')).toBe('2026-12-31')
    expect(parseDateInput('2025-08-01')).toBe('2025-08-01')
    expect(parseDateInput('08/31/2025')).toBeNull() // month 31: not a US date
    expect(parseDateInput('30/02/2026')).toBeNull()
    expect(parseDateInput('10/01/202')).toBeNull() // still typing
    expect(parseDateInput('')).toBeNull()
  })
  it("reads a typed time on the school's clock, WIB when the page names no zone", () => {
    expect(schoolTimeZone).toBe('Asia/Jakarta')
    expect(wallClockToIso('2026-03-14T08:30')).toBe('2026-03-14T01:30:00.000Z')
    expect(zoneName()).toBe('WIB')
  })
  it('reads and writes times in WITA, WIT and across a daylight-saving change', () => {
    expect(wallClockToIso('2026-03-14T08:30', 'Asia/Makassar')).toBe('2026-03-14T00:30:00.000Z')
    expect(wallClockToIso('2026-01-01T00:15', 'Asia/Jayapura')).toBe('2025-12-31T15:15:00.000Z')
    expect([zoneName('Asia/Makassar'), zoneName('Asia/Jayapura')]).toEqual(['WITA', 'WIT'])
    // Europe/Amsterdam moves from +01:00 to +02:00 at 01:00 UTC on 29 March 2026.
    expect(wallClockToIso('2026-03-29T01:30', 'Europe/Amsterdam')).toBe('2026-03-29T00:30:00.000Z')
    expect(wallClockToIso('2026-03-29T09:00', 'Europe/Amsterdam')).toBe('2026-03-29T07:00:00.000Z')
  })
})

describe('filters in the URL', () => {
  it('drops empty values and sends a changed filter back to page 1', () => {
    const next = nextSearch(new URLSearchParams('page=3&status=pending'), { search: 'andi', status: '' })
    expect(next.toString()).toBe('search=andi')
  })
  it('keeps the other filters when only the page changes', () => {
    expect(nextSearch(new URLSearchParams('status=pending'), { page: 2 }).toString()).toBe(
      'status=pending&page=2',
    )
    expect(nextSearch(new URLSearchParams('status=pending&page=2'), { page: 1 }).toString()).toBe(
      'status=pending',
    )
  })
  it('turns the URL into the API query: ids as numbers, other filters dropped, page from 1', () => {
    expect(
      queryOf(new URLSearchParams('job_vacancy_id=7&status=x&other=1&page=abc'), [
        'job_vacancy_id',
        'status',
      ]),
    ).toEqual({
      job_vacancy_id: 7,
      status: 'x',
      page: 1,
    })
  })
})

describe('API errors', () => {
  it('keeps the message and maps 422 errors to the first message per field', () => {
    const err = toApiError(422, {
      success: false,
      message: 'Data tidak valid.',
      data: null,
      errors: { email: ['sudah dipakai', 'x'], 'application_ids.2': ['bukan pelamar'] },
    })
    expect(err).toBeInstanceOf(ApiError)
    expect(err.message).toBe('Data tidak valid.')
    expect(fieldErrors(err)).toEqual({ email: 'sudah dipakai', 'application_ids.2': 'bukan pelamar' })
  })
  it('explains a network failure and a server error without a body', () => {
    expect(toApiError(0, null).message).toMatch(/Tidak dapat terhubung/)
    expect(toApiError(502, '<html>').message).toMatch(/kesalahan pada server/)
    expect(fieldErrors(new Error('x'))).toEqual({})
  })
  it('reads the download file name from Content-Disposition', () => {
    expect(fileNameOf(`attachment; filename="laporan.csv"; filename*=UTF-8''laporan%20rekrutmen.csv`)).toBe(
      'laporan rekrutmen.csv',
    )
    expect(fileNameOf('attachment; filename="a.pdf"')).toBe('a.pdf')
    expect(fileNameOf(null)).toBeNull()
  })
  it('never takes a `filename*=` written inside the quoted plain name (a learner chooses that name)', () => {
    // As the API writes it for a file the learner named so (ASCII fallback, then the exact UTF-8 name).
    const shown = "CV Budi filename*=UTF-8''CV_Budi.html;.pdf"
    const disposition = `attachment; filename="${shown}"; filename*=UTF-8''CV%20Budi%20filename%2A%3DUTF-8%27%27CV_Budi.html%3B.pdf`
    expect(fileNameOf(disposition)).toBe(shown)
    // Without the UTF-8 name, the quoted one is the name, whole.
    expect(fileNameOf(`attachment; filename="${shown}"`)).toBe(shown)
    expect(fileNameOf('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf')
  })
  it('falls back to the plain name when the UTF-8 name does not decode', () => {
    expect(fileNameOf(`attachment; filename="nilai.pdf"; filename*=UTF-8''nilai%E0%A4%A.pdf`)).toBe(
      'nilai.pdf',
    )
    expect(fileNameOf(`attachment; filename*=UTF-8''%ZZ`)).toBeNull()
  })
})

describe('early answers of index.html', () => {
  it('names a request by its path and sorted query, however the query was written', () => {
    expect(requestKey('http://localhost/api/job-vacancies?page=1&search=mekanik%20junior')).toBe(
      requestKey('/api/job-vacancies?search=mekanik+junior&page=1'),
    )
    expect(requestKey('/api/job-vacancies?page=2')).not.toBe(requestKey('/api/job-vacancies?page=1'))
    expect(requestKey('/api/me')).toBe('/api/me')
  })
})
