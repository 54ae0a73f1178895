import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope, IdParams, ListEnvelope, Nullable } from '../../http/schemas.js'
import { FileOut } from '../../http/shapes/file.js'
import { mailingOf } from '../schedules/service.js'
import { MyApplicationListQuery } from './schemas.js'
import { ApplicantPlacement, ApplicantTest, UpcomingTest } from './selection.js'
import { listMyApplications, myApplicationDetail, withdraw } from './service.js'
import { MyApplication } from './shape.js'
import { TimelineEntry } from './timeline.js'

const Str = Nullable(Type.String())

const MyApplicationDetail = Type.Object({
  ...MyApplication.properties,
  coverLetter: Str,
  /** The portfolio files attached when applying. */
  files: Type.Array(FileOut),
  timeline: Type.Array(TimelineEntry),
  /** Tests not cancelled and not begun yet, while the application is in the selection. */
  upcomingTests: Type.Array(UpcomingTest),
  /** Every test the applicant takes part in, with their attendance. */
  tests: Type.Array(ApplicantTest),
  /** The decision letter, once the application is accepted at a publication. */
  acceptanceLetterUrl: Str,
  placement: Nullable(ApplicantPlacement),
})

const tags = ['my applications']
const config = { roles: ['siswa', 'alumni'] } as const

export const applicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: "The caller's applications with their current status, newest first",
        querystring: MyApplicationListQuery,
        response: { 200: ListEnvelope(MyApplication) },
      },
    },
    async (req) => {
      const r = await listMyApplications(app.db, req.user, req.query)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One of the caller’s applications: timeline, files, tests, result',
        params: IdParams,
        response: { 200: Envelope(MyApplicationDetail) },
      },
    },
    async (req) => ok(await myApplicationDetail(app.db, req.user, req.params.id)),
  )

  app.patch(
    '/:id/withdraw',
    {
      config: { ...config, keepsSessions: true },
      schema: {
        tags,
        summary: 'Withdraw a pending or in-progress application',
        params: IdParams,
        response: { 200: Envelope(MyApplicationDetail) },
      },
    },
    async (req) =>
      ok(
        await withdraw(app.db, req.user, req.params.id, mailingOf(app)),
        msg('Lamaran berhasil dibatalkan.', 'Application withdrawn.'),
      ),
  )
}
