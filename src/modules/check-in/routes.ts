import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { TEST_KINDS } from '../../db/schema/index.js'
import { ok } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { perAccount } from '../../http/rate-limit.js'
import { DateTime, Envelope, IdParams, Nullable, StringEnum } from '../../http/schemas.js'
import { checkIn, checkInCode } from './service.js'

const tags = ['test check-in']

const CheckInCode = Type.Object({
  scheduleId: Type.Integer(),
  state: StringEnum(['not_yet', 'open', 'closed'] as const, {
    description:
      '`open` from 60 minutes before the start until the test ends (its duration, else the end of its day); a code only then',
  }),
  code: Nullable(
    Type.String({ description: 'The code of the current 30-second window, `<schedule id>-<8 characters>`' }),
  ),
  url: Nullable(
    Type.String({ description: 'What the QR code holds: the web client’s check-in page with the code' }),
  ),
  expiresAt: Nullable(DateTime),
  refreshInSeconds: Nullable(
    Type.Integer({ description: 'Seconds until the next code (by the server’s clock)' }),
  ),
  windowSeconds: Type.Integer(),
  opensAt: DateTime,
  closesAt: DateTime,
  now: DateTime,
  schedule: Type.Object({ name: Type.String(), scheduledAt: DateTime, location: Type.String() }),
})

const CheckInOut = Type.Object({
  participantId: Type.Integer({ description: 'Also the attendance record the career center validates' }),
  applicationId: Type.Integer(),
  attendanceStatus: StringEnum(['hadir'] as const),
  checkedInAt: Nullable(DateTime),
  alreadyCheckedIn: Type.Boolean({
    description: 'True when the attendance was already recorded: nothing changed',
  }),
  schedule: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    kind: StringEnum(TEST_KINDS),
    scheduledAt: DateTime,
    location: Type.String(),
    vacancyTitle: Type.String(),
    companyName: Type.String(),
  }),
})

/** `GET /api/hrd/test-schedules/:id/check-in-code`: the code HR or staff show on the test day. */
export const checkInCodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/check-in-code',
    {
      // HR of the schedule's company; career-center staff for any schedule (they may run the room).
      config: { roles: ['hrd', 'admin'] },
      schema: {
        tags,
        summary: "The test's rotating check-in code (a new one every 30 s), to show as a QR code",
        description:
          'During the check-in window (from 60 minutes before the start until the test ends) answers the code of the current 30-second window and `url`, the web client’s check-in page with it (the QR code’s content); outside it, `state` and when the window opens and closes. A cancelled test is 422.',
        params: IdParams,
        response: { 200: Envelope(CheckInCode) },
      },
    },
    async (req) => ok(await checkInCode(app.db, req.user, req.params.id, app.config.publicUrl)),
  )
}

/** `POST /api/test-check-ins`: a participant checks in with the code. */
export const checkInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { roles: ['siswa', 'alumni'] },
      preHandler: perAccount(app, 'test-check-in', 30, 300),
      schema: {
        tags,
        summary: 'Check in at a test with the code shown there: marks the caller hadir',
        description:
          'Refused (422, the reason also under `errors.code`) when the code is unknown or expired (the current and the previous 30-second code are taken), the test was cancelled, check-in is not open, or the caller does not take part. The mark waits for the career center’s validation like HR’s. Checking in again changes nothing (`alreadyCheckedIn`). At most 30 tries in 5 minutes per account.',
        body: Type.Object(
          { code: Type.String({ minLength: 1, maxLength: 100, description: 'As shown: `12-K7MX2QAB`' }) },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(CheckInOut) },
      },
    },
    async (req) => {
      const r = await checkIn(app.db, req.user, req.body, { timeZone: app.config.schoolTimeZone })
      return ok(
        r,
        r.alreadyCheckedIn
          ? msg('Kehadiran Anda sudah tercatat.', 'Your attendance is already recorded.')
          : msg('Check-in berhasil. Anda tercatat hadir.', 'Checked in. You are marked present.'),
      )
    },
  )
}
