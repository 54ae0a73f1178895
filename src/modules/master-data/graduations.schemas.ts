import { Type } from '@sinclair/typebox'
import { Id } from '../../http/schemas.js'
import { Year } from './learners.schemas.js'

/** `POST /api/admin/graduations`. */
export const GraduationBody = Type.Object(
  {
    graduation_year: Year,
    major_id: Type.Optional(Id),
    class_name: Type.Optional(Type.String({ minLength: 1, maxLength: 50, examples: ['XII TKJ 1'] })),
    student_ids: Type.Optional(
      Type.Array(Id, {
        minItems: 1,
        maxItems: 2000,
        uniqueItems: true,
        description: 'Instead of a class or major',
      }),
    ),
    dry_run: Type.Optional(
      Type.Boolean({ default: false, description: 'true: answer who would graduate, change nothing' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Who graduates: the grade-12 students of `class_name` and/or `major_id`, or the listed `student_ids` (not both forms).',
  },
)

/** `POST /api/admin/graduations/undo`. */
export const UndoGraduationBody = Type.Object(
  {
    graduation_year: Year,
    student_ids: Type.Array(Id, { minItems: 1, maxItems: 2000, uniqueItems: true }),
  },
  {
    additionalProperties: false,
    description: 'The alumni of `graduation_year` among `student_ids` go back to grade 12.',
  },
)
