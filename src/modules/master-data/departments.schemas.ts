import { type StringOptions, Type } from '@sinclair/typebox'
import { PageQuery } from '../../http/envelope.js'

/** Short codes such as `TKJ` or `TI-1`; stored in capitals. Shared by majors. */
export const Code = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
  description: 'Letters, digits, `.`, `_` or `-`; stored in capitals and unique',
  examples: ['TKJ'],
})
/** A required name (stored trimmed; a blank one is refused by the service). */
export const Name = Type.String({ minLength: 1, maxLength: 150 })
/**
 * An optional text that `null` clears. Written with OpenAPI's `nullable` rather than a union, so a bad
 * value gets one message (`maksimal 100 karakter`) instead of one per branch.
 */
export const NullableString = (opts: StringOptions = {}) =>
  Type.Unsafe<string | null>({ ...Type.String(opts), nullable: true })
export const Description = NullableString({ maxLength: 2000 })
export const OptionsQuery = {
  include_inactive: Type.Optional(
    Type.Boolean({ default: false, description: 'Also list inactive records' }),
  ),
}

export const DepartmentListQuery = Type.Object({
  ...PageQuery,
  is_active: Type.Optional(Type.Boolean()),
})

export const CreateDepartmentBody = Type.Object(
  {
    code: Code,
    name: Name,
    description: Type.Optional(Description),
    is_active: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
)

export const UpdateDepartmentBody = Type.Object(
  {
    code: Type.Optional(Code),
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    is_active: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    description: 'Only the fields sent change; `description: null` clears it.',
  },
)
