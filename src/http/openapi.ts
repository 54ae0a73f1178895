import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger'
import type { TSchema } from '@sinclair/typebox'
import { ErrorEnvelope } from './schemas.js'

/** The media types of the CSV and XLSX answers a list or report gives for `?format=csv|xlsx`. */
export const EXPORT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const

type RouteSchema = Record<string, unknown> & {
  hide?: boolean
  querystring?: TSchema
  response?: Record<string, unknown>
}

/** The formats a route's `format` query parameter offers besides JSON. */
function exportFormats(schema: RouteSchema): (keyof typeof EXPORT_TYPES)[] {
  const values: unknown = schema.querystring?.properties?.format?.enum
  return Array.isArray(values)
    ? values.filter((v): v is keyof typeof EXPORT_TYPES => Object.hasOwn(EXPORT_TYPES, v))
    : []
}

const REFUSED = {
  ...ErrorEnvelope,
  description:
    'Refused, in the error envelope: 400 unreadable, 401 no valid token, 403 role not allowed, 404 not found, 409 conflict, 413/415 upload, 422 invalid (`errors` per field), 429 too many (docs/api.md)',
}

/**
 * A route's schema as the OpenAPI document shows it (the document only: validation and serialisation use the
 * route's own schema):
 * - a route that takes no token says so (`security: []`), where the document's default asks for the bearer token;
 * - every route lists its refusals (`4XX`) in the error envelope, which a generated client types its errors by;
 * - a `?format=csv|xlsx` route's 200 lists the CSV and XLSX answers next to the JSON envelope.
 * A list route registered as '/' under its prefix reads as the prefix itself.
 */
export const documentRoute: SwaggerTransform = ({ schema: routeSchema, url, route }) => {
  const schema = routeSchema as RouteSchema
  const path = url.length > 1 ? url.replace(/\/$/, '') : url
  if (!schema || schema.hide) return { schema, url: path }
  const isPublic = (route.config as { public?: boolean } | undefined)?.public === true
  const response: Record<string, unknown> = { ...schema.response, '4XX': REFUSED }
  const formats = exportFormats(schema)
  if (formats.length > 0 && response['200'])
    response['200'] = {
      description: 'The JSON envelope, or the file for `format=csv` / `format=xlsx`',
      content: {
        'application/json': { schema: response['200'] },
        ...Object.fromEntries(
          formats.map((f) => [EXPORT_TYPES[f], { schema: { type: 'string', format: 'binary' } }]),
        ),
      },
    }
  return { schema: { ...schema, response, ...(isPublic ? { security: [] } : {}) }, url: path }
}

type Operation = { responses?: Record<string, unknown> }

/**
 * The document with one copy of the refusals: each operation's `4XX` (written by `documentRoute`, all alike)
 * becomes a reference to `components.responses.Refused`, instead of the envelope written out 165 times.
 */
export const shareRefusals: SwaggerTransformObject = (documentObject) => {
  const doc = (documentObject as { openapiObject: Record<string, unknown> }).openapiObject as {
    paths?: Record<string, Record<string, unknown>>
    components?: Record<string, Record<string, unknown>>
  }
  let refused: unknown
  for (const item of Object.values(doc.paths ?? {}))
    for (const op of Object.values(item) as Operation[]) {
      if (typeof op !== 'object' || !op?.responses?.['4XX']) continue
      refused ??= op.responses['4XX']
      op.responses['4XX'] = { $ref: '#/components/responses/Refused' }
    }
  if (refused)
    doc.components = { ...doc.components, responses: { ...doc.components?.responses, Refused: refused } }
  return doc
}
