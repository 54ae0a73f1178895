import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** HR reminders of a test schedule: remind-all and remind-one, queued for delivery. */
export const reminderRoutes: FastifyPluginAsyncTypebox = async (_app) => {}
