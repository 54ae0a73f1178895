import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** Alumni tracer study (SPEC 4.4). */
export const tracerStudyRoutes: FastifyPluginAsyncTypebox = async (_app) => {}
