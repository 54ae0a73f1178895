/**
 * Every code the API answers that a person reads, with its Indonesian label and badge colour: the one
 * place the web client turns codes into words. Screens never print a code; they ask `label(vocabulary,
 * code)`, `options(vocabulary)` or `<StatusBadge of=… />`. Each code list is a vocabulary of its own, since
 * the same code can mean different things (`pending` application vs. `pending` validation). A later
 * server vocabulary endpoint can fill these same tables.
 */

export const VOCABULARIES = {
  role: {
    superadmin: 'Superadmin',
    admin: 'Admin BKK',
    hrd: 'HRD',
    siswa: 'Siswa',
    alumni: 'Alumni',
  },
  jobType: {
    full_time: 'Penuh waktu',
    contract: 'Kontrak',
    internship: 'Magang',
    part_time: 'Paruh waktu',
  },
  /** Who a vacancy is for. */
  target: {
    siswa: 'Siswa kelas XII',
    alumni: 'Alumni',
    all: 'Siswa dan alumni',
  },
  /** Vacancy categories (the API's fixed list). */
  category: {
    teknologi_informasi: 'Teknologi Informasi',
    telekomunikasi: 'Telekomunikasi',
    otomotif: 'Otomotif',
    manufaktur: 'Manufaktur',
    elektronika: 'Elektronika',
    akuntansi_keuangan: 'Akuntansi, Perbankan dan Keuangan',
    administrasi_perkantoran: 'Administrasi Perkantoran',
    perhotelan_pariwisata: 'Perhotelan dan Pariwisata',
    kesehatan: 'Kesehatan',
    konstruksi: 'Konstruksi',
    lainnya: 'Lainnya',
  },
  applicationStatus: {
    pending: 'Menunggu',
    in_progress: 'Dalam proses',
    accepted: 'Diterima',
    rejected: 'Tidak lolos',
    withdrawn: 'Dibatalkan',
  },
  /** HR's document review. */
  reviewDecision: {
    lolos: 'Lolos',
    tidak_lolos: 'Tidak lolos',
  },
  /** The selection result (draft or published). */
  selectionDecision: {
    pending: 'Belum diputuskan',
    diterima: 'Diterima',
    tidak_diterima: 'Tidak diterima',
    cadangan: 'Cadangan',
  },
  testKind: {
    psikotes: 'Psikotes',
    tes_tulis: 'Tes tertulis',
    praktik: 'Tes praktik',
    wawancara: 'Wawancara',
    mcu: 'MCU',
  },
  /** A test schedule: ahead, running (from its start for its duration), over, or called off. */
  scheduleStatus: {
    scheduled: 'Terjadwal',
    ongoing: 'Berlangsung',
    done: 'Selesai',
    cancelled: 'Dibatalkan',
  },
  /** A participant as HR marked them. */
  attendance: {
    hadir: 'Hadir',
    izin: 'Izin',
    alpa: 'Alpa',
  },
  /** The career center's check of HR's attendance mark. */
  validation: {
    pending: 'Menunggu validasi',
    verified: 'Tervalidasi',
    rejected: 'Ditolak',
  },
  /** An account, a company or a vacancy switched on or off. */
  activeStatus: {
    active: 'Aktif',
    inactive: 'Nonaktif',
  },
  /** The same as a yes/no field (`is_active`). */
  isActive: {
    true: 'Aktif',
    false: 'Nonaktif',
  },
  /** A vacancy as the career center follows it. */
  vacancyOpen: {
    open: 'Dibuka',
    closed: 'Ditutup',
  },
  /** Whether a selection result has been announced. */
  published: {
    true: 'Sudah diumumkan',
    false: 'Belum diumumkan',
  },
  placementStatus: {
    active: 'Aktif bekerja',
    contract_extended: 'Kontrak diperpanjang',
    permanent: 'Karyawan tetap',
    moved: 'Pindah kerja',
    resigned: 'Mengundurkan diri',
  },
  careerStatus: {
    bekerja: 'Bekerja',
    wirausaha: 'Wirausaha',
    lanjut_studi: 'Melanjutkan studi',
    mencari_kerja: 'Mencari kerja',
  },
  jobFit: {
    sangat_sesuai: 'Sangat sesuai',
    sesuai: 'Sesuai',
    kurang_sesuai: 'Kurang sesuai',
    tidak_sesuai: 'Tidak sesuai',
  },
  fileCategory: {
    cv: 'CV',
    certificate: 'Sertifikat',
    award: 'Penghargaan',
    transcript: 'Transkrip nilai',
    other: 'Lainnya',
    decision_letter: 'Surat keputusan',
  },
  gender: {
    L: 'Laki-laki',
    P: 'Perempuan',
  },
  /** What a profile still lacks before its owner may apply (lower case: it sits inside a sentence). */
  profileGap: {
    phone: 'nomor telepon',
    address: 'alamat',
    birth_date: 'tanggal lahir',
    cv: 'berkas CV',
  },
  /** The stages of an application's timeline (`application_events.stage`). */
  stage: {
    applied: 'Lamaran dikirim',
    document_review: 'Seleksi berkas',
    test_scheduled: 'Tes dijadwalkan',
    test_updated: 'Jadwal tes diubah',
    test_removed: 'Dikeluarkan dari jadwal tes',
    test_cancelled: 'Tes dibatalkan',
    test_attendance: 'Kehadiran tes divalidasi',
    selection_scored: 'Nilai seleksi diisi',
    selection_decision: 'Keputusan seleksi diubah',
    selection_published: 'Hasil seleksi diumumkan',
    withdrawn: 'Lamaran dibatalkan',
  },
} as const satisfies Record<string, Record<string, string>>

export type Vocabulary = keyof typeof VOCABULARIES
export type CodeOf<V extends Vocabulary> = keyof (typeof VOCABULARIES)[V] & string

/** The label of `code` in `vocabulary`; '–' for none; an unknown code stays readable (underscores as spaces). */
export function label(vocabulary: Vocabulary, code: string | boolean | null | undefined): string {
  if (code === null || code === undefined || code === '') return '–'
  const key = String(code)
  return (VOCABULARIES[vocabulary] as Record<string, string>)[key] ?? key.replace(/_/g, ' ')
}

/** Select options of a vocabulary, in its order (or of the given codes, in theirs). */
export function options<V extends Vocabulary>(
  vocabulary: V,
  codes?: readonly CodeOf<V>[],
): { value: string; label: string }[] {
  const keys = codes ?? (Object.keys(VOCABULARIES[vocabulary]) as CodeOf<V>[])
  return keys.map((value) => ({ value, label: label(vocabulary, value) }))
}

/** A participant whose attendance HR has not marked yet. */
export const NOT_MARKED = 'Belum dicatat'

/** Which vocabulary a timeline row's `status` belongs to, by its stage. */
const EVENT_STATUS: Record<string, Vocabulary> = {
  applied: 'applicationStatus',
  withdrawn: 'applicationStatus',
  document_review: 'reviewDecision',
  test_scheduled: 'testKind',
  test_updated: 'testKind',
  test_removed: 'testKind',
  test_cancelled: 'testKind',
  test_attendance: 'attendance',
  selection_scored: 'selectionDecision',
  selection_decision: 'selectionDecision',
  selection_published: 'selectionDecision',
}

/** A timeline row as words: its stage and its status (a decision, a test kind, an attendance…). */
export function eventLabel(e: { stage: string; status: string }): { stage: string; status: string } {
  return {
    stage: label('stage', e.stage),
    status: label(EVENT_STATUS[e.stage] ?? 'applicationStatus', e.status),
  }
}

const COLORS: Partial<Record<Vocabulary, Record<string, string>>> = {
  applicationStatus: {
    pending: 'yellow',
    in_progress: 'blue',
    accepted: 'green',
    rejected: 'red',
    withdrawn: 'gray',
  },
  reviewDecision: { lolos: 'green', tidak_lolos: 'red' },
  selectionDecision: { pending: 'gray', diterima: 'green', tidak_diterima: 'red', cadangan: 'orange' },
  scheduleStatus: { scheduled: 'blue', ongoing: 'orange', done: 'teal', cancelled: 'gray' },
  attendance: { hadir: 'green', izin: 'yellow', alpa: 'red' },
  validation: { pending: 'yellow', verified: 'green', rejected: 'red' },
  activeStatus: { active: 'green', inactive: 'gray' },
  placementStatus: {
    active: 'green',
    contract_extended: 'blue',
    permanent: 'teal',
    moved: 'gray',
    resigned: 'gray',
  },
}

/** The badge colour of a code (gray when it has none). */
export function colorOf(vocabulary: Vocabulary, code: string): string {
  return COLORS[vocabulary]?.[code] ?? 'gray'
}
