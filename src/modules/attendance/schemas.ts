import { Type } from '@sinclair/typebox'
import { ATTENDANCE_STATUSES } from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { DateOnly, Id, Opt, StringEnum } from '../../http/schemas.js'

export const VALIDATED = ['verified', 'rejected'] as const

const Filters = {
  ...PageQuery,
  company_id: Type.Optional(Id),
  job_vacancy_id: Type.Optional(Id),
  test_schedule_id: Type.Optional(Id),
  attendance_status: Type.Optional(StringEnum([...ATTENDANCE_STATUSES, 'unmarked'] as const)),
  date_from: Type.Optional(DateOnly),
  date_to: Type.Optional(DateOnly),
}

/** The validation queue's filters. */
export const QueueQuery = Type.Object(Filters)

/** The history's filters: the queue's and the validation. */
export const HistoryQuery = Type.Object({
  ...Filters,
  validation_status: Type.Optional(StringEnum(VALIDATED)),
})

const Validation = {
  status: StringEnum(ATTENDANCE_STATUSES, { description: 'The attendance as the career center finds it' }),
  validation_status: StringEnum(VALIDATED),
  notes: Opt(Type.String({ maxLength: 1000 })),
  pending_only: Type.Optional(
    Type.Boolean({
      description:
        "Validate only records still awaiting validation (the queue): one a colleague validated since the queue was read fails (`already_validated`; the single route answers 412 `edited_elsewhere`) instead of being overwritten. Without it, the history's correction: any record is set.",
    }),
  ),
}

export const ValidateBody = Type.Object(Validation, { additionalProperties: false })

export const BulkValidateBody = Type.Object(
  {
    attendance_ids: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }),
    ...Validation,
  },
  { additionalProperties: false },
)
