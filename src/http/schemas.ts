import { type Static, type TSchema, Type } from '@sinclair/typebox'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import type { FastifyServerOptions } from 'fastify'

/** A string enum that reads as `enum` in errors and in OpenAPI (TypeBox unions would be anyOf). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  opts: Record<string, unknown> = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts })

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
export const IdParams = Type.Object({ id: Id })
export const DateOnly = Type.String({ format: 'date', examples: ['2026-07-15'] })
export const DateTime = Type.String({ format: 'date-time' })

/** The years a `date` or `date-time` may name: what a school's records can mean, and PostgreSQL can store. */
const YEARS = /^(19|2\d)\d\d-/
type Ajv = Parameters<NonNullable<NonNullable<FastifyServerOptions['ajv']>['onCreate']>>[0]
type Format = { validate: (value: string) => boolean; compare?: (a: string, b: string) => number | undefined }
/**
 * The formats of the service's own, passed to Ajv as `onCreate`:
 * - Ajv's `date` and `date-time` (ajv-formats), limited to the years 1900–2999 and to what JavaScript can
 *   read. The formats alone take the year 0000, which PostgreSQL refuses ("date/time field value out of
 *   range"), and a leap second (`23:59:60`), which `new Date` reads as an invalid date: each a 500 where a 422
 *   naming the field belongs.
 * - `line` (`Line`): text of one line.
 */
export function serviceFormats(ajv: Ajv) {
  for (const name of ['date', 'date-time']) {
    const format = ajv.formats[name] as Format
    ajv.addFormat(name, {
      ...format,
      validate: (value: string) =>
        YEARS.test(value) && format.validate(value) && !Number.isNaN(Date.parse(value)),
    })
  }
  ajv.addFormat('line', { type: 'string', validate: (value: string) => isOneLine(value) })
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const NOT_IN_A_LINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/

/** Whether `value` is text of one line, as `format: 'line'` takes it (for text read otherwise: an import). */
export const isOneLine = (value: string) => !NOT_IN_A_LINE.test(value)

/**
 * A name or a one-line text as it is stored and searched: trimmed, each run of blanks (any Unicode white
 * space, a no-break space pasted from a web page too) one space. Every search is squeezed so
 * (`likePattern`), so what people search by is stored so: the names of learners, accounts, companies (and
 * their registrations), departments and majors, a vacancy's title and position, a test's name and place.
 * Migration 0023 squeezed what was stored before with the same class of blanks.
 */
export const squeezed = (value: string) => value.trim().replace(/\s+/g, ' ')

/**
 * Text of one line (`format: 'line'`): no line break or other control character (a tab is a blank). A name, a title or a
 * place is written into e-mails and notices; with line breaks, the public company sign-up could write
 * paragraphs of its own into the school's confirmation e-mail to any address ("PENTING: akun Anda
 * dinonaktifkan. Pulihkan di http://…"). The web client's one-line fields cannot type them anyway.
 */
export const Line = (opts: { maxLength: number; minLength?: number; [k: string]: unknown }) =>
  Type.String({ minLength: 1, ...opts, format: 'line' })

/**
 * The `email` format the schemas check (ajv-formats), for an address read elsewhere: a roster file's cell,
 * a command-line argument. One rule, so an address taken there is one every form takes too.
 */
export const isEmail = (value: string) => value.length <= 254 && (fullFormats.email as RegExp).test(value)

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()])
/**
 * A request field that is optional and nullable: absent keeps the stored value, null clears it.
 * Written as OpenAPI's `nullable: true`, not a `[T, null]` union: with `coerceTypes` the union's
 * first branch would turn a null into 0, "" or false before the null branch is tried.
 */
export const Opt = <T extends TSchema>(t: T) =>
  Type.Optional(
    Type.Unsafe<Static<T> | null>({
      ...t,
      nullable: true,
      // AJV checks `enum` before `nullable`: the null must be listed too.
      ...(Array.isArray(t.enum) ? { enum: [...t.enum, null] } : {}),
    }),
  )
export const Text = (max = 255, min = 1) => Type.String({ minLength: min, maxLength: max })
export const SchoolYear = Type.String({ pattern: '^\\d{4}/\\d{4}$', examples: ['2025/2026'] })

export const Meta = Type.Object({
  page: Type.Integer(),
  perPage: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
})

/** `{ success, message, data }`, the answer of every successful call. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Boolean(), message: Type.String(), data })

/** A page of a list: the envelope plus `meta`. Extra meta fields (summaries) may be added. */
export const ListEnvelope = <T extends TSchema, M extends TSchema = typeof Meta>(item: T, meta?: M) =>
  Type.Object({
    success: Type.Boolean(),
    message: Type.String(),
    data: Type.Array(item),
    meta: meta ?? Meta,
  })

export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    data: Type.Null(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { title: 'Error' },
)

export const Ok = Envelope(Type.Null())

/** The answer of every bulk operation. */
export const BulkResult = Type.Object({
  processed: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
  failures: Type.Array(Type.Object({ id: Type.Integer(), reason: Type.String() })),
})

export const Option = Type.Object({
  value: Type.Union([Type.String(), Type.Integer()]),
  label: Type.String(),
})

/**
 * The body of a `toggle-active` route. None (or `{}`) flips the flag, as SPEC has it; `is_active` sets it, so a
 * request sent again (a retry, a double click) leaves what one leaves. Setting the state it already has
 * changes nothing.
 */
export const ToggleBody = Type.Object(
  {
    is_active: Type.Optional(
      Type.Boolean({ description: 'The state to set. Omit (or send no body) to switch to the other one.' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Optional. No body switches the flag; `is_active` sets it, so the same request sent twice leaves what one leaves.',
  },
)
export type Toggle = Static<typeof ToggleBody>

/** A route's `preValidation` for a body whose every field is optional: no body at all reads as `{}`. */
export const noBodyIsEmpty = async (req: { body: unknown }) => {
  req.body ??= {}
}
