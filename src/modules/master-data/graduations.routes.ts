import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { LEFT_REASONS } from '../../db/schema/index.js'
import { ok } from '../../http/envelope.js'
import { type Lang, langOf, msg, tr } from '../../http/i18n.js'
import { DateOnly, Envelope, Nullable, StringEnum } from '../../http/schemas.js'
import { GraduationBody, UndoGraduationBody } from './graduations.schemas.js'
import { graduateLearners, type Refusal, undoGraduation } from './graduations.service.js'

const Graduate = Type.Object({
  id: Type.Integer(),
  nis: Type.String(),
  nisn: Nullable(Type.String()),
  fullName: Type.String(),
  className: Nullable(Type.String()),
  major: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  account: Nullable(
    Type.Object({
      id: Type.Integer(),
      email: Type.String(),
      isActive: Type.Boolean({
        description:
          'false: the account is switched off (a learner who left school keeps one so); the web preview leaves them unticked',
      }),
    }),
  ),
})

const Failure = Type.Object({
  id: Type.Integer(),
  nis: Nullable(Type.String()),
  fullName: Nullable(Type.String()),
  className: Nullable(Type.String()),
  major: Nullable(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() })),
  reason: Type.String(),
  left: Nullable(
    Type.Object(
      { date: DateOnly, reason: StringEnum(LEFT_REASONS) },
      {
        description:
          'Refused because they left school (keluar/mutasi) on that day; null for any other refusal',
      },
    ),
  ),
})

const GraduationOut = Type.Object({
  dryRun: Type.Boolean(),
  graduationYear: Type.Integer(),
  processed: Type.Integer(),
  succeeded: Type.Integer({ description: 'Graduated (or, in a dry run, who would be)' }),
  failed: Type.Integer(),
  graduates: Type.Array(Graduate),
  failures: Type.Array(Failure),
})

const UndoOut = Type.Object({
  graduationYear: Type.Integer(),
  processed: Type.Integer(),
  succeeded: Type.Integer({ description: 'Back in grade 12' }),
  failed: Type.Integer(),
  learners: Type.Array(Graduate),
  failures: Type.Array(Failure),
})

/** The refusals with their reasons in the caller's language. */
const inLanguage = (failures: Refusal[], lang: Lang) =>
  failures.map((f) => ({ ...f, reason: tr(f.reason, lang) }))

/** /api/admin/graduations: a class (or a list) of grade-12 students becomes alumni of a year. */
export const graduationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['alumni'],
        summary:
          'Graduate grade-12 students (a class, a major, or a list): preview with dry_run, then commit',
        description:
          'One transaction: each graduate gets the graduation year and their account the role `alumni`; the learner record, account, portfolio, applications and placements stay as they are. Someone already graduated, or a student who left school (keluar/mutasi, `left`), is refused on their own (`failures`, with the reason); the others graduate. A commit that matches nobody is 422.',
        body: GraduationBody,
        response: { 200: Envelope(GraduationOut) },
      },
    },
    async (req) => {
      const result = await graduateLearners(app.db, req.user, req.body)
      const data = { ...result, failures: inLanguage(result.failures, langOf(req)) }
      const y = result.graduationYear
      return ok(
        data,
        result.dryRun
          ? msg(
              `Pratinjau: ${result.succeeded} siswa akan lulus tahun ${y}${result.failed ? `, ${result.failed} ditolak` : ''}. Belum ada yang diubah.`,
              `Preview: ${result.succeeded} student(s) would graduate in ${y}${result.failed ? `, ${result.failed} refused` : ''}. Nothing changed yet.`,
            )
          : msg(
              `${result.succeeded} siswa lulus dan menjadi alumni ${y}${result.failed ? `; ${result.failed} ditolak` : ''}.`,
              `${result.succeeded} student(s) graduated as alumni of ${y}${result.failed ? `; ${result.failed} refused` : ''}.`,
            ),
      )
    },
  )

  app.post(
    '/undo',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['alumni'],
        summary: 'Take a graduation back: the listed alumni of a year go back to grade 12',
        description:
          'One transaction: each goes back to grade 12 (no graduation year) and their account to the role `siswa`, with an audit row. Refused on their own (`failures`, with the reason): unknown, not an alumnus of that year, or one who already answered the tracer study or applied as an alumnus.',
        body: UndoGraduationBody,
        response: { 200: Envelope(UndoOut) },
      },
    },
    async (req) => {
      const result = await undoGraduation(app.db, req.user, req.body)
      const data = { ...result, failures: inLanguage(result.failures, langOf(req)) }
      return ok(
        data,
        msg(
          `${result.succeeded} alumni kembali menjadi siswa kelas XII${result.failed ? `; ${result.failed} ditolak` : ''}.`,
          `${result.succeeded} alumni are back in grade 12${result.failed ? `; ${result.failed} refused` : ''}.`,
        ),
      )
    },
  )
}
