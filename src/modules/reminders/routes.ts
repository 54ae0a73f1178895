import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope, Id } from '../../http/schemas.js'
import { hrOrStaff } from '../../http/scope.js'
import { type RemindDeps, remindAll, remindOne } from './service.js'

const Queued = Envelope(
  Type.Object({
    queued: Type.Integer({ description: 'reminders queued' }),
    alreadyReminded: Type.Integer({
      description: 'participants left out: a press less than an hour ago already reminds them',
    }),
  }),
)
const queuedMessage = ({ queued, alreadyReminded }: { queued: number; alreadyReminded: number }) =>
  alreadyReminded === 0
    ? msg(`${queued} pengingat dijadwalkan untuk dikirim.`, `${queued} reminder(s) queued for delivery.`)
    : msg(
        `${queued} pengingat dijadwalkan untuk dikirim; ${alreadyReminded} peserta sudah diingatkan dalam 1 jam terakhir.`,
        `${queued} reminder(s) queued for delivery; ${alreadyReminded} participant(s) were reminded within the last hour.`,
      )
const tags = ['test schedules']
// Staff act through these routes for a company without HR (src/http/scope.ts).
const bySchedule = hrOrStaff({ record: 'schedule', param: 'id' })

/** HR reminders of a test schedule: remind-all and remind-one, queued for delivery. */
export const reminderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): RemindDeps => ({
    db: app.db,
    jobs: app.jobs,
    log: app.log,
    emailOn: app.config.smtp.url !== null,
  })

  app.post(
    '/:id/remind-all',
    {
      config: bySchedule,
      schema: {
        tags,
        summary: 'Remind every participant of an upcoming test (in-app, and by e-mail when SMTP is set)',
        description:
          'Answers at once with how many reminders were queued; delivery runs in the background, retried on failure and never twice per press. A participant reminded by a press less than an hour ago is left out (`alreadyReminded`); reminding them alone is then a 422.',
        params: Type.Object({ id: Id }),
        response: { 200: Queued },
      },
    },
    async (req) => {
      const r = await remindAll(deps(), req.user, req.params.id)
      return ok(r, queuedMessage(r))
    },
  )

  app.post(
    '/:id/participants/:participantId/remind',
    {
      config: bySchedule,
      schema: {
        tags,
        summary: 'Remind one participant of an upcoming test',
        params: Type.Object({ id: Id, participantId: Id }),
        response: { 200: Queued },
      },
    },
    async (req) => {
      const r = await remindOne(deps(), req.user, req.params.id, req.params.participantId)
      return ok(r, queuedMessage(r))
    },
  )
}
