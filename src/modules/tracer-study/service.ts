import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import type { Db } from '../../db/client.js'
import type { CareerStatus, JobFit } from '../../db/schema/index.js'
import { wallClock, zoneName } from '../../db/school-day.js'
import { ROLE_REFUSED } from '../../http/auth.js'
import { pageOf } from '../../http/envelope.js'
import { AppError, type FieldErrors, invalidField, notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { squeezed } from '../../http/schemas.js'
import { labelOf, wordsOf } from '../../vocabulary/index.js'
import type { Column, Table } from '../reports/export.js'
import { majorInFileName } from '../reports/filters.js'
import * as q from './queries.js'
import type { Body, TracerListQuery } from './schemas.js'

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
/** How far a typed waiting period may run past the months between graduation and the start date. */
export const WAITING_SLACK_MONTHS = 2
/**
 * How many years before the graduation year's 1 January a start date may lie: an SMK of four years (some
 * technical programmes) began in July of the year four years before; anything earlier is a typo of the year.
 */
export const START_YEARS_BEFORE_GRADUATION = 4

/** The day an alumnus of `graduationYear` graduated, as the waiting period counts from it. */
export const graduationDay = (graduationYear: number) => `${graduationYear}-06-30`

/**
 * Whole months from graduation (30 June of `graduationYear`) to `start` (`YYYY-MM-DD`), as PostgreSQL's
 * age() counts them; 0 for a start before graduation, at most MAX_WAITING_MONTHS. What the suggestion
 * proposes and what bounds a typed waiting period.
 */
export function monthsSinceGraduation(graduationYear: number, start: string) {
  const [y, m, d] = start.split('-').map(Number)
  const months = (y - graduationYear) * 12 + (m - 6) - (d < 30 ? 1 : 0)
  return Math.min(MAX_WAITING_MONTHS, Math.max(0, months))
}

/** An answer as the alumnus or staff send it (also the demo's answers, src/demo/tracer.ts). */
export type TracerInput = Static<typeof Body>

const INVALID = msg('Data yang dikirim tidak valid.', 'The given data was invalid.')

/** `role_refused`, as the door says it: the client reloads the account, which is a grade-12 student's again. */
const notAlumnusAnyMore = (): never => {
  throw new AppError(
    403,
    msg(
      'Akun ini bukan lagi akun alumni (kelulusan dibatalkan sekolah), sehingga tracer study tidak dapat diisi.',
      'This account is no longer an alumnus (the school took the graduation back): the tracer study cannot be answered.',
    ),
    undefined,
    { code: ROLE_REFUSED },
  )
}
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

/**
 * A suggested answer from the latest placement, in the answer's shape, holding only what a save takes: no
 * start still ahead (nor a waiting period up to it), no salary over MAX_SALARY.
 */
function prefillOut(p: NonNullable<Awaited<ReturnType<typeof q.placementFacts>>>) {
  return {
    careerStatus: 'bekerja' as const,
    institutionName: p.companyName,
    jobTitle: p.position,
    sector: p.industry,
    city: p.city,
    province: p.province,
    // Only what an answer may hold: a vacancy may state more (a typo's extra zeros).
    startingSalary: p.minSalary !== null && p.minSalary <= MAX_SALARY ? p.minSalary : null,
    waitingPeriodMonths:
      p.startDate !== null && p.graduationYear !== null
        ? monthsSinceGraduation(p.graduationYear, p.startDate)
        : null,
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

/**
 * A name or place as stored: squeezed (`squeezed`), as every other stored name is, so "Jawa Barat" typed with a
 * no-break space or two spaces is the report's one province; blank is null (not given).
 */
const cleaned = (s: string | null | undefined) => (s == null ? null : squeezed(s) || null)

/** What the checks know of the alumnus: the graduation year and, when the school recorded it, the birth date. */
export interface Learner {
  graduationYear: number
  birthDate: string | null
}

/**
 * The start date's refusal, if any: after `today`, before the learner's birth date, or more than
 * START_YEARS_BEFORE_GRADUATION years before the graduation year's 1 January.
 */
function startDateError(start: string, today: string, learner?: Learner) {
  if (start > today)
    return msg(`tidak boleh setelah hari ini (${today})`, `must not be after today (${today})`)
  if (!learner) return undefined
  const year = learner.graduationYear - START_YEARS_BEFORE_GRADUATION
  const earliest = `${String(year).padStart(4, '0')}-01-01`
  // The later of the two bounds is the one to name.
  if (learner.birthDate && learner.birthDate > earliest && start < learner.birthDate)
    return msg(
      `tidak boleh sebelum tanggal lahir alumni (${learner.birthDate})`,
      `must not be before the alumnus's birth date (${learner.birthDate})`,
    )
  if (start < earliest)
    return msg(
      `tidak boleh sebelum ${earliest} (paling awal ${START_YEARS_BEFORE_GRADUATION} tahun sebelum tahun lulus ${learner.graduationYear}); periksa tahunnya`,
      `must not be before ${earliest} (${START_YEARS_BEFORE_GRADUATION} years before the graduation year ${learner.graduationYear} at the earliest); check the year`,
    )
  return undefined
}

/**
 * The waiting period's refusal, if any: longer than the months between graduation and the start date by more
 * than WAITING_SLACK_MONTHS (a number of days typed). It counts to the first job or business, the start date is
 * the current one's: a shorter waiting period is an earlier first job (a job change, work after studies).
 */
function waitingPeriodError(months: number, start: string, graduationYear: number) {
  const expected = monthsSinceGraduation(graduationYear, start)
  const longest = Math.min(MAX_WAITING_MONTHS, expected + WAITING_SLACK_MONTHS)
  if (months <= longest) return undefined
  const day = graduationDay(graduationYear)
  return start < day
    ? msg(
        `terlalu lama untuk tanggal mulai: mulai ${start} sebelum lulus (${day}), jadi masa tunggu paling lama ${longest} bulan`,
        `too long for the start date: ${start} is before graduation (${day}), so the waiting period is at most ${longest} months`,
      )
    : msg(
        `terlalu lama untuk tanggal mulai: sejak lulus (${day}) sampai mulai ${start} sekitar ${expected} bulan, jadi masa tunggu paling lama ${longest} bulan`,
        `too long for the start date: about ${expected} months from graduation (${day}) to the start on ${start}, so the waiting period is at most ${longest} months`,
      )
}

/**
 * The values to store for the status, or every missing required field at once (and a start date after
 * `today`). Fields that do not apply to the status become null; names and places are stored squeezed.
 * With the `learner`, the start date is also checked against their birth date and graduation year, and the
 * waiting period against the months from graduation to the start date, which it may not exceed (when both are
 * given).
 */
export function answerValues(input: TracerInput, today: string, learner?: Learner): q.TracerValues {
  const rule = FIELDS_BY_STATUS[input.career_status]
  const applies = new Set<AnswerField>([...rule.required, ...rule.optional])
  const given: Record<AnswerField, string | number | null> = {
    institution_name: cleaned(input.institution_name),
    job_title: cleaned(input.job_title),
    sector: cleaned(input.sector),
    city: cleaned(input.city),
    province: cleaned(input.province),
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
  // JSON's 1e309 is read as Infinity, which AJV's integer check lets through.
  for (const [field, max] of [
    ['starting_salary', MAX_SALARY],
    ['waiting_period_months', MAX_WAITING_MONTHS],
  ] as const) {
    const n = given[field] as number | null
    if (n !== null && applies.has(field) && !(Number.isInteger(n) && n >= 0 && n <= max))
      errors[field] = [msg(`harus bilangan bulat 0 sampai ${max}`, `must be a whole number from 0 to ${max}`)]
  }
  const start = applies.has('start_date') ? (given.start_date as string | null) : null
  const startError = start ? startDateError(start, today, learner) : undefined
  if (startError) errors.start_date = [startError]
  const waiting = given.waiting_period_months as number | null
  if (
    learner &&
    start &&
    !startError &&
    waiting !== null &&
    applies.has('waiting_period_months') &&
    !errors.waiting_period_months
  ) {
    const waitingError = waitingPeriodError(waiting, start, learner.graduationYear)
    if (waitingError) errors.waiting_period_months = [waitingError]
  }
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
 * Saves an answer as a new version in one transaction: the learner's row is locked, the current answer
 * (if any) stops being current and the new one becomes version + 1. `created`: this was the first
 * answer (version 1). `enteredBy`: the staff member entering it on the alumnus's behalf, or null.
 */
async function saveVersion(
  db: Db,
  studentId: number,
  input: TracerInput,
  enteredBy: number | null,
  missing: () => never,
) {
  return db.transaction(async (tx) => {
    const learner = await q.lockLearner(tx, studentId)
    if (!learner || (enteredBy !== null && learner.graduationYear === null)) return missing()
    // The alumnus's own save, begun just as staff took the graduation back: under the lock she is in grade
    // 12 again, and a tracer answer is an alumnus's.
    if (learner.graduationYear === null) return notAlumnusAnyMore()
    const values = answerValues(input, learner.today, {
      graduationYear: learner.graduationYear,
      birthDate: learner.birthDate,
    })
    const row = await q.insertVersion(tx, studentId, values, enteredBy)
    return { row, created: row.version === 1 }
  })
}

/** The alumnus saves their own answer (a new version each time). */
export async function saveTracerStudy(db: Db, actor: Actor, input: TracerInput) {
  const { row, created } = await saveVersion(db, learnerOf(actor), input, null, noLearner)
  return { answer: answerOut(row), created }
}

// ---------------------------------------------------------------------------------------------
// Answers collected by career-center staff (by phone), on the alumnus's behalf

const noAlumnus = (): never => notFound(msg('Alumni tidak ditemukan.', 'Alumnus not found.'))

/** An answer as staff see it: with who entered it (null: the alumnus herself). */
function staffAnswerOut(r: q.TracerRow, enteredByName: string | null) {
  return {
    ...answerOut(r),
    enteredBy: r.enteredBy === null ? null : { id: r.enteredBy, fullName: enteredByName ?? '' },
  }
}

function alumnusOut(a: NonNullable<Awaited<ReturnType<typeof q.alumnusById>>>) {
  return {
    id: a.id,
    nis: a.nis,
    fullName: a.fullName,
    graduationYear: a.graduationYear,
    major: { id: a.majorId, code: a.majorCode, name: a.majorName },
    phone: a.phone,
    email: a.email,
  }
}

type ListQuery = Static<typeof TracerListQuery>

async function listFilters(
  db: Db,
  query: ListQuery,
): Promise<q.TracerListFilters & { major?: { id: number; code: string }; majorLabel?: string }> {
  const major = query.major_id === undefined ? undefined : await q.majorById(db, query.major_id)
  if (query.major_id !== undefined && !major)
    invalidField('major_id', msg('kompetensi keahlian tidak ditemukan', 'major not found'))
  if (query.answered === false && query.career_status)
    invalidField(
      'career_status',
      msg(
        'tidak dapat digabung dengan filter "Belum mengisi" (yang belum mengisi tidak punya status)',
        'cannot be combined with the "Not answered" filter (those who have not answered have no status)',
      ),
    )
  return {
    graduationYear: query.graduation_year,
    majorId: query.major_id,
    search: query.search,
    careerStatus: query.career_status,
    answered: query.answered,
    major,
    majorLabel: major && `${major.code} — ${major.name}`,
  }
}

type ListRow = Awaited<ReturnType<typeof q.tracerList>>[number]

const listRowOut = (r: ListRow) => ({
  alumnus: alumnusOut(r),
  answer: r.answer ? staffAnswerOut(r.answer, r.enteredByName) : null,
})

/**
 * The alumni of the filters with their current answer and who entered it (null: not answered yet),
 * by name; `meta` adds how many of the cohort (year, major, search) answered and did not.
 */
export async function listTracerStudies(db: Db, query: ListQuery) {
  const filters = await listFilters(db, query)
  const page = pageOf(query)
  const [rows, counts] = await Promise.all([q.tracerList(db, filters, page), q.tracerCounts(db, filters)])
  return { rows: rows.map(listRowOut), counts, page }
}

/** The alumnus, their current answer and earlier versions with who entered each, and the suggestion. */
export async function staffTracerStudy(db: Db, alumniId: number) {
  const alumnus = (await q.alumnusById(db, alumniId)) ?? noAlumnus()
  const [current, ...history] = (await q.versionsWithEntrant(db, alumniId)).map((v) =>
    staffAnswerOut(v.answer, v.enteredByName),
  )
  const facts = current ? undefined : await q.placementFacts(db, alumniId)
  return {
    alumnus: alumnusOut(alumnus),
    current: current ?? null,
    history,
    prefill: facts ? prefillOut(facts) : null,
  }
}

/**
 * Staff save an answer collected by phone as the alumnus's new version: the same rules and versioning
 * as the alumnus's own save, and the version records who entered it.
 */
export async function saveTracerStudyFor(db: Db, actor: Actor, alumniId: number, input: TracerInput) {
  const { row, created } = await saveVersion(db, alumniId, input, actor.id, noAlumnus)
  return { answer: staffAnswerOut(row, actor.fullName), created }
}

// ---------------------------------------------------------------------------------------------
// The list as a download (CSV or XLSX, through the reports' export)

/**
 * The list (every row of the filters, no page) as a table, and the download's file name; times on the
 * school's clock (`timeZone`).
 */
export async function tracerStudyTable(db: Db, query: ListQuery, timeZone: string) {
  const filters = await listFilters(db, query)
  const rows = (await q.tracerList(db, filters)).map(listRowOut)
  type Row = (typeof rows)[number]
  const a = (r: Row) => r.answer
  const columns: Column<Row>[] = [
    { header: 'NIS', kind: 'identifier', value: (r) => r.alumnus.nis },
    { header: 'Nama', value: (r) => r.alumnus.fullName },
    { header: 'Kompetensi Keahlian', value: (r) => r.alumnus.major.name },
    { header: 'Tahun Lulus', kind: 'year', value: (r) => r.alumnus.graduationYear },
    { header: 'Telepon', kind: 'identifier', value: (r) => r.alumnus.phone },
    { header: 'E-mail', value: (r) => r.alumnus.email },
    { header: 'Sudah Mengisi', value: (r) => (r.answer ? 'Sudah' : 'Belum') },
    {
      header: 'Status Karier',
      value: (r) => (r.answer ? labelOf('careerStatus', r.answer.careerStatus) : null),
    },
    { header: 'Instansi / Usaha / Kampus', value: (r) => a(r)?.institutionName ?? null },
    { header: 'Jabatan', value: (r) => a(r)?.jobTitle ?? null },
    { header: 'Bidang', value: (r) => a(r)?.sector ?? null },
    { header: 'Kota/Kabupaten', value: (r) => a(r)?.city ?? null },
    { header: 'Provinsi', value: (r) => a(r)?.province ?? null },
    { header: 'Gaji Pertama (Rp)', kind: 'money', value: (r) => a(r)?.startingSalary ?? null },
    { header: 'Masa Tunggu (Bulan)', kind: 'int', value: (r) => a(r)?.waitingPeriodMonths ?? null },
    {
      header: 'Kesesuaian dengan Jurusan',
      value: (r) => (r.answer?.jobFit ? labelOf('jobFit', r.answer.jobFit) : null),
    },
    { header: 'Mulai', value: (r) => a(r)?.startDate ?? null },
    { header: 'Versi', kind: 'int', value: (r) => a(r)?.version ?? null },
    {
      header: `Disimpan (${zoneName(timeZone)})`,
      kind: 'datetime',
      value: (r) => (r.answer ? wallClock(r.answer.submittedAt, timeZone) : null),
    },
    {
      header: 'Diisi Oleh',
      value: (r) => (r.answer ? (r.answer.enteredBy?.fullName ?? 'Alumni sendiri') : null),
    },
  ]
  const parts = ['tracer-study-alumni']
  if (filters.graduationYear) parts.push(`lulus-${filters.graduationYear}`)
  if (filters.major) parts.push(majorInFileName(filters.major))
  if (filters.careerStatus) parts.push(filters.careerStatus)
  if (filters.answered !== undefined) parts.push(filters.answered ? 'sudah-mengisi' : 'belum-mengisi')
  const table: Table<Row> = {
    title: 'Tracer Study per Alumni',
    sheet: 'Tracer Study',
    columns,
    rows,
    notes: [
      ['Tahun lulus', filters.graduationYear ? String(filters.graduationYear) : 'Semua'],
      ['Kompetensi keahlian', filters.majorLabel ?? 'Semua kompetensi keahlian'],
      ['Status karier', filters.careerStatus ? labelOf('careerStatus', filters.careerStatus) : 'Semua'],
      [
        'Pengisian',
        filters.answered === undefined ? 'Semua' : filters.answered ? 'Sudah mengisi' : 'Belum mengisi',
      ],
      ['Pencarian', filters.search?.trim() || '-'],
      [
        'Jawaban',
        'Jawaban terkini tiap alumni; "Diisi oleh" = staf BKK yang mencatatnya (mis. lewat telepon)',
      ],
    ],
  }
  return { table, stem: parts.join('_') }
}
