import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { perAccount } from '../../http/rate-limit.js'
import { Envelope, Nullable } from '../../http/schemas.js'
import { Answer, Body, Prefill, SAVE_RULES } from './schemas.js'
import { getTracerStudy, saveTracerStudy } from './service.js'

const TracerStudy = Type.Object({
  current: Nullable(Answer),
  history: Type.Array(Answer, { description: 'Earlier versions, newest first: the 20 latest.' }),
  prefill: Nullable(Prefill),
})

const tags = ['tracer study']
const config = { roles: ['alumni'] } as const

export const tracerStudyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'The alumnus’s tracer study: current answer, earlier versions, and a suggestion',
        description:
          '`prefill` is given only while there is no answer yet and the alumnus has a placement, through bursa or found outside it (the latest one that is not `resigned` or deleted); a form shows `current ?? prefill`.',
        response: { 200: Envelope(TracerStudy) },
      },
    },
    async (req) => ok(await getTracerStudy(app.db, req.user)),
  )

  app.post(
    '/',
    {
      config,
      // Each save is a version kept for good: 30 an hour is far more than an alumnus edits.
      preHandler: perAccount(app, 'tracer-save', 30, 3600),
      schema: {
        tags,
        summary: 'Save the tracer study (a new version; the earlier ones are kept)',
        description: SAVE_RULES,
        body: Body,
        response: { 200: Envelope(Answer), 201: Envelope(Answer) },
      },
    },
    async (req, reply) => {
      const { answer, created } = await saveTracerStudy(app.db, req.user, req.body)
      return reply
        .code(created ? 201 : 200)
        .send(
          ok(
            answer,
            created
              ? msg('Tracer study berhasil disimpan.', 'Tracer study saved.')
              : msg('Tracer study berhasil diperbarui.', 'Tracer study updated.'),
          ),
        )
    },
  )
}
