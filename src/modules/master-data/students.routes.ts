import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { learnerRoutes } from './learners.routes.js'

/** /api/admin/students: grade-12 students (learners without a graduation year). */
export const studentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  learnerRoutes(app, 'siswa')
}
