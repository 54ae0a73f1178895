/**
 * What happened this school year (and one recruitment of last year), told per vacancy: who applied
 * when, the document review, the tests and their attendance, the scores and the published
 * decisions. `seed.ts` turns it into the rows the services would have written. Every time comes
 * from the clock, so the story is always recent.
 *
 * What each screen gets out of it:
 * - HR (Astra): applicants in every status on five vacancies; a test held two days ago whose
 *   attendance awaits the career center; two validated tests; an upcoming test; published results
 *   with letters; placements, one of last year with its 3- and 6-month follow-ups.
 * - the demo student: in the upcoming test of the internship, accepted (with a letter) as a weekend
 *   mechanic; "Mekanik Junior Kendaraan Ringan" is open to him and not applied to.
 * - the demo alumna: took the test that awaits validation, rejected at review elsewhere, a tracer
 *   answer; "Junior Web Developer" is open to her and not applied to.
 * - the career center (admin): a print shop without HR staff whose vacancy it posted; acting for it,
 *   one applicant reviewed by the admin and one waiting, both announced in the staff's bell.
 */
import type { AttendanceStatus, SelectionDecision, TestKind } from '../db/schema/index.js'
import {
  AHASS,
  ASTRA,
  BERKAH,
  BRI,
  ELEKTRINDO,
  KREASI,
  type Learner,
  RETAIL,
  SOLUSI,
  TELKOM,
} from './cast.js'
import { addDays, type DemoClock } from './clock.js'
import { V } from './vacancies.js'

export interface TestPlan {
  name: string
  kind: TestKind
  location: string
  description: string
  durationMinutes: number
  minimumScore: number | null
  createdAt: Date
  scheduledAt: Date
  /** When HR marked attendance (a test that took place). */
  markedAt?: Date
  /** When the career center verified it. */
  validatedAt?: Date
}

export interface ResultPlan {
  scores?: [psychotest: number, interview: number, mcu: number]
  decision: Exclude<SelectionDecision, 'pending'>
  notes: string
}

export interface ApplicantPlan {
  who: string
  appliedAt: Date
  coverLetter?: string
  review?: { decision: 'lolos' | 'tidak_lolos'; at: Date; notes: string | null }
  withdrawnAt?: Date
  /** The marks of the tests taken, in the cycle's order: `upcoming` for a test still ahead. */
  attendance?: (AttendanceStatus | 'upcoming')[]
  attendanceNotes?: string
  result?: ResultPlan
}

export interface Cycle {
  vacancy: string
  company: string
  tests: TestPlan[]
  scoredAt?: Date
  publishedAt?: Date
  /** The start date of an accepted applicant's placement. */
  startDate?: (l: Learner) => string
  applicants: ApplicantPlan[]
  /** Follow-ups of the placements at 3 and 6 months, when due. */
  checkins?: boolean
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()
/** No test on a Sunday: one that would fall on it moves to the Saturday before or the Monday after. */
const pastTestDay = (c: DemoClock, days: number) => (weekday(c.date(c.ahead(-days))) === 0 ? days + 1 : days)
const nextTestDay = (c: DemoClock, days: number) => (weekday(c.date(c.ahead(days))) === 0 ? days + 1 : days)

const lolos = (at: Date, notes: string | null = null) => ({ decision: 'lolos' as const, at, notes })
const tidakLolos = (at: Date, notes: string) => ({ decision: 'tidak_lolos' as const, at, notes })

export function story(c: DemoClock): Cycle[] {
  const nextJuly = `${c.startYear + 1}-07-01`
  return [
    {
      vacancy: V.mekanik,
      company: ASTRA,
      tests: [],
      applicants: [
        { who: 'yoga', appliedAt: c.ago(8, 19, 40) },
        { who: 'fikri', appliedAt: c.ago(5, 20, 15), coverLetter: 'Saya terbiasa merawat mobil keluarga.' },
        { who: 'reza', appliedAt: c.ago(2, 10, 5) },
        {
          who: 'galih',
          appliedAt: c.ago(9, 16),
          review: tidakLolos(
            c.ago(4, 10),
            'Nilai uji kompetensi keahlian (UKK) belum memenuhi syarat minimum 75.',
          ),
        },
        { who: 'eko', appliedAt: c.ago(7, 18), withdrawnAt: c.ago(3, 21) },
      ],
    },
    magang(c),
    qualityControl(c, nextJuly),
    itProduksi(c),
    {
      vacancy: V.teller,
      company: BRI,
      tests: [
        {
          name: 'Tes tertulis dan wawancara',
          kind: 'tes_tulis',
          location: 'Kantor Cabang BRI Semarang Pemuda, Jl. Pemuda No. 112',
          description: 'Tes pengetahuan umum perbankan, dilanjutkan wawancara singkat.',
          durationMinutes: 180,
          minimumScore: 70,
          createdAt: c.ago(10, 14),
          scheduledAt: c.ago(7, 9),
          markedAt: c.ago(7, 13),
          validatedAt: c.ago(6, 10),
        },
      ],
      scoredAt: c.ago(4, 15),
      publishedAt: c.ago(3, 10),
      startDate: () => nextJuly,
      applicants: [
        {
          who: 'dewi',
          appliedAt: c.ago(45, 19),
          review: lolos(c.ago(11, 9)),
          attendance: ['hadir'],
          result: {
            scores: [88, 86, 90],
            decision: 'diterima',
            notes: 'Lulus semua tahap; mulai bekerja setelah kelulusan.',
          },
        },
        {
          who: 'aini',
          appliedAt: c.ago(40, 20),
          review: lolos(c.ago(11, 9)),
          attendance: ['hadir'],
          result: { scores: [80, 82, 85], decision: 'cadangan', notes: 'Daftar cadangan pertama.' },
        },
        {
          who: 'ayu',
          appliedAt: c.ago(33, 13),
          review: lolos(c.ago(11, 9)),
          attendance: ['hadir'],
          result: {
            scores: [66, 70, 80],
            decision: 'tidak_diterima',
            notes: 'Nilai tes tertulis di bawah batas minimum (70).',
          },
        },
        {
          who: 'lestari',
          appliedAt: c.ago(27, 10),
          review: lolos(c.ago(11, 9)),
          attendance: ['izin'],
          attendanceNotes: 'Izin karena sakit; surat dokter diserahkan.',
          result: { decision: 'tidak_diterima', notes: 'Tidak mengikuti tes tertulis dan wawancara.' },
        },
        {
          who: 'rina',
          appliedAt: c.ago(20, 18),
          review: tidakLolos(c.ago(11, 9), 'Nilai rata-rata rapor belum memenuhi syarat minimum 80.'),
        },
      ],
    },
    {
      vacancy: V.paruhWaktu,
      company: AHASS,
      tests: [
        {
          name: 'Tes praktik servis sepeda motor',
          kind: 'praktik',
          location: 'AHASS Sinar Motor, Jl. Ir. H. Juanda No. 45, Bekasi',
          description: 'Servis ringan (ganti oli, setel rantai, cek kelistrikan) pada motor injeksi.',
          durationMinutes: 120,
          minimumScore: 75,
          createdAt: c.ago(16, 10),
          scheduledAt: c.ago(13, 8),
          markedAt: c.ago(13, 11),
          validatedAt: c.ago(12, 9),
        },
      ],
      scoredAt: c.ago(9, 16),
      publishedAt: c.ago(8, 10),
      startDate: () => addDays(c.date(c.ago(8)), 4),
      applicants: [
        {
          who: 'andi',
          appliedAt: c.ago(35, 19),
          coverLetter: 'Saya ingin menambah pengalaman di bengkel resmi pada akhir pekan.',
          review: lolos(c.ago(17, 10), 'Berkas lengkap.'),
          attendance: ['hadir'],
          result: { scores: [84, 88, 90], decision: 'diterima', notes: 'Rapi dan cekatan saat praktik.' },
        },
        {
          who: 'fikri',
          appliedAt: c.ago(33, 20),
          review: lolos(c.ago(17, 10), 'Berkas lengkap.'),
          attendance: ['hadir'],
          result: { scores: [80, 84, 85], decision: 'diterima', notes: 'Menguasai servis motor injeksi.' },
        },
        {
          who: 'hendra',
          appliedAt: c.ago(30, 16),
          review: lolos(c.ago(17, 10), 'Berkas lengkap.'),
          attendance: ['hadir'],
          result: {
            scores: [70, 65, 80],
            decision: 'tidak_diterima',
            notes: 'Nilai praktik di bawah batas minimum (75).',
          },
        },
        {
          who: 'rizal',
          appliedAt: c.ago(26, 12),
          review: tidakLolos(c.ago(17, 10), 'Belum memiliki SIM C.'),
        },
      ],
    },
    {
      vacancy: V.itSupport,
      company: TELKOM,
      tests: [],
      applicants: [
        {
          who: 'siti',
          appliedAt: c.ago(13, 20),
          review: tidakLolos(
            c.ago(5, 14),
            'Posisi ini mengutamakan pelamar dengan sertifikat MTCNA atau CCNA.',
          ),
        },
        { who: 'farhan', appliedAt: c.ago(12, 9), review: lolos(c.ago(5, 14), 'Memiliki sertifikat MTCNA.') },
        { who: 'aldi', appliedAt: c.ago(4, 19) },
        { who: 'salsa', appliedAt: c.ago(2, 20) },
      ],
    },
    {
      vacancy: V.webdev,
      company: SOLUSI,
      tests: [],
      applicants: [
        { who: 'anisa', appliedAt: c.ago(10, 21) },
        { who: 'iqbal', appliedAt: c.ago(6, 8), coverLetter: 'Portofolio saya ada di GitHub.' },
      ],
    },
    {
      vacancy: V.desainer,
      company: KREASI,
      tests: [],
      applicants: [
        { who: 'intan', appliedAt: c.ago(6, 19) },
        { who: 'bayu', appliedAt: c.ago(3, 13) },
      ],
    },
    {
      vacancy: V.audioVideo,
      company: ELEKTRINDO,
      tests: [],
      applicants: [
        { who: 'nanda', appliedAt: c.ago(4, 18) },
        { who: 'aditya', appliedAt: c.ago(6, 20), withdrawnAt: c.ago(2, 9) },
      ],
    },
    {
      vacancy: V.gudang,
      company: RETAIL,
      tests: [],
      applicants: [{ who: 'lestari', appliedAt: c.ago(3, 10) }],
    },
    {
      // No HR account: the admin reviews, acting for the company (cast.ts: `selectorOf`).
      vacancy: V.percetakan,
      company: BERKAH,
      tests: [],
      applicants: [
        {
          who: 'bayu',
          appliedAt: c.ago(6, 19, 10),
          coverLetter: 'Saya sudah dua tahun membantu desain undangan di percetakan paman saya.',
          review: lolos(c.ago(2, 10, 30), 'Portofolio desain undangan rapi.'),
        },
        { who: 'intan', appliedAt: c.ago(3, 16, 20) },
      ],
    },
    lastYear(c),
  ]
}

function magang(c: DemoClock): Cycle {
  const review = c.ago(6, 9, 30)
  const notes = 'Berkas lengkap, nilai produktif baik.'
  return {
    vacancy: V.magang,
    company: ASTRA,
    tests: [
      {
        name: 'Psikotes calon peserta magang',
        kind: 'psikotes',
        location: 'Ruang BKK SMK, Gedung B lantai 2',
        description: 'Membawa alat tulis, kartu pelajar dan surat izin orang tua.',
        durationMinutes: 120,
        minimumScore: 65,
        createdAt: c.ago(5, 15),
        scheduledAt: c.ahead(nextTestDay(c, 2), 8),
      },
    ],
    applicants: [
      ...(['andi', 'dimas', 'agus', 'rizal'] as const).map((who, i) => ({
        who,
        appliedAt: c.ago(20 - 2 * i, 19, 30),
        review: lolos(review, notes),
        attendance: ['upcoming' as const],
      })),
      { who: 'yoga', appliedAt: c.ago(3, 21) },
    ],
  }
}

function qualityControl(c: DemoClock, nextJuly: string): Cycle {
  const review = c.ago(40, 10)
  return {
    vacancy: V.qc,
    company: ASTRA,
    tests: [
      {
        name: 'Psikotes dan tes tertulis',
        kind: 'psikotes',
        location: 'Gedung Pelatihan PT Astra Otoparts, Jl. Raya Pegangsaan Dua Km 2,2, Jakarta Utara',
        description: 'Membawa alat tulis, KTP atau kartu pelajar. Berpakaian rapi.',
        durationMinutes: 180,
        minimumScore: 70,
        createdAt: c.ago(39, 14),
        scheduledAt: c.ago(35, 8),
        markedAt: c.ago(35, 12),
        validatedAt: c.ago(34, 10),
      },
      {
        name: 'Wawancara dan MCU',
        kind: 'wawancara',
        location: 'Gedung Pelatihan PT Astra Otoparts, Jl. Raya Pegangsaan Dua Km 2,2, Jakarta Utara',
        description: 'Wawancara HRD dan user, dilanjutkan pemeriksaan kesehatan. Puasa sejak pukul 22.00.',
        durationMinutes: 240,
        minimumScore: null,
        createdAt: c.ago(33, 15),
        scheduledAt: c.ago(28, 9),
        markedAt: c.ago(28, 15),
        validatedAt: c.ago(27, 11),
      },
    ],
    scoredAt: c.ago(22, 14),
    publishedAt: c.ago(20, 10),
    startDate: (l) => (l.cohort === 0 ? nextJuly : addDays(c.date(c.ago(20)), 14)),
    applicants: [
      {
        who: 'bagus',
        appliedAt: c.ago(60, 19),
        review: lolos(review),
        attendance: ['hadir', 'hadir'],
        result: {
          scores: [86, 84, 88],
          decision: 'diterima',
          notes: 'Teliti dan komunikatif; mulai setelah kelulusan.',
        },
      },
      {
        who: 'ilham',
        appliedAt: c.ago(58, 20),
        review: lolos(review),
        attendance: ['hadir', 'hadir'],
        result: {
          scores: [82, 85, 90],
          decision: 'diterima',
          notes: 'Pengalaman magang di bengkel resmi menjadi nilai tambah.',
        },
      },
      {
        who: 'eko',
        appliedAt: c.ago(55, 16),
        review: lolos(review),
        attendance: ['hadir', 'hadir'],
        result: {
          scores: [78, 80, 85],
          decision: 'cadangan',
          notes: 'Daftar cadangan; dihubungi bila ada tempat.',
        },
      },
      {
        who: 'galih',
        appliedAt: c.ago(52, 10),
        review: lolos(review),
        attendance: ['hadir', 'hadir'],
        result: {
          scores: [65, 72, 80],
          decision: 'tidak_diterima',
          notes: 'Nilai psikotes di bawah batas minimum (70).',
        },
      },
      {
        who: 'hendra',
        appliedAt: c.ago(49, 21),
        review: lolos(review),
        attendance: ['hadir', 'hadir'],
        result: {
          scores: [74, 66, 82],
          decision: 'tidak_diterima',
          notes: 'Hasil wawancara belum memenuhi.',
        },
      },
      {
        who: 'aditya',
        appliedAt: c.ago(47, 13),
        review: lolos(review),
        attendance: ['alpa'],
        attendanceNotes: 'Tidak hadir tanpa keterangan.',
        result: { decision: 'tidak_diterima', notes: 'Tidak hadir pada psikotes.' },
      },
      {
        who: 'rudi',
        appliedAt: c.ago(44, 19),
        review: tidakLolos(review, 'Berkas belum lengkap: nilai rapor semester 5 tidak dilampirkan.'),
      },
    ],
  }
}

function itProduksi(c: DemoClock): Cycle {
  const review = c.ago(11, 10)
  const day = pastTestDay(c, 2)
  return {
    vacancy: V.itProduksi,
    company: ASTRA,
    tests: [
      {
        name: 'Tes praktik jaringan dan PLC dasar',
        kind: 'praktik',
        location: 'Workshop IT PT Astra Otoparts, Jakarta Utara',
        description: 'Konfigurasi jaringan kantor kecil dan pemrograman PLC sederhana.',
        durationMinutes: 150,
        minimumScore: 70,
        createdAt: c.ago(9, 13),
        scheduledAt: c.ago(day, 8, 30),
        markedAt: c.ago(day, 11, 45),
      },
    ],
    applicants: [
      { who: 'rizky', appliedAt: c.ago(36, 19), review: lolos(review), attendance: ['hadir'] },
      {
        who: 'siti',
        appliedAt: c.ago(30, 20),
        review: lolos(review, 'Portofolio aplikasi web kuat.'),
        attendance: ['hadir'],
      },
      {
        who: 'farhan',
        appliedAt: c.ago(28, 9),
        review: lolos(review),
        attendance: ['izin'],
        attendanceNotes: 'Sakit; surat keterangan dokter dikirim ke HRD.',
      },
      { who: 'nanda', appliedAt: c.ago(25, 16), review: lolos(review), attendance: ['hadir'] },
      {
        who: 'anisa',
        appliedAt: c.ago(22, 11),
        review: tidakLolos(
          review,
          'Posisi ini membutuhkan dasar kelistrikan dan PLC; belum terlihat di berkas.',
        ),
      },
    ],
  }
}

/** Last year's recruitment: the placement that has its 3- and 6-month follow-ups by now. */
function lastYear(c: DemoClock): Cycle {
  const review = c.longAgo(285, 10)
  return {
    vacancy: V.lastYear,
    company: ASTRA,
    tests: [
      {
        name: 'Tes praktik dan wawancara',
        kind: 'praktik',
        location: 'Bengkel Pelatihan PT Astra Otoparts, Jakarta Utara',
        description: 'Praktik servis berkala lalu wawancara.',
        durationMinutes: 240,
        minimumScore: 70,
        createdAt: c.longAgo(284, 13),
        scheduledAt: c.longAgo(280, 8),
        markedAt: c.longAgo(280, 16),
        validatedAt: c.longAgo(279, 10),
      },
    ],
    scoredAt: c.longAgo(272, 14),
    publishedAt: c.longAgo(270, 10),
    startDate: () => c.date(c.longAgo(256)),
    checkins: true,
    applicants: [
      {
        who: 'joko',
        appliedAt: c.longAgo(298, 19),
        review: lolos(review),
        attendance: ['hadir'],
        result: { scores: [85, 82, 88], decision: 'diterima', notes: 'Praktik sangat baik.' },
      },
      {
        who: 'reza',
        appliedAt: c.longAgo(295, 20),
        review: lolos(review),
        attendance: ['hadir'],
        result: { scores: [72, 70, 75], decision: 'tidak_diterima', notes: 'Nilai praktik belum memenuhi.' },
      },
      {
        who: 'taufik',
        appliedAt: c.longAgo(290, 9),
        review: tidakLolos(review, 'Berkas tidak menyertakan surat keterangan lulus.'),
      },
    ],
  }
}
