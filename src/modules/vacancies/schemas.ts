import { Type } from '@sinclair/typebox'
import { APPROVAL_STATUSES, JOB_TYPES, VACANCY_TARGETS } from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { DateOnly, Id, Line, Opt, StringEnum } from '../../http/schemas.js'
import { CATEGORIES } from '../../vocabulary/index.js'

/**
 * What the vacancy routes accept (bodies and queries), and so what the service's inputs are
 * (`Static<typeof VacancyBody>`): one source for both.
 */

/** Text that must contain something besides spaces. */
export const Filled = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' })
/** The same, on one line (`Line`): written into learners' e-mails and notices. */
const FilledLine = (max: number) => Line({ maxLength: max, pattern: '\\S' })
export const Money = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 })

/** A vacancy as HR (and staff, with its company) post it. */
export const VacancyBody = Type.Object(
  {
    title: FilledLine(200),
    position: FilledLine(150),
    description: Filled(10_000),
    qualifications: Filled(10_000),
    benefits: Opt(Type.String({ maxLength: 5000 })),
    category: StringEnum(CATEGORIES),
    job_type: StringEnum(JOB_TYPES),
    work_location: Opt(Type.String({ maxLength: 255, format: 'line' })),
    city: Opt(Type.String({ maxLength: 100, format: 'line' })),
    province: Opt(Type.String({ maxLength: 100, format: 'line' })),
    min_salary: Opt(Money),
    max_salary: Opt(Money),
    quota: Type.Integer({ minimum: 1, maximum: 10_000 }),
    deadline: DateOnly,
    target: StringEnum(VACANCY_TARGETS),
    major_ids: Type.Array(Id, { minItems: 1, maxItems: 50, uniqueItems: true }),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)

export const StaffVacancyBody = Type.Object(
  { ...VacancyBody.properties, company_id: Id },
  { additionalProperties: false },
)

export const HrListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(StringEnum(['active', 'inactive'] as const)),
  job_type: Type.Optional(StringEnum(JOB_TYPES)),
  major_id: Type.Optional(Id),
  deadline_from: Type.Optional(DateOnly),
  deadline_to: Type.Optional(DateOnly),
  approval: Type.Optional(StringEnum(APPROVAL_STATUSES)),
})

export const StaffListQuery = Type.Object({
  ...HrListQuery.properties,
  company_id: Type.Optional(Id),
})

export const RejectBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S', description: 'Told to HR' }) },
  { additionalProperties: false },
)

export const BrowseQuery = Type.Object({
  ...PageQuery,
  company_id: Type.Optional(Id),
  job_type: Type.Optional(StringEnum(JOB_TYPES)),
  city: Type.Optional(Type.String({ maxLength: 100 })),
  province: Type.Optional(Type.String({ maxLength: 100 })),
  major_id: Type.Optional(Id),
})

export const ApplyBody = Type.Object(
  {
    cover_letter: Opt(Type.String({ maxLength: 5000 })),
    portfolio_ids: Type.Optional(Type.Array(Id, { maxItems: 10, uniqueItems: true })),
  },
  { additionalProperties: false },
)
