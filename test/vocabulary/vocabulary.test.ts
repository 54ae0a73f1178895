import { describe, expect, it } from 'vitest'
import * as schema from '../../src/db/schema/index.js'
import { TRANSITIONS } from '../../src/modules/application-lifecycle/transitions.js'
import { MESSAGE_CHANNELS } from '../../src/modules/messages/catalogue.js'
import { GENDERS, PORTFOLIO_CATEGORIES, RELIGIONS } from '../../src/modules/portfolio/options.js'
import { COMPLETENESS_ITEMS } from '../../src/modules/portfolio/service.js'
import { SCHEDULE_STATUSES } from '../../src/modules/schedules/schemas.js'
import { FIELDS_BY_STATUS } from '../../src/modules/tracer-study/service.js'
import { CATEGORY_VALUES } from '../../src/modules/vacancies/service.js'
import { call, useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'

const t = useTestApp()
const en = { 'accept-language': 'en' }

type Term = { code: string; label: string }
const codes = (terms: Term[]) => terms.map((x) => x.code)
const labelIn = (terms: Term[], code: string) => terms.find((x) => x.code === code)?.label

/**
 * Every code list the service defines, with the vocabulary group that words it: the database's enums,
 * and the lists kept in code (stages, categories, schedule states, profile gaps, form choices).
 */
const CODE_LISTS: [string, readonly string[]][] = [
  ['role', schema.ROLES],
  ['jobType', schema.JOB_TYPES],
  ['target', schema.VACANCY_TARGETS],
  ['applicationStatus', schema.APPLICATION_STATUSES],
  ['reviewDecision', schema.REVIEW_DECISIONS],
  ['selectionDecision', schema.SELECTION_DECISIONS],
  ['testKind', schema.TEST_KINDS],
  ['attendance', schema.ATTENDANCE_STATUSES],
  ['validation', schema.VALIDATION_STATUSES],
  ['placementStatus', schema.PLACEMENT_STATUSES],
  ['placementSource', schema.PLACEMENT_SOURCES],
  ['approvalStatus', schema.APPROVAL_STATUSES],
  ['careerStatus', schema.CAREER_STATUSES],
  ['jobFit', schema.JOB_FITS],
  ['fileCategory', schema.FILE_CATEGORIES],
  ['category', CATEGORY_VALUES],
  ['scheduleStatus', SCHEDULE_STATUSES],
  ['profileGap', COMPLETENESS_ITEMS],
  ['gender', GENDERS],
  ['religion', RELIGIONS],
  ['registrationStatus', schema.REGISTRATION_STATUSES],
  ['importAction', schema.IMPORT_ACTIONS],
  ['messageChannel', MESSAGE_CHANNELS],
  // Every stage the lifecycle writes, and no other.
  ['stage', [...new Set(Object.values(TRANSITIONS).map((m) => m.stage))]],
]

describe('GET /api/vocabulary', () => {
  it('answers without a token, in Indonesian by default', async () => {
    const res = await call(t, 'GET', '/api/vocabulary')
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.message).toBe('Berhasil.')
    const v = res.body.data
    expect(v.applicationStatus).toEqual([
      { code: 'pending', label: 'Menunggu seleksi berkas' },
      { code: 'in_progress', label: 'Dalam proses seleksi' },
      { code: 'accepted', label: 'Diterima' },
      { code: 'rejected', label: 'Tidak lolos' },
      { code: 'withdrawn', label: 'Lamaran dibatalkan' },
    ])
    expect(labelIn(v.testKind, 'tes_tulis')).toBe('Tes tertulis')
    expect(labelIn(v.careerStatus, 'lanjut_studi')).toBe('Melanjutkan studi')
    expect(labelIn(v.category, 'akuntansi_keuangan')).toBe('Akuntansi, Perbankan dan Keuangan')
    expect(labelIn(v.target, 'siswa')).toBe('Siswa kelas XII')
    expect(labelIn(v.stage, 'document_review')).toBe('Seleksi berkas')
    expect(labelIn(v.notificationKind, 'test.reminder')).toBe('Pengingat tes')
  })

  it('answers in English with Accept-Language: en, with the same codes in the same order', async () => {
    const id = (await call(t, 'GET', '/api/vocabulary')).body.data
    const res = await call(t, 'GET', '/api/vocabulary', { headers: { 'accept-language': 'en-US,en;q=0.9' } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Done.')
    const v = res.body.data
    expect(labelIn(v.applicationStatus, 'pending')).toBe('Awaiting document review')
    expect(labelIn(v.testKind, 'psikotes')).toBe('Psychological test')
    expect(labelIn(v.careerStatus, 'bekerja')).toBe('Employed')
    expect(labelIn(v.role, 'admin')).toBe('Career center admin')
    expect(Object.keys(v)).toEqual(Object.keys(id))
    for (const group of Object.keys(id)) expect(codes(v[group]), group).toEqual(codes(id[group]))
  })

  it.each(CODE_LISTS)(
    '%s: every code the service defines, each labelled in both languages',
    async (group, list) => {
      const [id, english] = await Promise.all([
        call(t, 'GET', '/api/vocabulary'),
        call(t, 'GET', '/api/vocabulary', { headers: en }),
      ])
      const terms: Term[] = id.body.data[group]
      expect(terms, `group ${group}`).toBeDefined()
      expect(new Set(codes(terms))).toEqual(new Set(list))
      for (const term of [...terms, ...english.body.data[group]])
        expect(term.label.trim(), term.code).not.toBe('')
    },
  )

  it('the portfolio categories are file categories', async () => {
    const v = (await call(t, 'GET', '/api/vocabulary')).body.data
    expect(PORTFOLIO_CATEGORIES.filter((c) => !codes(v.fileCategory).includes(c))).toEqual([])
  })

  it("carries the tracer study's field rule of each career status", async () => {
    const v = (await call(t, 'GET', '/api/vocabulary')).body.data
    for (const status of schema.CAREER_STATUSES) {
      const term = v.careerStatus.find((x: Term) => x.code === status)
      expect(term, status).toMatchObject({
        required: [...FIELDS_BY_STATUS[status].required],
        optional: [...FIELDS_BY_STATUS[status].optional],
      })
    }
    expect(v.careerStatus.find((x: Term) => x.code === 'wirausaha').optional).toEqual(['job_title'])
    expect(v.careerStatus.find((x: Term) => x.code === 'mencari_kerja')).toMatchObject({
      required: [],
      optional: [],
    })
  })

  it("says which group words a timeline row's status at each stage", async () => {
    const v = (await call(t, 'GET', '/api/vocabulary')).body.data
    const groupOf = (stage: string) => v.stage.find((x: Term) => x.code === stage)?.statusGroup
    expect(groupOf('applied')).toBe('applicationStatus')
    expect(groupOf('document_review')).toBe('reviewDecision')
    expect(groupOf('test_scheduled')).toBe('testKind')
    expect(groupOf('test_attendance')).toBe('attendance')
    expect(groupOf('selection_published')).toBe('selectionDecision')
    for (const stage of v.stage) expect(Object.keys(v), stage.code).toContain(stage.statusGroup)
  })

  it('is described in the OpenAPI document', async () => {
    const doc = (await call(t, 'GET', '/openapi.json')).body
    const op = doc.paths['/api/vocabulary'].get
    const data = op.responses['200'].content['application/json'].schema.properties.data
    expect(data.properties.applicationStatus.items.properties.code.enum).toEqual([
      ...schema.APPLICATION_STATUSES,
    ])
    expect(data.properties.careerStatus.items.properties.required).toBeDefined()
  })
})

describe('messages follow Accept-Language', () => {
  it('a success message: Indonesian by default, English on request', async () => {
    const major = await aMajor(t)
    const a = await aVacancy(t, { majorIds: [major.id] })
    const b = await aVacancy(t, { majorIds: [major.id] })
    const learner = await anApplicant(t, { majorId: major.id })
    const id = await call(t, 'POST', `/api/job-vacancies/${a.id}/apply`, { as: learner, body: {} })
    expect(id.status).toBe(201)
    expect(id.body.message).toBe('Lamaran berhasil dikirim.')
    const english = await call(t, 'POST', `/api/job-vacancies/${b.id}/apply`, {
      as: learner,
      body: {},
      headers: en,
    })
    expect(english.status).toBe(201)
    expect(english.body.message).toBe('Application sent.')
  })

  it("a vacancy's reasons and the refusal to apply, in English on request", async () => {
    const major = await aMajor(t)
    const open = await aVacancy(t, { majorIds: [major.id] })
    const closed = await aVacancy(t, {
      majorIds: [major.id],
      values: { deadline: '2020-01-31' },
    })
    const learner = await anApplicant(t, { majorId: major.id })
    await call(t, 'POST', `/api/job-vacancies/${open.id}/apply`, { as: learner, body: {} })
    const detail = await call(t, 'GET', `/api/job-vacancies/${open.id}`, { as: learner, headers: en })
    expect(detail.body.data.reasons).toEqual(['You have already applied to this vacancy.'])

    const refused = await call(t, 'POST', `/api/job-vacancies/${closed.id}/apply`, {
      as: learner,
      body: {},
      headers: en,
    })
    expect(refused.status).toBe(422)
    expect(refused.body.message).toBe('This vacancy is not open to you. The application deadline has passed.')

    const noCv = await aStudent(t, { majorId: major.id })
    const incomplete = await call(t, 'POST', `/api/job-vacancies/${open.id}/apply`, {
      as: noCv,
      body: {},
      headers: en,
    })
    expect(incomplete.status).toBe(422)
    expect(incomplete.body.message).toBe('Your profile is incomplete: a CV (upload it to the portfolio).')
  })
})
