/**
 * Every code the API answers that a person reads, with its Indonesian label: the one place the web client
 * turns codes into words. Screens never print a code; they ask `label(vocabulary, code)`,
 * `options(vocabulary)` or `<StatusBadge of=… />`, synchronously. Each code list is a vocabulary of its
 * own, since the same code can mean different things (`pending` application vs. `pending` validation).
 *
 * The words are the service's: `GET /api/vocabulary` (src/vocabulary) is loaded once at start
 * (`loadVocabulary()` in main.tsx), in parallel with the first screen's requests, kept for the next visit,
 * and replaces the tables below. Those are the fallback until it answers (the same Indonesian words, so
 * nothing changes on screen when it does), and the words of the few yes/no filters the service has no
 * code list for (`isActive`, `vacancyOpen`, `published`).
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
    pending: 'Menunggu seleksi berkas',
    in_progress: 'Dalam proses seleksi',
    accepted: 'Diterima',
    rejected: 'Tidak lolos',
    withdrawn: 'Lamaran dibatalkan',
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
    mcu: 'Medical check-up (MCU)',
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
    open: 'Menerima lamaran',
    closed: 'Tidak menerima lamaran',
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
  placementSource: {
    bursa: 'Melalui bursa',
    outside: 'Di luar bursa',
  },
  /** A vacancy's approval by the career center. */
  approvalStatus: {
    approved: 'Disetujui',
    pending: 'Menunggu persetujuan',
    rejected: 'Ditolak',
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
    certificate: 'Sertifikat',
    award: 'Penghargaan',
    cv: 'CV / Daftar riwayat hidup',
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
    cv: 'CV (unggah di portofolio)',
  },
  /** A company's sign-up through the public form. */
  registrationStatus: {
    unconfirmed: 'Menunggu konfirmasi e-mail',
    pending: 'Menunggu persetujuan',
    approved: 'Disetujui',
    rejected: 'Ditolak',
  },
  /** What a roster import does with a row of the file. */
  importAction: {
    create: 'Baru',
    update: 'Diperbarui',
    unchanged: 'Tidak berubah',
    left: 'Keluar/Mutasi: dilewati',
    error: 'Bermasalah',
  },
  /** How a message the school may reword travels (the message templates screen). */
  messageChannel: {
    notice: 'Notifikasi aplikasi',
    email: 'E-mail',
    both: 'Notifikasi aplikasi dan e-mail',
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
    vacancy_closed: 'Lowongan ditutup',
  },
} as const satisfies Record<string, Record<string, string>>

export type Vocabulary = keyof typeof VOCABULARIES
export type CodeOf<V extends Vocabulary> = keyof (typeof VOCABULARIES)[V] & string

/** The words in use: the service's once it answered, the tables above until then. */
const words: Record<string, Record<string, string>> = { ...VOCABULARIES }

/** The label of `code` in `vocabulary`; '–' for none; an unknown code stays readable (underscores as spaces). */
export function label(vocabulary: Vocabulary, code: string | boolean | null | undefined): string {
  if (code === null || code === undefined || code === '') return '–'
  const key = String(code)
  return words[vocabulary]?.[key] ?? key.replace(/_/g, ' ')
}

/** Select options of a vocabulary, in its order (or of the given codes, in theirs). */
export function options<V extends Vocabulary>(
  vocabulary: V,
  codes?: readonly CodeOf<V>[],
): { value: string; label: string }[] {
  const keys = codes ?? Object.keys(words[vocabulary] ?? {})
  return keys.map((value) => ({ value, label: label(vocabulary, value) }))
}

/** A participant whose attendance HR has not marked yet. */
export const NOT_MARKED = 'Belum tercatat'

/** The group that words a timeline row's `status`, by its stage, as the service serves it (`statusGroup`). */
export const servedStatusGroups: Record<string, Vocabulary> = {}

/** A term of `GET /api/vocabulary`: a code and its label, with what some groups carry besides. */
export interface Term {
  code: string
  label: string
  /** `stage`: the group that words a timeline row's status at this stage. */
  statusGroup?: string
  /** `careerStatus`: the tracer-study fields this status requires, and those it keeps when given. */
  required?: string[]
  optional?: string[]
}
export type ServedVocabulary = Record<string, Term[]>

/** Puts the service's words in place of the fallback (and keeps its timeline groups). */
export function applyVocabulary(served: ServedVocabulary) {
  for (const [group, terms] of Object.entries(served)) {
    words[group] = Object.fromEntries(terms.map((t) => [t.code, t.label]))
    for (const t of terms) if (t.statusGroup) servedStatusGroups[t.code] = t.statusGroup as Vocabulary
  }
  const active = words.activeStatus
  if (active) words.isActive = { true: active.active, false: active.inactive }
}

const CACHE_KEY = 'bursa_vocabulary'
let loaded: Promise<ServedVocabulary> | undefined

/**
 * Loads the service's vocabulary, once: the copy kept from the last visit applies at once, the answer
 * replaces it when it comes (and is kept for the next visit). Resolves with the vocabulary; rejects when
 * the service could not be asked and nothing was kept (the fallback words then stay).
 */
export function loadVocabulary(): Promise<ServedVocabulary> {
  if (loaded) return loaded
  let kept: ServedVocabulary | null = null
  try {
    kept = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null')
    if (kept) applyVocabulary(kept)
  } catch {}
  loaded = fetch('/api/vocabulary', { headers: { accept: 'application/json', 'accept-language': 'id' } })
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`GET /api/vocabulary: ${res.status}`))))
    .then(({ data }: { data: ServedVocabulary }) => {
      applyVocabulary(data)
      try {
        localStorage.setItem(CACHE_KEY, JSON.stringify(data))
      } catch {}
      return data
    })
    .catch((err) => {
      if (kept) return kept
      loaded = undefined
      throw err
    })
  return loaded
}
