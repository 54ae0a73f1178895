import type { FastifyInstance } from 'fastify'
import { addFieldError, type FieldErrors, unprocessable } from './errors.js'
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
 * and is coerced from a query string, as Infinity) and text holding a NUL character or an unpaired
 * surrogate (`"\ud800"`: refused inside JSON columns, turned into U+FFFD in text ones). Checked after
 * validation, on the query, the path parameters and the body, so that such input is a 422 naming its
 * field instead of a database error. Multipart forms are read by their routes (`readUpload`), which check
 * their text fields with `refuseInsaneInput`.
 */
export function registerSaneInput(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    refuseInsaneInput(req.query, req.params, req.body)
  })
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u

/** 422 naming each field of `parts` (merged) that holds a number or text PostgreSQL would refuse. */
export function refuseInsaneInput(...parts: unknown[]) {
  const errors: FieldErrors = {}
  const add = (path: string, m: ReturnType<typeof msg>) => {
    addFieldError(errors, path || 'body', m)
  }
  const visit = (value: unknown, path: string, depth: number) => {
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) add(path, msg('Angka di luar batas.', 'The number is out of range.'))
    } else if (typeof value === 'string') {
      // NUL, and half a surrogate pair (`"\ud800"` in JSON): PostgreSQL takes neither in text or JSON.
      if (UNSTORABLE.test(value))
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
  for (const part of parts) visit(part, '', 0)
  if (Object.keys(errors).length > 0)
    unprocessable(msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), errors)
}
