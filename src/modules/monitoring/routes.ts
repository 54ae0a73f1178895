import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** Career-center read-only selection progress of every vacancy (SPEC 4.3). */
export const recruitmentSelectionRoutes: FastifyPluginAsyncTypebox = async (_app) => {}
