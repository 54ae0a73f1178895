import type { Role } from '../../src/db/schema/index.js'

/** The records a route's ids point to, all of one company (A) and one learner of it. */
export interface Fixture {
  companyId: number
  vacancyId: number
  applicationId: number
  fileId: number
  scheduleId: number
  participantId: number
  placementId: number
  notificationId: number
  learnerFileId: number
}

export interface RouteRule {
  /** Who may call it; `everyone` is any logged-in account, `public` needs no token. */
  allow: readonly Role[] | 'everyone' | 'public'
  /**
   * `company`: HR of another company gets 404 for company A's record. `owner`: another learner gets
   * 404 for the learner's record.
   */
  scope?: readonly ('company' | 'owner')[]
  /** Path parameters pointing at the fixture's records (for the scope check). */
  params?: (f: Fixture) => Record<string, number>
  /** A valid body, so that the ownership check is what answers. */
  body?: Record<string, unknown>
  /**
   * An HR route that career-center staff may also use, only for an active company without an active HR
   * account (src/http/scope.ts): admin and superadmin get 403 on company A (it has HR) and are let through
   * on the HR-less company B. `company_id` routes get the company as a query parameter; `staffBody` is a
   * valid body for the fixture's company (the schema answers before the company is looked at).
   */
  staffActs?: true
  staffBody?: (f: Fixture) => Record<string, unknown>
}

const ADMIN = ['admin', 'superadmin'] as const
const SUPER = ['superadmin'] as const
const HRD = ['hrd'] as const
const LEARNERS = ['siswa', 'alumni'] as const
/** HR, and staff acting for a company without HR (`staffActs`). */
const HRD_STAFF = ['hrd', ...ADMIN] as const
const acting = { staffActs: true } as const

const company = (params: RouteRule['params']): Pick<RouteRule, 'scope' | 'params'> => ({
  scope: ['company'],
  params,
})
const vacancy = company((f) => ({ id: f.vacancyId }))
const application = company((f) => ({ id: f.applicationId }))
const schedule = company((f) => ({ id: f.scheduleId }))
const participant = company((f) => ({ id: f.scheduleId, participantId: f.participantId }))
const result = company((f) => ({ applicationId: f.applicationId }))
const placement = company((f) => ({ id: f.placementId }))
/** A valid body of an outside placement (the record's company is checked before the learner). */
const OUTSIDE_PLACEMENT = { alumni_id: 1, position: 'Operator', accepted_date: '2025-01-15' }

/**
 * THE authorization table: every route the service registers, who may call it and how its records
 * are scoped. A route missing here, or an entry without a route, fails the matrix test.
 */
export const ROUTES: Record<string, RouteRule> = {
  'GET /health': { allow: 'public' },
  'GET /ready': { allow: 'public' },
  'POST /api/login': { allow: 'public' },
  'GET /api/vocabulary': { allow: 'public' },
  'GET /api/me': { allow: 'everyone' },
  'POST /api/logout': { allow: 'everyone' },
  'POST /api/forgot-password': { allow: 'public' },
  'POST /api/reset-password/check': { allow: 'public' },
  'POST /api/reset-password': { allow: 'public' },
  'POST /api/change-password': { allow: 'everyone' },

  'GET /api/admin/users': { allow: SUPER },
  'GET /api/admin/users/:id': { allow: SUPER },
  'POST /api/admin/users': { allow: SUPER },
  'PUT /api/admin/users/:id': { allow: SUPER },
  'PATCH /api/admin/users/:id/toggle-active': { allow: SUPER },
  'POST /api/admin/users/:id/reset-password': { allow: SUPER },
  'POST /api/admin/users/:id/password-reset': { allow: ADMIN },
  'DELETE /api/admin/users/:id': { allow: SUPER },

  'GET /api/admin/departments': { allow: ADMIN },
  'GET /api/admin/departments/options': { allow: ADMIN },
  'GET /api/admin/departments/:id': { allow: ADMIN },
  'POST /api/admin/departments': { allow: ADMIN },
  'PUT /api/admin/departments/:id': { allow: ADMIN },
  'DELETE /api/admin/departments/:id': { allow: ADMIN },
  'GET /api/admin/majors': { allow: ADMIN },
  'GET /api/admin/majors/options': { allow: ADMIN },
  'GET /api/admin/majors/:id': { allow: ADMIN },
  'POST /api/admin/majors': { allow: ADMIN },
  'PUT /api/admin/majors/:id': { allow: ADMIN },
  'DELETE /api/admin/majors/:id': { allow: ADMIN },
  'GET /api/admin/companies': { allow: ADMIN },
  'GET /api/admin/companies/options': { allow: ADMIN },
  'GET /api/admin/companies/:id': { allow: ADMIN },
  'POST /api/admin/companies': { allow: ADMIN },
  'PUT /api/admin/companies/:id': { allow: ADMIN },
  'PATCH /api/admin/companies/:id/toggle-active': { allow: ADMIN },
  'DELETE /api/admin/companies/:id': { allow: ADMIN },
  'POST /api/admin/companies/:id/hr-accounts': { allow: ADMIN },
  'DELETE /api/admin/companies/:id/hr-accounts/:userId': { allow: ADMIN },
  'POST /api/company-registrations': { allow: 'public' },
  'POST /api/company-registrations/confirm': { allow: 'public' },
  'GET /api/admin/company-registrations': { allow: ADMIN },
  'GET /api/admin/company-registrations/:id': { allow: ADMIN },
  'POST /api/admin/company-registrations/:id/approve': { allow: ADMIN },
  'POST /api/admin/company-registrations/:id/reject': { allow: ADMIN },
  'GET /api/admin/students': { allow: ADMIN },
  'GET /api/admin/students/options': { allow: ADMIN },
  'GET /api/admin/students/:id': { allow: ADMIN },
  'POST /api/admin/students': { allow: ADMIN },
  'PUT /api/admin/students/:id': { allow: ADMIN },
  'DELETE /api/admin/students/:id': { allow: ADMIN },
  'POST /api/admin/students/:id/left': { allow: ADMIN },
  'DELETE /api/admin/students/:id/left': { allow: ADMIN },
  'GET /api/admin/students/:id/personal-data': { allow: ADMIN },
  'GET /api/admin/alumni/:id/personal-data': { allow: ADMIN },
  'GET /api/admin/students/:id/applications': { allow: ADMIN },
  'GET /api/admin/alumni/:id/applications': { allow: ADMIN },
  'POST /api/admin/alumni/upgrade': { allow: ADMIN },
  'GET /api/admin/alumni': { allow: ADMIN },
  'GET /api/admin/alumni/options': { allow: ADMIN },
  'GET /api/admin/alumni/:id': { allow: ADMIN },
  'POST /api/admin/alumni': { allow: ADMIN },
  'PUT /api/admin/alumni/:id': { allow: ADMIN },
  'DELETE /api/admin/alumni/:id': { allow: ADMIN },
  'POST /api/admin/graduations': { allow: ADMIN },
  'POST /api/admin/graduations/undo': { allow: ADMIN },
  'POST /api/admin/imports/students': { allow: ADMIN },
  'GET /api/admin/imports': { allow: ADMIN },
  'GET /api/admin/imports/:id/credentials.xlsx': { allow: ADMIN },
  'GET /api/admin/attendances/queue': { allow: ADMIN },
  'GET /api/admin/attendances/history': { allow: ADMIN },
  'PATCH /api/admin/attendances/bulk-validate': { allow: ADMIN },
  'PATCH /api/admin/attendances/:id/validate': { allow: ADMIN },
  'GET /api/admin/recruitment-selections': { allow: ADMIN },
  'GET /api/admin/recruitment-selections/:id': { allow: ADMIN },
  'GET /api/admin/reports/options': { allow: ADMIN },
  'GET /api/admin/reports/recruitment': { allow: ADMIN },
  'GET /api/admin/reports/attendance': { allow: ADMIN },
  'GET /api/admin/reports/absorption': { allow: ADMIN },
  'GET /api/admin/reports/tracer-study': { allow: ADMIN },
  'GET /api/admin/job-placements': { allow: ADMIN },
  'GET /api/admin/job-placements/learners': { allow: ADMIN },
  'POST /api/admin/job-placements': { allow: ADMIN },
  'GET /api/admin/job-placements/:id': { allow: ADMIN },
  'PUT /api/admin/job-placements/:id': { allow: ADMIN },
  'PATCH /api/admin/job-placements/:id': { allow: ADMIN },
  'DELETE /api/admin/job-placements/:id': { allow: ADMIN },
  'POST /api/admin/job-placements/:id/check-ins': { allow: ADMIN },
  'GET /api/admin/tracer-studies': { allow: ADMIN },
  'GET /api/admin/tracer-studies/:alumniId': { allow: ADMIN },
  'POST /api/admin/tracer-studies/:alumniId': { allow: ADMIN },
  'GET /api/admin/dashboard': { allow: ADMIN },
  'GET /api/admin/message-templates': { allow: ADMIN },
  'GET /api/admin/message-templates/:key': { allow: ADMIN },
  'PUT /api/admin/message-templates/:key': { allow: ADMIN },
  'DELETE /api/admin/message-templates/:key': { allow: ADMIN },
  'POST /api/admin/message-templates/:key/preview': { allow: ADMIN },

  'GET /api/admin/job-vacancies': { allow: ADMIN },
  'GET /api/admin/job-vacancies/options': { allow: ADMIN },
  'POST /api/admin/job-vacancies': { allow: ADMIN },
  'GET /api/admin/job-vacancies/:id': { allow: ADMIN },
  'PUT /api/admin/job-vacancies/:id': { allow: ADMIN },
  'PATCH /api/admin/job-vacancies/:id/toggle-active': { allow: ADMIN },
  'DELETE /api/admin/job-vacancies/:id': { allow: ADMIN },
  'POST /api/admin/job-vacancies/:id/approve': { allow: ADMIN },
  'POST /api/admin/job-vacancies/:id/reject': { allow: ADMIN },

  'GET /api/hrd/job-vacancies': { allow: HRD },
  'GET /api/hrd/job-vacancies/statistics': { allow: HRD },
  'GET /api/hrd/job-vacancies/options': { allow: HRD },
  'POST /api/hrd/job-vacancies': { allow: HRD },
  'GET /api/hrd/job-vacancies/:id': { allow: HRD, ...vacancy },
  'PUT /api/hrd/job-vacancies/:id': {
    allow: HRD,
    ...vacancy,
    body: {
      title: 'Operator',
      position: 'Operator',
      description: 'Mengoperasikan mesin.',
      qualifications: 'Lulusan SMK.',
      category: 'otomotif',
      job_type: 'full_time',
      quota: 1,
      deadline: '2099-12-31',
      target: 'all',
      major_ids: [1],
    },
  },
  'PATCH /api/hrd/job-vacancies/:id/toggle-active': { allow: HRD, ...vacancy },
  'DELETE /api/hrd/job-vacancies/:id': { allow: HRD, ...vacancy },
  'GET /api/hrd/applicant-reviews': { allow: HRD_STAFF, ...acting },
  'GET /api/hrd/applicant-reviews/options': { allow: HRD_STAFF, ...acting },
  'GET /api/hrd/applicant-reviews/:id': { allow: HRD_STAFF, ...application, ...acting },
  'POST /api/hrd/applicant-reviews/:id/correct-review': {
    allow: HRD_STAFF,
    ...application,
    ...acting,
    body: {},
  },
  'PATCH /api/hrd/applicant-reviews/:id/review': {
    allow: HRD_STAFF,
    ...application,
    ...acting,
    body: { decision: 'lolos' },
  },
  'POST /api/hrd/applicant-reviews/bulk-review': {
    allow: HRD_STAFF,
    ...acting,
    staffBody: (f) => ({ application_ids: [f.applicationId], decision: 'lolos' }),
  },
  'GET /api/hrd/test-schedules': { allow: HRD_STAFF, ...acting },
  'POST /api/hrd/test-schedules': {
    allow: HRD_STAFF,
    ...acting,
    staffBody: (f) => ({
      job_vacancy_id: f.vacancyId,
      name: 'Psikotes',
      kind: 'psikotes',
      scheduled_at: '2099-01-05T08:00:00+07:00',
      location: 'Aula',
      application_ids: [f.applicationId],
    }),
  },
  'GET /api/hrd/test-schedules/:id': { allow: HRD_STAFF, ...schedule, ...acting },
  'PUT /api/hrd/test-schedules/:id': { allow: HRD_STAFF, ...schedule, ...acting },
  'POST /api/hrd/test-schedules/:id/cancel': {
    allow: HRD_STAFF,
    ...schedule,
    ...acting,
    body: { reason: 'Ditunda' },
  },
  'GET /api/hrd/test-schedules/:id/participants': { allow: HRD_STAFF, ...schedule, ...acting },
  'PATCH /api/hrd/test-schedules/:id/participants/:participantId/attendance': {
    allow: HRD_STAFF,
    ...participant,
    ...acting,
    body: { status: 'hadir' },
  },
  'POST /api/hrd/test-schedules/:id/remind-all': { allow: HRD_STAFF, ...schedule, ...acting },
  'POST /api/hrd/test-schedules/:id/participants/:participantId/remind': {
    allow: HRD_STAFF,
    ...participant,
    ...acting,
  },
  // HR of the schedule's company, or career-center staff (any schedule).
  'GET /api/hrd/test-schedules/:id/check-in-code': { allow: ['hrd', ...ADMIN], ...schedule },
  'POST /api/test-check-ins': { allow: LEARNERS },
  'GET /api/hrd/selection-results': { allow: HRD_STAFF, ...acting },
  'POST /api/hrd/selection-results/publish': {
    allow: HRD_STAFF,
    ...acting,
    staffBody: (f) => ({ job_vacancy_id: f.vacancyId }),
  },
  'POST /api/hrd/selection-results/:applicationId': {
    allow: HRD_STAFF,
    ...result,
    ...acting,
    body: { final_score: 80 },
  },
  'PATCH /api/hrd/selection-results/:applicationId/decision': {
    allow: HRD_STAFF,
    ...result,
    ...acting,
    body: { decision: 'diterima' },
  },
  'GET /api/hrd/job-placements': { allow: HRD },
  'GET /api/hrd/job-placements/:id': { allow: HRD, ...placement },
  'PATCH /api/hrd/job-placements/:id': {
    allow: HRD_STAFF,
    ...placement,
    ...acting,
    body: { status: 'permanent' },
  },
  'POST /api/hrd/job-placements/:id/check-ins': {
    allow: HRD,
    ...placement,
    body: { month_mark: 3, status: 'active' },
  },
  'GET /api/hrd/job-placements/learners': { allow: HRD },
  'POST /api/hrd/job-placements': { allow: HRD },
  'PUT /api/hrd/job-placements/:id': { allow: HRD, ...placement, body: OUTSIDE_PLACEMENT },
  'DELETE /api/hrd/job-placements/:id': { allow: HRD, ...placement },

  'GET /api/job-vacancies': { allow: LEARNERS },
  'GET /api/job-vacancies/options': { allow: LEARNERS },
  'GET /api/job-vacancies/:id': { allow: LEARNERS },
  'POST /api/job-vacancies/:id/apply': { allow: LEARNERS },
  'GET /api/my-applications': { allow: LEARNERS },
  'GET /api/my-data': { allow: LEARNERS },
  'GET /api/my-applications/:id/tests/:scheduleId.ics': {
    allow: LEARNERS,
    scope: ['owner'],
    params: (f) => ({ id: f.applicationId, scheduleId: f.scheduleId }),
  },
  'GET /api/my-applications/:id': {
    allow: LEARNERS,
    scope: ['owner'],
    params: (f) => ({ id: f.applicationId }),
  },
  'PATCH /api/my-applications/:id/withdraw': {
    allow: LEARNERS,
    scope: ['owner'],
    params: (f) => ({ id: f.applicationId }),
  },
  'GET /api/siswa/portfolio/profile': { allow: ['siswa'] },
  'GET /api/siswa/portfolio/options': { allow: ['siswa'] },
  'PUT /api/siswa/portfolio/profile': { allow: ['siswa'] },
  'POST /api/siswa/portfolio/upload': { allow: ['siswa'] },
  'DELETE /api/siswa/portfolio/:id': {
    allow: ['siswa'],
    scope: ['owner'],
    params: (f) => ({ id: f.learnerFileId }),
  },
  'GET /api/alumni/portfolio/profile': { allow: ['alumni'] },
  'GET /api/alumni/portfolio/options': { allow: ['alumni'] },
  'PUT /api/alumni/portfolio/profile': { allow: ['alumni'] },
  'POST /api/alumni/portfolio/upload': { allow: ['alumni'] },
  'DELETE /api/alumni/portfolio/:id': { allow: ['alumni'] },
  'GET /api/alumni/tracer-study': { allow: ['alumni'] },
  'POST /api/alumni/tracer-study': { allow: ['alumni'], body: { career_status: 'mencari_kerja' } },

  'GET /api/notifications': { allow: 'everyone' },
  'PATCH /api/notifications/read-all': { allow: 'everyone' },
  'PATCH /api/notifications/:id/read': {
    allow: 'everyone',
    scope: ['owner'],
    params: (f) => ({ id: f.notificationId }),
  },
  'GET /api/files/:id/download': {
    allow: 'everyone',
    scope: ['company', 'owner'],
    params: (f) => ({ id: f.fileId }),
  },
}
