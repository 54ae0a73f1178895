import type { FastifyInstance } from 'fastify'
import { type FieldErrors, unprocessable } from './errors.js'
import { msg } from './i18n.js'

/** Parsed JSON and query strings; not a Buffer, a Date or a stream (the query object has its own prototype). */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  !Buffer.isBuffer(v) &&
  !(v instanceof Date) &&
  typeof (v as { pipe?: unknown }).pipe !== 'function'

/**
 * What JSON Schema lets through but PostgreSQL refuses: numbers that are not finite (`1e309` parses,
 * and is coerced from a query string, as Infinity) and text holding a NUL character. Checked after
 * validation, on the query, the path parameters and the body, so that such input is a 422 naming its
 * field instead of a database error.
 */
export function registerSaneInput(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    const errors: FieldErrors = {}
    const add = (path: string, m: ReturnType<typeof msg>) => {
      errors[path || 'body'] = [...(errors[path || 'body'] ?? []), m]
    }
    const visit = (value: unknown, path: string, depth: number) => {
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) add(path, msg('Angka di luar batas.', 'The number is out of range.'))
      } else if (typeof value === 'string') {
        if (value.includes('\u0000'))
          add(
            path,
            msg(
              'Teks memuat karakter yang tidak diizinkan.',
              'The text holds a character that is not allowed.',
            ),
          )
      } else if (Array.isArray(value)) {
        if (depth < 8)
          for (const [i, v] of value.entries()) visit(v, path ? `${path}.${i}` : String(i), depth + 1)
      } else if (isRecord(value) && depth < 8) {
        for (const [k, v] of Object.entries(value)) visit(v, path ? `${path}.${k}` : k, depth + 1)
      }
    }
    visit(req.query, '', 0)
    visit(req.params, '', 0)
    visit(req.body, '', 0)
    if (Object.keys(errors).length > 0)
      unprocessable(msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), errors)
  })
}
