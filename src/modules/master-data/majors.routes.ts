import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope, IdParams, ListEnvelope, Nullable, Ok, Option } from '../../http/schemas.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import { CreateMajorBody, MajorListQuery, MajorOptionsQuery, UpdateMajorBody } from './majors.schemas.js'
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
  studentCount: Type.Integer({
    description: 'Grade-12 students of the major at school (no graduation year, not recorded as having left)',
  }),
  alumniCount: Type.Integer({ description: 'Alumni of the major' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})

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
        querystring: MajorListQuery,
        response: { 200: ListEnvelope(MajorOut) },
      },
    },
    async (req) => {
      const { rows, total, page } = await listMajors(app.db, req.query)
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
        querystring: MajorOptionsQuery,
        response: { 200: Envelope(Type.Array(Option)) },
      },
    },
    async (req) => ok(await majorOptions(app.db, req.query)),
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
        body: CreateMajorBody,
        response: { 201: Envelope(MajorOut) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createMajor(app.db, req.user, req.body),
            msg('Kompetensi keahlian dibuat.', 'Major created.'),
          ),
        ),
  )

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a major',
        params: IdParams,
        headers: IfMatchHeaders,
        body: UpdateMajorBody,
        response: { 200: Envelope(MajorOut) },
      },
    },
    async (req) => {
      const { major, message } = await updateMajor(app.db, req.user, req.params.id, req.body, versionsOf(req))
      return ok(major, message)
    },
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
      return ok(null, msg('Kompetensi keahlian dihapus.', 'Major deleted.'))
    },
  )
}
