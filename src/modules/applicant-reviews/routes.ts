import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { APPLICATION_STATUSES, REVIEW_DECISIONS } from '../../db/schema/index.js'
import { ok, paged } from '../../http/envelope.js'
import { langOf, msg, tr } from '../../http/i18n.js'
import {
  BulkResult,
  DateOnly,
  DateTime,
  Envelope,
  IdParams,
  ListEnvelope,
  Meta,
  Nullable,
  Option,
  StringEnum,
} from '../../http/schemas.js'
import { ActingCompanyQuery, hrOrStaff } from '../../http/scope.js'
import { ApplicantOut } from '../../http/shapes/applicant.js'
import { FileOut } from '../../http/shapes/file.js'
import { TimelineEntry } from '../applications/timeline.js'
import { BulkReviewBody, CorrectReviewBody, PlacedElsewhere, ReviewBody, ReviewListQuery } from './schemas.js'
import { bulkReview, correctReview, listReviews, review, reviewDetail, reviewOptions } from './service.js'

const Str = Nullable(Type.String())

const ReviewItem = Type.Object({
  id: Type.Integer(),
  status: StringEnum(APPLICATION_STATUSES),
  reviewDecision: Nullable(StringEnum(REVIEW_DECISIONS)),
  reviewNotes: Str,
  reviewedAt: Nullable(DateTime),
  createdAt: DateTime,
  applicant: Type.Object({
    ...ApplicantOut.properties,
    role: StringEnum(['siswa', 'alumni'] as const, {
      description: 'What the applicant is now: `alumni` once graduated (`graduationYear`), else `siswa`',
    }),
    appliedAs: StringEnum(['siswa', 'alumni'] as const, {
      description: 'What the applicant was on the day of applying (a student then may be an alumnus now)',
    }),
    className: Str,
    graduationYear: Nullable(Type.Integer()),
  }),
  vacancy: Type.Object({ id: Type.Integer(), title: Type.String(), position: Type.String() }),
  placedElsewhere: PlacedElsewhere,
})

const Summary = Type.Object({
  pending: Type.Integer(),
  in_progress: Type.Integer(),
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  withdrawn: Type.Integer(),
  total: Type.Integer(),
})

const Profile = Type.Object({
  nisn: Str,
  gender: Nullable(StringEnum(['L', 'P'] as const)),
  birthPlace: Str,
  birthDate: Nullable(DateOnly),
  religion: Str,
  address: Str,
  city: Str,
  province: Str,
  phone: Str,
  email: Str,
  summary: Str,
  socialMedia: Type.Object({
    linkedin: Type.Optional(Str),
    instagram: Type.Optional(Str),
    github: Type.Optional(Str),
    facebook: Type.Optional(Str),
    tiktok: Type.Optional(Str),
    website: Type.Optional(Str),
  }),
  skills: Type.Array(Type.String()),
  withheld: Type.Boolean({
    description:
      'True once the application is withdrawn or rejected: the personal and contact fields (NISN, gender, birth, religion, address, phone, e-mail, social media) are then null',
  }),
  education: Type.Array(
    Type.Object({
      level: Type.Optional(Type.String()),
      institution: Type.Optional(Type.String()),
      major: Type.Optional(Str),
      startYear: Type.Optional(Nullable(Type.Integer())),
      endYear: Type.Optional(Nullable(Type.Integer())),
    }),
  ),
})

const ReviewDetail = Type.Object({
  ...ReviewItem.properties,
  profile: Profile,
  coverLetter: Str,
  /** Files attached to the application first (`attached: true`), then the applicant's other portfolio files. */
  files: Type.Array(Type.Object({ ...FileOut.properties, attached: Type.Boolean() })),
  timeline: Type.Array(TimelineEntry),
})

const tags = ['applicant review']
// Staff act through these routes for a company without HR (src/http/scope.ts).
const byCompany = hrOrStaff('company_id')
const byApplication = hrOrStaff({ record: 'application', param: 'id' })

export const applicantReviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: byCompany,
      schema: {
        tags,
        summary: "Applicants to the company's vacancies, with counts per status",
        description:
          '`search` matches the full name or NIS. `meta.summary` counts the applications per status for the same filters except `status`.',
        querystring: ReviewListQuery,
        response: { 200: ListEnvelope(ReviewItem, Type.Object({ ...Meta.properties, summary: Summary })) },
      },
    },
    async (req) => {
      const r = await listReviews(app.db, req.user, req.query)
      return paged(r.rows, r.total, r.page, { summary: r.summary })
    },
  )

  app.get(
    '/options',
    {
      config: byCompany,
      schema: {
        tags,
        summary: 'Filter options: the company’s vacancies and the application statuses',
        querystring: Type.Object(ActingCompanyQuery),
        response: {
          200: Envelope(Type.Object({ vacancies: Type.Array(Option), statuses: Type.Array(Option) })),
        },
      },
    },
    async (req) => ok(await reviewOptions(app.db, req.user, langOf(req))),
  )

  app.get(
    '/:id',
    {
      config: byApplication,
      schema: {
        tags,
        summary: 'An applicant: profile, education, portfolio files, cover letter and timeline',
        params: IdParams,
        response: { 200: Envelope(ReviewDetail) },
      },
    },
    async (req) => ok(await reviewDetail(app.db, req.user, req.params.id)),
  )

  app.patch(
    '/:id/review',
    {
      config: { ...byApplication, keepsSessions: true },
      schema: {
        tags,
        summary: 'Document review of a pending application: lolos -> in_progress, tidak_lolos -> rejected',
        params: IdParams,
        body: ReviewBody,
        response: { 200: Envelope(ReviewItem) },
      },
    },
    async (req) => {
      const item = await review(app.db, req.user, req.params.id, req.body)
      return ok(
        item,
        req.body.decision === 'lolos'
          ? msg('Pelamar dinyatakan lolos seleksi berkas.', 'The applicant passed the document review.')
          : msg(
              'Pelamar dinyatakan belum lolos seleksi berkas.',
              'The applicant did not pass the document review.',
            ),
      )
    },
  )

  app.post(
    '/:id/correct-review',
    {
      config: { ...byApplication, keepsSessions: true },
      schema: {
        tags,
        summary:
          'Put right a tidak_lolos given by mistake: the application goes on to the selection (in_progress)',
        description:
          'Only for an application its document review rejected (nothing can have followed the review; 422 otherwise). A timeline row `document_review` `lolos` with the notes, and the learner is told as for any pass.',
        params: IdParams,
        body: CorrectReviewBody,
        response: { 200: Envelope(ReviewItem) },
      },
    },
    async (req) =>
      ok(
        await correctReview(app.db, req.user, req.params.id, req.body),
        msg(
          'Keputusan dikoreksi: pelamar lolos seleksi berkas.',
          'Corrected: the applicant passed the document review.',
        ),
      ),
  )

  app.post(
    '/bulk-review',
    {
      config: { ...byCompany, keepsSessions: true },
      schema: {
        tags,
        summary: 'One decision for 1 to 100 pending applications; each id succeeds or fails on its own',
        querystring: Type.Object(ActingCompanyQuery),
        body: BulkReviewBody,
        response: { 200: Envelope(BulkResult) },
      },
    },
    async (req) => {
      const r = await bulkReview(app.db, req.user, req.body)
      const lang = langOf(req)
      return ok(
        { ...r, failures: r.failures.map((f) => ({ id: f.id, reason: tr(f.reason, lang) })) },
        msg(
          `${r.succeeded} dari ${r.processed} lamaran berhasil diseleksi berkas.`,
          `${r.succeeded} of ${r.processed} applications reviewed.`,
        ),
      )
    },
  )
}
