import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { Envelope, IdParams, ListEnvelope } from '../../http/schemas.js'
import { ActingCompanyQuery, hrOrStaff } from '../../http/scope.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import { markAttendance } from './attendance.js'
import { cancelSchedule, createSchedule, updateSchedule } from './changes.js'
import {
  CancelScheduleBody,
  CreateScheduleBody,
  MarkAttendanceBody,
  ParticipantListQuery,
  ParticipantOut,
  ParticipantParams,
  ScheduleListQuery,
  ScheduleOut,
  UpdateScheduleBody,
} from './schemas.js'
import { listParticipants, listSchedules, mailingOf, scheduleDetail } from './service.js'

const tags = ['test schedules']
// Staff act through these routes for a company without HR (src/http/scope.ts).
const byCompany = hrOrStaff('company_id')
const bySchedule = hrOrStaff({ record: 'schedule', param: 'id' })

export const scheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Participants are told by e-mail too (with the calendar invitation) when SMTP is set.
  const mailing = () => mailingOf(app)

  app.get(
    '/',
    {
      config: byCompany,
      schema: {
        tags,
        summary: "The company's selection test schedules, latest first",
        description:
          '`search` matches the name or the location. `date_from`/`date_to` are calendar days in the school time zone (`SCHOOL_TIME_ZONE`, WIB by default).',
        querystring: ScheduleListQuery,
        response: { 200: ListEnvelope(ScheduleOut) },
      },
    },
    async (req) => {
      const r = await listSchedules(app.db, req.user, req.query, app.config.schoolTimeZone)
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
        body: CreateScheduleBody,
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
        headers: IfMatchHeaders,
        body: UpdateScheduleBody,
        response: { 200: Envelope(ScheduleOut) },
      },
    },
    async (req) =>
      ok(
        await updateSchedule(app.db, req.user, req.params.id, req.body, mailing(), versionsOf(req)),
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
        body: CancelScheduleBody,
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
        querystring: ParticipantListQuery,
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
        body: MarkAttendanceBody,
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
