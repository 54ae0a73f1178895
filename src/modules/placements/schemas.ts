import { Type } from '@sinclair/typebox'
import { PLACEMENT_SOURCES, PLACEMENT_STATUSES } from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { DateOnly, DateTime, Id, Nullable, Opt, StringEnum } from '../../http/schemas.js'
import { MONTH_MARKS } from './service.js'

const Str = Nullable(Type.String())
export const Status = StringEnum(PLACEMENT_STATUSES)
export const Source = StringEnum(PLACEMENT_SOURCES, {
  description:
    '`bursa`: opened by an accepted application; `outside`: a hire found without a bursa application',
})
export const MonthMark = Type.Unsafe<(typeof MONTH_MARKS)[number]>({
  type: 'integer',
  enum: [...MONTH_MARKS],
  description: 'Months after the start date (or the acceptance date): 3, 6 or 12',
})

export const Placement = Type.Object({
  id: Type.Integer(),
  source: Source,
  applicationId: Nullable(Type.Integer({ description: 'null for a placement found outside bursa' })),
  applicant: Type.Object({
    studentId: Type.Integer(),
    fullName: Type.String(),
    nis: Type.String(),
    /** What the person is now (an alumnus once a graduation year is set). */
    role: StringEnum(['siswa', 'alumni'] as const),
    graduationYear: Nullable(Type.Integer()),
    major: Type.Object({ id: Type.Integer(), name: Type.String() }),
  }),
  company: Type.Object(
    { id: Nullable(Type.Integer()), name: Type.String() },
    { description: 'The partner company, or (id null) the employer named for an outside placement' },
  ),
  vacancy: Nullable(
    Type.Object(
      { id: Type.Integer(), title: Type.String() },
      { description: 'null for a placement found outside bursa' },
    ),
  ),
  position: Type.String(),
  acceptedAt: DateOnly,
  startDate: Nullable(DateOnly),
  status: Status,
  notes: Str,
  checkins: Type.Array(
    Type.Object({ monthMark: MonthMark, status: Status, notes: Str, recordedAt: DateTime }),
  ),
  /** The first follow-up not recorded yet; null when all are, or the person resigned. */
  nextCheckinDue: Nullable(Type.Object({ monthMark: MonthMark, dueDate: DateOnly })),
  recordedBy: Nullable(
    Type.Object(
      { id: Type.Integer(), fullName: Type.String() },
      { description: 'Who recorded an outside placement; null for bursa placements' },
    ),
  ),
  createdAt: DateTime,
  updatedAt: DateTime,
})

export const PlacementDetail = Type.Object({
  ...Placement.properties,
  contact: Type.Object(
    { phone: Str, email: Str },
    { description: 'For HR, null for a placement found outside bursa (the person did not apply to it)' },
  ),
  staffMayUpdate: Type.Boolean({
    description:
      "Whether career-center staff record this placement's status, start date and notes (`PATCH /api/admin/job-placements/{id}`), as no HR can: a placement through bursa whose company is switched off or has no active HR account (one found outside bursa is always staff's)",
  }),
})

export const Notes = Opt(Type.String({ maxLength: 2000 }))

export const ListQuery = {
  ...PageQuery,
  job_vacancy_id: Type.Optional(Id),
  status: Type.Optional(Status),
  major_id: Type.Optional(Id),
  date_from: Type.Optional(DateOnly),
  date_to: Type.Optional(DateOnly),
  source: Type.Optional(Source),
}

/** HR's list: its company's placements. */
export const HrListQuery = Type.Object(ListQuery)

/** Staff's list: every placement, or one company's, or one learner's (her record's page). */
export const StaffListQuery = Type.Object({
  ...ListQuery,
  company_id: Type.Optional(Id),
  student_id: Type.Optional({
    ...Id,
    description: "One learner's placements (a student's or an alumnus's record id)",
  }),
})

/**
 * HR's record of what became of a placement. Each field absent keeps its value: a form sends what the user
 * changed, so a status a follow-up recorded meanwhile is not put back by a save of the start date.
 */
export const PlacementUpdateBody = Type.Object(
  { status: Type.Optional(Status), start_date: Opt(DateOnly), notes: Notes },
  { additionalProperties: false },
)

export const CheckinBody = Type.Object(
  { month_mark: MonthMark, status: Status, notes: Notes },
  { additionalProperties: false },
)

/** The fields of an outside placement that HR and staff both send. */
const OutsideFields = {
  student_id: Opt({ ...Id, description: 'A grade-12 student (no graduation year); or send alumni_id' }),
  alumni_id: Opt({ ...Id, description: 'An alumnus (with a graduation year); or send student_id' }),
  position: Type.String({ maxLength: 150 }),
  accepted_date: DateOnly,
  start_date: Opt(DateOnly),
  notes: Notes,
}

export const OutsideBody = Type.Object(
  {
    ...OutsideFields,
    company_id: Opt({ ...Id, description: 'A partner company; or send company_name' }),
    company_name: Opt(
      Type.String({ maxLength: 150, description: 'The employer when it is not a partner company' }),
    ),
  },
  { additionalProperties: false },
)

export const CompanyOutsideBody = Type.Object(OutsideFields, {
  additionalProperties: false,
  description: "The company is the HR account's own.",
})

/** How much of a name or NIS the placement form's learner search needs, blanks aside: HR more than staff. */
export const HR_SEARCH_MIN = 3
/** HR's learner searches an hour per account: a few hires typed in (the form asks as one types), not the roll. */
export const HR_SEARCHES_PER_HOUR = 30
export const STAFF_SEARCH_MIN = 1

/** The learner search of the placement form; HR must type more (`minLength`) than staff. */
export const LearnerSearchQuery = (minLength: number) =>
  Type.Object({
    search: Type.String({ minLength, maxLength: 100 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
  })

export const LearnerOption = Type.Object({
  value: Type.Integer(),
  label: Type.String({ description: '"NIS - full name"' }),
  kind: StringEnum(['siswa', 'alumni'] as const, {
    description: 'siswa: send the value as student_id; alumni: as alumni_id',
  }),
  graduationYear: Nullable(Type.Integer()),
  majorName: Type.String(),
})

export const OUTSIDE_RULES = [
  'Exactly one of `student_id` (a grade-12 student) and `alumni_id` (an alumnus): both name a learner record, and the id must be of that kind (422 otherwise).',
  '`accepted_date` may not be after today (the day in the school time zone); `start_date` may not be before it.',
  'The same person at the same company with the same acceptance date is a 409.',
  'An outside placement gets the same follow-ups at 3, 6 and 12 months, counts in the absorption report and pre-fills the tracer study.',
].join('\n')
