import { Type } from '@sinclair/typebox'
import { ROLES } from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { Id, Line, StringEnum } from '../../http/schemas.js'
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/password-policy.js'
import { EMAIL_MAX, NAME_MAX } from './service.js'

/** The request shapes of the account routes; the service takes them as the route checked them. */

const Email = Type.String({
  format: 'email',
  maxLength: EMAIL_MAX,
  description: 'Unique, case-insensitively',
})
const FullName = Line({ maxLength: NAME_MAX })
const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
/** An id that `null` clears, as OpenAPI's `nullable` (one error message instead of one per anyOf branch). */
const NullableId = (description: string) => Type.Unsafe<number | null>({ ...Id, nullable: true, description })

export const UserListQuery = Type.Object({
  ...PageQuery,
  role: Type.Optional(StringEnum(ROLES)),
  is_active: Type.Optional(Type.Boolean()),
  company_id: Type.Optional(Id),
})

export const CreateUserBody = Type.Object(
  {
    email: Email,
    full_name: FullName,
    password: Password,
    role: StringEnum(ROLES),
    company_id: Type.Optional(
      NullableId('Required for `hrd` (links the account to the company); refused otherwise'),
    ),
    student_id: Type.Optional(
      NullableId(
        'Required for `siswa`/`alumni`: the learner record, without an account yet, the account is theirs through; refused otherwise',
      ),
    ),
  },
  { additionalProperties: false },
)

export const UpdateUserBody = Type.Object(
  {
    email: Type.Optional(Email),
    full_name: Type.Optional(FullName),
    role: Type.Optional(StringEnum(ROLES)),
    company_id: Type.Optional(NullableId('For `hrd` only; leaving `hrd` clears it')),
  },
  { additionalProperties: false, description: 'Only the fields sent change.' },
)

export const ResetPasswordBody = Type.Object(
  {
    password: Type.Optional(
      Type.String({ ...Password, description: 'Omit to have a random 12-character password generated' }),
    ),
  },
  { additionalProperties: false },
)
