import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { Id } from '../../http/schemas.js'
import { calendarSettings } from '../schedules/service.js'
import { myTestCalendar } from './service.js'

/** `GET /api/my-applications/:id/tests/:scheduleId.ics`: a learner's test for their calendar. */
export const calendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/tests/:scheduleId.ics',
    {
      config: { roles: ['siswa', 'alumni'] },
      schema: {
        tags: ['my applications'],
        summary: 'One of the caller’s tests as an iCalendar file (.ics), to add to a calendar',
        description:
          'The same event as the e-mails carry (stable UID per participant and schedule, SEQUENCE raised when the time or place changes), in the school’s time zone: `METHOD:REQUEST`, or `METHOD:CANCEL` once the test is cancelled, once HR removed the application from it, or while it is ahead once the application has left the selection. 404 unless the application is the caller’s and takes part in the test, or took part and was removed (a test of its vacancy that one of the caller’s notices names with the application).',
        params: Type.Object({ id: Id, scheduleId: Id }),
        produces: ['text/calendar'],
        response: {
          200: Type.String({ description: 'The iCalendar text (text/calendar)' }),
        },
      },
    },
    async (req, reply) => {
      const ics = await myTestCalendar(
        app.db,
        req.user,
        req.params.id,
        req.params.scheduleId,
        calendarSettings(app.config),
      )
      return reply
        .header('content-type', `text/calendar; charset=utf-8; method=${ics.method}`)
        .header('content-disposition', `attachment; filename="${ics.fileName}"`)
        .send(ics.ics)
    },
  )
}
