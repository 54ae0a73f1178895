import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { paged } from '../../http/envelope.js'
import { IdParams, ListEnvelope } from '../../http/schemas.js'
import { MyApplicationListQuery } from './schemas.js'
import { listLearnerApplications } from './service.js'
import { LearnerApplication } from './shape.js'

/**
 * A learner's applications on her master-data record, for career-center staff (`admin`, `superadmin`) answering a
 * homeroom teacher or a parent: `GET /api/admin/{students,alumni}/:id/applications` (SPEC 4.5 leaves the paths
 * under the master-data collections open; the applicant's own list is `/api/my-applications`).
 */
export const learnerApplicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [path, kind, one] of [
    ['students', 'siswa', 'a grade-12 student'],
    ['alumni', 'alumni', 'an alumnus'],
  ] as const)
    app.get(
      `/${path}/:id/applications`,
      {
        config: { roles: ['admin'] },
        schema: {
          tags: [path],
          summary: `The applications of ${one}, newest first, with where each stands`,
          description:
            "As the learner's own list (`/api/my-applications`: status, vacancy, company, dates, the latest step she sees, the result once published), plus the document review, the last test held and the next one with her attendance, and whether the school withdrew it. An application withdrawn by the school and followed by a new one to the same vacancy stays listed as history (`superseded`). A draft result is never shown. Filter by `status`; `search` matches the vacancy's title or position or the company. Unknown id, or a learner of the other kind: 404.",
          params: IdParams,
          querystring: MyApplicationListQuery,
          response: { 200: ListEnvelope(LearnerApplication) },
        },
      },
      async (req) => {
        const r = await listLearnerApplications(app.db, kind, req.params.id, req.query)
        return paged(r.rows, r.total, r.page)
      },
    )
}
