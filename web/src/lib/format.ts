const TZ = 'Asia/Jakarta'

const dateFmt = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TZ,
})
const shortDateFmt = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: TZ,
})
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

/** A calendar date `YYYY-MM-DD` (no time zone) or an ISO time, as "14 Maret 2026". */
export function formatDate(value: string | null | undefined, short = false): string {
  if (!value) return '–'
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+07:00`) : new Date(value)
  if (Number.isNaN(d.getTime())) return '–'
  return (short ? shortDateFmt : dateFmt).format(d)
}

/** An ISO time as "14 Mar 2026, 08.30 WIB" (Jakarta time). */
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
