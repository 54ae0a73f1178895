import { Type } from '@sinclair/typebox'
import { PageQuery } from '../../http/envelope.js'

export const NotificationListQuery = Type.Object({
  page: PageQuery.page,
  per_page: PageQuery.per_page,
  /** true: only unread ones; false: only read ones. */
  unread: Type.Optional(Type.Boolean()),
})
