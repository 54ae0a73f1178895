import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope, Id } from '../../http/schemas.js'
import { LearnerOut, learnerRoutes, Year } from './learners.routes.js'
import { upgradeToAlumni } from './learners.service.js'

const UpgradeBody = Type.Object(
  {
    student_ids: Type.Optional(
      Type.Array(Id, {
        minItems: 1,
        maxItems: 500,
        uniqueItems: true,
        description: 'Grade-12 students to upgrade',
      }),
    ),
    class_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description: 'Instead of student_ids: every grade-12 student of the class',
      }),
    ),
    major_id: Type.Optional(Id),
    graduation_year: Year,
  },
  {
    additionalProperties: false,
    description:
      "Exactly one of `student_ids` or `class_name` (with `major_id` to pick one major's class of that name).",
  },
)

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
          `${result.upgraded} siswa di-upgrade menjadi alumni.`,
          `${result.upgraded} student(s) upgraded to alumni.`,
        ),
      )
    },
  )

  learnerRoutes(app, 'alumni')
}
