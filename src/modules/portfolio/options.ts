/** The fixed choices of the portfolio forms. Values are stored; labels are shown. */

export const PORTFOLIO_CATEGORIES = ['certificate', 'award', 'cv', 'transcript', 'other'] as const
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number]

export const CATEGORY_LABELS: Record<PortfolioCategory, string> = {
  certificate: 'Sertifikat',
  award: 'Penghargaan',
  cv: 'CV / Daftar riwayat hidup',
  transcript: 'Transkrip nilai',
  other: 'Lainnya',
}

export const GENDERS = ['L', 'P'] as const
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { L: 'Laki-laki', P: 'Perempuan' }

/** The six religions of the Indonesian civil registry, plus the recognised native faiths. */
export const RELIGIONS = [
  'Islam',
  'Kristen',
  'Katolik',
  'Hindu',
  'Buddha',
  'Konghucu',
  'Kepercayaan',
] as const
const RELIGION_LABELS: Record<(typeof RELIGIONS)[number], string> = {
  Islam: 'Islam',
  Kristen: 'Kristen',
  Katolik: 'Katolik',
  Hindu: 'Hindu',
  Buddha: 'Buddha',
  Konghucu: 'Konghucu',
  Kepercayaan: 'Kepercayaan terhadap Tuhan YME',
}

/** What a learner may say they are doing; the alumni values are the tracer study's career statuses. */
const STATUSES = [
  { value: 'siswa_aktif', label: 'Siswa aktif (kelas XII)' },
  { value: 'prakerin', label: 'Sedang praktik kerja industri (PKL)' },
  { value: 'bekerja', label: 'Alumni bekerja' },
  { value: 'wirausaha', label: 'Alumni berwirausaha' },
  { value: 'lanjut_studi', label: 'Alumni melanjutkan studi' },
  { value: 'mencari_kerja', label: 'Alumni sedang mencari kerja' },
]

const EDUCATION_LEVELS = [
  { value: 'SD', label: 'SD / sederajat' },
  { value: 'SMP', label: 'SMP / sederajat' },
  { value: 'SMK', label: 'SMK / SMA / sederajat' },
  { value: 'D1', label: 'Diploma 1' },
  { value: 'D3', label: 'Diploma 3' },
  { value: 'D4', label: 'Diploma 4 / Sarjana Terapan' },
  { value: 'S1', label: 'Sarjana (S1)' },
  { value: 'Kursus', label: 'Kursus / pelatihan' },
]

/** Suggestions only: a learner may type any skill. Drawn from the school's competency programmes. */
const SKILLS = [
  'Microsoft Office',
  'Komunikasi',
  'Kerja sama tim',
  'Bahasa Inggris',
  'Pelayanan pelanggan',
  'Jaringan komputer',
  'Mikrotik',
  'Cisco',
  'Instalasi fiber optik',
  'Perakitan komputer',
  'Linux',
  'HTML & CSS',
  'JavaScript',
  'TypeScript',
  'PHP',
  'Laravel',
  'React',
  'SQL',
  'Desain grafis',
  'Adobe Photoshop',
  'CorelDRAW',
  'Servis berkala kendaraan',
  'Sistem rem',
  'Kelistrikan otomotif',
  'Engine tune-up',
  'Las (welding)',
  'AutoCAD',
  'Akuntansi dasar',
  'MYOB / Accurate',
  'Perpajakan',
  'Administrasi perkantoran',
  'Kasir',
]

export function portfolioOptions() {
  return {
    categories: PORTFOLIO_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
    skills: SKILLS,
    statuses: STATUSES,
    genders: GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] })),
    religions: RELIGIONS.map((value) => ({ value, label: RELIGION_LABELS[value] })),
    educationLevels: EDUCATION_LEVELS,
  }
}
