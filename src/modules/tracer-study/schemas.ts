import { Type } from '@sinclair/typebox'
import { CAREER_STATUSES, JOB_FITS } from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { DateOnly, DateTime, Id, Line, Nullable, Opt, StringEnum } from '../../http/schemas.js'
import { MAX_SALARY, MAX_WAITING_MONTHS } from './service.js'

const Str = Nullable(Type.String())

/** The answer's fields; those that do not apply to the career status are null. */
export const AnswerFields = {
  careerStatus: StringEnum(CAREER_STATUSES),
  institutionName: Str,
  jobTitle: Str,
  sector: Str,
  city: Str,
  province: Str,
  startingSalary: Nullable(Type.Integer()),
  waitingPeriodMonths: Nullable(Type.Integer()),
  jobFit: Nullable(StringEnum(JOB_FITS)),
  startDate: Nullable(DateOnly),
}

export const Answer = Type.Object({ ...AnswerFields, version: Type.Integer(), submittedAt: DateTime })

export const Prefill = Type.Object(
  { ...AnswerFields, placementId: Type.Integer() },
  {
    description:
      'A suggested answer from the latest placement (through bursa or found outside it; not stored).',
  },
)

/**
 * A name or a place of the answer: one line (`Line`: they go into the staff list, its download and the report's
 * region rows), stored squeezed (`answerValues`). Blank (or null) is allowed and counts as not given: a required
 * field left blank is named as missing, not as too short.
 */
const Name = (max: number) => Opt(Line({ maxLength: max, minLength: 0 }))

/** The body of a save, by the alumnus or by staff on their behalf. */
export const Body = Type.Object(
  {
    career_status: StringEnum(CAREER_STATUSES),
    institution_name: Name(150),
    job_title: Name(100),
    sector: Name(100),
    city: Name(100),
    province: Name(100),
    starting_salary: Opt(Type.Integer({ minimum: 0, maximum: MAX_SALARY })),
    waiting_period_months: Opt(Type.Integer({ minimum: 0, maximum: MAX_WAITING_MONTHS })),
    job_fit: Opt(StringEnum(JOB_FITS)),
    start_date: Opt(DateOnly),
  },
  { additionalProperties: false },
)

/** Staff's list of alumni and their answers, or its download (`format`). */
export const TracerListQuery = Type.Object({
  ...PageQuery,
  graduation_year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2999 })),
  major_id: Type.Optional(Id),
  career_status: Type.Optional(StringEnum(CAREER_STATUSES)),
  answered: Type.Optional(
    Type.Boolean({ description: 'true: alumni with an answer; false: those without one (whom to call)' }),
  ),
  format: Type.Optional(
    StringEnum(['json', 'csv', 'xlsx'] as const, {
      description: '`csv` or `xlsx` answers every matching row as a download instead of a page',
    }),
  ),
})

export const SAVE_RULES = [
  'Required per `career_status` (missing ones are all named in `errors`):',
  '- `bekerja`: institution_name, job_title, sector, city, province, starting_salary, waiting_period_months, job_fit, start_date;',
  '- `wirausaha`: the same without job_title (optional); institution_name is the business, starting_salary its first income;',
  '- `lanjut_studi`: institution_name (the campus), city, province, start_date; job_fit optional (fit of the study to the major);',
  '- `mencari_kerja`: nothing.',
  'Fields that do not apply to the status are stored as null. Names and places are one line each, stored trimmed with each run of blanks one space.',
  "`start_date` may not be after today (the day in the school time zone), nor before the alumnus's birth date or 1 January four years before the graduation year (an SMK of four years began then).",
  '`waiting_period_months` (from graduation, 30 June of the graduation year, to `start_date`; 0 for a start before it) may differ from the months between the two by 2 at most.',
  'Answers 201 for the first answer, 200 for a later version.',
].join('\n')
