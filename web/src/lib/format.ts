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

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024)
    return `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(n / 1024)} KB`
  return `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 }).format(n / 1024 / 1024)} MB`
}

/** A local date-time input value (`YYYY-MM-DDTHH:mm`, Jakarta) to an ISO time, and back. */
export function jakartaInputToIso(local: string): string {
  return new Date(`${local}:00+07:00`).toISOString()
}
export function isoToJakartaInput(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 7 * 3600_000)
  return d.toISOString().slice(0, 16)
}

export const LABELS: Record<string, string> = {
  // roles
  superadmin: 'Superadmin',
  admin: 'Admin BKK',
  hrd: 'HRD',
  siswa: 'Siswa',
  alumni: 'Alumni',
  all: 'Siswa & alumni',
  // job types
  full_time: 'Penuh waktu',
  contract: 'Kontrak',
  internship: 'Magang',
  part_time: 'Paruh waktu',
  // application status
  pending: 'Menunggu',
  in_progress: 'Dalam proses',
  accepted: 'Diterima',
  rejected: 'Tidak lolos',
  withdrawn: 'Dibatalkan',
  // review / decisions
  lolos: 'Lolos',
  tidak_lolos: 'Tidak lolos',
  diterima: 'Diterima',
  tidak_diterima: 'Tidak diterima',
  cadangan: 'Cadangan',
  // test kinds
  psikotes: 'Psikotes',
  tes_tulis: 'Tes tulis',
  praktik: 'Praktik',
  wawancara: 'Wawancara',
  mcu: 'MCU',
  // attendance
  hadir: 'Hadir',
  izin: 'Izin',
  alpa: 'Alpa',
  verified: 'Tervalidasi',
  scheduled: 'Terjadwal',
  cancelled: 'Dibatalkan',
  done: 'Selesai',
  // tracer
  bekerja: 'Bekerja',
  wirausaha: 'Wirausaha',
  lanjut_studi: 'Lanjut studi',
  mencari_kerja: 'Mencari kerja',
  // placements
  active: 'Aktif',
  inactive: 'Nonaktif',
  contract_extended: 'Kontrak diperpanjang',
  permanent: 'Karyawan tetap',
  moved: 'Pindah',
  resigned: 'Mengundurkan diri',
  // files
  cv: 'CV',
  certificate: 'Sertifikat',
  award: 'Penghargaan',
  transcript: 'Transkrip',
  other: 'Lainnya',
  decision_letter: 'Surat keputusan',
}

export function label(value: string | null | undefined): string {
  if (!value) return '–'
  return LABELS[value] ?? value.replace(/_/g, ' ')
}

export const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  in_progress: 'blue',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'gray',
  diterima: 'green',
  tidak_diterima: 'red',
  cadangan: 'orange',
  lolos: 'green',
  tidak_lolos: 'red',
  verified: 'green',
  hadir: 'green',
  izin: 'yellow',
  alpa: 'red',
  scheduled: 'blue',
  cancelled: 'gray',
  done: 'teal',
}
