import type { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams } from '../../http/schemas.js'
import { openDownload } from './service.js'

export const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/download',
    {
      config: { roles: ['superadmin', 'admin', 'hrd', 'siswa', 'alumni'] },
      schema: {
        tags: ['files'],
        summary: 'Download a stored file (portfolio file, decision letter)',
        description:
          'Allowed for the learner who owns the file, HR of a company the learner applied to, and admins; anyone else gets 404. Served as an attachment with the type judged from its bytes at upload.',
        params: IdParams,
        produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'The file bytes' }),
        },
      },
    },
    async (req, reply) => {
      const { body, headers } = await openDownload(app.db, app.storage, req.user, req.params.id)
      return reply.headers(headers).send(body)
    },
  )
}
