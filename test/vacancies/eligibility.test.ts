import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { applications } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anApplicant } from '../support/builders/applications.js'
import { aCompany, aMajor, deactivateCompany } from '../support/builders/org.js'
import { aVacancy, dayFromToday, type VacancyValues } from '../support/builders/vacancies.js'

const t = useTestApp()

/**
 * One company, one major, and a vacancy per condition of the open rule (DESIGN section 5):
 * active, not deleted, deadline not passed (today still counts), company active, the learner's
 * major among its majors, the learner's role within its target.
 */
type Key =
  | 'forAll'
  | 'forSiswa'
  | 'forAlumni'
  | 'otherMajor'
  | 'severalMajors'
  | 'inactive'
  | 'expired'
  | 'deadlineToday'
  | 'deleted'
  | 'inactiveCompany'
const v = {} as Record<Key, number>

const visibleTo = {
  siswa: ['forAll', 'forSiswa', 'severalMajors', 'deadlineToday'] as Key[],
  alumni: ['forAll', 'forAlumni', 'severalMajors', 'deadlineToday'] as Key[],
}

const reasonOf: Partial<Record<Key, { siswa: RegExp; alumni: RegExp }>> = {
  forSiswa: { siswa: /./, alumni: /hanya untuk siswa/ },
  forAlumni: { siswa: /hanya untuk alumni/, alumni: /./ },
  otherMajor: { siswa: /tidak untuk jurusan Anda/, alumni: /tidak untuk jurusan Anda/ },
  inactive: { siswa: /Lowongan sedang nonaktif/, alumni: /Lowongan sedang nonaktif/ },
  expired: { siswa: /Batas waktu pendaftaran sudah lewat/, alumni: /Batas waktu pendaftaran sudah lewat/ },
  inactiveCompany: { siswa: /Perusahaan sedang nonaktif/, alumni: /Perusahaan sedang nonaktif/ },
}

let majorId: number
beforeAll(async () => {
  majorId = (await aMajor(t)).id
  const otherMajor = (await aMajor(t)).id
  const company = (await aCompany(t)).id
  const closedCompany = (await aCompany(t)).id
  const mk = async (key: Key, values: VacancyValues = {}, o = {}) => {
    v[key] = (
      await aVacancy(t, {
        companyId: company,
        majorIds: [majorId],
        values: { title: key, ...values },
        ...o,
      })
    ).id
  }
  await mk('forAll')
  await mk('forSiswa', { target: 'siswa' })
  await mk('forAlumni', { target: 'alumni' })
  await mk('otherMajor', {}, { majorIds: [otherMajor] })
  await mk('severalMajors', {}, { majorIds: [otherMajor, majorId] })
  await mk('inactive', { isActive: false })
  await mk('expired', { deadline: await dayFromToday(t, -1) })
  await mk('deadlineToday', { deadline: await dayFromToday(t, 0) })
  await mk('deleted', { deletedAt: new Date() })
  await mk('inactiveCompany', {}, { companyId: closedCompany })
  await deactivateCompany(t, closedCompany)
})

const all = () => Object.keys(v) as Key[]

for (const role of ['siswa', 'alumni'] as const) {
  describe(`the open rule for ${role}`, () => {
    it('GET /api/job-vacancies lists exactly the vacancies open to them', async () => {
      const learner = await anApplicant(t, { role, majorId })
      const res = await call(t, 'GET', '/api/job-vacancies', { as: learner })
      expect(res.status).toBe(200)
      const titles = res.body.data.map((x: { title: string }) => x.title).sort()
      expect(titles).toEqual([...visibleTo[role]].sort())
      expect(res.body.meta.total).toBe(visibleTo[role].length)
    })

    it('GET /api/job-vacancies/:id is 200 for those and 404 for every other one', async () => {
      const learner = await anApplicant(t, { role, majorId })
      for (const key of all()) {
        const res = await call(t, 'GET', `/api/job-vacancies/${v[key]}`, { as: learner })
        if (visibleTo[role].includes(key)) {
          expect(res.status, key).toBe(200)
          expect(res.body.data, key).toMatchObject({
            id: v[key],
            canApply: true,
            reasons: [],
            application: null,
          })
        } else {
          expect(res.status, key).toBe(404)
          expect(res.body).toEqual({ success: false, message: 'Lowongan tidak ditemukan.', data: null })
        }
      }
    })

    it('POST /api/job-vacancies/:id/apply is 201 for those, 422 with the reason for the others, 404 when deleted', async () => {
      for (const key of all()) {
        const learner = await anApplicant(t, { role, majorId })
        const res = await call(t, 'POST', `/api/job-vacancies/${v[key]}/apply`, { as: learner, body: {} })
        const stored = await t.db
          .select()
          .from(applications)
          .where(eq(applications.studentId, learner.studentId))
        if (visibleTo[role].includes(key)) {
          expect(res.status, key).toBe(201)
          expect(stored, key).toHaveLength(1)
        } else if (key === 'deleted') {
          expect(res.status, key).toBe(404)
          expect(stored, key).toEqual([])
        } else {
          expect(res.status, key).toBe(422)
          expect(res.body.message, key).toMatch(/^Lowongan tidak dapat dilamar\./)
          expect(res.body.message, key).toMatch(reasonOf[key]![role])
          expect(stored, key).toEqual([])
        }
      }
    })
  })
}
