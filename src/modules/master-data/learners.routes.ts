import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { LEFT_REASONS } from '../../db/schema/index.js'
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
import { mailingOf } from '../schedules/service.js'
import {
  CreateLearnerBody,
  LearnerListQuery,
  LearnerOptionsQuery,
  LeftBody,
  UpdateLearnerBody,
} from './learners.schemas.js'
import {
  createLearner,
  deleteLearner,
  getLearner,
  type Kind,
  learnerOptions,
  listLearners,
  recordLeft,
  SOCIAL_KEYS,
  undoLeft,
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
  left: Nullable(
    Type.Object(
      { date: DateOnly, reason: StringEnum(LEFT_REASONS), note: S },
      {
        description:
          'A grade-12 student who left school without graduating (`keluar`: dropped out, `mutasi`: moved), on that school day; null otherwise',
      },
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

  if (kind === 'siswa') leftRoutes(app)
}

/** `POST` and `DELETE /api/admin/students/:id/left`: a grade-12 student who left school, and its undoing. */
function leftRoutes(app: App) {
  const config = { roles: ['admin'] } as const
  const tags = ['students']

  app.post(
    '/:id/left',
    {
      config,
      schema: {
        tags,
        summary: 'Record that a grade-12 student left school (keluar / mutasi)',
        description:
          "One transaction: the record keeps `left` (out of the default list, the pickers, graduation and the reports' cohorts), the student's open applications are withdrawn by the school (the timeline says why) and their account is switched off (sessions ended, e-mails owed given up), with audit rows. A date after the school's today: 422 on `date`; an alumnus, or a student already recorded: 409; unknown: 404.",
        params: IdParams,
        body: LeftBody,
        response: { 200: Envelope(LearnerOut) },
      },
    },
    async (req) => {
      const { learner, closed } = await recordLeft(app.db, mailingOf(app), req.user, req.params.id, req.body)
      const off = learner.account ? [' Akunnya dinonaktifkan.', ' Their account was switched off.'] : ['', '']
      const shut =
        closed > 0
          ? [` ${closed} lamaran yang masih berjalan ditutup.`, ` ${closed} open application(s) closed.`]
          : ['', '']
      return ok(
        learner,
        msg(
          `${learner.fullName} dicatat keluar/mutasi sejak ${req.body.date}.${off[0]}${shut[0]}`,
          `${learner.fullName} recorded as having left school on ${req.body.date}.${off[1]}${shut[1]}`,
        ),
      )
    },
  )

  app.delete(
    '/:id/left',
    {
      config,
      schema: {
        tags,
        summary: 'Undo a "left school" recorded by mistake',
        description:
          'The student is at school again. The applications closed stay closed and the account stays off (switch it on in user management). Not recorded as having left: 409.',
        params: IdParams,
        response: { 200: Envelope(LearnerOut) },
      },
    },
    async (req) => {
      const learner = await undoLeft(app.db, req.user, req.params.id)
      return ok(
        learner,
        msg(
          `Status keluar/mutasi ${learner.fullName} dibatalkan.${learner.account && !learner.account.isActive ? ' Akunnya masih nonaktif; aktifkan lewat menu Pengguna bila perlu.' : ''}`,
          `${learner.fullName} is at school again.${learner.account && !learner.account.isActive ? ' Their account is still off; switch it on in user management if needed.' : ''}`,
        ),
      )
    },
  )
}
