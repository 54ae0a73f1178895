import { count, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { companies, jobVacancies, jobVacancyMajors, majors, users } from '../../db/schema/index.js'
import type { Category } from './service.js'

type NewVacancy = Omit<typeof jobVacancies.$inferInsert, 'companyId' | 'deadline' | 'category'> & {
  company: string
  majorCodes: string[]
  category: Category
  /** Deadline in days from the database's today (negative: already passed). */
  days: number
}

/**
 * Demo vacancies for the companies and majors of `seedDemo` (src/db/seed-demo.ts): two open to the
 * demo `siswa` (TKR), two open to the demo `alumni` (RPL), one expired and one inactive.
 */
const DEMO_VACANCIES: NewVacancy[] = [
  {
    company: 'PT Astra Otoparts Tbk',
    title: 'Mekanik Junior Kendaraan Ringan',
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
    days: 45,
    target: 'all',
    majorCodes: ['TKR', 'TBSM'],
  },
  {
    company: 'PT Astra Otoparts Tbk',
    title: 'Program Magang Teknisi Perakitan',
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
    days: 30,
    target: 'siswa',
    majorCodes: ['TKR'],
  },
  {
    company: 'CV Solusi Digital Nusantara',
    title: 'Junior Web Developer',
    position: 'Web Developer',
    description: 'Membangun dan merawat aplikasi web klien (TypeScript, React, PostgreSQL) dalam tim kecil.',
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
    days: 40,
    target: 'alumni',
    majorCodes: ['RPL', 'TKJ'],
  },
  {
    company: 'PT Telkom Akses',
    title: 'Staf IT Support',
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
    days: 25,
    target: 'all',
    majorCodes: ['TKJ', 'RPL'],
  },
  {
    company: 'PT Bank Rakyat Indonesia (Persero) Tbk',
    title: 'Teller dan Customer Service',
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
    days: -10,
    target: 'all',
    majorCodes: ['AKL', 'OTKP'],
  },
  {
    company: 'PT Astra Otoparts Tbk',
    title: 'Operator Produksi',
    position: 'Operator Mesin',
    description: 'Mengoperasikan mesin produksi dan memeriksa kualitas hasil.',
    qualifications: '- Lulusan SMK semua jurusan teknik\n- Bersedia kerja shift',
    category: 'manufaktur',
    jobType: 'contract',
    city: 'Karawang',
    province: 'Jawa Barat',
    quota: 20,
    days: 20,
    target: 'all',
    isActive: false,
    majorCodes: ['TKR', 'TBSM', 'TAV'],
  },
]

/**
 * Adds the demo vacancies once (nothing when any vacancy exists already). Companies and majors
 * are looked up by name and code; a vacancy whose company or majors are missing is skipped.
 * Returns how many vacancies were added.
 */
export async function seedDemoVacancies(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(jobVacancies)
    if (n > 0) return 0
    const companyRows = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(
        inArray(
          companies.name,
          DEMO_VACANCIES.map((v) => v.company),
        ),
      )
    const majorRows = await tx
      .select({ id: majors.id, code: majors.code })
      .from(majors)
      .where(
        inArray(
          majors.code,
          DEMO_VACANCIES.flatMap((v) => v.majorCodes),
        ),
      )
    const [hrd] = await tx
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(sql`lower(${users.email}) = 'hrd@demo.test'`)
    const companyId = new Map(companyRows.map((c) => [c.name, c.id]))
    const majorId = new Map(majorRows.map((m) => [m.code, m.id]))

    let added = 0
    for (const { company, majorCodes, days, ...values } of DEMO_VACANCIES) {
      const cid = companyId.get(company)
      const mids = majorCodes.map((code) => majorId.get(code)).filter((id): id is number => id !== undefined)
      if (!cid || mids.length === 0) continue
      const [row] = await tx
        .insert(jobVacancies)
        .values({
          ...values,
          companyId: cid,
          deadline: sql`current_date + ${days}::int` as unknown as string,
          createdBy: hrd?.companyId === cid ? hrd.id : null,
        })
        .returning({ id: jobVacancies.id })
      await tx.insert(jobVacancyMajors).values(mids.map((mid) => ({ jobVacancyId: row.id, majorId: mid })))
      added++
    }
    return added
  })
}
