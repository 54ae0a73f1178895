import { Type } from '@sinclair/typebox'
import { PageQuery } from '../../http/envelope.js'
import { BODY_MAX, TITLE_MAX } from './service.js'

/** The request shapes of the message-template routes; the service takes them as the route checked them. */

const Title = Type.String({ maxLength: TITLE_MAX })
const Body = Type.String({ maxLength: BODY_MAX })

export const TemplateListQuery = Type.Object({ ...PageQuery, customised: Type.Optional(Type.Boolean()) })

export const TemplateBody = Type.Object({ title: Title, body: Body }, { additionalProperties: false })

export const PreviewBody = Type.Object(
  { title: Type.Optional(Title), body: Type.Optional(Body) },
  { additionalProperties: false },
)
