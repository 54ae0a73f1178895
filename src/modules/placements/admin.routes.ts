import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, paged } from '../../http/envelope.js'
import { Envelope, IdParams, ListEnvelope, Ok } from '../../http/schemas.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import {
  CheckinBody,
  LearnerOption,
  LearnerSearchQuery,
  OUTSIDE_RULES,
  OutsideBody,
  Placement,
  PlacementDetail,
  PlacementUpdateBody,
  STAFF_SEARCH_MIN,
  StaffListQuery,
} from './schemas.js'
import {
  anyPlacementDetail,
  createOutsidePlacement,
  deleteOutsidePlacement,
  learnerOptions,
  listAllPlacements,
  placementSaid,
  recordAnyCheckin,
  replaceOutsidePlacement,
  updateOutsidePlacement,
} from './service.js'

const tags = ['job placements']
const config = { roles: ['admin'] } as const

/**
 * The career center's placements (`admin`, `superadmin`): every placement, through bursa or found
 * outside it, and the recording of those found outside it (issue 15).
 */
export const adminPlacementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Every placement, through bursa or found outside it, latest acceptance first',
        description:
          "`search` matches the full name, NIS or company; `date_from`/`date_to` filter the acceptance date (inclusive); `student_id`: one learner's (a student's or an alumnus's record id).",
        querystring: StaffListQuery,
        response: { 200: ListEnvelope(Placement) },
      },
    },
    async (req) => {
      const r = await listAllPlacements(app.db, req.query)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.get(
    '/learners',
    {
      config,
      schema: {
        tags,
        summary: 'Students and alumni to record a placement for: search by name or NIS',
        querystring: LearnerSearchQuery(STAFF_SEARCH_MIN),
        response: { 200: Envelope(Type.Array(LearnerOption)) },
      },
    },
    async (req) =>
      ok(await learnerOptions(app.db, req.query.search, req.query.limit ?? 10, STAFF_SEARCH_MIN)),
  )

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Record a student or alumnus hired without a bursa application',
        description: `Exactly one of \`company_id\` (a partner company) and \`company_name\` (another employer; a partner's name there is a 422).\n${OUTSIDE_RULES}`,
        body: OutsideBody,
        response: { 201: Envelope(PlacementDetail) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok(await createOutsidePlacement(app.db, req.user, req.body), placementSaid.recorded)),
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
    async (req) => ok(await anyPlacementDetail(app.db, req.params.id)),
  )

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change an outside placement (a placement through bursa: 422)',
        description: `Every field is replaced (an absent optional one is cleared); status and follow-ups stay.\n${OUTSIDE_RULES}`,
        params: IdParams,
        headers: IfMatchHeaders,
        body: OutsideBody,
        response: { 200: Envelope(PlacementDetail) },
      },
    },
    async (req) =>
      ok(
        await replaceOutsidePlacement(app.db, req.user, req.params.id, req.body, versionsOf(req)),
        placementSaid.updated,
      ),
  )

  app.patch(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Record the status, start date and notes of a placement no HR can record (outside bursa, or `staffMayUpdate`; otherwise 422)',
        description:
          'As HR records its placements: absent `status`/`start_date`/`notes` keep their value; null clears the start date or notes; a start date that would date a recorded follow-up in the future is refused (422). An employer outside bursa has no HR to record that the person quit, nor has a partner switched off since (its HR is refused every HR route) or one without an active HR account. A placement through bursa whose company has an active HR account is 422.',
        params: IdParams,
        headers: IfMatchHeaders,
        body: PlacementUpdateBody,
        response: { 200: Envelope(PlacementDetail) },
      },
    },
    async (req) =>
      ok(
        await updateOutsidePlacement(app.db, req.user, req.params.id, req.body, versionsOf(req)),
        placementSaid.updated,
      ),
  )

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an outside placement (soft delete; a placement through bursa: 422)',
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await deleteOutsidePlacement(app.db, req.user, req.params.id)
      return ok(null, placementSaid.deleted)
    },
  )

  app.post(
    '/:id/check-ins',
    {
      config,
      schema: {
        tags,
        summary: 'Record the follow-up at 3, 6 or 12 months of any placement',
        description:
          'As HR’s check-in: the follow-up’s status becomes the placement’s; a mark whose time has not come is 422. For employers without HR (an outside placement at a company that is not a partner).',
        params: IdParams,
        body: CheckinBody,
        response: { 200: Envelope(PlacementDetail) },
      },
    },
    async (req) =>
      ok(await recordAnyCheckin(app.db, req.user, req.params.id, req.body), placementSaid.followedUp),
  )
}
