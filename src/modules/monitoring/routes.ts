import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { APPROVAL_STATUSES } from '../../db/schema/index.js'
import { ok, paged } from '../../http/envelope.js'
import { DateOnly, DateTime, Envelope, IdParams, ListEnvelope, StringEnum } from '../../http/schemas.js'
import { CompanyRef } from '../../http/shapes/company.js'
import { ScheduleOut } from '../schedules/service.js'
import { MajorRef } from '../vacancies/shape.js'
import { ProgressListQuery } from './schemas.js'
import { listProgress, vacancyProgress } from './service.js'

const Count = Type.Integer({ minimum: 0 })

const Progress = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  position: Type.String(),
  company: CompanyRef,
  majors: Type.Array(MajorRef),
  quota: Type.Integer(),
  deadline: DateOnly,
  isActive: Type.Boolean(),
  isOpen: Type.Boolean({
    description:
      'Open to applicants: active, approved, not deleted, the deadline not passed, its company active',
  }),
  approvalStatus: StringEnum(APPROVAL_STATUSES, {
    description: "The career center's approval of the vacancy",
  }),
  isDeleted: Type.Boolean({ description: 'Soft-deleted by HR; listed only when it has applications' }),
  applicants: Type.Object({
    total: Count,
    pending: Count,
    in_progress: Count,
    accepted: Count,
    rejected: Count,
    withdrawn: Count,
  }),
  scheduled: Type.Integer({ description: 'Applications with a place in a test that was not cancelled' }),
  attended: Type.Integer({ description: 'Applications whose attendance (hadir) the career center verified' }),
  scored: Type.Integer({ description: 'Applications with a final score' }),
  published: Type.Integer({ description: 'Applications whose result was published' }),
  placed: Type.Integer({ description: 'Applications that led to a placement' }),
  createdAt: DateTime,
})

const tags = ['recruitment monitoring']
const config = { roles: ['admin'] } as const

export const recruitmentSelectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Selection progress of every vacancy, newest first (read-only)',
        description:
          '`search` matches the title, the position or the company name. `status`: `open` (active, not deleted, deadline not passed) or `closed`. Soft-deleted vacancies are listed only when they have applications.',
        querystring: ProgressListQuery,
        response: { 200: ListEnvelope(Progress) },
      },
    },
    async (req) => {
      const r = await listProgress(app.db, req.query)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: "One vacancy's selection progress with each of its test schedules",
        params: IdParams,
        response: {
          200: Envelope(Type.Object({ ...Progress.properties, schedules: Type.Array(ScheduleOut) })),
        },
      },
    },
    async (req) => ok(await vacancyProgress(app.db, req.params.id)),
  )
}
