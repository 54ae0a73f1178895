import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, PageQuery, paged, pageOf } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope, Id, IdParams, ListEnvelope, Nullable, Ok, Option } from '../../http/schemas.js'
import { Code, Description, Name, OptionsQuery } from './departments.routes.js'
import {
  createMajor,
  deleteMajor,
  getMajor,
  listMajors,
  majorOptions,
  updateMajor,
} from './majors.service.js'

const MajorOut = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  isActive: Type.Boolean(),
  department: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  studentCount: Type.Integer({ description: 'Grade-12 students of the major (no graduation year)' }),
  alumniCount: Type.Integer({ description: 'Alumni of the major' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})

const CreateBody = Type.Object(
  {
    department_id: Id,
    code: Code,
    name: Name,
    description: Type.Optional(Description),
    is_active: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
)

const UpdateBody = Type.Object(
  {
    department_id: Type.Optional(Id),
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
const tags = ['majors']

export const majorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'List majors with their department and number of students and alumni',
        querystring: Type.Object({
          ...PageQuery,
          department_id: Type.Optional(Id),
          is_active: Type.Optional(Type.Boolean()),
        }),
        response: { 200: ListEnvelope(MajorOut) },
      },
    },
    async (req) => {
      const page = pageOf(req.query)
      const filter = {
        search: req.query.search,
        departmentId: req.query.department_id,
        isActive: req.query.is_active,
      }
      const { rows, total } = await listMajors(app.db, filter, page)
      return paged(rows, total, page)
    },
  )

  app.get(
    '/options',
    {
      config,
      schema: {
        tags,
        summary:
          'Majors for a dropdown (active ones unless include_inactive=true), optionally of one department',
        querystring: Type.Object({ ...OptionsQuery, department_id: Type.Optional(Id) }),
        response: { 200: Envelope(Type.Array(Option)) },
      },
    },
    async (req) =>
      ok(
        await majorOptions(app.db, {
          includeInactive: req.query.include_inactive,
          departmentId: req.query.department_id,
        }),
      ),
  )

  app.get(
    '/:id',
    {
      config,
      schema: { tags, summary: 'One major', params: IdParams, response: { 200: Envelope(MajorOut) } },
    },
    async (req) => ok(await getMajor(app.db, req.params.id)),
  )

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Create a major (code unique: 409; unknown department: 422)',
        body: CreateBody,
        response: { 201: Envelope(MajorOut) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok(await createMajor(app.db, req.user, req.body), msg('Jurusan dibuat.', 'Major created.'))),
  )

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a major',
        params: IdParams,
        body: UpdateBody,
        response: { 200: Envelope(MajorOut) },
      },
    },
    async (req) =>
      ok(
        await updateMajor(app.db, req.user, req.params.id, req.body),
        msg('Jurusan diperbarui.', 'Major updated.'),
      ),
  )

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a major no student, alumnus or vacancy refers to (otherwise 409)',
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await deleteMajor(app.db, req.user, req.params.id)
      return ok(null, msg('Jurusan dihapus.', 'Major deleted.'))
    },
  )
}
