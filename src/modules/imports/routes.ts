import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IMPORT_ACTIONS, LEFT_REASONS } from '../../db/schema/index.js'
import { ok, PageQuery, paged, pageOf } from '../../http/envelope.js'
import { invalidField } from '../../http/errors.js'
import { langOf, msg } from '../../http/i18n.js'
import {
  DateOnly,
  DateTime,
  Envelope,
  IdParams,
  ListEnvelope,
  Nullable,
  StringEnum,
} from '../../http/schemas.js'
import { displayName, readUpload } from '../files/upload.js'
import { FIELDS } from './roster.js'
import { downloadCredentials, importStudents, listImports } from './service.js'

const Totals = Type.Object({
  rows: Type.Integer(),
  create: Type.Integer(),
  update: Type.Integer(),
  unchanged: Type.Integer(),
  left: Type.Integer({ description: 'Rows of learners recorded as Keluar/Mutasi: skipped' }),
  error: Type.Integer(),
})

const FieldName = StringEnum(FIELDS, {
  description: 'The roster field (the column it was read from is `column`)',
})

const RowReport = Type.Object({
  row: Type.Integer({ description: "The row's number in the spreadsheet (the header row counts)" }),
  action: StringEnum(IMPORT_ACTIONS),
  nisn: Nullable(Type.String()),
  nis: Nullable(Type.String()),
  fullName: Nullable(Type.String()),
  className: Nullable(Type.String()),
  major: Nullable(Type.String({ description: "The major's code (or the text of the cell when unknown)" })),
  login: Nullable(
    Type.String({
      description: 'create: the login e-mail of the new account (given, or `<nisn>@<school domain>`)',
    }),
  ),
  changes: Type.Array(FieldName, { description: 'update: the fields that change' }),
  left: Nullable(
    Type.Object(
      { date: DateOnly, reason: StringEnum(LEFT_REASONS) },
      { description: 'left: the day the learner left school and why (Keluar/Mutasi); the row is skipped' },
    ),
  ),
  note: Nullable(Type.String({ description: 'left: what happens to the row, to show as it is' })),
  errors: Type.Array(Type.Object({ field: FieldName, column: Type.String(), message: Type.String() })),
})

export const ImportOut = Type.Object({
  id: Nullable(Type.Integer({ description: 'The import run; null for a dry run (which writes nothing)' })),
  dryRun: Type.Boolean(),
  fileName: Type.String(),
  format: StringEnum(['csv', 'xlsx'] as const),
  headerRow: Type.Integer(),
  columns: Type.Array(Type.Object({ header: Type.String(), field: FieldName })),
  unknownColumns: Type.Array(Type.String(), { description: 'Headers that name no field: ignored' }),
  totals: Totals,
  rows: Type.Array(RowReport),
  credentials: Nullable(
    Type.Object(
      { count: Type.Integer(), expiresAt: DateTime, downloadUrl: Type.String() },
      { description: "The new accounts' sheet: one download, within 24 hours, by the account that imported" },
    ),
  ),
})

const RunOut = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(['students'] as const),
  fileName: Type.String(),
  createdAt: DateTime,
  createdBy: Nullable(Type.Object({ id: Type.Integer(), fullName: Type.String() })),
  totals: Totals,
  credentials: Nullable(
    Type.Object({
      count: Type.Integer(),
      expiresAt: Nullable(DateTime),
      downloadedAt: Nullable(DateTime),
      available: Type.Boolean({ description: 'The caller may download the sheet now' }),
      downloadUrl: Type.String(),
    }),
  ),
})

/** The multipart form, for the OpenAPI document; the handler reads and checks the stream itself. */
const ImportForm = Type.Object({
  file: Type.String({
    format: 'binary',
    description:
      'CSV (`,` `;` or tab) or XLSX; at most 10 MB and 5,000 student rows. Any sheet (hidden ones too) of more than 20,000 rows or 1,000,000 cells (rows × columns up to its last value) is refused before it is read',
  }),
  dry_run: Type.Optional(
    StringEnum(['true', 'false'] as const, {
      description: '`true`: answer the plan, write nothing (default false)',
    }),
  ),
})

const DryRunQuery = Type.Object({
  dry_run: Type.Optional(
    StringEnum(['true', 'false'] as const, {
      description: 'Same as the form field `dry_run` (the form wins)',
    }),
  ),
})

const tags = ['imports']
const config = { roles: ['admin'] } as const

/** The form field, else the query parameter; absent means a real run. */
function dryRunOf(field: string | undefined, query: unknown): boolean {
  const value = field === undefined || field === '' ? query : field
  if (value === undefined || value === '') return false
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  return invalidField('dry_run', msg('harus true atau false', 'must be true or false'))
}

/** /api/admin/imports: the student roster import and its runs (`admin`, `superadmin`). */
export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = {
    schoolEmailDomain: app.config.schoolEmailDomain,
    schoolTimeZone: app.config.schoolTimeZone,
    credentialsKey: app.config.credentialsKey,
    dataDir: app.config.dataDir,
  }

  app.post(
    '/students',
    {
      config,
      // The body is a stream read by the handler; the schema only documents the form.
      validatorCompiler: () => () => true,
      schema: {
        tags,
        summary: 'Import the student roster (multipart: file, dry_run): upsert by NISN, all or nothing',
        description:
          'Columns by header, case and spaces ignored: NISN, NIS, Nama, JK (L/P), Tempat Lahir, Tanggal Lahir (dd/mm/yyyy or yyyy-mm-dd), Rombel, Jurusan (code or name); optional Email and No HP; other columns are ignored and listed. A dry run answers what each row would do (`create`, `update`, `unchanged`, `error` with field and message) and writes nothing. A real run writes every row in one transaction, or nothing: one bad row answers 422 with the same report in `report` (and `errors` keyed `rows.<row>.<field>`). New students get a `siswa` account (e-mail = Email, or `<nisn>@SCHOOL_EMAIL_DOMAIN`) with a random initial password that must be changed at first login; the passwords are in the one-time credentials sheet.',
        consumes: ['multipart/form-data'],
        querystring: DryRunQuery,
        body: ImportForm,
        response: { 200: Envelope(ImportOut), 201: Envelope(ImportOut) },
      },
    },
    async (req, reply) => {
      const upload = await readUpload(req, app.config.uploadLimit)
      const dryRun = dryRunOf(upload.fields.dry_run, (req.query as Record<string, unknown>).dry_run)
      if (!upload.file) return invalidField('file', msg('wajib diunggah', 'is required'))
      const result = await importStudents(
        app.db,
        settings,
        req.user,
        { buffer: upload.file.buffer, filename: displayName(upload.file.filename, 'roster') },
        { dryRun, lang: langOf(req) },
      )
      const t = result.totals
      if (dryRun)
        return reply.send(
          ok(
            result,
            msg(
              `Pratinjau: ${t.create} baru, ${t.update} diperbarui, ${t.unchanged} tetap, ${t.error} bermasalah. Belum ada yang disimpan.`,
              `Preview: ${t.create} new, ${t.update} updated, ${t.unchanged} unchanged, ${t.error} with errors. Nothing was saved yet.`,
            ),
          ),
        )
      return reply
        .code(201)
        .send(
          ok(
            result,
            msg(
              `Impor selesai: ${t.create} siswa baru, ${t.update} diperbarui, ${t.unchanged} tetap.`,
              `Import done: ${t.create} new student(s), ${t.update} updated, ${t.unchanged} unchanged.`,
            ),
          ),
        )
    },
  )

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Import runs, newest first, with their credentials sheet state',
        querystring: Type.Object({ page: PageQuery.page, per_page: PageQuery.per_page }),
        response: { 200: ListEnvelope(RunOut) },
      },
    },
    async (req) => {
      const page = pageOf(req.query)
      const { rows, total } = await listImports(app.db, req.user, page)
      return paged(rows, total, page)
    },
  )

  app.get(
    '/:id/credentials.xlsx',
    {
      config,
      schema: {
        tags,
        summary:
          "The new accounts' logins and initial passwords (XLSX): once, within 24 hours, for who imported",
        description:
          'Answered once: the passwords are wiped as the sheet is made (410 afterwards, and after 24 hours). Another account, or a run without new accounts: 404. HEAD answers the same status without using the sheet up.',
        params: IdParams,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The XLSX file' }),
        },
      },
    },
    async (req, reply) => {
      // Fastify answers HEAD with this handler: a HEAD must not use up the one download.
      const { fileName, buffer } = await downloadCredentials(app.db, settings, req.user, req.params.id, {
        checkOnly: req.method === 'HEAD',
      })
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(buffer ?? Buffer.alloc(0))
    },
  )
}
