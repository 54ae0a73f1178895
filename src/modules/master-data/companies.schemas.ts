import { Type } from '@sinclair/typebox'
import { PageQuery } from '../../http/envelope.js'
import { PATTERNS } from '../../http/patterns.js'
import { Id, Line } from '../../http/schemas.js'
import { NullableString, OptionsQuery } from './departments.schemas.js'

export const CompanyListQuery = Type.Object({
  ...PageQuery,
  is_active: Type.Optional(Type.Boolean()),
  city: Type.Optional(Type.String({ maxLength: 100, description: 'Exact, case-insensitive' })),
  province: Type.Optional(Type.String({ maxLength: 100, description: 'Exact, case-insensitive' })),
})

export const CompanyOptionsQuery = Type.Object({ ...OptionsQuery, search: PageQuery.search })

const companyFields = {
  industry: Type.Optional(NullableString({ maxLength: 100, format: 'line' })),
  email: Type.Optional(NullableString({ format: 'email', maxLength: 254 })),
  phone: Type.Optional(
    NullableString({
      maxLength: 30,
      pattern: PATTERNS.phone.pattern,
      examples: ['021-4603550'],
    }),
  ),
  address: Type.Optional(NullableString({ maxLength: 500 })),
  city: Type.Optional(NullableString({ maxLength: 100, format: 'line' })),
  province: Type.Optional(NullableString({ maxLength: 100, format: 'line' })),
  website: Type.Optional(
    NullableString({
      maxLength: 255,
      pattern: PATTERNS.webAddress.pattern,
      examples: ['https://example.co.id'],
    }),
  ),
  description: Type.Optional(NullableString({ maxLength: 5000 })),
}
const CompanyName = Line({ maxLength: 200 })

/** Companies staff create start with `vacancies_need_approval` off (only PUT sets it). */
export const CreateCompanyBody = Type.Object(
  {
    name: CompanyName,
    ...companyFields,
    is_active: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
)

export const UpdateCompanyBody = Type.Object(
  {
    name: Type.Optional(CompanyName),
    ...companyFields,
    is_active: Type.Optional(Type.Boolean()),
    vacancies_need_approval: Type.Optional(
      Type.Boolean({
        description:
          'On: new vacancies wait for approval (set for companies that signed up themselves); off: shown at once',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'Only the fields sent change; `null` clears an optional field.',
  },
)

/** Either an existing `hrd` account (`user_id`) or a new one (`email`, `full_name`, `password`). */
export const HrAccountBody = Type.Object(
  {
    user_id: Type.Optional(Id),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    full_name: Type.Optional(Line({ maxLength: 150 })),
    password: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
  },
  {
    additionalProperties: false,
    description:
      'Either `user_id` of an existing `hrd` account (moved to this company), or `email`, `full_name` and `password` of a new one.',
  },
)
