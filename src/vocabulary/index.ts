import type {
  ApplicationStatus,
  ApprovalStatus,
  AttendanceStatus,
  CareerStatus,
  FileCategory,
  ImportAction,
  JobFit,
  JobType,
  PlacementSource,
  PlacementStatus,
  RegistrationStatus,
  ReviewDecision,
  Role,
  SelectionDecision,
  TestKind,
  VacancyTarget,
  ValidationStatus,
} from '../db/schema/index.js'
import type { Lang } from '../http/i18n.js'

/**
 * THE vocabulary: every code a person reads (statuses, kinds, categories, stages, ...) with its label in
 * Indonesian and English. Services word their messages and exports from here, the options routes and
 * `GET /api/vocabulary` serve it, and the web client reads its labels from that route. A neutral module:
 * it imports only the schema's code lists and the language type, so any layer may use it.
 *
 * Each group is checked against its code list where the schema has one (`satisfies Record<Code, …>`): a
 * new status without a label does not compile. Groups keep their codes in the order forms list them.
 */

/** A label: Indonesian first, English on request (the same shape as `msg()`). */
export interface Words {
  id: string
  en: string
}
const w = (id: string, en: string): Words => ({ id, en })

type Labels<K extends string> = Record<K, Words>

const role = {
  superadmin: w('Superadmin', 'Superadmin'),
  admin: w('Admin BKK', 'Career center admin'),
  hrd: w('HRD', 'HR'),
  siswa: w('Siswa', 'Student'),
  alumni: w('Alumni', 'Alumni'),
} satisfies Labels<Role>

/** An account, a company or a vacancy switched on or off (`status=active|inactive` filters). */
const activeStatus = {
  active: w('Aktif', 'Active'),
  inactive: w('Nonaktif', 'Inactive'),
}

const jobType = {
  full_time: w('Penuh waktu', 'Full time'),
  contract: w('Kontrak', 'Contract'),
  internship: w('Magang', 'Internship'),
  part_time: w('Paruh waktu', 'Part time'),
} satisfies Labels<JobType>

/** Who a vacancy is for. */
const target = {
  siswa: w('Siswa kelas XII', 'Grade 12 students'),
  alumni: w('Alumni', 'Alumni'),
  all: w('Siswa dan alumni', 'Students and alumni'),
} satisfies Labels<VacancyTarget>

/** Vacancy categories: a fixed list (a vacancy's `category` must be one of these codes). */
const category = {
  teknologi_informasi: w('Teknologi Informasi', 'Information technology'),
  telekomunikasi: w('Telekomunikasi', 'Telecommunications'),
  otomotif: w('Otomotif', 'Automotive'),
  manufaktur: w('Manufaktur', 'Manufacturing'),
  elektronika: w('Elektronika', 'Electronics'),
  akuntansi_keuangan: w('Akuntansi, Perbankan dan Keuangan', 'Accounting, banking and finance'),
  administrasi_perkantoran: w('Administrasi Perkantoran', 'Office administration'),
  perhotelan_pariwisata: w('Perhotelan dan Pariwisata', 'Hospitality and tourism'),
  kesehatan: w('Kesehatan', 'Health care'),
  konstruksi: w('Konstruksi', 'Construction'),
  lainnya: w('Lainnya', 'Other'),
}

const applicationStatus = {
  pending: w('Menunggu seleksi berkas', 'Awaiting document review'),
  in_progress: w('Dalam proses seleksi', 'In selection'),
  accepted: w('Diterima', 'Accepted'),
  rejected: w('Tidak lolos', 'Not selected'),
  // Not "by the applicant": the school withdraws those of a learner who left school (Keluar/Mutasi).
  withdrawn: w('Lamaran dibatalkan', 'Withdrawn'),
} satisfies Labels<ApplicationStatus>

/** HR's document review. */
const reviewDecision = {
  lolos: w('Lolos', 'Passed'),
  tidak_lolos: w('Tidak lolos', 'Not passed'),
} satisfies Labels<ReviewDecision>

/** The selection result (draft or published). */
const selectionDecision = {
  pending: w('Belum diputuskan', 'Undecided'),
  diterima: w('Diterima', 'Accepted'),
  tidak_diterima: w('Tidak diterima', 'Not accepted'),
  cadangan: w('Cadangan', 'Waiting list'),
} satisfies Labels<SelectionDecision>

const testKind = {
  psikotes: w('Psikotes', 'Psychological test'),
  tes_tulis: w('Tes tertulis', 'Written test'),
  praktik: w('Tes praktik', 'Practical test'),
  wawancara: w('Wawancara', 'Interview'),
  mcu: w('Medical check-up (MCU)', 'Medical check-up (MCU)'),
} satisfies Labels<TestKind>

/** A test schedule: ahead, running, over, or called off (computed, src/modules/schedules/queries.ts). */
const scheduleStatus = {
  scheduled: w('Terjadwal', 'Scheduled'),
  ongoing: w('Berlangsung', 'In progress'),
  done: w('Selesai', 'Done'),
  cancelled: w('Dibatalkan', 'Cancelled'),
}

/** A participant as HR marked them. */
const attendance = {
  hadir: w('Hadir', 'Present'),
  izin: w('Izin', 'Excused'),
  alpa: w('Alpa', 'Absent'),
} satisfies Labels<AttendanceStatus>

/** The career center's check of HR's attendance mark. */
const validation = {
  pending: w('Menunggu validasi', 'Awaiting validation'),
  verified: w('Tervalidasi', 'Verified'),
  rejected: w('Ditolak', 'Rejected'),
} satisfies Labels<ValidationStatus>

const placementStatus = {
  active: w('Aktif bekerja', 'Working'),
  contract_extended: w('Kontrak diperpanjang', 'Contract extended'),
  permanent: w('Karyawan tetap', 'Permanent employee'),
  moved: w('Pindah kerja', 'Moved to another job'),
  resigned: w('Mengundurkan diri', 'Resigned'),
} satisfies Labels<PlacementStatus>

/** Where a placement comes from: an accepted application, or a hire found outside bursa. */
const placementSource = {
  bursa: w('Melalui bursa', 'Through bursa'),
  outside: w('Di luar bursa', 'Outside bursa'),
} satisfies Labels<PlacementSource>

/** The tracer study's career status of an alumnus. */
const careerStatus = {
  bekerja: w('Bekerja', 'Employed'),
  wirausaha: w('Wirausaha', 'Self-employed'),
  lanjut_studi: w('Melanjutkan studi', 'Continuing education'),
  mencari_kerja: w('Mencari kerja', 'Looking for work'),
} satisfies Labels<CareerStatus>

/** How well an alumnus's work (or study) fits their major. */
const jobFit = {
  sangat_sesuai: w('Sangat sesuai', 'Very well matched'),
  sesuai: w('Sesuai', 'Matched'),
  kurang_sesuai: w('Kurang sesuai', 'Poorly matched'),
  tidak_sesuai: w('Tidak sesuai', 'Not matched'),
} satisfies Labels<JobFit>

const fileCategory = {
  certificate: w('Sertifikat', 'Certificate'),
  award: w('Penghargaan', 'Award'),
  cv: w('CV / Daftar riwayat hidup', 'CV / résumé'),
  transcript: w('Transkrip nilai', 'Transcript'),
  other: w('Lainnya', 'Other'),
  decision_letter: w('Surat keputusan', 'Decision letter'),
} satisfies Labels<FileCategory>

/** What a profile still lacks before its owner may apply (lower case: it sits inside a sentence). */
const profileGap = {
  phone: w('nomor telepon', 'phone number'),
  address: w('alamat', 'address'),
  birth_date: w('tanggal lahir', 'date of birth'),
  cv: w('CV (unggah di portofolio)', 'a CV (upload it to the portfolio)'),
}

const gender = {
  L: w('Laki-laki', 'Male'),
  P: w('Perempuan', 'Female'),
}

/** The six religions of the Indonesian civil registry, plus the recognised native faiths. */
const religion = {
  Islam: w('Islam', 'Islam'),
  Kristen: w('Kristen', 'Christianity (Protestant)'),
  Katolik: w('Katolik', 'Catholicism'),
  Hindu: w('Hindu', 'Hinduism'),
  Buddha: w('Buddha', 'Buddhism'),
  Konghucu: w('Konghucu', 'Confucianism'),
  Kepercayaan: w('Kepercayaan terhadap Tuhan YME', 'Native faith'),
}

/** What a learner says they are doing (the profile form); the alumni ones mirror `careerStatus`. */
const learnerStatus = {
  siswa_aktif: w('Siswa aktif (kelas XII)', 'Current student (grade 12)'),
  prakerin: w('Sedang praktik kerja industri (PKL)', 'On industrial placement (PKL)'),
  bekerja: w('Alumni bekerja', 'Alumnus, employed'),
  wirausaha: w('Alumni berwirausaha', 'Alumnus, self-employed'),
  lanjut_studi: w('Alumni melanjutkan studi', 'Alumnus, continuing education'),
  mencari_kerja: w('Alumni sedang mencari kerja', 'Alumnus, looking for work'),
}

/** Levels of the education history of a profile. */
const educationLevel = {
  SD: w('SD / sederajat', 'Primary school or equivalent'),
  SMP: w('SMP / sederajat', 'Junior high school or equivalent'),
  SMK: w('SMK / SMA / sederajat', 'Vocational or senior high school or equivalent'),
  D1: w('Diploma 1', 'Diploma 1'),
  D3: w('Diploma 3', 'Diploma 3'),
  D4: w('Diploma 4 / Sarjana Terapan', 'Diploma 4 / applied bachelor'),
  S1: w('Sarjana (S1)', 'Bachelor (S1)'),
  Kursus: w('Kursus / pelatihan', 'Course / training'),
}

/** The stages of an application's timeline (`application_events.stage`). */
const stage = {
  applied: w('Lamaran dikirim', 'Application sent'),
  document_review: w('Seleksi berkas', 'Document review'),
  test_scheduled: w('Tes dijadwalkan', 'Test scheduled'),
  test_updated: w('Jadwal tes diubah', 'Test schedule changed'),
  test_removed: w('Dikeluarkan dari jadwal tes', 'Removed from a test'),
  test_cancelled: w('Tes dibatalkan', 'Test cancelled'),
  test_attendance: w('Kehadiran tes divalidasi', 'Test attendance validated'),
  selection_scored: w('Nilai seleksi diisi', 'Selection scores entered'),
  selection_decision: w('Keputusan seleksi diubah', 'Selection decision changed'),
  selection_published: w('Hasil seleksi diumumkan', 'Selection result announced'),
  withdrawn: w('Lamaran dibatalkan', 'Application withdrawn'),
  vacancy_closed: w('Lowongan ditutup', 'Vacancy closed'),
}

/** In-app notification kinds (`notifications.kind`). */
const notificationKind = {
  'application.received': w('Lamaran baru', 'New application'),
  'application.reviewed': w('Hasil seleksi berkas', 'Document review result'),
  'test.scheduled': w('Jadwal tes', 'Test scheduled'),
  'test.updated': w('Perubahan jadwal tes', 'Test schedule changed'),
  'test.removed': w('Dikeluarkan dari jadwal tes', 'Removed from a test'),
  'test.cancelled': w('Tes dibatalkan', 'Test cancelled'),
  'test.reminder': w('Pengingat tes', 'Test reminder'),
  'selection.published': w('Hasil seleksi diumumkan', 'Selection result announced'),
  'vacancy.approved': w('Lowongan disetujui', 'Vacancy approved'),
  'vacancy.rejected': w('Lowongan ditolak', 'Vacancy rejected'),
  'application.closed': w('Lowongan ditutup', 'Vacancy closed'),
  'registration.pending': w('Pendaftaran perusahaan baru', 'New company registration'),
  'vacancy.pending': w('Lowongan menunggu persetujuan', 'Vacancy awaiting approval'),
  'place.freed': w('Tempat terbuka lagi', 'A place opened again'),
  'vacancy.deleted': w('Lowongan dihapus BKK', 'Vacancy deleted by the career center'),
  'vacancy.deactivated': w('Lowongan dinonaktifkan BKK', 'Vacancy switched off by the career center'),
  'application.on_hold': w('Seleksi dihentikan sementara', 'Selection on hold'),
  'application.terms_changed': w('Ketentuan lowongan berubah', 'Vacancy terms changed'),
  'application.resumed': w('Seleksi dilanjutkan', 'Selection resumed'),
}

/** A vacancy's approval by the career center (companies whose HR's vacancies need it). */
const approvalStatus = {
  approved: w('Disetujui', 'Approved'),
  pending: w('Menunggu persetujuan', 'Awaiting approval'),
  rejected: w('Ditolak', 'Rejected'),
} satisfies Labels<ApprovalStatus>

/** A company's sign-up through the public form (`company_registrations.status`). */
const registrationStatus = {
  unconfirmed: w('Menunggu konfirmasi e-mail', 'Awaiting e-mail confirmation'),
  pending: w('Menunggu persetujuan', 'Awaiting approval'),
  approved: w('Disetujui', 'Approved'),
  rejected: w('Ditolak', 'Rejected'),
} satisfies Labels<RegistrationStatus>

/** What a roster import does with a row of the file (the dry run's table). */
const importAction = {
  create: w('Baru', 'New'),
  update: w('Diperbarui', 'Updated'),
  unchanged: w('Tidak berubah', 'Unchanged'),
  left: w('Keluar/Mutasi: dilewati', 'Left school: skipped'),
  error: w('Bermasalah', 'Error'),
} satisfies Labels<ImportAction>

/** How a message of the catalogue travels (src/modules/messages/catalogue.ts `MESSAGE_CHANNELS`). */
const messageChannel = {
  notice: w('Notifikasi aplikasi', 'In-app notice'),
  email: w('E-mail', 'E-mail'),
  both: w('Notifikasi aplikasi dan e-mail', 'In-app notice and e-mail'),
}

export const VOCABULARY = {
  role,
  activeStatus,
  jobType,
  target,
  category,
  applicationStatus,
  reviewDecision,
  selectionDecision,
  testKind,
  scheduleStatus,
  attendance,
  validation,
  placementStatus,
  placementSource,
  careerStatus,
  jobFit,
  fileCategory,
  profileGap,
  gender,
  religion,
  learnerStatus,
  educationLevel,
  stage,
  notificationKind,
  messageChannel,
  importAction,
  registrationStatus,
  approvalStatus,
} as const

export type Group = keyof typeof VOCABULARY
/** The codes of a group (of any of several groups, for a union). */
export type Code<G extends Group> = G extends Group ? keyof (typeof VOCABULARY)[G] & string : never
export const GROUPS = Object.keys(VOCABULARY) as Group[]

/** The codes of a group, in its order. */
export const codesOf = <G extends Group>(group: G) => Object.keys(VOCABULARY[group]) as Code<G>[]

export type Category = Code<'category'>
export const CATEGORIES = codesOf('category')
export type Stage = Code<'stage'>
export type NotificationKind = Code<'notificationKind'>
export const NOTIFICATION_KINDS = codesOf('notificationKind')

/** The group a timeline row's `status` belongs to, by its stage (a decision, a test kind, ...). */
export const STAGE_STATUS: Record<Stage, Group> = {
  applied: 'applicationStatus',
  document_review: 'reviewDecision',
  test_scheduled: 'testKind',
  test_updated: 'testKind',
  test_removed: 'testKind',
  test_cancelled: 'testKind',
  test_attendance: 'attendance',
  selection_scored: 'selectionDecision',
  selection_decision: 'selectionDecision',
  selection_published: 'selectionDecision',
  withdrawn: 'applicationStatus',
  vacancy_closed: 'applicationStatus',
}

/** Both languages' label of a code, for a `msg()`-style message; an unknown code is its own label. */
export function wordsOf<G extends Group>(group: G, code: Code<G>): Words {
  return (VOCABULARY[group] as Record<string, Words>)[code] ?? { id: code, en: code }
}

/**
 * The label of a code in one language (Indonesian unless told: the texts the service stores, such as
 * notifications and timeline notes, are Indonesian).
 */
export const labelOf = <G extends Group>(group: G, code: Code<G>, lang: Lang = 'id'): string =>
  wordsOf(group, code)[lang]

/** Select options `{ value, label }` of a group (or of the given codes, in their order). */
export function optionsOf<G extends Group>(
  group: G,
  lang: Lang = 'id',
  codes: readonly Code<G>[] = codesOf(group),
) {
  return codes.map((value) => ({ value, label: labelOf(group, value, lang) }))
}

export interface Term {
  code: string
  label: string
}

const built: Partial<Record<Lang, Record<Group, Term[]>>> = {}

/** Every group as `[{ code, label }]` in one language; built once per language. */
export function vocabularyIn(lang: Lang): Record<Group, Term[]> {
  built[lang] ??= Object.fromEntries(
    GROUPS.map((g) => [g, codesOf(g).map((code) => ({ code, label: labelOf(g, code, lang) }))]),
  ) as unknown as Record<Group, Term[]>
  return built[lang]
}
