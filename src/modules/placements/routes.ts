import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { PLACEMENT_STATUSES } from '../../db/schema/index.js'
import { ok, PageQuery, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import {
  DateOnly,
  DateTime,
  Envelope,
  Id,
  IdParams,
  ListEnvelope,
  Nullable,
  Opt,
  StringEnum,
} from '../../http/schemas.js'
import { listPlacements, MONTH_MARKS, placementDetail, recordCheckin, updatePlacement } from './service.js'

const Str = Nullable(Type.String())
const Status = StringEnum(PLACEMENT_STATUSES)
const MonthMark = Type.Unsafe<(typeof MONTH_MARKS)[number]>({
  type: 'integer',
  enum: [...MONTH_MARKS],
  description: 'Months after the start date (or the acceptance date): 3, 6 or 12',
})

const Placement = Type.Object({
  id: Type.Integer(),
  applicationId: Type.Integer(),
  applicant: Type.Object({
    studentId: Type.Integer(),
    fullName: Type.String(),
    nis: Type.String(),
    /** What the person is now (an alumnus once a graduation year is set). */
    role: StringEnum(['siswa', 'alumni'] as const),
    graduationYear: Nullable(Type.Integer()),
    major: Type.Object({ id: Type.Integer(), name: Type.String() }),
  }),
  vacancy: Type.Object({ id: Type.Integer(), title: Type.String() }),
  position: Type.String(),
  acceptedAt: DateOnly,
  startDate: Nullable(DateOnly),
  status: Status,
  notes: Str,
  checkins: Type.Array(
    Type.Object({ monthMark: MonthMark, status: Status, notes: Str, recordedAt: DateTime }),
  ),
  /** The first follow-up not recorded yet; null when all are, or the person resigned. */
  nextCheckinDue: Nullable(Type.Object({ monthMark: MonthMark, dueDate: DateOnly })),
  createdAt: DateTime,
  updatedAt: DateTime,
})

const PlacementDetail = Type.Object({
  ...Placement.properties,
  contact: Type.Object({ phone: Str, email: Str }),
})

const Notes = Opt(Type.String({ maxLength: 2000 }))

const tags = ['job placements']
const config = { roles: ['hrd'] } as const

export const placementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Students and alumni placed at the company, latest acceptance first',
        description:
          '`search` matches the full name or NIS; `date_from`/`date_to` filter the acceptance date (inclusive).',
        querystring: Type.Object({
          ...PageQuery,
          job_vacancy_id: Type.Optional(Id),
          status: Type.Optional(Status),
          major_id: Type.Optional(Id),
          date_from: Type.Optional(DateOnly),
          date_to: Type.Optional(DateOnly),
        }),
        response: { 200: ListEnvelope(Placement) },
      },
    },
    async (req) => {
      const r = await listPlacements(app.db, req.user, req.query)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One placement with its follow-ups and the placed person’s contact',
        params: IdParams,
        response: { 200: Envelope(PlacementDetail) },
      },
    },
    async (req) => ok(await placementDetail(app.db, req.user, req.params.id)),
  )

  app.patch(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Record the placement’s status, start date and notes',
        description: 'Absent `start_date`/`notes` keep their value; null clears one.',
        params: IdParams,
        body: Type.Object(
          { status: Status, start_date: Opt(DateOnly), notes: Notes },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(PlacementDetail) },
      },
    },
    async (req) =>
      ok(
        await updatePlacement(app.db, req.user, req.params.id, req.body),
        msg('Data penempatan berhasil diperbarui.', 'Placement updated.'),
      ),
  )

  app.post(
    '/:id/check-ins',
    {
      config,
      schema: {
        tags,
        summary: 'Record the follow-up at 3, 6 or 12 months (replaces an earlier record of that mark)',
        description:
          'The follow-up’s status becomes the placement’s status. A mark whose time has not come (counted from the start date, or the acceptance date) is refused with 422.',
        params: IdParams,
        body: Type.Object(
          { month_mark: MonthMark, status: Status, notes: Notes },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(PlacementDetail) },
      },
    },
    async (req) =>
      ok(
        await recordCheckin(app.db, req.user, req.params.id, req.body),
        msg('Tindak lanjut penempatan berhasil dicatat.', 'Placement follow-up recorded.'),
      ),
  )
}
