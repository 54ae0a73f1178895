import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import {
  APPLICATION_STATUSES,
  ATTENDANCE_STATUSES,
  TEST_KINDS,
  VALIDATION_STATUSES,
} from '../../db/schema/index.js'
import { ok, PageQuery, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import {
  DateOnly,
  DateTime,
  Envelope,
  Id,
  IdParams,
  ListEnvelope,
  Nullable,
  Opt,
  StringEnum,
  Text,
} from '../../http/schemas.js'
import { ActingCompanyQuery, hrOrStaff } from '../../http/scope.js'
import { SCHEDULE_STATUSES, ScheduleOut } from './schemas.js'
import {
  calendarSettings,
  cancelSchedule,
  createSchedule,
  listParticipants,
  listSchedules,
  MAX_PARTICIPANTS,
  type Mailing,
  markAttendance,
  scheduleDetail,
  updateSchedule,
} from './service.js'

const Str = Nullable(Type.String())
const Kind = StringEnum(TEST_KINDS, { description: 'psikotes, tes_tulis, praktik, wawancara or mcu' })

const ParticipantOut = Type.Object({
  participantId: Type.Integer({
    description: 'Also the id of the attendance record the career center validates',
  }),
  applicationId: Type.Integer(),
  applicationStatus: StringEnum(APPLICATION_STATUSES),
  applicant: Type.Object({
    studentId: Type.Integer(),
    fullName: Type.String(),
    nis: Type.String(),
    major: Type.Object({ id: Type.Integer(), name: Type.String() }),
  }),
  attendanceStatus: Nullable(StringEnum(ATTENDANCE_STATUSES)),
  attendanceNotes: Str,
  markedAt: Nullable(DateTime),
  validationStatus: StringEnum(VALIDATION_STATUSES),
  validationNotes: Str,
  validatedAt: Nullable(DateTime),
  validatedBy: Nullable(Type.Object({ id: Type.Integer(), fullName: Type.String() })),
  score: Nullable(Type.Number()),
  lastRemindedAt: Nullable(DateTime),
  checkedInAt: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'When the participant checked in themselves with the check-in code (the evidence of `hadir`)',
    }),
  ),
})

const ApplicationIds = (description: string, minItems = 0) =>
  Type.Array(Id, { minItems, maxItems: MAX_PARTICIPANTS, uniqueItems: true, description })

const Fields = {
  name: Text(150),
  kind: Kind,
  scheduled_at: Type.String({ format: 'date-time', description: 'ISO 8601 with an offset, in the future' }),
  location: Text(255),
  description: Opt(Type.String({ maxLength: 2000 })),
  minimum_score: Opt(Type.Number({ minimum: 0, maximum: 100 })),
  duration_minutes: Opt(Type.Integer({ minimum: 1, maximum: 1440 })),
}

const CreateBody = Type.Object(
  {
    job_vacancy_id: Id,
    ...Fields,
    application_ids: ApplicationIds(
      'In-progress applications of the vacancy (past document review); an error per index otherwise',
      1,
    ),
  },
  { additionalProperties: false },
)

const UpdateBody = Type.Object(
  {
    name: Type.Optional(Fields.name),
    kind: Type.Optional(Fields.kind),
    scheduled_at: Type.Optional(Fields.scheduled_at),
    location: Type.Optional(Fields.location),
    description: Fields.description,
    minimum_score: Fields.minimum_score,
    duration_minutes: Fields.duration_minutes,
    add_application_ids: Type.Optional(ApplicationIds('In-progress applications of the vacancy to add')),
    remove_application_ids: Type.Optional(
      ApplicationIds('Applications to remove; refused when their attendance was already validated'),
    ),
  },
  { additionalProperties: false },
)

const ParticipantParams = Type.Object({ id: Id, participantId: Id })

const tags = ['test schedules']
// Staff act through these routes for a company without HR (src/http/scope.ts).
const byCompany = hrOrStaff('company_id')
const bySchedule = hrOrStaff({ record: 'schedule', param: 'id' })

export const scheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Participants are told by e-mail too (with the calendar invitation) when SMTP is set.
  const mailing = (): Mailing => ({ outbox: app.outbox, calendar: calendarSettings(app.config) })

  app.get(
    '/',
    {
      config: byCompany,
      schema: {
        tags,
        summary: "The company's selection test schedules, latest first",
        description:
          '`search` matches the name or the location. `date_from`/`date_to` are calendar days in WIB (UTC+07:00).',
        querystring: Type.Object({
          ...PageQuery,
          ...ActingCompanyQuery,
          job_vacancy_id: Type.Optional(Id),
          kind: Type.Optional(StringEnum(TEST_KINDS)),
          status: Type.Optional(StringEnum(SCHEDULE_STATUSES)),
          date_from: Type.Optional(DateOnly),
          date_to: Type.Optional(DateOnly),
        }),
        response: { 200: ListEnvelope(ScheduleOut) },
      },
    },
    async (req) => {
      const r = await listSchedules(app.db, req.user, req.query)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.post(
    '/',
    {
      config: byCompany,
      schema: {
        tags,
        summary: 'Schedule a test for in-progress applicants of a vacancy; they are notified',
        querystring: Type.Object(ActingCompanyQuery),
        body: CreateBody,
        response: { 201: Envelope(ScheduleOut) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createSchedule(app.db, req.user, req.body, mailing()),
            msg('Jadwal tes berhasil dibuat.', 'Test schedule created.'),
          ),
        ),
  )

  app.get(
    '/:id',
    {
      config: bySchedule,
      schema: {
        tags,
        summary: 'A schedule with its vacancy and participant counts',
        params: IdParams,
        response: { 200: Envelope(ScheduleOut) },
      },
    },
    async (req) => ok(await scheduleDetail(app.db, req.user, req.params.id)),
  )

  app.put(
    '/:id',
    {
      config: bySchedule,
      schema: {
        tags,
        summary: 'Change a schedule before it takes place; participants are told of a new time or place',
        description: 'Partial: an absent field keeps its value, `null` clears an optional one.',
        params: IdParams,
        body: UpdateBody,
        response: { 200: Envelope(ScheduleOut) },
      },
    },
    async (req) =>
      ok(
        await updateSchedule(app.db, req.user, req.params.id, req.body, mailing()),
        msg('Jadwal tes berhasil diperbarui.', 'Test schedule updated.'),
      ),
  )

  app.post(
    '/:id/cancel',
    {
      config: bySchedule,
      schema: {
        tags,
        summary: 'Cancel a schedule before it takes place; participants are told',
        params: IdParams,
        body: Type.Object({ reason: Text(500) }, { additionalProperties: false }),
        response: { 200: Envelope(ScheduleOut) },
      },
    },
    async (req) =>
      ok(
        await cancelSchedule(app.db, req.user, req.params.id, req.body, mailing()),
        msg('Jadwal tes dibatalkan.', 'Test schedule cancelled.'),
      ),
  )

  app.get(
    '/:id/participants',
    {
      config: bySchedule,
      schema: {
        tags,
        summary: 'The participants of a schedule and their attendance, by name',
        description: '`search` matches the full name or NIS.',
        params: IdParams,
        querystring: Type.Object({
          ...PageQuery,
          attendance_status: Type.Optional(StringEnum([...ATTENDANCE_STATUSES, 'unmarked'] as const)),
          validation_status: Type.Optional(StringEnum(VALIDATION_STATUSES)),
        }),
        response: { 200: ListEnvelope(ParticipantOut) },
      },
    },
    async (req) => {
      const r = await listParticipants(app.db, req.user, req.params.id, req.query)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.patch(
    '/:id/participants/:participantId/attendance',
    {
      config: bySchedule,
      schema: {
        tags,
        summary: 'Mark a participant hadir, izin or alpa once the test has started',
        description:
          'A mark the career center rejected goes back to its validation queue; a verified one is final.',
        params: ParticipantParams,
        body: Type.Object(
          {
            status: StringEnum(ATTENDANCE_STATUSES),
            notes: Opt(Type.String({ maxLength: 1000 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(ParticipantOut) },
      },
    },
    async (req) =>
      ok(
        await markAttendance(app.db, req.user, req.params.id, req.params.participantId, req.body),
        msg('Kehadiran peserta tersimpan.', "The participant's attendance is saved."),
      ),
  )
}
