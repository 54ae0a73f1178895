import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import {
  DateOnly,
  Envelope,
  IdParams,
  ListEnvelope,
  Nullable,
  Ok,
  Option,
  StringEnum,
} from '../../http/schemas.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import { GENDERS } from '../portfolio/options.js'
import {
  CreateLearnerBody,
  LearnerListQuery,
  LearnerOptionsQuery,
  UpdateLearnerBody,
} from './learners.schemas.js'
import {
  createLearner,
  deleteLearner,
  getLearner,
  type Kind,
  learnerOptions,
  listLearners,
  SOCIAL_KEYS,
  updateLearner,
} from './learners.service.js'

/*
 * Students (grade 12) and alumni are one table and one set of rules; their routes differ only in
 * the kind they are scoped to and in `graduation_year`, which alumni must have and students must not
 * (the bodies and queries of each kind: learners.schemas.ts).
 */

const S = Nullable(Type.String())

export const LearnerOut = Type.Object({
  id: Type.Integer(),
  nis: Type.String(),
  nisn: S,
  fullName: Type.String(),
  major: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  department: Type.Object({ id: Type.Integer(), name: Type.String() }),
  className: S,
  graduationYear: Nullable(Type.Integer({ description: 'null for a grade-12 student' })),
  gender: Nullable(StringEnum(GENDERS)),
  birthPlace: S,
  birthDate: Nullable(DateOnly),
  religion: S,
  address: S,
  city: S,
  province: S,
  phone: S,
  email: S,
  skills: Type.Array(Type.String()),
  socialMedia: Type.Object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, S]))),
  account: Nullable(
    Type.Object(
      { id: Type.Integer(), email: Type.String(), isActive: Type.Boolean() },
      { description: 'The login account, if the learner has one' },
    ),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})

const WORDS = {
  siswa: {
    tag: 'students',
    one: 'grade-12 student',
    many: 'grade-12 students',
    created: msg('Siswa ditambahkan.', 'Student added.'),
  },
  alumni: {
    tag: 'alumni',
    one: 'alumnus',
    many: 'alumni',
    created: msg('Alumni ditambahkan.', 'Alumnus added.'),
  },
} as const

const DONE = {
  siswa: {
    updated: msg('Data siswa diperbarui.', 'Student updated.'),
    deleted: msg('Data siswa dihapus.', 'Student deleted.'),
  },
  alumni: {
    updated: msg('Data alumni diperbarui.', 'Alumnus updated.'),
    deleted: msg('Data alumni dihapus.', 'Alumnus deleted.'),
  },
} as const

type App = Parameters<FastifyPluginAsyncTypebox>[0]

/** List, options, detail, create, update and delete of one kind of learner (`admin` and `superadmin`). */
export function learnerRoutes(app: App, kind: Kind) {
  const config = { roles: ['admin'] } as const
  const w = WORDS[kind]
  const tags = [w.tag]
  const CreateBody = CreateLearnerBody(kind)
  const UpdateBody = UpdateLearnerBody(kind)
  const Query = LearnerListQuery(kind)
  const OptQuery = LearnerOptionsQuery(kind)

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: `List ${w.many}: search by name or NIS, filter by major, department, class${kind === 'alumni' ? ', graduation year' : ''} and account`,
        querystring: Query,
        response: { 200: ListEnvelope(LearnerOut) },
      },
    },
    async (req) => {
      const { rows, total, page } = await listLearners(app.db, kind, req.query)
      return paged(rows, total, page)
    },
  )

  app.get(
    '/options',
    {
      config,
      schema: {
        tags,
        summary: `${w.many} for a dropdown: \`{ value: id, label: "NIS - name" }\`, at most \`limit\``,
        querystring: OptQuery,
        response: { 200: Envelope(Type.Array(Option)) },
      },
    },
    async (req) => ok(await learnerOptions(app.db, kind, req.query)),
  )

  app.get(
    '/:id',
    {
      config,
      schema: { tags, summary: `One ${w.one}`, params: IdParams, response: { 200: Envelope(LearnerOut) } },
    },
    async (req) => ok(await getLearner(app.db, kind, req.params.id)),
  )

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: `Create a${kind === 'alumni' ? 'n' : ''} ${w.one}, with its login account on request (NIS or e-mail taken: 409; unknown major: 422)`,
        body: CreateBody,
        response: { 201: Envelope(LearnerOut) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await createLearner(app.db, req.user, kind, req.body), w.created)),
  )

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: `Update a${kind === 'alumni' ? 'n' : ''} ${w.one}; the login account's name and e-mail follow`,
        params: IdParams,
        headers: IfMatchHeaders,
        body: UpdateBody,
        response: { 200: Envelope(LearnerOut) },
      },
    },
    async (req) =>
      ok(
        await updateLearner(app.db, req.user, kind, req.params.id, req.body, versionsOf(req)),
        DONE[kind].updated,
      ),
  )

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: `Delete a${kind === 'alumni' ? 'n' : ''} ${w.one} and their login account (409 once they have applied for a job)`,
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await deleteLearner(app.db, app.storage, req.user, kind, req.params.id)
      return ok(null, DONE[kind].deleted)
    },
  )
}
