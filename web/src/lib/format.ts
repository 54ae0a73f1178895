import { schoolTimeZone as TZ } from './school-zone'

// Calendar dates (`YYYY-MM-DD`) are read at UTC midnight and written in UTC: the same day everywhere.
// Instants are written on the school's clock.
const dateOptions = { day: 'numeric', month: 'long', year: 'numeric' } as const
const shortDateOptions = { day: 'numeric', month: 'short', year: 'numeric' } as const
const calendarFmt = new Intl.DateTimeFormat('id-ID', { ...dateOptions, timeZone: 'UTC' })
const shortCalendarFmt = new Intl.DateTimeFormat('id-ID', { ...shortDateOptions, timeZone: 'UTC' })
const dateFmt = new Intl.DateTimeFormat('id-ID', { ...dateOptions, timeZone: TZ })
const shortDateFmt = new Intl.DateTimeFormat('id-ID', { ...shortDateOptions, timeZone: TZ })
const dateTimeFmt = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TZ,
  timeZoneName: 'short',
})
const rupiahFmt = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  maximumFractionDigits: 0,
})
const numberFmt = new Intl.NumberFormat('id-ID')

/** A calendar date `YYYY-MM-DD` (no time zone) or an ISO time (its day at the school), as "14 Maret 2026". */
export function formatDate(value: string | null | undefined, short = false): string {
  if (!value) return '–'
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(value)
  const d = new Date(calendar ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(d.getTime())) return '–'
  if (calendar) return (short ? shortCalendarFmt : calendarFmt).format(d)
  return (short ? shortDateFmt : dateFmt).format(d)
}

/** An ISO time as "14 Mar 2026, 08.30 WIB": the school's clock, with its zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '–'
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return '–'
  return dateTimeFmt.format(d)
}

/** Rupiah without decimals: "Rp 4.500.000" (Intl writes a non-breaking space after Rp). */
export function formatRupiah(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–'
  return rupiahFmt.format(value)
}

export function formatSalaryRange(min: number | null | undefined, max: number | null | undefined): string {
  if (min == null && max == null) return 'Gaji tidak dicantumkan'
  if (min != null && max != null)
    return min === max ? formatRupiah(min) : `${formatRupiah(min)} – ${formatRupiah(max)}`
  return min != null ? `Mulai ${formatRupiah(min)}` : `Hingga ${formatRupiah(max)}`
}

export function formatNumber(value: number | null | undefined): string {
  return value == null ? '–' : numberFmt.format(value)
}

export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value == null) return '–'
  return `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: digits }).format(value)}%`
}
