import { Type } from '@sinclair/typebox'
import { SELECTION_DECISIONS } from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { Id, Opt, StringEnum } from '../../http/schemas.js'
import { ActingCompanyQuery } from '../../http/scope.js'

export const Decision = StringEnum(SELECTION_DECISIONS, {
  description:
    '`pending` (not decided), `diterima` (accepted), `tidak_diterima` (not accepted), `cadangan` (waiting list)',
})

export const ResultListQuery = Type.Object({
  ...PageQuery,
  ...ActingCompanyQuery,
  job_vacancy_id: Type.Optional(Id),
  test_schedule_id: Type.Optional({
    ...Id,
    description: 'only the applications taking part in this test (one session of an interview day, say)',
  }),
  decision: Type.Optional(Decision),
  published: Type.Optional(Type.Boolean()),
})

const Score = Opt(Type.Number({ minimum: 0, maximum: 100, description: '0-100, at most 2 decimals' }))
const Notes = Opt(Type.String({ maxLength: 2000 }))

export const ResultBody = Type.Object(
  {
    psychotest_score: Score,
    interview_score: Score,
    mcu_score: Score,
    final_score: Score,
    notes: Notes,
    decision: Type.Optional(Decision),
  },
  { additionalProperties: false },
)

export const DecisionBody = Type.Object({ decision: Decision, notes: Notes }, { additionalProperties: false })

export const PublishBody = Type.Object({ job_vacancy_id: Id }, { additionalProperties: false })

export const ApplicationParams = Type.Object({ applicationId: Id })
