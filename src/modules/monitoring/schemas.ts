import { Type } from '@sinclair/typebox'
import { PageQuery } from '../../http/envelope.js'
import { Id, StringEnum } from '../../http/schemas.js'

/** The query of the progress list; `listProgress` takes it as the route checked it. */
export const ProgressListQuery = Type.Object({
  ...PageQuery,
  company_id: Type.Optional(Id),
  major_id: Type.Optional(Id),
  status: Type.Optional(StringEnum(['open', 'closed'] as const)),
})
