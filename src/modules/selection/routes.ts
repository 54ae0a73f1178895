import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import {
  APPLICATION_STATUSES,
  ATTENDANCE_STATUSES,
  TEST_KINDS,
  VALIDATION_STATUSES,
} from '../../db/schema/index.js'
import { ok, paged } from '../../http/envelope.js'
import { formBody } from '../../http/form-body.js'
import { msg } from '../../http/i18n.js'
import { DateTime, Envelope, ListEnvelope, Meta, Nullable, StringEnum } from '../../http/schemas.js'
import { ActingCompanyQuery, hrOrStaff } from '../../http/scope.js'
import { ApplicantOut } from '../../http/shapes/applicant.js'
import { FileOut } from '../../http/shapes/file.js'
import { IfMatchOrNoneHeaders, readAsOf, versionsOf } from '../../http/versions.js'
import { PlacedElsewhere } from '../applicant-reviews/schemas.js'
import { readUpload, type UploadedFile } from '../files/upload.js'
import { mailingOf } from '../schedules/service.js'
import {
  ApplicationParams,
  Decision,
  DecisionBody,
  PublishBody,
  ResultBody,
  ResultListQuery,
} from './schemas.js'
import { changeDecision, listResults, publish, storeResult } from './service.js'

const Str = Nullable(Type.String())
const ScoreOut = Nullable(Type.Number())

const ResultItem = Type.Object({
  applicationId: Type.Integer(),
  status: StringEnum(APPLICATION_STATUSES),
  applicant: ApplicantOut,
  vacancy: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    quota: Type.Integer(),
    deleted: Type.Boolean({
      description:
        'the company deleted it since: its published results stay listed (an acceptance may still take its letter)',
    }),
  }),
  /** The tests the applicant takes part in (cancelled ones left out), oldest first. */
  attendance: Type.Array(
    Type.Object({
      scheduleId: Type.Integer(),
      name: Type.String(),
      kind: StringEnum(TEST_KINDS),
      scheduledAt: DateTime,
      attendanceStatus: Nullable(StringEnum(ATTENDANCE_STATUSES)),
      validationStatus: StringEnum(VALIDATION_STATUSES),
      score: ScoreOut,
    }),
  ),
  psychotestScore: ScoreOut,
  interviewScore: ScoreOut,
  mcuScore: ScoreOut,
  finalScore: ScoreOut,
  notes: Str,
  decision: Decision,
  isPublished: Type.Boolean(),
  publishedAt: Nullable(DateTime),
  letter: Nullable(FileOut),
  /** When the result was last changed; null while nothing was entered. */
  updatedAt: Nullable(DateTime),
  placedElsewhere: PlacedElsewhere,
})

const Quota = Type.Object({
  quota: Type.Integer(),
  accepted: Type.Integer({ description: 'accepted at earlier publications' }),
  freed: Type.Integer({
    description:
      'places accepted hires gave back (their placement ended, `resigned` or `moved`, or deleted): the waiting list may take them',
  }),
  draftAccepted: Type.Integer({ description: 'draft results with decision diterima' }),
  draftRejected: Type.Integer({ description: 'draft results with decision tidak_diterima' }),
  draftWaitlisted: Type.Integer({ description: 'draft results with decision cadangan' }),
  draftsVersion: Type.String({
    description:
      'what publishing now would publish, as a version: send it back quoted in If-Match when publishing, and a publication that would publish anything else (a colleague decided, published, an applicant withdrew) is refused with 412 `edited_elsewhere`',
  }),
  placesLeft: Type.Integer({ description: 'quota - (accepted - freed) - draftAccepted, at least 0' }),
  overQuota: Type.Boolean({ description: 'publishing now would be refused' }),
})

const tags = ['selection results']
// Staff act through these routes for a company without HR (src/http/scope.ts).
const byCompany = hrOrStaff('company_id')
const byApplication = hrOrStaff({ record: 'application', param: 'applicationId' })

/** The decision letter of a multipart request, read before validation (see the preValidation hook). */
const letters = new WeakMap<FastifyRequest, UploadedFile | null>()

export const selectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: byCompany,
      schema: {
        tags,
        summary: 'Applicants who reached the tests: attendance, scores, decisions, publication',
        description:
          'Applications in progress, and those accepted or rejected at a publication. `search` matches the full name or NIS; `decision` treats an application without a result as `pending`. With `job_vacancy_id`, `meta.quota` tells how the quota stands before publishing.',
        querystring: ResultListQuery,
        response: {
          200: ListEnvelope(ResultItem, Type.Object({ ...Meta.properties, quota: Type.Optional(Quota) })),
        },
      },
    },
    async (req) => {
      const r = await listResults(app.db, req.user, req.query)
      return paged(r.rows, r.total, r.page, r.quota ? { quota: r.quota } : {})
    },
  )

  app.post(
    '/publish',
    {
      config: byCompany,
      schema: {
        tags,
        summary: "Publish the vacancy's draft results",
        description:
          'All or nothing: if the accepted would exceed the quota, 422 and nothing changes. `diterima` accepts the application and records its placement, `tidak_diterima` rejects it, `cadangan` keeps it in progress (waiting list); results still `pending` stay drafts (`pendingLeft`). Publishing again with nothing left answers zeros.',
        querystring: Type.Object(ActingCompanyQuery),
        headers: Type.Object({
          'if-match': Type.Optional(
            Type.String({
              description:
                'The list\'s `meta.quota.draftsVersion` as read, quoted (`"…"`): when the drafts changed since (a colleague decided or published, an applicant withdrew), 412 `edited_elsewhere` and nothing is published. Without it, whatever drafts there are.',
            }),
          ),
        }),
        body: PublishBody,
        response: {
          200: Envelope(
            Type.Object({
              published: Type.Integer(),
              accepted: Type.Integer(),
              rejected: Type.Integer(),
              waitlisted: Type.Integer(),
              pendingLeft: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const r = await publish(app.db, req.user, req.body, mailingOf(app), versionsOf(req))
      return ok(
        r,
        r.published > 0
          ? msg(`${r.published} hasil seleksi diumumkan.`, `${r.published} selection result(s) announced.`)
          : msg('Tidak ada hasil seleksi untuk diumumkan.', 'There are no selection results to announce.'),
      )
    },
  )

  app.post(
    '/:applicationId',
    {
      config: byApplication,
      // A multipart form is read here, its text as the JSON body's types, so that it is validated as JSON is.
      preValidation: async (req) => {
        if (!req.isMultipart()) return
        const upload = await readUpload(req, app.config.uploadLimit, 'decision_letter')
        letters.set(req, upload.file)
        req.body = formBody(upload.fields, ResultBody) as typeof req.body
      },
      schema: {
        tags,
        summary: 'Store scores, notes, decision and decision letter (a draft until published)',
        description:
          'JSON, or `multipart/form-data` with the same fields and the letter file in `decision_letter` (PDF, JPEG, PNG or WebP, at most 10 MB; a score as decimal text, `88.5` or `88,5`; a form field left empty (or blank) clears its value). Absent fields keep their value; null clears one. Only for applications in progress; the result stays hidden from the applicant until published. A form sends `If-Match` with the `updatedAt` of the result as read (or `If-None-Match: *` when it read none): a result changed since (saved by a colleague, published) is refused with 412. The published result of an accepted applicant takes only its letter, sent alone: attached (or replaced) with the result still published.',
        consumes: ['application/json', 'multipart/form-data'],
        params: ApplicationParams,
        headers: IfMatchOrNoneHeaders,
        body: ResultBody,
        response: { 200: Envelope(ResultItem) },
      },
    },
    async (req) => {
      const item = await storeResult(
        app.db,
        app.storage,
        req.user,
        req.params.applicationId,
        req.body ?? {},
        letters.get(req) ?? null,
        readAsOf(req),
      )
      return ok(item, msg('Hasil seleksi disimpan sebagai draf.', 'Selection result saved as a draft.'))
    },
  )

  app.patch(
    '/:applicationId/decision',
    {
      config: byApplication,
      schema: {
        tags,
        summary: "Change the applicant's decision (a draft until published)",
        description:
          'A published `cadangan` may change (to `diterima` when a place frees) and is published again.',
        params: ApplicationParams,
        headers: IfMatchOrNoneHeaders,
        body: DecisionBody,
        response: { 200: Envelope(ResultItem) },
      },
    },
    async (req) =>
      ok(
        await changeDecision(
          app.db,
          app.storage,
          req.user,
          req.params.applicationId,
          req.body,
          readAsOf(req),
        ),
        msg('Keputusan seleksi disimpan sebagai draf.', 'Selection decision saved as a draft.'),
      ),
  )
}
