import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope, IdParams, ListEnvelope, Nullable, Ok, Option } from '../../http/schemas.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import {
  CreateDepartmentBody,
  DepartmentListQuery,
  OptionsQuery,
  UpdateDepartmentBody,
} from './departments.schemas.js'
import {
  createDepartment,
  deleteDepartment,
  departmentOptions,
  getDepartment,
  listDepartments,
  updateDepartment,
} from './departments.service.js'

const DepartmentOut = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  isActive: Type.Boolean(),
  majorCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})

const config = { roles: ['admin'] } as const
const tags = ['departments']

export const departmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'List departments with their number of majors',
        querystring: DepartmentListQuery,
        response: { 200: ListEnvelope(DepartmentOut) },
      },
    },
    async (req) => {
      const { rows, total, page } = await listDepartments(app.db, req.query)
      return paged(rows, total, page)
    },
  )

  app.get(
    '/options',
    {
      config,
      schema: {
        tags,
        summary: 'Departments for a dropdown (active ones unless include_inactive=true)',
        querystring: Type.Object(OptionsQuery),
        response: { 200: Envelope(Type.Array(Option)) },
      },
    },
    async (req) => ok(await departmentOptions(app.db, req.query.include_inactive)),
  )

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One department',
        params: IdParams,
        response: { 200: Envelope(DepartmentOut) },
      },
    },
    async (req) => ok(await getDepartment(app.db, req.params.id)),
  )

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Create a department (code unique: 409)',
        body: CreateDepartmentBody,
        response: { 201: Envelope(DepartmentOut) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createDepartment(app.db, req.user, req.body),
            msg('Bidang keahlian dibuat.', 'Department created.'),
          ),
        ),
  )

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a department',
        params: IdParams,
        headers: IfMatchHeaders,
        body: UpdateDepartmentBody,
        response: { 200: Envelope(DepartmentOut) },
      },
    },
    async (req) =>
      ok(
        await updateDepartment(app.db, req.user, req.params.id, req.body, versionsOf(req)),
        msg('Bidang keahlian diperbarui.', 'Department updated.'),
      ),
  )

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a department that has no majors (otherwise 409)',
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await deleteDepartment(app.db, req.user, req.params.id)
      return ok(null, msg('Bidang keahlian dihapus.', 'Department deleted.'))
    },
  )
}
