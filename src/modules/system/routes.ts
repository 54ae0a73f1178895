import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { errorBody } from '../../http/errors.js'
import { langOf, msg } from '../../http/i18n.js'
import { Envelope, ErrorEnvelope } from '../../http/schemas.js'

/** Liveness and readiness probes for load balancers and orchestrators; no token. */
export const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'The process is up',
        response: {
          200: Envelope(Type.Object({ status: Type.Literal('ok'), uptimeSeconds: Type.Number() })),
        },
      },
    },
    async () => ({
      success: true,
      message: 'OK',
      data: { status: 'ok' as const, uptimeSeconds: process.uptime() },
    }),
  )

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'The database answers',
        response: {
          200: Envelope(Type.Object({ status: Type.Literal('ready'), database: Type.String() })),
          503: ErrorEnvelope,
        },
      },
    },
    async (req, reply) => {
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), 2000).unref()),
        ])
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed')
        return reply
          .code(503)
          .send(
            errorBody(
              langOf(req),
              msg('Basis data tidak dapat dihubungi.', 'The database cannot be reached.'),
            ),
          )
      }
      return { success: true, message: 'OK', data: { status: 'ready' as const, database: app.database.kind } }
    },
  )
}
