import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplication, anApplicationEvent } from '../support/builders/applications.js'
import { aPortfolioFile } from '../support/builders/files.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

/** NISN is unique among learners: each applicant of this file gets its own. */
let applicants = 0

async function applicant() {
  const nisn = `00712345${String(applicants++).padStart(2, '0')}`
  const hrd = await anHrd(t)
  const vacancy = await aVacancy(t, {
    companyId: hrd.companyId,
    values: { title: 'Teknisi' },
  })
  const siswa = await aStudent(t, {
    values: {
      fullName: 'Dewi Lestari',
      nisn,
      gender: 'P',
      birthPlace: 'Bandung',
      birthDate: '2007-05-17',
      religion: 'Islam',
      city: 'Bandung',
      province: 'Jawa Barat',
      email: 'dewi@contoh.id',
      summary: 'Suka merakit elektronik.',
      skills: ['Solder', 'Arduino'],
      education: [
        { level: 'SMK', institution: 'SMK Negeri 1', major: 'Elektronika', startYear: 2022, endYear: 2025 },
      ],
      socialMedia: { linkedin: 'https://linkedin.com/in/dewi', github: null },
    },
  })
  const cv = await aPortfolioFile(t, siswa.studentId, { category: 'cv', title: 'CV Dewi' })
  const award = await aPortfolioFile(t, siswa.studentId, { category: 'award', title: 'Juara LKS' })
  const letter = await aPortfolioFile(t, siswa.studentId, { category: 'decision_letter', title: 'SK' })
  const application = await anApplication(t, {
    vacancyId: vacancy.id,
    studentId: siswa.studentId,
    fileIds: [cv.id],
    values: { coverLetter: 'Dengan hormat, ...' },
  })
  const hidden = await anApplicationEvent(t, {
    applicationId: application.id,
    stage: 'selection_result',
    status: 'draft',
    notes: 'Belum diumumkan',
    visibleToApplicant: false,
    at: new Date(application.createdAt.getTime() + 1000),
  })
  return { hrd, vacancy, siswa, nisn, cv, award, letter, application, hidden }
}

describe('GET /api/hrd/applicant-reviews/:id', () => {
  it('admits only hrd', async () => {
    const a = await applicant()
    await expectRoles(t, 'GET', `/api/hrd/applicant-reviews/${a.application.id}`, ['hrd'])
  })

  it('shows the applicant profile, portfolio files, cover letter and the whole timeline', async () => {
    const a = await applicant()
    const res = await call(t, 'GET', `/api/hrd/applicant-reviews/${a.application.id}`, { as: a.hrd })
    expect(res.status).toBe(200)
    const d = res.body.data
    expect(d).toMatchObject({
      id: a.application.id,
      status: 'pending',
      applicant: { studentId: a.siswa.studentId, fullName: 'Dewi Lestari', role: 'siswa' },
      vacancy: { id: a.vacancy.id, title: 'Teknisi' },
      coverLetter: 'Dengan hormat, ...',
    })
    expect(d.profile).toEqual({
      nisn: a.nisn,
      gender: 'P',
      birthPlace: 'Bandung',
      birthDate: '2007-05-17',
      religion: 'Islam',
      address: 'Jl. Mawar No. 1',
      city: 'Bandung',
      province: 'Jawa Barat',
      phone: '081200000000',
      email: 'dewi@contoh.id',
      summary: 'Suka merakit elektronik.',
      socialMedia: { linkedin: 'https://linkedin.com/in/dewi', github: null },
      skills: ['Solder', 'Arduino'],
      education: [
        { level: 'SMK', institution: 'SMK Negeri 1', major: 'Elektronika', startYear: 2022, endYear: 2025 },
      ],
      withheld: false,
    })
    // The attached CV first, then the other portfolio files; never a decision letter.
    expect(d.files).toEqual([
      {
        id: a.cv.id,
        category: 'cv',
        title: 'CV Dewi',
        originalName: a.cv.originalName,
        mimeType: 'application/pdf',
        size: a.cv.size,
        downloadUrl: `/api/files/${a.cv.id}/download`,
        createdAt: a.cv.createdAt.toISOString(),
        attached: true,
      },
      expect.objectContaining({ id: a.award.id, category: 'award', attached: false }),
    ])
    expect(d.timeline).toEqual([
      {
        stage: 'applied',
        status: 'pending',
        notes: null,
        actor: 'Pelamar',
        at: a.application.createdAt.toISOString(),
      },
      {
        stage: 'selection_result',
        status: 'draft',
        notes: 'Belum diumumkan',
        actor: null,
        at: a.hidden.at.toISOString(),
      },
    ])
  })

  it('a learner who withdrew keeps their personal and contact data from the company; what they applied with stays', async () => {
    const a = await applicant()
    const withdrawn = await call(t, 'PATCH', `/api/my-applications/${a.application.id}/withdraw`, {
      as: a.siswa,
    })
    expect(withdrawn.status).toBe(200)
    const res = await call(t, 'GET', `/api/hrd/applicant-reviews/${a.application.id}`, { as: a.hrd })
    expect(res.status).toBe(200)
    expect(res.body.data.profile).toEqual({
      nisn: null,
      gender: null,
      birthPlace: null,
      birthDate: null,
      religion: null,
      address: null,
      city: null,
      province: null,
      phone: null,
      email: null,
      socialMedia: {},
      summary: 'Suka merakit elektronik.',
      skills: ['Solder', 'Arduino'],
      education: [
        { level: 'SMK', institution: 'SMK Negeri 1', major: 'Elektronika', startYear: 2022, endYear: 2025 },
      ],
      withheld: true,
    })
    expect(res.body.data).toMatchObject({
      status: 'withdrawn',
      applicant: { fullName: 'Dewi Lestari', nis: a.siswa.student.nis },
      coverLetter: 'Dengan hormat, ...',
    })
  })

  it('an applicant rejected has personal and contact data withheld too; one accepted keeps them', async () => {
    const hrd = await anHrd(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId })
    const rejected = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: (await aStudent(t, { values: { phone: '0811111' } })).studentId,
      status: 'rejected',
    })
    const accepted = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: (await aStudent(t, { values: { phone: '0822222' } })).studentId,
      status: 'accepted',
    })
    const no = await call(t, 'GET', `/api/hrd/applicant-reviews/${rejected.id}`, { as: hrd })
    const yes = await call(t, 'GET', `/api/hrd/applicant-reviews/${accepted.id}`, { as: hrd })
    expect(no.body.data.profile).toMatchObject({ phone: null, address: null, email: null, withheld: true })
    expect(yes.body.data.profile).toMatchObject({ phone: '0822222', withheld: false })
  })

  it("falls back to the account's e-mail when the learner record has none", async () => {
    const hrd = await anHrd(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId })
    const siswa = await aStudent(t, { values: { email: null } })
    const application = await anApplication(t, {
      vacancyId: vacancy.id,
      studentId: siswa.studentId,
    })
    const res = await call(t, 'GET', `/api/hrd/applicant-reviews/${application.id}`, { as: hrd })
    expect(res.body.data.profile.email).toBe(siswa.email)
    expect(res.body.data.files).toEqual([])
  })

  it("404 for an unknown id and, alike, for another company's applicant", async () => {
    const a = await applicant()
    const other = await anHrd(t)
    const foreign = await call(t, 'GET', `/api/hrd/applicant-reviews/${a.application.id}`, { as: other })
    const unknown = await call(t, 'GET', '/api/hrd/applicant-reviews/2000000000', { as: other })
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual({ success: false, message: 'Lamaran tidak ditemukan.', data: null })
    expect(unknown.body).toEqual(foreign.body)
  })

  it('404 once the vacancy is deleted', async () => {
    const a = await applicant()
    await t.db.update(jobVacancies).set({ deletedAt: new Date() }).where(eq(jobVacancies.id, a.vacancy.id))
    const res = await call(t, 'GET', `/api/hrd/applicant-reviews/${a.application.id}`, { as: a.hrd })
    expect(res.status).toBe(404)
  })

  it('422 for an id that is not a positive integer', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'GET', '/api/hrd/applicant-reviews/abc', { as: hrd })
    expect(res.status).toBe(422)
    expect(res.body.errors).toHaveProperty('id')
  })
})
