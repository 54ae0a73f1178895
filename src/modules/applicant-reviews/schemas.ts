import { Type } from '@sinclair/typebox'
import { APPLICATION_STATUSES, REVIEW_DECISIONS } from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { Id, StringEnum } from '../../http/schemas.js'
import { ActingCompanyQuery } from '../../http/scope.js'

export const ReviewListQuery = Type.Object({
  ...PageQuery,
  ...ActingCompanyQuery,
  job_vacancy_id: Type.Optional(Id),
  status: Type.Optional(StringEnum(APPLICATION_STATUSES)),
})

const Decision = StringEnum(REVIEW_DECISIONS, {
  description: '`lolos` (passes document review) or `tidak_lolos`',
})
/** A nullable string as one JSON-schema type, so a too-long text gets one message, not one per branch. */
const Notes = Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 2000 }))

export const ReviewBody = Type.Object({ decision: Decision, notes: Notes }, { additionalProperties: false })

/** A document review failed by mistake, passed after all: why, for the timeline and the learner. */
export const CorrectReviewBody = Type.Object({ notes: Notes }, { additionalProperties: false })

export const BulkReviewBody = Type.Object(
  {
    application_ids: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }),
    decision: Decision,
    notes: Notes,
  },
  { additionalProperties: false },
)

/**
 * An applicant in the selection whom another company accepted since they applied: HR's list and detail (and the
 * selection results) show "Sudah diterima di perusahaan lain", never which company (docs/decisions.md,
 * "Applicant review"). Answered, not consumed: shared by the responses of both modules.
 */
export const PlacedElsewhere = Type.Boolean({
  description:
    "The application is still in the selection (`pending`, `in_progress`) and, since it was made, another company published the applicant's acceptance (its placement not ended). Which company is never said.",
})
