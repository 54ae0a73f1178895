import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type StringOptions, Type } from '@sinclair/typebox'
import { ok, PageQuery, paged, pageOf } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope, IdParams, ListEnvelope, Nullable, Ok, Option } from '../../http/schemas.js'
import {
  createDepartment,
  deleteDepartment,
  departmentOptions,
  getDepartment,
  listDepartments,
  updateDepartment,
} from './departments.service.js'

/** Short codes such as `TKJ` or `TI-1`; stored in capitals. Shared by majors. */
export const Code = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
  description: 'Letters, digits, `.`, `_` or `-`; stored in capitals and unique',
  examples: ['TKJ'],
})
/** A required name (stored trimmed; a blank one is refused by the service). */
export const Name = Type.String({ minLength: 1, maxLength: 150 })
/**
 * An optional text that `null` clears. Written with OpenAPI's `nullable` rather than a union, so a bad
 * value gets one message (`maksimal 100 karakter`) instead of one per branch.
 */
export const NullableString = (opts: StringOptions = {}) =>
  Type.Unsafe<string | null>({ ...Type.String(opts), nullable: true })
export const Description = NullableString({ maxLength: 2000 })
export const OptionsQuery = {
  include_inactive: Type.Optional(
    Type.Boolean({ default: false, description: 'Also list inactive records' }),
  ),
}

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

const CreateBody = Type.Object(
  {
    code: Code,
    name: Name,
    description: Type.Optional(Description),
    is_active: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
)

const UpdateBody = Type.Object(
  {
    code: Type.Optional(Code),
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    is_active: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    description: 'Only the fields sent change; `description: null` clears it.',
  },
)

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
        querystring: Type.Object({
          ...PageQuery,
          is_active: Type.Optional(Type.Boolean()),
        }),
        response: { 200: ListEnvelope(DepartmentOut) },
      },
    },
    async (req) => {
      const page = pageOf(req.query)
      const filter = { search: req.query.search, isActive: req.query.is_active }
      const { rows, total } = await listDepartments(app.db, filter, page)
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
        body: CreateBody,
        response: { 201: Envelope(DepartmentOut) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createDepartment(app.db, req.user, req.body),
            msg('Departemen dibuat.', 'Department created.'),
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
        body: UpdateBody,
        response: { 200: Envelope(DepartmentOut) },
      },
    },
    async (req) =>
      ok(
        await updateDepartment(app.db, req.user, req.params.id, req.body),
        msg('Departemen diperbarui.', 'Department updated.'),
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
      return ok(null, msg('Departemen dihapus.', 'Department deleted.'))
    },
  )
}
