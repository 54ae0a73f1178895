import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** HR job placements (SPEC 4.2) and their follow-up at 3, 6 and 12 months. */
export const placementRoutes: FastifyPluginAsyncTypebox = async (_app) => {}
