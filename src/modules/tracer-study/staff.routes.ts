import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyReply } from 'fastify'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope, Id, ListEnvelope, Meta, Nullable } from '../../http/schemas.js'
import { CONTENT_TYPES, type ExportFormat, render } from '../reports/export.js'
import { Answer, Body, Prefill, SAVE_RULES, TracerListQuery } from './schemas.js'
import { listTracerStudies, saveTracerStudyFor, staffTracerStudy, tracerStudyTable } from './service.js'

const EnteredBy = Nullable(
  Type.Object(
    { id: Type.Integer(), fullName: Type.String() },
    { description: 'The staff member who entered this version on the alumnus’s behalf; null: the alumnus' },
  ),
)
const StaffAnswer = Type.Object({ ...Answer.properties, enteredBy: EnteredBy })

const Alumnus = Type.Object({
  id: Type.Integer({ description: 'The alumnus’s learner id (`alumni_id`)' }),
  nis: Type.String(),
  fullName: Type.String(),
  graduationYear: Type.Integer(),
  major: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
})

const Row = Type.Object({
  alumnus: Alumnus,
  answer: Type.Union([StaffAnswer, Type.Null()], {
    description: 'The current answer; null: not answered yet',
  }),
})

/** A file instead of the envelope (the list's CSV or XLSX). */
function download(reply: FastifyReply, name: string, format: ExportFormat, body: Buffer) {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body)
}

const AlumniParams = Type.Object({ alumniId: Id })

const tags = ['tracer study']
const config = { roles: ['admin'] } as const

/** Tracer-study answers as the career center sees and collects them (issue 15). */
export const staffTracerStudyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary:
          'Alumni and their current tracer-study answers, with who entered each, and who has not answered',
        description:
          'Filter by `graduation_year`, `major_id`, `career_status`, `answered` and `search` (name or NIS); by name. `meta.answered` and `meta.notAnswered` count the alumni of the year, major and search. `?format=csv|xlsx` downloads every matching row (formula-like text neutralised as in the reports).',
        querystring: TracerListQuery,
        response: {
          200: ListEnvelope(
            Row,
            Type.Object({ ...Meta.properties, answered: Type.Integer(), notAnswered: Type.Integer() }),
          ),
        },
      },
    },
    async (req, reply) => {
      const format = req.query.format
      if (format === 'csv' || format === 'xlsx') {
        const { table, stem } = await tracerStudyTable(app.db, req.query, app.config.schoolTimeZone)
        return download(reply, `${stem}.${format}`, format, await render(table, format))
      }
      const r = await listTracerStudies(app.db, req.query)
      return paged(r.rows, r.counts.total, r.page, {
        answered: r.counts.answered,
        notAnswered: r.counts.notAnswered,
      })
    },
  )

  app.get(
    '/:alumniId',
    {
      config,
      schema: {
        tags,
        summary: 'One alumnus’s tracer study: the current answer, its history, and a suggestion',
        description:
          'Each version says who entered it. `prefill` as for the alumnus: only while nothing was answered, from the latest placement. A grade-12 student or an unknown id: 404.',
        params: AlumniParams,
        response: {
          200: Envelope(
            Type.Object({
              alumnus: Alumnus,
              current: Nullable(StaffAnswer),
              history: Type.Array(StaffAnswer, {
                description: 'Earlier versions, newest first: the 20 latest.',
              }),
              prefill: Nullable(Prefill),
            }),
          ),
        },
      },
    },
    async (req) => ok(await staffTracerStudy(app.db, req.params.alumniId)),
  )

  app.post(
    '/:alumniId',
    {
      config,
      schema: {
        tags,
        summary: 'Save an answer collected from the alumnus (e.g. by phone) as their new version',
        description: `The same rules and versioning as the alumnus's own save; the version records the staff member who entered it.\n${SAVE_RULES}`,
        params: AlumniParams,
        body: Body,
        response: { 200: Envelope(StaffAnswer), 201: Envelope(StaffAnswer) },
      },
    },
    async (req, reply) => {
      const { answer, created } = await saveTracerStudyFor(app.db, req.user, req.params.alumniId, req.body)
      return reply
        .code(created ? 201 : 200)
        .send(
          ok(
            answer,
            created
              ? msg('Tracer study alumni berhasil disimpan.', 'The alumnus’s tracer study was saved.')
              : msg('Tracer study alumni berhasil diperbarui.', 'The alumnus’s tracer study was updated.'),
          ),
        )
    },
  )
}
