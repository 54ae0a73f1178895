import type { Actor } from '../../actor.js'
import type { Db } from '../../db/client.js'
import type { CareerStatus, JobFit } from '../../db/schema/index.js'
import { type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { wordsOf } from '../../vocabulary/index.js'
import * as q from './queries.js'

/** The answer's fields as the request names them. */
export const ANSWER_FIELDS = [
  'institution_name',
  'job_title',
  'sector',
  'city',
  'province',
  'starting_salary',
  'waiting_period_months',
  'job_fit',
  'start_date',
] as const
export type AnswerField = (typeof ANSWER_FIELDS)[number]

/**
 * Which fields each career status asks for. `required` must be given (not null, not blank);
 * `optional` is kept when given; every other field does not apply to the status and is stored as
 * null whatever was sent (a form that switched status may still send it).
 */
export const FIELDS_BY_STATUS: Record<
  CareerStatus,
  { required: readonly AnswerField[]; optional: readonly AnswerField[] }
> = {
  bekerja: {
    required: [
      'institution_name',
      'job_title',
      'sector',
      'city',
      'province',
      'starting_salary',
      'waiting_period_months',
      'job_fit',
      'start_date',
    ],
    optional: [],
  },
  /** institution_name is the business's name, starting_salary its first monthly income. */
  wirausaha: {
    required: [
      'institution_name',
      'sector',
      'city',
      'province',
      'starting_salary',
      'waiting_period_months',
      'job_fit',
      'start_date',
    ],
    optional: ['job_title'],
  },
  /** institution_name is the campus; job_fit the fit between the study programme and the major. */
  lanjut_studi: {
    required: ['institution_name', 'city', 'province', 'start_date'],
    optional: ['job_fit'],
  },
  mencari_kerja: { required: [], optional: [] },
}

/** Upper bound of a monthly salary or income, in rupiah: one billion. */
export const MAX_SALARY = 1_000_000_000
export const MAX_WAITING_MONTHS = 120

export interface TracerInput {
  career_status: CareerStatus
  institution_name?: string | null
  job_title?: string | null
  sector?: string | null
  city?: string | null
  province?: string | null
  starting_salary?: number | null
  waiting_period_months?: number | null
  job_fit?: JobFit | null
  start_date?: string | null
}

const INVALID = msg('Data yang dikirim tidak valid.', 'The given data was invalid.')

const noLearner = (): never =>
  notFound(
    msg(
      'Data alumni untuk akun ini belum ada, sehingga tracer study belum dapat diisi. Hubungi admin BKK sekolah.',
      "There is no alumni record for this account, so the tracer study cannot be filled in. Contact the school's career center.",
    ),
  )

const learnerOf = (actor: Actor): number => actor.studentId ?? noLearner()

/** The answer as every response shows it (camelCase; fields that do not apply are null). */
export function answerOut(r: q.TracerRow) {
  return {
    careerStatus: r.careerStatus,
    institutionName: r.institutionName,
    jobTitle: r.jobTitle,
    sector: r.sector,
    city: r.city,
    province: r.province,
    startingSalary: r.startingSalary,
    waitingPeriodMonths: r.waitingPeriodMonths,
    jobFit: r.jobFit,
    startDate: r.startDate,
    version: r.version,
    submittedAt: r.submittedAt.toISOString(),
  }
}
export type Answer = ReturnType<typeof answerOut>

/** A suggested answer from the latest placement through bursa, in the answer's shape. */
function prefillOut(p: NonNullable<Awaited<ReturnType<typeof q.placementFacts>>>) {
  return {
    careerStatus: 'bekerja' as const,
    institutionName: p.companyName,
    jobTitle: p.position,
    sector: p.industry,
    city: p.city,
    province: p.province,
    startingSalary: p.minSalary,
    waitingPeriodMonths: p.waitingPeriodMonths,
    jobFit: null,
    startDate: p.startDate,
    /** The placement the suggestion comes from. */
    placementId: p.placementId,
  }
}

/**
 * The alumnus's tracer study: the current answer, the earlier versions (newest first) and, while
 * nothing was answered yet, a suggestion from their latest placement through bursa.
 */
export async function getTracerStudy(db: Db, actor: Actor) {
  const studentId = learnerOf(actor)
  const [current, ...history] = (await q.versionsOf(db, studentId)).map(answerOut)
  const facts = current ? undefined : await q.placementFacts(db, studentId)
  return {
    current: current ?? null,
    history,
    prefill: facts ? prefillOut(facts) : null,
  }
}

const trimmed = (s: string | null | undefined) => {
  const t = s?.trim()
  return t ? t : null
}

/**
 * The values to store for the status, or every missing required field at once (and a start date
 * after `today`). Fields that do not apply to the status become null.
 */
export function answerValues(input: TracerInput, today: string): q.TracerValues {
  const rule = FIELDS_BY_STATUS[input.career_status]
  const applies = new Set<AnswerField>([...rule.required, ...rule.optional])
  const given: Record<AnswerField, string | number | null> = {
    institution_name: trimmed(input.institution_name),
    job_title: trimmed(input.job_title),
    sector: trimmed(input.sector),
    city: trimmed(input.city),
    province: trimmed(input.province),
    starting_salary: input.starting_salary ?? null,
    waiting_period_months: input.waiting_period_months ?? null,
    job_fit: input.job_fit ?? null,
    start_date: input.start_date ?? null,
  }
  const errors: FieldErrors = {}
  // The status's name sits inside a sentence: lower case ("wajib diisi untuk status melanjutkan studi").
  const status = wordsOf('careerStatus', input.career_status)
  const required = msg(
    `wajib diisi untuk status ${status.id.toLowerCase()}`,
    `is required for status ${status.en.toLowerCase()}`,
  )
  for (const field of rule.required) {
    if (given[field] === null) errors[field] = [required]
  }
  // AJV's type coercion lets a string such as "1e309" through as Infinity, past `maximum`.
  for (const [field, max] of [
    ['starting_salary', MAX_SALARY],
    ['waiting_period_months', MAX_WAITING_MONTHS],
  ] as const) {
    const n = given[field] as number | null
    if (n !== null && applies.has(field) && !(Number.isInteger(n) && n >= 0 && n <= max))
      errors[field] = [msg(`harus bilangan bulat 0 sampai ${max}`, `must be a whole number from 0 to ${max}`)]
  }
  const start = given.start_date as string | null
  if (start && applies.has('start_date') && start > today)
    errors.start_date = [msg(`tidak boleh setelah hari ini (${today})`, `must not be after today (${today})`)]
  if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)
  const value = <T>(field: AnswerField) => (applies.has(field) ? (given[field] as T) : null)
  return {
    careerStatus: input.career_status,
    institutionName: value<string | null>('institution_name'),
    jobTitle: value<string | null>('job_title'),
    sector: value<string | null>('sector'),
    city: value<string | null>('city'),
    province: value<string | null>('province'),
    startingSalary: value<number | null>('starting_salary'),
    waitingPeriodMonths: value<number | null>('waiting_period_months'),
    jobFit: value<JobFit | null>('job_fit'),
    startDate: value<string | null>('start_date'),
  }
}

/**
 * Saves the alumnus's answer as a new version in one transaction: the learner's row is locked,
 * the current answer (if any) stops being current and the new one becomes version + 1.
 * `created`: this was the alumnus's first answer (version 1).
 */
export async function saveTracerStudy(db: Db, actor: Actor, input: TracerInput) {
  const studentId = learnerOf(actor)
  return db.transaction(async (tx) => {
    const learner = (await q.lockLearner(tx, studentId)) ?? noLearner()
    const values = answerValues(input, learner.today)
    const row = await q.insertVersion(tx, studentId, values)
    return { answer: answerOut(row), created: row.version === 1 }
  })
}
