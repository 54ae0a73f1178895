import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { CAREER_STATUSES, JOB_FITS } from '../../db/schema/index.js'
import { ok } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { DateOnly, DateTime, Envelope, Nullable, Opt, StringEnum } from '../../http/schemas.js'
import { getTracerStudy, MAX_SALARY, MAX_WAITING_MONTHS, saveTracerStudy } from './service.js'

const Str = Nullable(Type.String())

/** The answer's fields; those that do not apply to the career status are null. */
const AnswerFields = {
  careerStatus: StringEnum(CAREER_STATUSES),
  institutionName: Str,
  jobTitle: Str,
  sector: Str,
  city: Str,
  province: Str,
  startingSalary: Nullable(Type.Integer()),
  waitingPeriodMonths: Nullable(Type.Integer()),
  jobFit: Nullable(StringEnum(JOB_FITS)),
  startDate: Nullable(DateOnly),
}

const Answer = Type.Object({ ...AnswerFields, version: Type.Integer(), submittedAt: DateTime })

const Prefill = Type.Object(
  { ...AnswerFields, placementId: Type.Integer() },
  { description: 'A suggested answer from the latest placement through bursa (not stored).' },
)

const TracerStudy = Type.Object({
  current: Nullable(Answer),
  history: Type.Array(Answer, { description: 'Earlier versions, newest first.' }),
  prefill: Nullable(Prefill),
})

const Name = (max: number) => Opt(Type.String({ maxLength: max }))

const Body = Type.Object(
  {
    career_status: StringEnum(CAREER_STATUSES),
    institution_name: Name(150),
    job_title: Name(100),
    sector: Name(100),
    city: Name(100),
    province: Name(100),
    starting_salary: Opt(Type.Integer({ minimum: 0, maximum: MAX_SALARY })),
    waiting_period_months: Opt(Type.Integer({ minimum: 0, maximum: MAX_WAITING_MONTHS })),
    job_fit: Opt(StringEnum(JOB_FITS)),
    start_date: Opt(DateOnly),
  },
  { additionalProperties: false },
)

const tags = ['tracer study']
const config = { roles: ['alumni'] } as const

export const tracerStudyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'The alumnus’s tracer study: current answer, earlier versions, and a suggestion',
        description:
          '`prefill` is given only while there is no answer yet and the alumnus has a placement through bursa (the latest one that is not `resigned`); a form shows `current ?? prefill`.',
        response: { 200: Envelope(TracerStudy) },
      },
    },
    async (req) => ok(await getTracerStudy(app.db, req.user)),
  )

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Save the tracer study (a new version; the earlier ones are kept)',
        description: [
          'Required per `career_status` (missing ones are all named in `errors`):',
          '- `bekerja`: institution_name, job_title, sector, city, province, starting_salary, waiting_period_months, job_fit, start_date;',
          '- `wirausaha`: the same without job_title (optional); institution_name is the business, starting_salary its first income;',
          '- `lanjut_studi`: institution_name (the campus), city, province, start_date; job_fit optional (fit of the study to the major);',
          '- `mencari_kerja`: nothing.',
          'Fields that do not apply to the status are stored as null. `start_date` may not be after today (WIB).',
          'Answers 201 for the first answer, 200 for a later version.',
        ].join('\n'),
        body: Body,
        response: { 200: Envelope(Answer), 201: Envelope(Answer) },
      },
    },
    async (req, reply) => {
      const { answer, created } = await saveTracerStudy(app.db, req.user, req.body)
      return reply
        .code(created ? 201 : 200)
        .send(
          ok(
            answer,
            created
              ? msg('Tracer study berhasil disimpan.', 'Tracer study saved.')
              : msg('Tracer study berhasil diperbarui.', 'Tracer study updated.'),
          ),
        )
    },
  )
}
