import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type Static, type TSchema, Type } from '@sinclair/typebox'
import { ok, PageQuery, paged, pageOf } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import {
  DateOnly,
  Envelope,
  Id,
  IdParams,
  ListEnvelope,
  Nullable,
  Ok,
  Opt,
  Option,
  StringEnum,
} from '../../http/schemas.js'
import { GENDERS, RELIGIONS } from '../portfolio/options.js'
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
 * the kind they are scoped to and in `graduation_year`, which alumni must have and students must not.
 */

export const Year = Type.Integer({ minimum: 1950, maximum: 2100, examples: [2025] })
const Nis = Type.String({
  minLength: 1,
  maxLength: 30,
  pattern: '^[A-Za-z0-9][A-Za-z0-9./-]*$',
  description: 'Nomor Induk Siswa: unique; letters, digits, `.`, `/` or `-`',
  examples: ['2223101045'],
})
const ClassName = Type.String({ minLength: 1, maxLength: 50, examples: ['XII TKJ 1'] })
/** A profile URL (http/https only) or a bare handle such as `@budi.santoso`. */
const Social = Opt(Type.String({ maxLength: 200, pattern: '^(https?://\\S+|@?[A-Za-z0-9._-]+)$' }))

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

/** The fields of a learner; `required` marks those POST needs (PUT makes every field optional). */
function learnerFields(kind: Kind, required: boolean) {
  const must = <T extends TSchema>(t: T) => (required ? t : Type.Optional(t))
  return {
    nis: must(Nis),
    nisn: Opt(
      Type.String({ pattern: '^[0-9]{10}$', description: 'NISN: 10 digits', examples: ['0071234567'] }),
    ),
    full_name: must(Type.String({ minLength: 1, maxLength: 150 })),
    major_id: must(Id),
    class_name: Opt(ClassName),
    graduation_year:
      kind === 'alumni'
        ? must(Year)
        : Type.Optional(
            Type.Unknown({
              description:
                'Not accepted: a grade-12 student has no graduation year (422). Create an alumnus or use `POST /api/admin/alumni/upgrade`.',
            }),
          ),
    gender: Opt(StringEnum(GENDERS)),
    birth_place: Opt(Type.String({ maxLength: 100 })),
    birth_date: Opt(DateOnly),
    religion: Opt(StringEnum(RELIGIONS)),
    address: Opt(Type.String({ maxLength: 500 })),
    city: Opt(Type.String({ maxLength: 100 })),
    province: Opt(Type.String({ maxLength: 100 })),
    phone: Opt(Type.String({ pattern: '^(\\+62|62|0)8[0-9]{7,12}$', examples: ['081234567890'] })),
    email: Opt(
      Type.String({
        format: 'email',
        maxLength: 254,
        description: 'Contact e-mail; also the login e-mail of the account (kept in step)',
      }),
    ),
    skills: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 30 })),
    social_media: Type.Optional(
      Type.Object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, Social])), {
        additionalProperties: false,
        description: 'Merged key by key: keys not sent keep their value, null removes one',
      }),
    ),
    create_account: Type.Optional(
      Type.Boolean({
        description: 'Also create the login account (needs `email` and `password`); implied by `password`',
      }),
    ),
    password: Type.Optional(
      Type.String({
        minLength: 8,
        maxLength: 200,
        description: 'The password of the new login account; not for changing an existing one',
      }),
    ),
  }
}

const LearnerQuery = (kind: Kind) =>
  Type.Object({
    ...PageQuery,
    major_id: Type.Optional(Id),
    department_id: Type.Optional(Id),
    class_name: Type.Optional(Type.String({ maxLength: 50 })),
    ...(kind === 'alumni' ? { graduation_year: Type.Optional(Year) } : {}),
    has_account: Type.Optional(Type.Boolean({ description: 'true: only learners with a login account' })),
  })

const OptionsQuery = (kind: Kind) =>
  Type.Object({
    search: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or NIS' })),
    major_id: Type.Optional(Id),
    class_name: Type.Optional(Type.String({ maxLength: 50 })),
    ...(kind === 'alumni' ? { graduation_year: Type.Optional(Year) } : {}),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1000 })),
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
  const CreateBody = Type.Object(learnerFields(kind, true), { additionalProperties: false })
  const UpdateBody = Type.Object(learnerFields(kind, false), {
    additionalProperties: false,
    description: 'Only the fields sent change; `null` clears an optional one.',
  })
  const Query = LearnerQuery(kind)
  const OptQuery = OptionsQuery(kind)

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
      const query = req.query as Static<typeof Query> & { graduation_year?: number }
      const page = pageOf(query)
      const { rows, total } = await listLearners(
        app.db,
        kind,
        {
          search: query.search,
          majorId: query.major_id,
          departmentId: query.department_id,
          className: query.class_name,
          graduationYear: query.graduation_year,
          hasAccount: query.has_account,
        },
        page,
      )
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
    async (req) => {
      const query = req.query as Static<typeof OptQuery> & { graduation_year?: number }
      return ok(
        await learnerOptions(
          app.db,
          kind,
          {
            search: query.search,
            majorId: query.major_id,
            className: query.class_name,
            graduationYear: query.graduation_year,
          },
          query.limit ?? 1000,
        ),
      )
    },
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
        body: UpdateBody,
        response: { 200: Envelope(LearnerOut) },
      },
    },
    async (req) =>
      ok(await updateLearner(app.db, req.user, kind, req.params.id, req.body), DONE[kind].updated),
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
