/** The demo vacancies: open and closed, of every job type, target and several categories and majors. */
import type { JobType, VacancyTarget } from '../db/schema/index.js'
import type { Category } from '../modules/vacancies/service.js'
import {
  AHASS,
  ASTRA,
  BERKAH,
  BRI,
  ELEKTRINDO,
  KREASI,
  type MajorCode,
  RETAIL,
  SOLUSI,
  TELKOM,
} from './cast.js'
import type { DemoClock } from './clock.js'

export interface Vacancy {
  company: string
  title: string
  position: string
  description: string
  qualifications: string
  benefits?: string
  category: Category
  jobType: JobType
  workLocation?: string
  city: string
  province: string
  minSalary?: number
  maxSalary?: number
  quota: number
  target: VacancyTarget
  majors: MajorCode[]
  createdAt: Date
  deadline: string
  isActive?: boolean
}

/** A deadline that has passed: `days` ago, and never today (the vacancy must be closed). */
const closedOn = (c: DemoClock, days: number) => {
  const d = c.date(c.ago(days, 23, 59))
  return d < c.today ? d : c.date(c.longAgo(1))
}
const openUntil = (c: DemoClock, days: number) => c.date(c.ahead(days))

/** Vacancy titles the story refers to. */
export const V = {
  mekanik: 'Mekanik Junior Kendaraan Ringan',
  magang: 'Program Magang Teknisi Perakitan',
  webdev: 'Junior Web Developer',
  itSupport: 'Staf IT Support',
  teller: 'Teller dan Customer Service',
  operator: 'Operator Produksi',
  qc: 'Teknisi Quality Control',
  itProduksi: 'Teknisi IT Produksi',
  paruhWaktu: 'Mekanik Sepeda Motor Akhir Pekan',
  desainer: 'Desainer Grafis Junior',
  audioVideo: 'Teknisi Audio Video',
  gudang: 'Staf Administrasi Gudang',
  percetakan: 'Operator Desain dan Cetak Digital',
  lastYear: 'Teknisi Servis Kendaraan Ringan',
} as const

export function vacancies(c: DemoClock): Vacancy[] {
  return [
    {
      company: ASTRA,
      title: V.mekanik,
      position: 'Mekanik Junior',
      description:
        'Melakukan servis berkala, perbaikan sistem rem, suspensi dan kelistrikan kendaraan penumpang di bengkel mitra.',
      qualifications:
        '- Lulusan atau siswa kelas XII SMK jurusan TKR/TBSM\n- Memahami dasar mesin bensin dan diesel\n- Sehat jasmani, tidak buta warna',
      benefits: 'Gaji sesuai UMK, BPJS Kesehatan dan Ketenagakerjaan, seragam, pelatihan bersertifikat',
      category: 'otomotif',
      jobType: 'full_time',
      workLocation: 'Jl. Raya Pegangsaan Dua Km 2,2',
      city: 'Jakarta Utara',
      province: 'DKI Jakarta',
      minSalary: 4_900_000,
      maxSalary: 5_500_000,
      quota: 10,
      target: 'all',
      majors: ['TKR', 'TBSM'],
      createdAt: c.ago(10, 8, 30),
      deadline: openUntil(c, 45),
    },
    {
      company: ASTRA,
      title: V.magang,
      position: 'Peserta Magang',
      description: 'Magang enam bulan di lini perakitan komponen otomotif dengan pendampingan mentor.',
      qualifications: '- Siswa kelas XII SMK jurusan TKR\n- Bersedia kerja shift\n- Usia maksimal 19 tahun',
      benefits: 'Uang saku bulanan, makan siang, sertifikat magang',
      category: 'manufaktur',
      jobType: 'internship',
      city: 'Bekasi',
      province: 'Jawa Barat',
      minSalary: 2_000_000,
      maxSalary: 2_500_000,
      quota: 15,
      target: 'siswa',
      majors: ['TKR'],
      createdAt: c.ago(24, 10),
      deadline: openUntil(c, 30),
    },
    {
      company: SOLUSI,
      title: V.webdev,
      position: 'Web Developer',
      description:
        'Membangun dan merawat aplikasi web klien (TypeScript, React, PostgreSQL) dalam tim kecil.',
      qualifications:
        '- Alumni SMK jurusan RPL/TKJ\n- Menguasai HTML, CSS dan JavaScript\n- Portofolio proyek (GitHub) menjadi nilai tambah',
      benefits: 'Kerja hibrida, laptop kantor, BPJS, tunjangan internet',
      category: 'teknologi_informasi',
      jobType: 'full_time',
      city: 'Yogyakarta',
      province: 'DI Yogyakarta',
      minSalary: 4_000_000,
      maxSalary: 6_000_000,
      quota: 3,
      target: 'alumni',
      majors: ['RPL', 'TKJ'],
      createdAt: c.ago(12, 13),
      deadline: openUntil(c, 40),
    },
    {
      company: TELKOM,
      title: V.itSupport,
      position: 'IT Support',
      description:
        'Menangani instalasi perangkat, jaringan kantor dan permintaan bantuan pengguna di kantor area.',
      qualifications: '- Lulusan SMK jurusan TKJ/RPL\n- Memahami jaringan dasar (TCP/IP)\n- Komunikatif',
      benefits: 'Kontrak 1 tahun dapat diperpanjang, BPJS, tunjangan transport',
      category: 'telekomunikasi',
      jobType: 'contract',
      city: 'Bandung',
      province: 'Jawa Barat',
      minSalary: 3_800_000,
      maxSalary: 4_300_000,
      quota: 5,
      target: 'all',
      majors: ['TKJ', 'RPL'],
      createdAt: c.ago(15, 9),
      deadline: openUntil(c, 25),
    },
    {
      company: BRI,
      title: V.teller,
      position: 'Frontliner',
      description: 'Melayani transaksi dan pertanyaan nasabah di kantor cabang.',
      qualifications: '- Lulusan SMK jurusan AKL/OTKP\n- Berpenampilan menarik\n- Teliti',
      benefits: 'Gaji pokok, tunjangan hari raya, asuransi kesehatan',
      category: 'akuntansi_keuangan',
      jobType: 'contract',
      city: 'Semarang',
      province: 'Jawa Tengah',
      minSalary: 3_500_000,
      maxSalary: 4_000_000,
      quota: 4,
      target: 'all',
      majors: ['AKL', 'OTKP'],
      createdAt: c.ago(50, 9),
      deadline: closedOn(c, 12),
    },
    {
      company: ASTRA,
      title: V.operator,
      position: 'Operator Mesin',
      description: 'Mengoperasikan mesin produksi dan memeriksa kualitas hasil.',
      qualifications: '- Lulusan SMK semua jurusan teknik\n- Bersedia kerja shift',
      category: 'manufaktur',
      jobType: 'contract',
      city: 'Karawang',
      province: 'Jawa Barat',
      quota: 20,
      target: 'all',
      majors: ['TKR', 'TBSM', 'TAV'],
      createdAt: c.ago(30, 11),
      deadline: openUntil(c, 20),
      isActive: false,
    },
    {
      company: ASTRA,
      title: V.qc,
      position: 'Teknisi Quality Control',
      description:
        'Memeriksa mutu komponen hasil produksi dengan alat ukur presisi dan mencatat hasil inspeksi harian.',
      qualifications:
        '- Siswa kelas XII atau lulusan SMK jurusan TKR/TBSM/TAV\n- Teliti dan mampu membaca gambar teknik\n- Bersedia kerja shift',
      benefits: 'Gaji sesuai UMK Jakarta, BPJS, uang makan, bus jemputan',
      category: 'manufaktur',
      jobType: 'full_time',
      workLocation: 'Jl. Raya Pegangsaan Dua Km 2,2',
      city: 'Jakarta Utara',
      province: 'DKI Jakarta',
      minSalary: 5_000_000,
      maxSalary: 5_400_000,
      quota: 3,
      target: 'all',
      majors: ['TKR', 'TBSM', 'TAV'],
      createdAt: c.ago(62, 9),
      deadline: closedOn(c, 42),
    },
    {
      company: ASTRA,
      title: V.itProduksi,
      position: 'Teknisi IT Produksi',
      description:
        'Merawat jaringan, komputer dan panel kendali lini produksi; mendampingi vendor saat pemasangan mesin baru.',
      qualifications:
        '- Lulusan atau siswa kelas XII SMK jurusan TKJ/RPL/TAV\n- Memahami jaringan komputer dasar\n- Pengalaman PLC menjadi nilai tambah',
      benefits: 'Gaji sesuai UMK, BPJS, pelatihan PLC bersertifikat',
      category: 'teknologi_informasi',
      jobType: 'full_time',
      city: 'Jakarta Utara',
      province: 'DKI Jakarta',
      minSalary: 4_800_000,
      maxSalary: 5_300_000,
      quota: 2,
      target: 'all',
      majors: ['TKJ', 'RPL', 'TAV'],
      createdAt: c.ago(45, 10),
      deadline: closedOn(c, 14),
    },
    {
      company: AHASS,
      title: V.paruhWaktu,
      position: 'Mekanik Paruh Waktu',
      description: 'Membantu servis ringan sepeda motor setiap Sabtu dan Minggu di bengkel resmi.',
      qualifications: '- Siswa kelas XII SMK jurusan TBSM/TKR\n- Memiliki SIM C\n- Izin orang tua',
      benefits: 'Upah harian, makan siang, sertifikat pengalaman kerja',
      category: 'otomotif',
      jobType: 'part_time',
      city: 'Bekasi',
      province: 'Jawa Barat',
      minSalary: 1_200_000,
      maxSalary: 1_600_000,
      quota: 2,
      target: 'siswa',
      majors: ['TBSM', 'TKR'],
      createdAt: c.ago(40, 8),
      deadline: closedOn(c, 20),
    },
    {
      company: KREASI,
      title: V.desainer,
      position: 'Desainer Grafis',
      description: 'Membuat materi promosi digital dan cetak untuk klien agensi bersama tim kreatif.',
      qualifications:
        '- Siswa kelas XII atau lulusan SMK jurusan MM\n- Menguasai Photoshop/Illustrator\n- Melampirkan portofolio',
      benefits: 'Gaji pokok, BPJS, lisensi perangkat lunak, jam kerja fleksibel',
      category: 'lainnya',
      jobType: 'full_time',
      city: 'Jakarta Selatan',
      province: 'DKI Jakarta',
      minSalary: 4_500_000,
      maxSalary: 5_000_000,
      quota: 2,
      target: 'all',
      majors: ['MM'],
      createdAt: c.ago(9, 14),
      deadline: openUntil(c, 20),
    },
    {
      company: ELEKTRINDO,
      title: V.audioVideo,
      position: 'Teknisi Audio Video',
      description: 'Merakit, menguji dan memperbaiki perangkat audio profesional di bengkel produksi.',
      qualifications:
        '- Lulusan atau siswa kelas XII SMK jurusan TAV\n- Mampu membaca skema rangkaian\n- Teliti',
      benefits: 'Kontrak 1 tahun, BPJS, uang lembur',
      category: 'elektronika',
      jobType: 'contract',
      city: 'Tangerang',
      province: 'Banten',
      minSalary: 4_200_000,
      maxSalary: 4_700_000,
      quota: 4,
      target: 'all',
      majors: ['TAV'],
      createdAt: c.ago(7, 10),
      deadline: openUntil(c, 35),
    },
    {
      company: RETAIL,
      title: V.gudang,
      position: 'Staf Administrasi Gudang',
      description: 'Mencatat barang masuk dan keluar, menyusun laporan stok dan dokumen pengiriman.',
      qualifications: '- Alumni SMK jurusan OTKP/AKL\n- Menguasai Excel\n- Bersedia ditempatkan di Bekasi',
      benefits: 'Kontrak 1 tahun, BPJS, tunjangan transport',
      category: 'administrasi_perkantoran',
      jobType: 'contract',
      city: 'Bekasi',
      province: 'Jawa Barat',
      minSalary: 3_600_000,
      maxSalary: 3_900_000,
      quota: 2,
      target: 'alumni',
      majors: ['OTKP', 'AKL'],
      createdAt: c.ago(5, 9),
      deadline: openUntil(c, 15),
    },
    {
      // Posted by the career center for a partner without HR staff (seed.ts: `WITHOUT_HR`).
      company: BERKAH,
      title: V.percetakan,
      position: 'Operator Cetak Digital',
      description:
        'Menyiapkan desain pesanan pelanggan (undangan, spanduk, kartu nama), mengoperasikan mesin cetak digital dan mengerjakan finishing.',
      qualifications:
        '- Siswa kelas XII atau lulusan SMK jurusan MM\n- Menguasai CorelDRAW atau Photoshop\n- Teliti dan mau belajar mengoperasikan mesin cetak',
      benefits: 'Makan siang, uang lembur saat musim wisuda, BPJS Ketenagakerjaan',
      category: 'lainnya',
      jobType: 'full_time',
      workLocation: 'Jl. Raya Jatiasih No. 17',
      city: 'Bekasi',
      province: 'Jawa Barat',
      minSalary: 3_300_000,
      maxSalary: 3_800_000,
      quota: 1,
      target: 'all',
      majors: ['MM'],
      createdAt: c.ago(8, 11),
      deadline: openUntil(c, 21),
    },
    {
      company: ASTRA,
      title: V.lastYear,
      position: 'Mekanik',
      description: 'Rekrutmen mekanik kendaraan ringan untuk bengkel mitra wilayah Jabodetabek.',
      qualifications: '- Lulusan SMK jurusan TKR\n- Memiliki SIM A menjadi nilai tambah',
      benefits: 'Gaji sesuai UMK, BPJS, pelatihan',
      category: 'otomotif',
      jobType: 'contract',
      city: 'Jakarta Utara',
      province: 'DKI Jakarta',
      minSalary: 4_700_000,
      maxSalary: 5_200_000,
      quota: 2,
      target: 'all',
      majors: ['TKR'],
      createdAt: c.longAgo(300, 9),
      deadline: c.date(c.longAgo(286)),
    },
  ]
}
