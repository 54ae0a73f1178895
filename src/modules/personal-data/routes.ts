import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { ok } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { perAccount } from '../../http/rate-limit.js'
import { Envelope, IdParams } from '../../http/schemas.js'
import { PersonalData } from './schemas.js'
import { type Export, learnerPersonalData, myPersonalData } from './service.js'

/** Downloads a learner may make per hour: the copy reads every table about her, and she needs it rarely. */
export const LEARNER_EXPORTS_PER_HOUR = 5
/** Downloads a staff member may make per hour (parents' requests; each one is in the trail). */
export const STAFF_EXPORTS_PER_HOUR = 30

const tags = ['personal data']
const WHAT =
  "One JSON document, the envelope sent as a download (`Content-Disposition: attachment`), `data` holding the learner record, the login account (never its password hash or tokens), portfolio files (names, types, sizes; not the bytes), applications with their timeline, tests and attendance and the published result, placements with their follow-ups, every tracer-study version, notifications, e-mails written to the account (address, subject, times), rows of roster imports, and the audit trail about the learner. `omitted` says what it leaves out (unpublished drafts, HR's and staff's working notes) and why. Read in one repeatable-read transaction."

/**
 * The envelope, as every answer (the file a parent is handed opens with its `message`, which names whose copy it
 * is), sent as a download under the copy's file name.
 */
const send = (reply: FastifyReply, out: Export) =>
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${out.fileName}"`)
    .send(
      ok(
        out.document,
        msg(
          `Salinan data pribadi ${out.document.learner.fullName} yang disimpan BKK di bursa (UU 27/2022 tentang Pelindungan Data Pribadi).`,
          `A copy of the personal data the career center keeps in bursa about ${out.document.learner.fullName} (Indonesia's Personal Data Protection Law, UU 27/2022).`,
        ),
      ),
    )

/**
 * A copy of a learner's personal data (UU 27/2022 PDP, the right of access): `GET /api/my-data` for the learner
 * herself, beside `/api/my-applications`; `GET /api/admin/{students,alumni}/:id/personal-data` for career-center
 * staff answering a parent, on the master-data record of each kind.
 */
export const personalDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/my-data',
    {
      config: { roles: ['siswa', 'alumni'] },
      preHandler: perAccount(app, 'my-data', LEARNER_EXPORTS_PER_HOUR, 3600),
      schema: {
        tags,
        summary:
          'A copy of everything bursa holds about the caller, as a JSON file (`data-saya-<NISN>-<date>.json`)',
        description: `${WHAT} At most ${LEARNER_EXPORTS_PER_HOUR} an hour per account (429 with \`Retry-After\`). An account without a learner record: 404.`,
        response: { 200: Envelope(PersonalData) },
      },
    },
    async (req, reply) => send(reply, await myPersonalData(app.db, req.user)),
  )

  const staffLimit = perAccount(app, 'personal-data', STAFF_EXPORTS_PER_HOUR, 3600)
  for (const [path, kind, one] of [
    ['students', 'siswa', 'a grade-12 student'],
    ['alumni', 'alumni', 'an alumnus'],
  ] as const)
    app.get(
      `/admin/${path}/:id/personal-data`,
      {
        config: { roles: ['admin'] },
        preHandler: staffLimit,
        schema: {
          tags,
          summary: `A copy of everything bursa holds about ${one}, as a JSON file (a parent's request under UU PDP)`,
          description: `${WHAT} The download is written to the audit trail (\`export_personal_data\` on the learner, the caller as actor) in the same transaction. At most ${STAFF_EXPORTS_PER_HOUR} an hour per account (429). Unknown id, or a learner of the other kind: 404.`,
          params: IdParams,
          response: { 200: Envelope(PersonalData) },
        },
      },
      async (req, reply) => send(reply, await learnerPersonalData(app.db, req.user, kind, req.params.id)),
    )
}
