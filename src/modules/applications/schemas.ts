import { Type } from '@sinclair/typebox'
import { APPLICATION_STATUSES } from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { StringEnum } from '../../http/schemas.js'

export const MyApplicationListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(StringEnum(APPLICATION_STATUSES)),
})
