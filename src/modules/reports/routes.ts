import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** Career-center reports (SPEC 4.3), each as JSON, CSV or XLSX. */
export const reportRoutes: FastifyPluginAsyncTypebox = async (_app) => {}

/** The career center's front page figures. */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (_app) => {}
