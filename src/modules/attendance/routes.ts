import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import {
  APPLICATION_STATUSES,
  ATTENDANCE_STATUSES,
  TEST_KINDS,
  VALIDATION_STATUSES,
} from '../../db/schema/index.js'
import { ok, paged } from '../../http/envelope.js'
import { langOf, msg, tr } from '../../http/i18n.js'
import {
  BulkResult,
  DateTime,
  Envelope,
  IdParams,
  ListEnvelope,
  Nullable,
  StringEnum,
} from '../../http/schemas.js'
import { ApplicantOut } from '../../http/shapes/applicant.js'
import { CompanyRef } from '../../http/shapes/company.js'
import { versionsOf } from '../../http/versions.js'
import { BulkValidateBody, HistoryQuery, QueueQuery, ValidateBody } from './schemas.js'
import { bulkValidate, listAttendances, validateAttendance } from './service.js'

const AttendanceOut = Type.Object({
  id: Type.Integer({ description: 'The attendance record (the participant id of the schedule)' }),
  applicationId: Type.Integer(),
  applicationStatus: StringEnum(APPLICATION_STATUSES),
  applicant: ApplicantOut,
  company: CompanyRef,
  vacancy: Type.Object({ id: Type.Integer(), title: Type.String() }),
  schedule: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    kind: StringEnum(TEST_KINDS),
    scheduledAt: DateTime,
    location: Type.String(),
    status: StringEnum(['scheduled', 'done'] as const, {
      description: '`scheduled`: still ahead (cannot be validated yet); `done`: taken place',
    }),
  }),
  attendanceStatus: Nullable(
    StringEnum(ATTENDANCE_STATUSES, {
      description: 'The attendance as validated: HR’s mark, or the career center’s correction of it',
    }),
  ),
  attendanceNotes: Nullable(Type.String({ description: "HR's notes on the mark" })),
  markedStatus: Nullable(
    StringEnum(ATTENDANCE_STATUSES, {
      description:
        'The attendance as marked (by HR, or `hadir` by the participant’s own check-in), kept when the career center corrects `attendanceStatus`: the two differ when it was corrected. Null when unmarked (staff recorded it without a mark), or for a record validated before marks were kept apart (HR’s mark unknown).',
    }),
  ),
  markedAt: Nullable(DateTime),
  checkedInAt: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'Set when the participant checked in themselves with the test’s code: the evidence of `hadir` (marked at that time, by them)',
    }),
  ),
  validationStatus: StringEnum(VALIDATION_STATUSES),
  validationNotes: Nullable(Type.String({ description: "The career center's notes" })),
  validatedAt: Nullable(DateTime),
  validatedBy: Nullable(Type.Object({ id: Type.Integer(), fullName: Type.String() })),
})

/** A correction from the history carries the validation it read: its `validatedAt`. */
const ValidatedAsRead = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      description:
        'The record\'s `validatedAt` as read, quoted as an ETag. When the record was validated again since, the change is refused with 412 and `code: "edited_elsewhere"` (the same values again are no change, 200); without the header the last write wins.',
    }),
  ),
})

const tags = ['attendance']
const config = { roles: ['admin'] } as const
const filterDescription =
  '`search` matches the full name or NIS; `date_from`/`date_to` are the test days in the school time zone (`SCHOOL_TIME_ZONE`, WIB by default). Records of cancelled tests are left out.'

export const attendanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/queue',
    {
      config,
      schema: {
        tags,
        summary: 'Attendance records awaiting validation, oldest test first',
        description: filterDescription,
        querystring: QueueQuery,
        response: { 200: ListEnvelope(AttendanceOut) },
      },
    },
    async (req) => {
      const r = await listAttendances(app.db, 'queue', req.query, app.config.schoolTimeZone)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.get(
    '/history',
    {
      config,
      schema: {
        tags,
        summary: 'Validated attendance records (verified or rejected), latest validation first',
        description: filterDescription,
        querystring: HistoryQuery,
        response: { 200: ListEnvelope(AttendanceOut) },
      },
    },
    async (req) => {
      const r = await listAttendances(app.db, 'history', req.query, app.config.schoolTimeZone)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.patch(
    '/bulk-validate',
    {
      config,
      schema: {
        tags,
        summary: 'One validation for 1 to 100 attendance records; each id succeeds or fails on its own',
        body: BulkValidateBody,
        response: { 200: Envelope(BulkResult) },
      },
    },
    async (req) => {
      const r = await bulkValidate(app.db, req.user, req.body)
      const lang = langOf(req)
      return ok(
        { ...r, failures: r.failures.map((f) => ({ id: f.id, reason: tr(f.reason, lang) })) },
        msg(
          `${r.succeeded} dari ${r.processed} data kehadiran berhasil divalidasi.`,
          `${r.succeeded} of ${r.processed} attendance records validated.`,
        ),
      )
    },
  )

  app.patch(
    '/:id/validate',
    {
      config,
      schema: {
        tags,
        summary: 'Validate one attendance record of a test that has taken place',
        description:
          'Sets the attendance status and the validation (`verified` or `rejected`) with who and when. The same values again change nothing (validatedAt stays); other values update the record.',
        params: IdParams,
        headers: ValidatedAsRead,
        body: ValidateBody,
        response: { 200: Envelope(AttendanceOut) },
      },
    },
    async (req) =>
      ok(
        await validateAttendance(app.db, req.user, req.params.id, req.body, versionsOf(req)),
        req.body.validation_status === 'verified'
          ? msg('Kehadiran divalidasi.', 'Attendance validated.')
          : msg('Kehadiran ditolak.', 'Attendance rejected.'),
      ),
  )
}
