import { Type } from '@sinclair/typebox'
import { PageQuery } from '../../http/envelope.js'
import { Id } from '../../http/schemas.js'
import { CreateDepartmentBody, OptionsQuery, UpdateDepartmentBody } from './departments.schemas.js'

export const MajorListQuery = Type.Object({
  ...PageQuery,
  department_id: Type.Optional(Id),
  is_active: Type.Optional(Type.Boolean()),
})

export const MajorOptionsQuery = Type.Object({ ...OptionsQuery, department_id: Type.Optional(Id) })

/** A major is written like a department (code, name, description, active) plus its department. */
export const CreateMajorBody = Type.Object(
  { department_id: Id, ...CreateDepartmentBody.properties },
  { additionalProperties: false },
)

export const UpdateMajorBody = Type.Object(
  { department_id: Type.Optional(Id), ...UpdateDepartmentBody.properties },
  {
    additionalProperties: false,
    description: 'Only the fields sent change; `description: null` clears it.',
  },
)
