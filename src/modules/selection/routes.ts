import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** HR selection results (SPEC 4.2): list, store scores and letter, decision, publish. */
export const selectionRoutes: FastifyPluginAsyncTypebox = async (_app) => {}
