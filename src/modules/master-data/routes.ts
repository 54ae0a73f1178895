import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { alumniRoutes } from './alumni.routes.js'
import { companyRoutes } from './companies.routes.js'
import { departmentRoutes } from './departments.routes.js'
import { graduationRoutes } from './graduations.routes.js'
import { majorRoutes } from './majors.routes.js'
import { studentRoutes } from './students.routes.js'

/** Career-center master data, for `admin` (and so `superadmin`). */
export const masterDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(departmentRoutes, { prefix: '/departments' })
  await app.register(majorRoutes, { prefix: '/majors' })
  await app.register(companyRoutes, { prefix: '/companies' })
  await app.register(studentRoutes, { prefix: '/students' })
  await app.register(alumniRoutes, { prefix: '/alumni' })
  await app.register(graduationRoutes, { prefix: '/graduations' })
}
