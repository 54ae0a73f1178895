/**
 * Who and what the demo school holds: departments and majors, partner companies and their HR staff (one
 * without, whose selection the career center runs),
 * grade-12 students and two cohorts of alumni with complete profiles, and the vacancies. Plain data;
 * `story.ts` says what happened to them this school year and `seed.ts` writes it.
 */
import type { SocialMedia } from '../db/schema/index.js'

export const DEPARTMENTS = [
  { code: 'TIK', name: 'Teknologi Informasi dan Komunikasi' },
  { code: 'TO', name: 'Teknik Otomotif' },
  { code: 'BDP', name: 'Bisnis dan Manajemen' },
  { code: 'TE', name: 'Teknik Elektronika' },
]

export const MAJORS = [
  { department: 'TIK', code: 'TKJ', name: 'Teknik Komputer dan Jaringan' },
  { department: 'TIK', code: 'RPL', name: 'Rekayasa Perangkat Lunak' },
  { department: 'TIK', code: 'MM', name: 'Multimedia' },
  { department: 'TO', code: 'TKR', name: 'Teknik Kendaraan Ringan' },
  { department: 'TO', code: 'TBSM', name: 'Teknik dan Bisnis Sepeda Motor' },
  { department: 'BDP', code: 'AKL', name: 'Akuntansi dan Keuangan Lembaga' },
  { department: 'BDP', code: 'OTKP', name: 'Otomatisasi dan Tata Kelola Perkantoran' },
  { department: 'TE', code: 'TAV', name: 'Teknik Audio Video' },
] as const
export type MajorCode = (typeof MAJORS)[number]['code']

export const ASTRA = 'PT Astra Otoparts Tbk'
export const TELKOM = 'PT Telkom Akses'
export const BRI = 'PT Bank Rakyat Indonesia (Persero) Tbk'
export const SOLUSI = 'CV Solusi Digital Nusantara'
export const AHASS = 'AHASS Sinar Motor Bekasi'
export const KREASI = 'PT Kreasi Media Nusantara'
export const ELEKTRINDO = 'PT Elektrindo Tekno Utama'
export const RETAIL = 'PT Mitra Retail Sejahtera'
/** A family print shop with no HR staff: the career center posts its vacancy and runs its selection for it. */
export const BERKAH = 'UD Percetakan Berkah Jaya'

export const COMPANIES = [
  {
    name: ASTRA,
    industry: 'Otomotif',
    email: 'rekrutmen@astra-otoparts.example',
    phone: '021-4603550',
    address: 'Jl. Raya Pegangsaan Dua Km 2,2',
    city: 'Jakarta Utara',
    province: 'DKI Jakarta',
    website: 'https://www.astra-otoparts.example',
    description: 'Produsen komponen otomotif; mitra BKK sejak 2019 untuk rekrutmen mekanik dan operator.',
  },
  {
    name: TELKOM,
    industry: 'Telekomunikasi',
    email: 'karir@telkomakses.example',
    phone: '022-4521510',
    address: 'Jl. Supratman No. 62',
    city: 'Bandung',
    province: 'Jawa Barat',
  },
  {
    name: BRI,
    industry: 'Perbankan',
    email: 'hc@bri.example',
    phone: '024-3541911',
    address: 'Jl. Pemuda No. 112',
    city: 'Semarang',
    province: 'Jawa Tengah',
  },
  {
    name: SOLUSI,
    industry: 'Teknologi Informasi',
    email: 'hello@solusidigital.example',
    phone: '0274-512345',
    address: 'Jl. Kaliurang Km 5 No. 21',
    city: 'Yogyakarta',
    province: 'DI Yogyakarta',
  },
  {
    name: 'PT Maju Mundur Elektronik',
    industry: 'Elektronika',
    city: 'Bekasi',
    province: 'Jawa Barat',
    isActive: false,
  },
  {
    name: AHASS,
    industry: 'Otomotif (bengkel sepeda motor)',
    email: 'ahass.sinarmotor@demo.example',
    phone: '021-88951234',
    address: 'Jl. Ir. H. Juanda No. 45',
    city: 'Bekasi',
    province: 'Jawa Barat',
  },
  {
    name: KREASI,
    industry: 'Industri Kreatif',
    email: 'talenta@kreasimedia.example',
    phone: '021-7228899',
    address: 'Jl. Wolter Monginsidi No. 8',
    city: 'Jakarta Selatan',
    province: 'DKI Jakarta',
    website: 'https://kreasimedia.example',
  },
  {
    name: ELEKTRINDO,
    industry: 'Elektronika',
    email: 'hrd@elektrindo.example',
    phone: '021-5918877',
    address: 'Kawasan Industri Jatake Blok C-12',
    city: 'Tangerang',
    province: 'Banten',
  },
  {
    name: RETAIL,
    industry: 'Ritel dan Distribusi',
    email: 'rekrutmen@mitraretail.example',
    phone: '021-8261122',
    address: 'Jl. Raya Narogong Km 7',
    city: 'Bekasi',
    province: 'Jawa Barat',
  },
  {
    name: BERKAH,
    industry: 'Percetakan dan Sablon',
    email: 'cetak@berkahjaya.example',
    phone: '021-82437765',
    address: 'Jl. Raya Jatiasih No. 17',
    city: 'Bekasi',
    province: 'Jawa Barat',
    description:
      'Percetakan dan sablon keluarga (undangan, spanduk, kaos). Tidak memiliki staf HRD: lowongan dan seleksinya dikelola BKK.',
  },
]

export const DEMO_PASSWORD = 'password123'

/** The accounts printed at start, one per role. */
export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.test', role: 'superadmin', fullName: 'Super Admin BKK' },
  { email: 'admin@demo.test', role: 'admin', fullName: 'Rina Wulandari (Admin BKK)' },
  { email: 'hrd@demo.test', role: 'hrd', fullName: 'Budi Santoso (HRD PT Astra Otoparts)' },
  { email: 'siswa@demo.test', role: 'siswa', fullName: 'Andi Pratama' },
  { email: 'alumni@demo.test', role: 'alumni', fullName: 'Siti Nurhaliza' },
] as const

/** Every demo account's e-mail ends so; all share `DEMO_PASSWORD`. */
export const DEMO_EMAIL_DOMAIN = 'demo.test'

/** HR staff of the other partner companies (the demo HR account is Astra's). */
export const OTHER_HR = [
  { email: 'hrd.telkomakses@demo.test', fullName: 'Rudi Hartono (HRD PT Telkom Akses)', company: TELKOM },
  { email: 'hc.bri@demo.test', fullName: 'Maya Sari (HC BRI Semarang)', company: BRI },
  { email: 'hrd.solusidigital@demo.test', fullName: 'Yusuf Ramadhan (CV Solusi Digital)', company: SOLUSI },
  { email: 'hrd.ahass@demo.test', fullName: 'Slamet Riyadi (AHASS Sinar Motor)', company: AHASS },
  { email: 'hrd.kreasimedia@demo.test', fullName: 'Nadia Putri (HR Kreasi Media)', company: KREASI },
  { email: 'hrd.elektrindo@demo.test', fullName: 'Hendro Wijaya (HRD Elektrindo)', company: ELEKTRINDO },
  { email: 'hrd.mitraretail@demo.test', fullName: 'Lina Marlina (HRD Mitra Retail)', company: RETAIL },
]

export const HR_OF: Record<string, string> = {
  [ASTRA]: 'hrd@demo.test',
  ...Object.fromEntries(OTHER_HR.map((h) => [h.company, h.email])),
}

/**
 * Active partners without an HR account (docs/decisions.md, "Staff acting for a company without HR"): the
 * career center posts their vacancies and runs their selection, as `ACTING_STAFF`.
 */
export const WITHOUT_HR: readonly string[] = [BERKAH]
export const ACTING_STAFF = 'admin@demo.test'

/** The account that does HR's part for a company: its HR account, or the acting staff member for one without. */
export function selectorOf(company: string): string {
  const email = HR_OF[company] ?? (WITHOUT_HR.includes(company) ? ACTING_STAFF : undefined)
  if (!email) throw new Error(`demo: nobody runs the selection of ${company}`)
  return email
}

/**
 * A learner. `cohort` 0 is in grade 12 now (graduates at the end of this school year), 1 graduated
 * last June, 2 the June before. `born` is the month and day; the year follows from the cohort.
 */
export interface Learner {
  key: string
  name: string
  major: MajorCode
  cohort: 0 | 1 | 2
  className: string
  gender: 'L' | 'P'
  born: string
  birthPlace: string
  religion: string
  address: string
  city: string
  province: string
  email?: string
  /** A learner without an account is master data only (imported, never logged in). */
  account?: false
  skills: string[]
  summary?: string
  socialMedia?: SocialMedia
}

const SKILLS: Record<MajorCode, string[]> = {
  TKR: ['Tune up mesin bensin', 'Sistem rem dan suspensi', 'Membaca wiring diagram'],
  TBSM: ['Servis sepeda motor injeksi', 'Overhaul mesin', 'Pelayanan pelanggan bengkel'],
  TAV: ['Perbaikan perangkat audio', 'Perakitan PCB', 'Instalasi CCTV'],
  TKJ: ['Konfigurasi MikroTik', 'Instalasi jaringan LAN', 'Linux dasar'],
  RPL: ['HTML, CSS dan JavaScript', 'PHP dan MySQL', 'Git'],
  MM: ['Adobe Photoshop', 'Desain grafis', 'Editing video'],
  AKL: ['Microsoft Excel', 'Jurnal dan laporan keuangan', 'Aplikasi akuntansi (MYOB)'],
  OTKP: ['Microsoft Office', 'Pengarsipan', 'Korespondensi bisnis'],
}

const RELIGIONS = ['Islam', 'Islam', 'Islam', 'Kristen', 'Islam', 'Katolik', 'Islam', 'Hindu']
const PROVINCE: Record<string, string> = { Bekasi: 'Jawa Barat', 'Jakarta Timur': 'DKI Jakarta' }

/**
 * The other learners, one a line: key | name | major | cohort | class | gender | born | address |
 * city. `tanpa akun` at the end: master data only.
 */
const OTHERS = `
bagus   | Bagus Setiawan    | TKR  | 0 | XII TKR 1  | L | 01-22 | Jl. Kenanga No. 7, Bekasi Utara        | Bekasi
yoga    | Yoga Prasetyo     | TKR  | 0 | XII TKR 1  | L | 05-09 | Jl. Cempaka Putih No. 3, Tambun        | Bekasi
rizal   | Rizal Firmansyah  | TKR  | 0 | XII TKR 2  | L | 08-30 | Perum Griya Asri Blok B2/15            | Bekasi
dimas   | Dimas Saputra     | TKR  | 0 | XII TKR 2  | L | 11-11 | Jl. Pramuka No. 21, Rawalumbu          | Bekasi
agus    | Agus Wibowo       | TKR  | 0 | XII TKR 2  | L | 02-17 | Jl. Pahlawan No. 5, Cakung             | Jakarta Timur
eko     | Eko Kurniawan     | TBSM | 0 | XII TBSM 1 | L | 06-03 | Jl. Mawar No. 9, Bekasi Selatan        | Bekasi
hendra  | Hendra Gunawan    | TBSM | 0 | XII TBSM 1 | L | 09-25 | Kp. Pulo Timaha RT 02/05               | Bekasi
fikri   | Fikri Maulana     | TBSM | 0 | XII TBSM 1 | L | 04-12 | Jl. Nusantara No. 14, Bekasi Jaya      | Bekasi
rudi    | Rudi Hermawan     | TAV  | 0 | XII TAV 1  | L | 07-19 | Jl. Dahlia No. 2, Jatiasih             | Bekasi
nanda   | Nanda Pratiwi     | TAV  | 0 | XII TAV 1  | P | 12-05 | Jl. Flamboyan No. 30, Duren Sawit      | Jakarta Timur
rizky   | Rizky Ramadhan    | TKJ  | 0 | XII TKJ 1  | L | 10-01 | Jl. Anggrek No. 16, Pondok Gede        | Bekasi
aldi    | Aldi Saputra      | TKJ  | 0 | XII TKJ 1  | L | 03-28 | Jl. Kartini No. 40, Bekasi Timur       | Bekasi
fajar   | Fajar Nugroho     | RPL  | 0 | XII RPL 1  | L | 05-21 | Jl. Sudirman Gg. Haji Ali No. 4        | Bekasi
salsa   | Salsabila Putri   | RPL  | 0 | XII RPL 1  | P | 08-08 | Perum Villa Mutiara Blok F/3           | Bekasi
intan   | Intan Permatasari | MM   | 0 | XII MM 1   | P | 02-02 | Jl. Seroja No. 11, Harapan Jaya        | Bekasi
bayu    | Bayu Aji          | MM   | 0 | XII MM 1   | L | 09-14 | Jl. Raya Hankam No. 77, Jatiwarna      | Bekasi
dewi    | Dewi Lestari      | AKL  | 0 | XII AKL 1  | P | 04-30 | Jl. Teratai No. 6, Bekasi Barat        | Bekasi
aini    | Nur Aini          | AKL  | 0 | XII AKL 1  | P | 01-15 | Jl. Delima No. 18, Cipinang            | Jakarta Timur
rina    | Rina Marlina      | AKL  | 0 | XII AKL 2  | P | 07-07 | Jl. Kemuning No. 25, Bekasi Utara      | Bekasi
ayu     | Ayu Wandira       | OTKP | 0 | XII OTKP 1 | P | 11-20 | Jl. Bougenville No. 3, Mustikajaya     | Bekasi
gilang  | Gilang Permana    | TKJ  | 0 | XII TKJ 2  | L | 06-18 | Jl. Swadaya No. 10, Jatibening         | Bekasi        | tanpa akun
wulan   | Wulan Sari        | OTKP | 0 | XII OTKP 1 | P | 03-03 | Jl. Cendana No. 8, Bekasi Timur        | Bekasi        | tanpa akun
arif    | Arif Hidayat      | TKR  | 1 | XII TKR 1  | L | 02-25 | Jl. Rajawali No. 19, Bekasi Selatan    | Bekasi
wahyu   | Wahyu Nugraha     | TKR  | 1 | XII TKR 2  | L | 10-13 | Jl. Merpati No. 2, Pondok Kopi         | Jakarta Timur
ilham   | Ilham Akbar       | TKR  | 1 | XII TKR 2  | L | 05-05 | Jl. Pelita No. 33, Bekasi Barat        | Bekasi
galih   | Galih Ramadhan    | TBSM | 1 | XII TBSM 1 | L | 12-24 | Jl. Kasuari No. 4, Tambun              | Bekasi
aditya  | Aditya Nugroho    | TAV  | 1 | XII TAV 1  | L | 08-16 | Jl. Jatiwaringin No. 50                | Jakarta Timur
farhan  | Farhan Maulana    | TKJ  | 1 | XII TKJ 1  | L | 01-09 | Jl. Pulo Ribung No. 12                 | Bekasi
iqbal   | Muhammad Iqbal    | RPL  | 1 | XII RPL 1  | L | 07-27 | Jl. Kalimalang No. 66, Duren Jaya      | Bekasi
anisa   | Anisa Rahmawati   | RPL  | 1 | XII RPL 2  | P | 04-04 | Jl. Bintara No. 17                     | Bekasi
fitri   | Fitri Handayani   | AKL  | 1 | XII AKL 1  | P | 09-09 | Jl. Mangga No. 5, Jatimulya            | Bekasi
lestari | Lestari Wulandari | OTKP | 1 | XII OTKP 1 | P | 06-26 | Jl. Apel No. 1, Cikarang Barat         | Bekasi
joko    | Joko Susilo       | TKR  | 2 | XII TKR 1  | L | 03-12 | Jl. Bambu Kuning No. 9, Bojong Menteng | Bekasi
reza    | Reza Pahlevi      | TKR  | 2 | XII TKR 2  | L | 11-30 | Jl. Pondok Timur Indah No. 22          | Bekasi
taufik  | Taufik Hidayat    | TKR  | 2 | XII TKR 2  | L | 05-17 | Jl. Raya Setu No. 88, Cibitung         | Bekasi
putri   | Putri Ayu         | TKJ  | 2 | XII TKJ 2  | P | 08-21 | Jl. Klender Raya No. 14                | Jakarta Timur
sri     | Sri Wahyuni       | OTKP | 2 | XII OTKP 1 | P | 02-11 | Jl. Veteran No. 31, Margajaya          | Bekasi
`

function parseLearners(table: string): Learner[] {
  return table
    .trim()
    .split('\n')
    .map((line, i) => {
      const [key, name, major, cohort, className, gender, born, address, city, note] = line
        .split('|')
        .map((x) => x.trim())
      return {
        key,
        name,
        major: major as MajorCode,
        cohort: Number(cohort) as Learner['cohort'],
        className,
        gender: gender as Learner['gender'],
        born,
        birthPlace: city === 'Bekasi' ? 'Bekasi' : 'Jakarta',
        religion: RELIGIONS[i % RELIGIONS.length],
        address,
        city,
        province: PROVINCE[city],
        skills: SKILLS[major as MajorCode],
        ...(note === 'tanpa akun' ? { account: false as const } : {}),
      }
    })
}

export const LEARNERS: Learner[] = [
  {
    key: 'andi',
    name: 'Andi Pratama',
    email: 'siswa@demo.test',
    major: 'TKR',
    cohort: 0,
    className: 'XII TKR 1',
    gender: 'L',
    born: '03-14',
    birthPlace: 'Bekasi',
    religion: 'Islam',
    address: 'Jl. Melati No. 12, Bekasi Timur',
    city: 'Bekasi',
    province: 'Jawa Barat',
    skills: ['Servis berkala', 'Sistem rem', 'Kelistrikan bodi'],
    summary: 'Siswa TKR yang senang membongkar mesin; juara 2 LKS otomotif tingkat kota.',
  },
  {
    key: 'siti',
    name: 'Siti Nurhaliza',
    email: 'alumni@demo.test',
    major: 'RPL',
    cohort: 1,
    className: 'XII RPL 2',
    gender: 'P',
    born: '11-02',
    birthPlace: 'Bandung',
    religion: 'Islam',
    address: 'Jl. Dago No. 88',
    city: 'Bandung',
    province: 'Jawa Barat',
    skills: ['TypeScript', 'React', 'SQL'],
    summary: 'Lulusan RPL yang membangun aplikasi web kasir untuk koperasi sekolah.',
    socialMedia: { github: 'https://github.com/sitinur', linkedin: 'https://www.linkedin.com/in/sitinur' },
  },
  ...parseLearners(OTHERS),
]

/** The learner's account e-mail (and contact e-mail): `first.last@demo.test` unless given. */
export const emailOf = (l: Learner) =>
  l.email ??
  `${l.name
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .split(' ')
    .join('.')}@${DEMO_EMAIL_DOMAIN}`

/**
 * Every account the demo writes (the five above, the other partners' HR staff and the learners):
 * all accept `DEMO_PASSWORD` until changed, so a production start should check them all.
 */
export const DEMO_EMAILS: readonly string[] = [
  ...DEMO_ACCOUNTS.map((a) => a.email),
  ...OTHER_HR.map((h) => h.email),
  ...LEARNERS.filter((l) => l.account !== false).map(emailOf),
].filter((e, i, all) => all.indexOf(e) === i)
