import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { DateTime, Envelope, IdParams, ListEnvelope, Meta, Nullable } from '../../http/schemas.js'
import { NotificationListQuery } from './schemas.js'
import { listNotifications, markAllRead, markRead } from './service.js'

const Notification = Type.Object({
  id: Type.Integer(),
  /** Machine-readable: `application.reviewed`, `test.scheduled`, `test.reminder`, `selection.published`. */
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  /** Ids the client can link to (`applicationId`, `jobVacancyId`, ...). */
  data: Type.Record(Type.String(), Type.Unknown()),
  isRead: Type.Boolean(),
  readAt: Nullable(DateTime),
  createdAt: DateTime,
})

const tags = ['notifications']

/** Every logged-in account has its own in-app notifications. */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with the unread count",
        description: '`unread=true` lists only unread ones, `unread=false` only read ones.',
        querystring: NotificationListQuery,
        response: {
          200: ListEnvelope(Notification, Type.Object({ ...Meta.properties, unreadCount: Type.Integer() })),
        },
      },
    },
    async (req) => {
      const r = await listNotifications(app.db, req.user, req.query)
      return paged(r.rows, r.total, r.page, { unreadCount: r.unreadCount })
    },
  )

  app.patch(
    '/read-all',
    {
      schema: {
        tags,
        summary: "Mark all the caller's notifications read",
        response: { 200: Envelope(Type.Object({ updated: Type.Integer() })) },
      },
    },
    async (req) =>
      ok(
        await markAllRead(app.db, req.user),
        msg('Semua notifikasi ditandai sudah dibaca.', 'All notifications marked as read.'),
      ),
  )

  app.patch(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: IdParams,
        response: { 200: Envelope(Notification) },
      },
    },
    async (req) =>
      ok(
        await markRead(app.db, req.user, req.params.id),
        msg('Notifikasi ditandai sudah dibaca.', 'Notification marked as read.'),
      ),
  )
}
