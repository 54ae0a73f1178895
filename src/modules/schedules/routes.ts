import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** HR test schedules (SPEC 4.2): list, create, detail, update, cancel, participants. */
export const scheduleRoutes: FastifyPluginAsyncTypebox = async (_app) => {}
