import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type Static, Type } from '@sinclair/typebox'
import { APPLICATION_STATUSES, APPROVAL_STATUSES } from '../../db/schema/index.js'
import { ok, paged, pageOf } from '../../http/envelope.js'
import { langOf, type Msg, msg } from '../../http/i18n.js'
import { perAccount } from '../../http/rate-limit.js'
import {
  Envelope,
  IdParams,
  ListEnvelope,
  Meta,
  Nullable,
  noBodyIsEmpty,
  Ok,
  Option,
  StringEnum,
  ToggleBody,
} from '../../http/schemas.js'
import { CompanyRef } from '../../http/shapes/company.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import { mailingOf } from '../schedules/service.js'
import {
  ApplyBody,
  BrowseQuery,
  HrListQuery,
  RejectBody,
  StaffListQuery,
  StaffVacancyBody,
  VacancyBody,
} from './schemas.js'
import {
  apply,
  approveVacancy,
  browseOptions,
  browseVacancies,
  browseVacancy,
  companyStatistics,
  createStaffVacancy,
  createVacancy,
  deleteStaffVacancy,
  deleteVacancy,
  getCompanyVacancy,
  getStaffVacancy,
  hrOptions,
  listCompanyVacancies,
  listStaffVacancies,
  rejectVacancy,
  toggleStaffVacancy,
  toggleVacancy,
  updateStaffVacancy,
  updateVacancy,
} from './service.js'
import { VacancyCore } from './shape.js'

const HrVacancy = Type.Object({
  ...VacancyCore,
  description: Type.String(),
  qualifications: Type.String(),
  benefits: Nullable(Type.String()),
  isActive: Type.Boolean(),
  isOpen: Type.Boolean(),
  applicantCount: Type.Integer(),
  acceptedCount: Type.Integer(),
  approvalStatus: StringEnum(APPROVAL_STATUSES, {
    description:
      '`pending`/`rejected`: never shown to learners. Only vacancies posted by HR of a company whose vacancies need approval wait.',
  }),
  approvalReason: Nullable(Type.String({ description: 'Why staff rejected it' })),
  approvedAt: Nullable(
    Type.String({ format: 'date-time', description: 'When staff approved or rejected it' }),
  ),
  updatedAt: Type.String({ format: 'date-time' }),
})

const Count = Type.Integer()
const Statistics = Type.Object({
  vacancies: Type.Object(
    {
      total: Count,
      active: Type.Integer({ description: 'Open to learners: switched on, approved, before its deadline' }),
      inactive: Type.Integer({ description: 'Switched off' }),
      expired: Type.Integer({ description: 'Switched on, past its deadline' }),
      pendingApproval: Type.Integer({
        description: 'Switched on, before its deadline, waiting for the career center’s approval',
      }),
      approvalRejected: Type.Integer({
        description: 'Switched on, before its deadline, refused by the career center (to be corrected)',
      }),
    },
    { description: 'Each vacancy that is not deleted counted once: the five add up to `total`' },
  ),
  applicants: Type.Object({
    total: Count,
    pending: Count,
    in_progress: Count,
    accepted: Count,
    rejected: Count,
    withdrawn: Count,
  }),
  quota: Type.Object({ total: Count, filled: Count }),
  perVacancy: Type.Array(
    Type.Object({ id: Count, title: Type.String(), quota: Count, filled: Count, applicants: Count }),
  ),
})

const HrOptions = Type.Object({
  categories: Type.Array(Option),
  majors: Type.Array(
    Type.Object({
      value: Type.Integer(),
      label: Type.String(),
      isActive: Type.Boolean({
        description:
          'false: a major switched off that still has students or alumni; its label says it is no longer offered',
      }),
    }),
    {
      description:
        'Active majors, then inactive ones that still have learners (a vacancy naming them reaches their alumni)',
    },
  ),
  jobTypes: Type.Array(Option),
  targets: Type.Array(Option),
})

const tags = ['hrd: vacancies']
const hrd = { roles: ['hrd'] } as const

/** `/api/hrd/job-vacancies`: the company's vacancies, for its HR accounts. */

/** A vacancy switched on or off: the answer of HR's and staff's toggle alike. */
const Toggled = Type.Object({
  id: Type.Integer(),
  isActive: Type.Boolean(),
  isOpen: Type.Boolean({
    description:
      'Open to applicants now: active, approved, before its deadline and its company active (the message says what is missing)',
  }),
})
const toggled = ({ data, message }: { data: Static<typeof Toggled>; message: Msg }) => ok(data, message)

export const hrdVacancyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * HR's writes (create, edit, switch, delete) per account and hour: each new or changed vacancy reaches the
   * staff's approval queue and its applicants' notices, and a loop of them flooded both.
   */
  const writeLimit = perAccount(app, 'vacancy-write', app.config.limits.vacancyWritesPerHour, 3600)
  const hrdWrite = { config: hrd, preHandler: writeLimit }

  app.get(
    '/',
    {
      config: hrd,
      schema: {
        tags,
        summary: "The company's vacancies, paginated, with majors and applicant counts",
        querystring: HrListQuery,
        response: { 200: ListEnvelope(HrVacancy) },
      },
    },
    async (req) => {
      const page = pageOf(req.query)
      const { rows, total } = await listCompanyVacancies(app.db, req.user, req.query, page)
      return paged(rows, total, page)
    },
  )

  app.get(
    '/statistics',
    {
      config: hrd,
      schema: {
        tags,
        summary: 'Vacancy, applicant and filled-quota statistics of the company',
        response: { 200: Envelope(Statistics) },
      },
    },
    async (req) => ok(await companyStatistics(app.db, req.user)),
  )

  app.get(
    '/options',
    {
      config: hrd,
      schema: {
        tags,
        summary:
          'Dropdown options: categories, majors (active, and inactive ones with learners), job types, targets',
        response: { 200: Envelope(HrOptions) },
      },
    },
    async (req) => ok(await hrOptions(app.db, langOf(req))),
  )

  app.post(
    '/',
    {
      ...hrdWrite,
      schema: {
        tags,
        summary: 'Create a vacancy',
        body: VacancyBody,
        response: { 201: Envelope(HrVacancy) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createVacancy(app.db, req.user, req.body),
            msg('Lowongan berhasil dibuat.', 'Vacancy created.'),
          ),
        ),
  )

  app.get(
    '/:id',
    {
      config: hrd,
      schema: { tags, summary: 'Vacancy detail', params: IdParams, response: { 200: Envelope(HrVacancy) } },
    },
    async (req) => ok(await getCompanyVacancy(app.db, req.user, req.params.id)),
  )

  app.put(
    '/:id',
    {
      ...hrdWrite,
      schema: {
        tags,
        summary: 'Update a vacancy; its majors are replaced by major_ids',
        params: IdParams,
        headers: IfMatchHeaders,
        body: VacancyBody,
        response: { 200: Envelope(HrVacancy) },
      },
    },
    async (req) =>
      ok(
        await updateVacancy(app.db, req.user, req.params.id, req.body, versionsOf(req)),
        msg('Lowongan berhasil diperbarui.', 'Vacancy updated.'),
      ),
  )

  app.patch(
    '/:id/toggle-active',
    {
      ...hrdWrite,
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: 'Switch a vacancy between active and inactive',
        params: IdParams,
        body: ToggleBody,
        response: { 200: Envelope(Toggled) },
      },
    },
    async (req) => toggled(await toggleVacancy(app.db, req.user, req.params.id, req.body)),
  )

  app.delete(
    '/:id',
    {
      ...hrdWrite,
      schema: { tags, summary: 'Soft-delete a vacancy', params: IdParams, response: { 200: Ok } },
    },
    async (req) => {
      await deleteVacancy(app.db, req.user, req.params.id, mailingOf(app))
      return ok(null, msg('Lowongan berhasil dihapus.', 'Vacancy deleted.'))
    },
  )
}

// ---------------------------------------------------------------- staff (admin, superadmin)

const StaffVacancy = Type.Object({
  ...HrVacancy.properties,
  company: Type.Object({
    ...CompanyRef.properties,
    isActive: Type.Boolean(),
    needsApproval: Type.Boolean({ description: "HR's new vacancies of this company wait for approval" }),
    hasHrd: Type.Boolean({
      description:
        'Has an active HR account; without one, staff review its applicants and run its selection through the HR routes with `company_id`',
    }),
  }),
  postedBy: Nullable(
    Type.Object(
      { id: Type.Integer(), fullName: Type.String(), role: Type.String() },
      { description: 'null: unknown (a vacancy from before the poster was recorded)' },
    ),
  ),
  approvedBy: Nullable(Type.Object({ id: Type.Integer(), fullName: Type.String() })),
})

const staffTags = ['admin: vacancies']
const staff = { roles: ['admin'] } as const

/**
 * `/api/admin/job-vacancies`: every company's vacancies for the career center, posted for any active
 * company (with or without HR) through the same service as HR's, and the approval of HR's vacancies.
 */
export const staffVacancyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const approvalDeps = () => ({ db: app.db, outbox: app.outbox, publicUrl: app.config.publicUrl })

  app.get(
    '/',
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary:
          'Vacancies of every company, by company, status and approval (approval=pending: the queue, oldest first)',
        querystring: StaffListQuery,
        response: {
          200: ListEnvelope(
            StaffVacancy,
            Type.Object({
              ...Meta.properties,
              pendingApproval: Type.Integer({
                description: 'Vacancies waiting for approval, whatever the filters',
              }),
            }),
          ),
        },
      },
    },
    async (req) => {
      const page = pageOf(req.query)
      const { rows, total, pendingApproval } = await listStaffVacancies(app.db, req.query, page)
      return paged(rows, total, page, { pendingApproval })
    },
  )

  app.get(
    '/options',
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary:
          'Dropdown options of the vacancy form: categories, majors (active, and inactive ones with learners), job types, targets',
        response: { 200: Envelope(HrOptions) },
      },
    },
    async (req) => ok(await hrOptions(app.db, langOf(req))),
  )

  app.post(
    '/',
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: "Post a vacancy for an active company (HR's body plus company_id); approved at once",
        body: StaffVacancyBody,
        response: { 201: Envelope(StaffVacancy) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createStaffVacancy(app.db, req.user, req.body),
            msg('Lowongan berhasil dibuat.', 'Vacancy created.'),
          ),
        ),
  )

  app.get(
    '/:id',
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Vacancy detail',
        params: IdParams,
        response: { 200: Envelope(StaffVacancy) },
      },
    },
    async (req) => ok(await getStaffVacancy(app.db, req.params.id)),
  )

  app.put(
    '/:id',
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Update a vacancy; company_id may name another company only while it has no applicants',
        params: IdParams,
        headers: IfMatchHeaders,
        body: StaffVacancyBody,
        response: { 200: Envelope(StaffVacancy) },
      },
    },
    async (req) =>
      ok(
        await updateStaffVacancy(app.db, req.user, req.params.id, req.body, versionsOf(req)),
        msg('Lowongan berhasil diperbarui.', 'Vacancy updated.'),
      ),
  )

  app.patch(
    '/:id/toggle-active',
    {
      config: staff,
      preValidation: noBodyIsEmpty,
      schema: {
        tags: staffTags,
        summary: 'Switch a vacancy between active and inactive',
        params: IdParams,
        body: ToggleBody,
        response: { 200: Envelope(Toggled) },
      },
    },
    async (req) =>
      toggled(await toggleStaffVacancy(app.db, req.user, req.params.id, req.body ?? {}, mailingOf(app))),
  )

  app.delete(
    '/:id',
    {
      config: staff,
      schema: { tags: staffTags, summary: 'Soft-delete a vacancy', params: IdParams, response: { 200: Ok } },
    },
    async (req) => {
      await deleteStaffVacancy(app.db, req.user, req.params.id, mailingOf(app))
      return ok(null, msg('Lowongan berhasil dihapus.', 'Vacancy deleted.'))
    },
  )

  app.post(
    '/:id/approve',
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary:
          "Approve a pending or rejected vacancy: learners see it; the company's HR is told (notice and e-mail)",
        params: IdParams,
        response: { 200: Envelope(StaffVacancy) },
      },
    },
    async (req) =>
      ok(
        await approveVacancy(approvalDeps(), req.user, req.params.id),
        msg('Lowongan disetujui.', 'Vacancy approved.'),
      ),
  )

  app.post(
    '/:id/reject',
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: "Reject a pending vacancy with a reason; the company's HR is told (notice and e-mail)",
        params: IdParams,
        body: RejectBody,
        response: { 200: Envelope(StaffVacancy) },
      },
    },
    async (req) =>
      ok(
        await rejectVacancy(approvalDeps(), req.user, req.params.id, req.body.reason),
        msg('Lowongan ditolak.', 'Vacancy rejected.'),
      ),
  )
}

// ---------------------------------------------------------------- browsing

/** The company as browsing shows it: the reference and where it is. */
const BrowseCompany = Type.Object({
  ...CompanyRef.properties,
  city: Nullable(Type.String()),
  province: Nullable(Type.String()),
})

const OpenVacancy = Type.Object({
  ...VacancyCore,
  quotaLeft: Type.Integer(),
  company: BrowseCompany,
  hasApplied: Type.Boolean(),
})

const VacancyDetail = Type.Object({
  ...VacancyCore,
  description: Type.String(),
  qualifications: Type.String(),
  benefits: Nullable(Type.String()),
  quotaLeft: Type.Integer(),
  company: Type.Object({
    ...BrowseCompany.properties,
    industry: Nullable(Type.String()),
    website: Nullable(Type.String()),
    description: Nullable(Type.String()),
  }),
  application: Nullable(Type.Object({ id: Type.Integer(), status: StringEnum(APPLICATION_STATUSES) })),
  canApply: Type.Boolean(),
  reasons: Type.Array(Type.String()),
})

const BrowseOptions = Type.Object({
  companies: Type.Array(Option),
  jobTypes: Type.Array(Option),
  locations: Type.Array(Type.Object({ city: Nullable(Type.String()), province: Nullable(Type.String()) })),
})

const Applied = Type.Object({
  id: Type.Integer(),
  status: StringEnum(APPLICATION_STATUSES),
  jobVacancyId: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
})

const browseTags = ['vacancies']
const learners = { roles: ['siswa', 'alumni'] } as const

/** `/api/job-vacancies`: browsing and applying, for students and alumni. */
export const vacancyBrowseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: learners,
      schema: {
        tags: browseTags,
        summary: 'Vacancies open to the caller (major, student or alumni, deadline), paginated',
        querystring: BrowseQuery,
        response: { 200: ListEnvelope(OpenVacancy) },
      },
    },
    async (req) => {
      const page = pageOf(req.query)
      const { rows, total } = await browseVacancies(app.db, req.user, req.query, page)
      return paged(rows, total, page)
    },
  )

  app.get(
    '/options',
    {
      config: learners,
      schema: {
        tags: browseTags,
        summary: 'Filter options from the vacancies open to the caller: companies, job types, locations',
        response: { 200: Envelope(BrowseOptions) },
      },
    },
    async (req) => ok(await browseOptions(app.db, req.user, langOf(req))),
  )

  app.get(
    '/:id',
    {
      config: learners,
      schema: {
        tags: browseTags,
        summary: 'Vacancy detail, whether the caller applied or may apply (and why not)',
        params: IdParams,
        response: { 200: Envelope(VacancyDetail) },
      },
    },
    async (req) => ok(await browseVacancy(app.db, req.user, req.params.id, langOf(req))),
  )

  const applyLimit = perAccount(app, 'apply', app.config.limits.applyPerHour, 3600)
  app.post(
    '/:id/apply',
    {
      config: { ...learners, keepsSessions: true },
      preHandler: applyLimit,
      // Both fields are optional, so an empty request is a valid application.
      preValidation: noBodyIsEmpty,
      schema: {
        tags: browseTags,
        summary: 'Apply to a vacancy, optionally with a cover letter and portfolio files',
        params: IdParams,
        body: ApplyBody,
        response: { 201: Envelope(Applied) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await apply(app.db, req.user, req.params.id, req.body),
            msg('Lamaran berhasil dikirim.', 'Application sent.'),
          ),
        ),
  )
}
