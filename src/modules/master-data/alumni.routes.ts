import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope } from '../../http/schemas.js'
import { LearnerOut, learnerRoutes } from './learners.routes.js'
import { UpgradeBody } from './learners.schemas.js'
import { upgradeToAlumni } from './learners.service.js'

/** /api/admin/alumni: learners with a graduation year, and the upgrade of grade-12 students. */
export const alumniRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/upgrade',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['alumni'],
        summary:
          'Upgrade grade-12 students (a list or a whole class) to alumni in one transaction; all or nothing (422 names each refused id)',
        body: UpgradeBody,
        response: {
          200: Envelope(Type.Object({ upgraded: Type.Integer(), alumni: Type.Array(LearnerOut) })),
        },
      },
    },
    async (req) => {
      const result = await upgradeToAlumni(app.db, req.user, req.body)
      return ok(
        result,
        msg(
          `${result.upgraded} siswa dijadikan alumni.`,
          `${result.upgraded} student(s) upgraded to alumni.`,
        ),
      )
    },
  )

  learnerRoutes(app, 'alumni')
}
