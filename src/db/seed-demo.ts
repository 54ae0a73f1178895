import { count } from 'drizzle-orm'
import { hashPassword } from '../modules/auth/passwords.js'
import { seedDemoVacancies } from '../modules/vacancies/demo.js'
import type { Db } from './client.js'
import { companies, departments, majors, students, users } from './schema/index.js'

export const DEMO_PASSWORD = 'password123'

export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.test', role: 'superadmin', fullName: 'Super Admin BKK' },
  { email: 'admin@demo.test', role: 'admin', fullName: 'Rina Wulandari (Admin BKK)' },
  { email: 'hrd@demo.test', role: 'hrd', fullName: 'Budi Santoso (HRD PT Astra Otoparts)' },
  { email: 'siswa@demo.test', role: 'siswa', fullName: 'Andi Pratama' },
  { email: 'alumni@demo.test', role: 'alumni', fullName: 'Siti Nurhaliza' },
] as const

/** True when the database holds no account yet: the only time demo data is written. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users)
  return n === 0
}

/** A small, realistic SMK: four departments, their majors, partner companies and the five demo accounts. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction(async (tx) => {
    const deps = await tx
      .insert(departments)
      .values([
        { code: 'TIK', name: 'Teknologi Informasi dan Komunikasi' },
        { code: 'TO', name: 'Teknik Otomotif' },
        { code: 'BDP', name: 'Bisnis dan Manajemen' },
        { code: 'TE', name: 'Teknik Elektronika' },
      ])
      .returning()
    const dep = Object.fromEntries(deps.map((d) => [d.code, d.id]))
    const ms = await tx
      .insert(majors)
      .values([
        { departmentId: dep.TIK, code: 'TKJ', name: 'Teknik Komputer dan Jaringan' },
        { departmentId: dep.TIK, code: 'RPL', name: 'Rekayasa Perangkat Lunak' },
        { departmentId: dep.TIK, code: 'MM', name: 'Multimedia' },
        { departmentId: dep.TO, code: 'TKR', name: 'Teknik Kendaraan Ringan' },
        { departmentId: dep.TO, code: 'TBSM', name: 'Teknik dan Bisnis Sepeda Motor' },
        { departmentId: dep.BDP, code: 'AKL', name: 'Akuntansi dan Keuangan Lembaga' },
        { departmentId: dep.BDP, code: 'OTKP', name: 'Otomatisasi dan Tata Kelola Perkantoran' },
        { departmentId: dep.TE, code: 'TAV', name: 'Teknik Audio Video' },
      ])
      .returning()
    const major = Object.fromEntries(ms.map((m) => [m.code, m.id]))
    const cs = await tx
      .insert(companies)
      .values([
        {
          name: 'PT Astra Otoparts Tbk',
          industry: 'Otomotif',
          email: 'rekrutmen@astra-otoparts.example',
          phone: '021-4603550',
          address: 'Jl. Raya Pegangsaan Dua Km 2,2',
          city: 'Jakarta Utara',
          province: 'DKI Jakarta',
          website: 'https://www.astra-otoparts.example',
        },
        {
          name: 'PT Telkom Akses',
          industry: 'Telekomunikasi',
          email: 'karir@telkomakses.example',
          phone: '022-4521510',
          address: 'Jl. Supratman No. 62',
          city: 'Bandung',
          province: 'Jawa Barat',
        },
        {
          name: 'PT Bank Rakyat Indonesia (Persero) Tbk',
          industry: 'Perbankan',
          email: 'hc@bri.example',
          city: 'Semarang',
          province: 'Jawa Tengah',
        },
        {
          name: 'CV Solusi Digital Nusantara',
          industry: 'Teknologi Informasi',
          email: 'hello@solusidigital.example',
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
      ])
      .returning()
    const accounts = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          email: a.email,
          fullName: a.fullName,
          role: a.role,
          passwordHash,
          companyId: a.role === 'hrd' ? cs[0].id : null,
        })),
      )
      .returning()
    const account = Object.fromEntries(accounts.map((a) => [a.role, a.id]))
    await tx.insert(students).values([
      {
        userId: account.siswa,
        nis: '2223101001',
        nisn: '0061234567',
        fullName: 'Andi Pratama',
        majorId: major.TKR,
        className: 'XII TKR 1',
        gender: 'L',
        birthPlace: 'Bekasi',
        birthDate: '2008-03-14',
        address: 'Jl. Melati No. 12, Bekasi Timur',
        city: 'Bekasi',
        province: 'Jawa Barat',
        phone: '081234567801',
        email: 'siswa@demo.test',
        skills: ['Servis berkala', 'Sistem rem', 'Kelistrikan bodi'],
        education: [{ level: 'SMP', institution: 'SMP Negeri 3 Bekasi', startYear: 2020, endYear: 2023 }],
      },
      {
        userId: account.alumni,
        nis: '2021101042',
        fullName: 'Siti Nurhaliza',
        majorId: major.RPL,
        className: 'XII RPL 2',
        graduationYear: 2025,
        gender: 'P',
        birthPlace: 'Bandung',
        birthDate: '2006-11-02',
        address: 'Jl. Dago No. 88',
        city: 'Bandung',
        province: 'Jawa Barat',
        phone: '081234567802',
        email: 'alumni@demo.test',
        skills: ['TypeScript', 'React', 'SQL'],
        socialMedia: {
          github: 'https://github.com/sitinur',
          linkedin: 'https://www.linkedin.com/in/sitinur',
        },
      },
      {
        nis: '2223101002',
        fullName: 'Dewi Lestari',
        majorId: major.AKL,
        className: 'XII AKL 1',
        gender: 'P',
      },
      {
        nis: '2223101003',
        fullName: 'Rizky Ramadhan',
        majorId: major.TKJ,
        className: 'XII TKJ 1',
        gender: 'L',
      },
      {
        nis: '2223101004',
        fullName: 'Fajar Nugroho',
        majorId: major.RPL,
        className: 'XII RPL 1',
        gender: 'L',
      },
      {
        nis: '2122101005',
        fullName: 'Putri Ayu',
        majorId: major.TKJ,
        className: 'XII TKJ 2',
        graduationYear: 2024,
        gender: 'P',
      },
    ])
  })
  // Later parts of the workflow add their own demo rows on top of the master data.
  await seedDemoVacancies(db)
}
