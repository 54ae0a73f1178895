import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** Career-center attendance validation (SPEC 4.3): queue, history, validate, bulk-validate. */
export const attendanceRoutes: FastifyPluginAsyncTypebox = async (_app) => {}
