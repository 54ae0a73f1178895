import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, paged } from '../../http/envelope.js'
import { perAccount } from '../../http/rate-limit.js'
import { Envelope, IdParams, ListEnvelope, Ok } from '../../http/schemas.js'
import { hrOrStaff } from '../../http/scope.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import {
  CheckinBody,
  CompanyOutsideBody,
  HR_SEARCH_MIN,
  HR_SEARCHES_PER_HOUR,
  HrListQuery,
  LearnerOption,
  LearnerSearchQuery,
  OUTSIDE_RULES,
  Placement,
  PlacementDetail,
  PlacementUpdateBody,
} from './schemas.js'
import {
  createCompanyOutsidePlacement,
  deleteCompanyOutsidePlacement,
  learnerOptions,
  listPlacements,
  placementDetail,
  placementSaid,
  recordCheckin,
  replaceCompanyOutsidePlacement,
  updatePlacement,
} from './service.js'

const tags = ['job placements']
const config = { roles: ['hrd'] } as const

/** HR's placements: those of its company, through bursa or found outside it (SPEC 4.2). */
export const placementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // HR looks up the few learners it hired; a partner's account paging the school's roll three characters at
  // a time (name, NIS, major, grade, minors included) is stopped (docs/decisions.md). Recording a placement,
  // or pointing one at another learner, names the learner in its answer: it counts as a look-up too.
  const learnerSearchLimit = perAccount(app, 'hr-learner-search', HR_SEARCHES_PER_HOUR, 3600)
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Students and alumni placed at the company, latest acceptance first',
        description:
          '`search` matches the full name or NIS; `date_from`/`date_to` filter the acceptance date (inclusive); `source` tells placements through bursa from those found outside it.',
        querystring: HrListQuery,
        response: { 200: ListEnvelope(Placement) },
      },
    },
    async (req) => {
      const r = await listPlacements(app.db, req.user, req.query)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.get(
    '/learners',
    {
      config,
      schema: {
        tags,
        summary: `Learners to record an outside placement for: search by name or NIS (at least 3 characters; ${HR_SEARCHES_PER_HOUR} searches an hour per account, 429 beyond)`,
        querystring: LearnerSearchQuery(HR_SEARCH_MIN),
        response: { 200: Envelope(Type.Array(LearnerOption)) },
      },
      preHandler: learnerSearchLimit,
    },
    async (req) => ok(await learnerOptions(app.db, req.query.search, req.query.limit ?? 10, HR_SEARCH_MIN)),
  )

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: `Record a hire of the company that came without a bursa application (a learner look-up: ${HR_SEARCHES_PER_HOUR} an hour per account with the searches, 429 beyond)`,
        description: OUTSIDE_RULES,
        body: CompanyOutsideBody,
        response: { 201: Envelope(PlacementDetail) },
      },
      preHandler: learnerSearchLimit,
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok(await createCompanyOutsidePlacement(app.db, req.user, req.body), placementSaid.recorded)),
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

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: `Change an outside placement of the company (a placement through bursa: 422; naming another learner is a look-up, ${HR_SEARCHES_PER_HOUR} an hour with the searches)`,
        description: `Every field is replaced (an absent optional one is cleared); status and follow-ups stay.\n${OUTSIDE_RULES}`,
        params: IdParams,
        headers: IfMatchHeaders,
        body: CompanyOutsideBody,
        response: { 200: Envelope(PlacementDetail) },
      },
    },
    async (req) =>
      ok(
        await replaceCompanyOutsidePlacement(app.db, req.user, req.params.id, req.body, versionsOf(req), () =>
          learnerSearchLimit(req),
        ),
        placementSaid.updated,
      ),
  )

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an outside placement of the company (soft delete; a placement through bursa: 422)',
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await deleteCompanyOutsidePlacement(app.db, req.user, req.params.id)
      return ok(null, placementSaid.deleted)
    },
  )

  app.patch(
    '/:id',
    {
      // Staff record it for a company without HR, whose selection they ran (src/http/scope.ts).
      config: hrOrStaff({ record: 'placement', param: 'id' }),
      schema: {
        tags,
        summary: 'Record the placement’s status, start date and notes',
        description:
          'Absent `status`/`start_date`/`notes` keep their value; null clears the start date or notes. A start date that would date a recorded follow-up in the future is refused (422). Staff may use it for a company without an active HR account. A follow-up recorded since the form read the placement changed it: with `If-Match` such a save is refused (412).',
        params: IdParams,
        headers: IfMatchHeaders,
        body: PlacementUpdateBody,
        response: { 200: Envelope(PlacementDetail) },
      },
    },
    async (req) =>
      ok(
        await updatePlacement(app.db, req.user, req.params.id, req.body, versionsOf(req)),
        placementSaid.updated,
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
          'The follow-up’s status becomes the placement’s status unless a later mark is recorded. A mark whose time has not come (counted from the start date, or the acceptance date) is refused with 422.',
        params: IdParams,
        body: CheckinBody,
        response: { 200: Envelope(PlacementDetail) },
      },
    },
    async (req) =>
      ok(await recordCheckin(app.db, req.user, req.params.id, req.body), placementSaid.followedUp),
  )
}
