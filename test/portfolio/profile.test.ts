import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files, students } from '../../src/db/schema/index.js'
import { profileCompleteness } from '../../src/modules/portfolio/service.js'
import { call, useTestApp } from '../support/app.js'
import { anAccount, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { anUploadedFile } from '../support/builders/files.js'
import { aMajor } from '../support/builders/org.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

const studentRow = async (id: number) => (await t.db.select().from(students).where(eq(students.id, id)))[0]

describe('GET /api/siswa/portfolio/profile', () => {
  it('admits only siswa; the alumni route only alumni', async () => {
    await expectRoles(t, 'GET', '/api/siswa/portfolio/profile', ['siswa'])
    await expectRoles(t, 'GET', '/api/alumni/portfolio/profile', ['alumni'])
  })

  it('200 with the learner record, major, department, files and completeness', async () => {
    const major = await aMajor(t)
    const siswa = await aStudent(t, {
      majorId: major.id,
      values: {
        nisn: '0071234567',
        gender: 'L',
        birthPlace: 'Bekasi',
        religion: 'Islam',
        city: 'Bekasi',
        province: 'Jawa Barat',
        email: 'budi@mail.test',
        skills: ['Sistem rem'],
        education: [{ level: 'SMP', institution: 'SMP Negeri 3 Bekasi', startYear: 2020, endYear: 2023 }],
        socialMedia: { instagram: '@budi' },
      },
    })
    const cv = await anUploadedFile(t, siswa, { category: 'cv', title: 'CV', filename: 'cv.pdf' })
    const res = await call(t, 'GET', '/api/siswa/portfolio/profile', { as: siswa })
    expect(res.status).toBe(200)
    const s = siswa.student
    expect(res.body.data).toEqual({
      id: s.id,
      nis: s.nis,
      nisn: '0071234567',
      fullName: s.fullName,
      className: 'XII A',
      graduationYear: null,
      major: { id: major.id, code: major.code, name: major.name },
      department: { id: major.departmentId, code: expect.any(String), name: expect.any(String) },
      gender: 'L',
      birthPlace: 'Bekasi',
      birthDate: '2007-01-01',
      religion: 'Islam',
      address: 'Jl. Mawar No. 1',
      city: 'Bekasi',
      province: 'Jawa Barat',
      phone: '081200000000',
      email: 'budi@mail.test',
      summary: null,
      skills: ['Sistem rem'],
      education: [
        { level: 'SMP', institution: 'SMP Negeri 3 Bekasi', major: null, startYear: 2020, endYear: 2023 },
      ],
      socialMedia: {
        linkedin: null,
        instagram: '@budi',
        github: null,
        facebook: null,
        tiktok: null,
        website: null,
      },
      files: [{ ...cv, createdAt: expect.any(String) }],
      completeness: { complete: true, missing: [] },
      updatedAt: expect.any(String),
    })
  })

  it('lists what is missing, and never shows decision letters or other learners’ files', async () => {
    const siswa = await aStudent(t, { values: { phone: null, address: '  ', birthDate: null } })
    const other = await aStudent(t)
    await anUploadedFile(t, other, { category: 'cv' })
    await t.db.insert(files).values({
      studentId: siswa.studentId,
      category: 'decision_letter',
      title: 'Surat keputusan',
      originalName: 'sk.pdf',
      mimeType: 'application/pdf',
      size: 10,
      storageKey: `test/sk-${siswa.studentId}`,
    })
    const res = await call(t, 'GET', '/api/siswa/portfolio/profile', { as: siswa })
    expect(res.status).toBe(200)
    expect(res.body.data.files).toEqual([])
    expect(res.body.data.completeness).toEqual({
      complete: false,
      missing: ['phone', 'address', 'birth_date', 'cv'],
    })
    expect(await profileCompleteness(t.db, siswa.studentId)).toEqual(res.body.data.completeness)
  })

  it('shows an alumnus their own record on the alumni route', async () => {
    const alumni = await anAlumnus(t)
    const res = await call(t, 'GET', '/api/alumni/portfolio/profile', { as: alumni })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: alumni.studentId, graduationYear: 2024 })
  })

  it('404 for an account without a learner record', async () => {
    const orphan = await anAccount(t, 'siswa')
    const res = await call(t, 'GET', '/api/siswa/portfolio/profile', { as: orphan })
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, data: null })
  })
})

describe('profileCompleteness()', () => {
  it('is complete with phone, address, birth date and a CV; a certificate is not a CV', async () => {
    const siswa = await aStudent(t)
    expect(await profileCompleteness(t.db, siswa.studentId)).toEqual({ complete: false, missing: ['cv'] })
    await anUploadedFile(t, siswa, { category: 'certificate' })
    expect((await profileCompleteness(t.db, siswa.studentId)).missing).toEqual(['cv'])
    await anUploadedFile(t, siswa, { category: 'cv' })
    expect(await profileCompleteness(t.db, siswa.studentId)).toEqual({ complete: true, missing: [] })
    expect((await profileCompleteness(t.db, 2147483000)).complete).toBe(false)
  })
})

describe('GET /api/siswa/portfolio/options', () => {
  it('admits only the route’s role', async () => {
    await expectRoles(t, 'GET', '/api/siswa/portfolio/options', ['siswa'])
    await expectRoles(t, 'GET', '/api/alumni/portfolio/options', ['alumni'])
  })

  it('200 with categories, skills, statuses, genders and religions', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'GET', '/api/siswa/portfolio/options', { as: siswa })
    expect(res.status).toBe(200)
    expect(res.body.data.categories).toEqual([
      { value: 'certificate', label: 'Sertifikat' },
      { value: 'award', label: 'Penghargaan' },
      { value: 'cv', label: 'CV / Daftar riwayat hidup' },
      { value: 'transcript', label: 'Transkrip nilai' },
      { value: 'other', label: 'Lainnya' },
    ])
    expect(res.body.data.genders).toEqual([
      { value: 'L', label: 'Laki-laki' },
      { value: 'P', label: 'Perempuan' },
    ])
    expect(res.body.data.skills.length).toBeGreaterThan(10)
    expect(res.body.data.statuses).toContainEqual({ value: 'siswa_aktif', label: expect.any(String) })
    expect(res.body.data.statuses).toContainEqual({ value: 'bekerja', label: expect.any(String) })
    expect(res.body.data.religions.map((r: { value: string }) => r.value)).toContain('Islam')
  })
})

describe('PUT /api/siswa/portfolio/profile', () => {
  it('admits only the route’s role', async () => {
    await expectRoles(t, 'PUT', '/api/siswa/portfolio/profile', ['siswa'], {})
    await expectRoles(t, 'PUT', '/api/alumni/portfolio/profile', ['alumni'], {})
  })

  it('200 with the updated profile; stores biodata, contact, skills, education and social media', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: {
        gender: 'P',
        birth_place: ' Bandung ',
        birth_date: '2007-08-17',
        religion: 'Katolik',
        address: 'Jl. Melati 2',
        city: 'Bandung',
        province: 'Jawa Barat',
        phone: '+6281234567890',
        email: 'Siti@Mail.Test',
        summary: 'Siswa TKJ yang suka jaringan.',
        skills: ['Mikrotik', ' mikrotik ', 'Cisco'],
        education: [{ level: 'SMP', institution: 'SMPN 1 Bandung', start_year: 2019, end_year: 2022 }],
        social_media: { linkedin: 'https://www.linkedin.com/in/siti', github: 'siti-dev' },
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Profil berhasil diperbarui.')
    expect(res.body.data).toMatchObject({
      gender: 'P',
      birthPlace: 'Bandung',
      birthDate: '2007-08-17',
      religion: 'Katolik',
      phone: '+6281234567890',
      email: 'siti@mail.test',
      skills: ['Mikrotik', 'Cisco'],
      education: [
        { level: 'SMP', institution: 'SMPN 1 Bandung', major: null, startYear: 2019, endYear: 2022 },
      ],
      socialMedia: { linkedin: 'https://www.linkedin.com/in/siti', github: 'siti-dev', instagram: null },
    })
    const row = await studentRow(siswa.studentId)
    expect(row).toMatchObject({
      gender: 'P',
      birthPlace: 'Bandung',
      birthDate: '2007-08-17',
      city: 'Bandung',
      summary: 'Siswa TKJ yang suka jaringan.',
      skills: ['Mikrotik', 'Cisco'],
      education: [
        { level: 'SMP', institution: 'SMPN 1 Bandung', major: null, startYear: 2019, endYear: 2022 },
      ],
      socialMedia: { linkedin: 'https://www.linkedin.com/in/siti', github: 'siti-dev' },
    })
    expect(row.updatedAt.getTime()).toBeGreaterThan(siswa.student.updatedAt.getTime() - 1)
  })

  it('keeps absent fields, clears null ones and merges social media key by key', async () => {
    const siswa = await aStudent(t, {
      values: { city: 'Bekasi', summary: 'lama', socialMedia: { instagram: '@lama', github: 'lama' } },
    })
    const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: { summary: null, city: '', social_media: { github: null, tiktok: '@baru' } },
    })
    expect(res.status).toBe(200)
    const row = await studentRow(siswa.studentId)
    expect(row).toMatchObject({
      summary: null,
      city: null,
      phone: '081200000000',
      address: 'Jl. Mawar No. 1',
    })
    expect(row.socialMedia).toEqual({ instagram: '@lama', tiktok: '@baru' })
    expect(res.body.data.completeness.missing).toEqual(['cv'])
  })

  it('ignores NIS, name, major and class: they belong to the school', async () => {
    const siswa = await aStudent(t)
    const other = await aMajor(t)
    const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: {
        nis: 'HACK',
        full_name: 'Hacker',
        major_id: other.id,
        class_name: 'XII Z',
        graduation_year: 2020,
        city: 'Depok',
      },
    })
    expect(res.status).toBe(200)
    const row = await studentRow(siswa.studentId)
    expect(row).toMatchObject({
      nis: siswa.student.nis,
      fullName: siswa.student.fullName,
      majorId: siswa.majorId,
      className: 'XII A',
      graduationYear: null,
      city: 'Depok',
    })
  })

  it('422 with a message per field for bad values, and stores nothing', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: {
        gender: 'X',
        birth_date: '17-08-2007',
        religion: 'Jedi',
        phone: '12345',
        email: 'bukan-email',
        summary: 'x'.repeat(2001),
        skills: Array.from({ length: 31 }, (_, i) => `skill ${i}`),
        education: [{ level: 'SMP' }],
        social_media: { website: 'javascript:alert(1)', myspace: 'x' },
      },
    })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ success: false, data: null })
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'birth_date',
      'education.0.institution',
      'email',
      'gender',
      'phone',
      'religion',
      'skills',
      'social_media.website',
      'summary',
    ])
    expect(res.body.errors.phone).toEqual(['harus nomor HP Indonesia, mis. 0812-3456-7890'])
    expect(res.body.errors.skills).toEqual(['maksimal 30 item'])
    const row = await studentRow(siswa.studentId)
    expect(row).toMatchObject({ phone: '081200000000', gender: null, email: null })
  })

  // Most people copy a profile's address without "https://" ("instagram.com/andi_pratama"): it was refused with
  // "formatnya tidak valid", which said nothing of what to write (found in a browser audit of a learner's week).
  it('a profile address copied without https:// is stored with it; a refused one is told what to write', async () => {
    const siswa = await aStudent(t)
    const saved = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: {
        social_media: {
          instagram: 'instagram.com/andi_pratama',
          linkedin: 'www.linkedin.com/in/andi-pratama',
          tiktok: '@andi.pratama',
        },
      },
    })
    expect(saved.status).toBe(200)
    expect((await studentRow(siswa.studentId)).socialMedia).toEqual({
      instagram: 'https://instagram.com/andi_pratama',
      linkedin: 'https://www.linkedin.com/in/andi-pratama',
      tiktok: '@andi.pratama',
    })
    const refused = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: { social_media: { instagram: 'andi pratama' } },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual({
      'social_media.instagram': [
        'harus alamat profil (mis. instagram.com/nama.akun atau https://www.linkedin.com/in/nama) atau nama akun (mis. @nama.akun)',
      ],
    })
  })

  it('422 for a birth date in the future and an education that ends before it starts', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: {
        birth_date: '2999-01-01',
        education: [
          { level: 'SD', institution: 'SDN 1', start_year: 2013, end_year: 2019 },
          { level: 'SMP', institution: 'SMPN 1', start_year: 2022, end_year: 2019 },
        ],
      },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['birth_date', 'education.1.end_year'])
    expect((await studentRow(siswa.studentId)).birthDate).toBe('2007-01-01')
  })

  it('422 for an education entry whose level and institution are only spaces; nothing stored', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: { education: [{ level: '   ', institution: ' \t ', start_year: 2020, end_year: 2023 }] },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      'education.0.level': ['tidak boleh kosong'],
      'education.0.institution': ['tidak boleh kosong'],
    })
    expect((await studentRow(siswa.studentId)).education).toEqual([])
  })

  it('accepts the Indonesian phone forms 08…, 628… and +628…', async () => {
    const siswa = await aStudent(t)
    for (const phone of ['081234567', '6281234567890', '+62812345678901']) {
      const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', { as: siswa, body: { phone } })
      expect(res.status, phone).toBe(200)
      expect((await studentRow(siswa.studentId)).phone).toBe(phone)
    }
    for (const phone of ['0212345678', '08123', '+1 555 1234567', '0812345678901234']) {
      const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', { as: siswa, body: { phone } })
      expect(res.status, phone).toBe(422)
    }
  })

  it('updates an alumnus through the alumni route', async () => {
    const alumni = await anAlumnus(t)
    const res = await call(t, 'PUT', '/api/alumni/portfolio/profile', {
      as: alumni,
      body: { city: 'Cikarang' },
    })
    expect(res.status).toBe(200)
    expect((await studentRow(alumni.studentId)).city).toBe('Cikarang')
  })
})

describe('a mobile number as people write it', () => {
  // "0812-3456-7890" was refused with "formatnya tidak valid", which said neither what was wrong nor what to
  // write, while the roster import took the same number (found by the forms audit).
  it('the learner writes it with dashes, spaces or dots: stored as digits', async () => {
    const siswa = await aStudent(t)
    for (const [typed, stored] of [
      ['0812-3456-7890', '081234567890'],
      [' 0812 3456 7890 ', '081234567890'],
      ['+62 (812) 3456.7890', '+6281234567890'],
    ]) {
      const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', { as: siswa, body: { phone: typed } })
      expect(res.status).toBe(200)
      expect(res.body.data.phone).toBe(stored)
      expect((await studentRow(siswa.studentId)).phone).toBe(stored)
    }
  })

  it('one that is no mobile number is refused at the field, saying what to write; nothing is stored', async () => {
    const siswa = await aStudent(t, { values: { phone: '081200000000' } })
    for (const typed of ['021-460-3550', 'nomor saya', '0812']) {
      const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', { as: siswa, body: { phone: typed } })
      expect(res.status).toBe(422)
      expect(res.body.errors).toEqual({ phone: ['harus nomor HP Indonesia, mis. 0812-3456-7890'] })
    }
    expect((await studentRow(siswa.studentId)).phone).toBe('081200000000')
  })

  it("staff's learner form takes it the same way", async () => {
    const admin = await anAccount(t, 'admin')
    const siswa = await aStudent(t)
    const res = await call(t, 'PUT', `/api/admin/students/${siswa.studentId}`, {
      as: admin,
      body: { phone: '0857 1234 5678' },
    })
    expect(res.status).toBe(200)
    expect((await studentRow(siswa.studentId)).phone).toBe('085712345678')
  })
})
