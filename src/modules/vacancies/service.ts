import { asc, eq, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import {
  type ApplicationStatus,
  applicationFiles,
  JOB_TYPES,
  type JobType,
  jobVacancies,
  majors,
  type VacancyTarget,
} from '../../db/schema/index.js'
import type { Page } from '../../http/envelope.js'
import { conflict, type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { type Lang, msg, tr } from '../../http/i18n.js'
import { companyOf } from '../../http/scope.js'
import { CATEGORIES, type Category, optionsOf } from '../../vocabulary/index.js'
import { openApplication } from '../application-lifecycle/service.js'
import {
  isOpen,
  learnerOf,
  notOpenMessage,
  profileGaps,
  profileIncompleteReason,
  reasonsNotOpen,
} from './eligibility.js'
import * as q from './queries.js'

// ---------------------------------------------------------------- catalogues

/** Vacancy categories: a fixed list (the `category` field must be one of these); words in src/vocabulary. */
export type { Category }
export const CATEGORY_VALUES = CATEGORIES

// ---------------------------------------------------------------- HR: mapping

const iso = (d: Date) => d.toISOString()

function hrVacancyOut(r: q.HrVacancyRow) {
  return {
    id: r.id,
    title: r.title,
    position: r.position,
    description: r.description,
    qualifications: r.qualifications,
    benefits: r.benefits,
    category: r.category,
    jobType: r.jobType,
    workLocation: r.workLocation,
    city: r.city,
    province: r.province,
    minSalary: r.minSalary,
    maxSalary: r.maxSalary,
    quota: r.quota,
    deadline: r.deadline,
    target: r.target,
    isActive: r.isActive,
    isOpen: r.isOpen,
    majors: r.majors,
    applicantCount: r.applicantCount,
    acceptedCount: r.acceptedCount,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }
}

// ---------------------------------------------------------------- HR: reads

export async function listCompanyVacancies(db: Db, actor: Actor, filters: q.HrVacancyFilters, page: Page) {
  if (filters.deadline_from && filters.deadline_to && filters.deadline_from > filters.deadline_to) {
    unprocessable(msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), {
      deadline_to: [msg('tidak boleh sebelum deadline_from', 'must not be before deadline_from')],
    })
  }
  const { rows, total } = await q.companyVacancyPage(db, companyOf(actor), filters, page)
  return { rows: rows.map(hrVacancyOut), total }
}

export async function getCompanyVacancy(db: Conn, actor: Actor, id: number) {
  const row = (await q.companyVacancy(db, companyOf(actor), id)) ?? notFound(vacancyNotFound)
  return hrVacancyOut(row)
}

const vacancyNotFound = msg('Lowongan tidak ditemukan.', 'Vacancy not found.')

/**
 * Counts over the company's vacancies that are not deleted. A vacancy is `active` when switched
 * on and its deadline has not passed, `expired` when switched on but past its deadline, and
 * `inactive` when switched off; the three add up to `total`. `filled` counts accepted applications.
 */
export async function companyStatistics(db: Db, actor: Actor) {
  const rows = await q.companyVacancyStats(db, companyOf(actor))
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0)
  return {
    vacancies: {
      total: rows.length,
      active: rows.filter((r) => r.isActive && !r.expired).length,
      inactive: rows.filter((r) => !r.isActive).length,
      expired: rows.filter((r) => r.isActive && r.expired).length,
    },
    applicants: {
      total: sum((r) => r.applicants),
      pending: sum((r) => r.pending),
      in_progress: sum((r) => r.inProgress),
      accepted: sum((r) => r.accepted),
      rejected: sum((r) => r.rejected),
      withdrawn: sum((r) => r.withdrawn),
    },
    quota: { total: sum((r) => r.quota), filled: sum((r) => r.accepted) },
    perVacancy: rows.map((r) => ({
      id: r.id,
      title: r.title,
      quota: r.quota,
      filled: r.accepted,
      applicants: r.applicants,
    })),
  }
}

export async function hrOptions(db: Db, lang: Lang = 'id') {
  const activeMajors = await db
    .select({ value: majors.id, label: majors.name })
    .from(majors)
    .where(eq(majors.isActive, true))
    .orderBy(asc(majors.name), asc(majors.id))
  return {
    categories: optionsOf('category', lang),
    majors: activeMajors,
    jobTypes: optionsOf('jobType', lang),
    targets: optionsOf('target', lang),
  }
}

// ---------------------------------------------------------------- HR: changes

export interface VacancyInput {
  title: string
  position: string
  description: string
  qualifications: string
  benefits?: string | null
  category: Category
  job_type: JobType
  work_location?: string | null
  city?: string | null
  province?: string | null
  min_salary?: number | null
  max_salary?: number | null
  quota: number
  deadline: string
  target: VacancyTarget
  major_ids: number[]
  is_active?: boolean
}

const invalid = msg('Data yang dikirim tidak valid.', 'The given data was invalid.')
const trimmed = (s: string | null | undefined) => (s == null ? s : s.trim() || null)

/** Field rules that need the database: majors, deadline, salary range. Collects every failure. */
async function checkVacancyInput(
  tx: Conn,
  input: VacancyInput,
  current?: {
    id: number
    deadline: string
    minSalary: number | null
    maxSalary: number | null
    accepted: number
  },
) {
  const errors: FieldErrors = {}
  const usable = await q.usableMajorIds(tx, input.major_ids, current?.id)
  const unusable = input.major_ids.filter((id) => !usable.has(id))
  if (unusable.length > 0) {
    errors.major_ids = [
      msg(
        `jurusan tidak ditemukan atau tidak aktif: ${unusable.join(', ')}`,
        `unknown or inactive major(s): ${unusable.join(', ')}`,
      ),
    ]
  }
  // A past deadline is refused, except an unchanged one (editing an expired vacancy's text is fine).
  if (input.deadline !== current?.deadline && input.deadline < (await q.schoolToday(tx))) {
    errors.deadline = [msg('tidak boleh tanggal yang sudah lewat', 'must not be in the past')]
  }
  const min = input.min_salary !== undefined ? input.min_salary : (current?.minSalary ?? null)
  const max = input.max_salary !== undefined ? input.max_salary : (current?.maxSalary ?? null)
  if (min != null && max != null && min > max) {
    errors.max_salary = [
      msg('tidak boleh lebih kecil dari gaji minimum', 'must not be less than the minimum salary'),
    ]
  }
  // Places already given away stay given: the quota cannot drop below the accepted applicants.
  if (current && input.quota < current.accepted) {
    errors.quota = [
      msg(
        `tidak boleh kurang dari jumlah pelamar yang sudah diterima (${current.accepted})`,
        `must not be less than the applicants already accepted (${current.accepted})`,
      ),
    ]
  }
  if (Object.keys(errors).length > 0) unprocessable(invalid, errors)
}

/** The columns a body sets. Optional fields: absent keeps the stored value, null clears it. */
function vacancyValues(input: VacancyInput) {
  return {
    title: input.title.trim(),
    position: input.position.trim(),
    description: input.description.trim(),
    qualifications: input.qualifications.trim(),
    benefits: trimmed(input.benefits),
    category: input.category,
    jobType: input.job_type,
    workLocation: trimmed(input.work_location),
    city: trimmed(input.city),
    province: trimmed(input.province),
    minSalary: input.min_salary,
    maxSalary: input.max_salary,
    quota: input.quota,
    deadline: input.deadline,
    target: input.target,
    isActive: input.is_active,
  }
}

export async function createVacancy(db: Db, actor: Actor, input: VacancyInput) {
  return db.transaction(async (tx) => {
    await checkVacancyInput(tx, input)
    const [row] = await tx
      .insert(jobVacancies)
      .values({ ...vacancyValues(input), companyId: companyOf(actor), createdBy: actor.id })
      .returning({ id: jobVacancies.id })
    await q.replaceMajors(tx, row.id, input.major_ids, false)
    return getCompanyVacancy(tx, actor, row.id)
  })
}

export async function updateVacancy(db: Db, actor: Actor, id: number, input: VacancyInput) {
  return db.transaction(async (tx) => {
    const current = (await q.lockCompanyVacancy(tx, companyOf(actor), id)) ?? notFound(vacancyNotFound)
    await checkVacancyInput(tx, input, current)
    await tx
      .update(jobVacancies)
      .set({ ...vacancyValues(input), updatedAt: sql`now()` })
      .where(eq(jobVacancies.id, id))
    await q.replaceMajors(tx, id, input.major_ids, true)
    return getCompanyVacancy(tx, actor, id)
  })
}

export async function toggleVacancy(db: Db, actor: Actor, id: number) {
  return (await q.toggleActive(db, companyOf(actor), id)) ?? notFound(vacancyNotFound)
}

/** Soft delete: gone from HR and browsing; applications keep pointing at it for their history. */
export async function deleteVacancy(db: Db, actor: Actor, id: number) {
  ;(await q.softDelete(db, companyOf(actor), id)) ?? notFound(vacancyNotFound)
}

// ---------------------------------------------------------------- browsing

export async function browseVacancies(db: Db, actor: Actor, filters: q.BrowseFilters, page: Page) {
  const { rows, total } = await q.openVacancyPage(db, learnerOf(actor), filters, page)
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      position: r.position,
      category: r.category,
      jobType: r.jobType,
      workLocation: r.workLocation,
      city: r.city,
      province: r.province,
      minSalary: r.minSalary,
      maxSalary: r.maxSalary,
      quota: r.quota,
      quotaLeft: r.quotaLeft,
      deadline: r.deadline,
      target: r.target,
      company: { id: r.companyId, name: r.companyName, city: r.companyCity, province: r.companyProvince },
      majors: r.majors,
      hasApplied: r.hasApplied,
      createdAt: iso(r.createdAt),
    })),
  }
}

export async function browseOptions(db: Db, actor: Actor, lang: Lang = 'id') {
  const row = await q.browseOptions(db, learnerOf(actor))
  const types = new Set(row.jobTypes)
  return {
    companies: row.companies,
    jobTypes: optionsOf(
      'jobType',
      lang,
      JOB_TYPES.filter((t) => types.has(t)),
    ),
    locations: row.locations.sort(
      (a, b) =>
        (a.province ?? '').localeCompare(b.province ?? '', 'id') ||
        (a.city ?? '').localeCompare(b.city ?? '', 'id'),
    ),
  }
}

/**
 * A vacancy the learner may see: open to them, or one they applied to (even if since closed).
 * Deleted vacancies and vacancies neither open nor applied to are 404.
 */
export async function browseVacancy(db: Db, actor: Actor, id: number, lang: Lang = 'id') {
  const learner = learnerOf(actor)
  const row = (await q.vacancyForLearner(db, learner, id)) ?? notFound(vacancyNotFound)
  const open = isOpen(row.checks)
  if (!open && !row.applicationId) notFound(vacancyNotFound)
  const reasons = reasonsNotOpen(row.checks, learner.role)
  if (row.applicationId) reasons.push(alreadyApplied)
  const gaps = await profileGaps(db, learner.studentId)
  if (gaps.length > 0) reasons.push(profileIncompleteReason(gaps))
  const { checks: _checks, applicationId, applicationStatus, createdAt, ...vacancy } = row
  return {
    ...vacancy,
    createdAt: iso(createdAt),
    application: applicationId ? { id: applicationId, status: applicationStatus as ApplicationStatus } : null,
    canApply: reasons.length === 0,
    reasons: reasons.map((r) => tr(r, lang)),
  }
}

// ---------------------------------------------------------------- applying

export interface ApplyInput {
  cover_letter?: string | null
  portfolio_ids?: number[]
}

const alreadyApplied = msg('Anda sudah melamar lowongan ini.', 'You have already applied to this vacancy.')

/**
 * One application per learner per vacancy. Inside one transaction: the vacancy row is locked
 * (FOR NO KEY UPDATE: the insert's trigger updates its counters) and the open rule checked against
 * it, then the profile and the portfolio files, then INSERT … ON CONFLICT DO NOTHING on
 * applications_vacancy_student_key decides a race (nothing returned = someone else's identical
 * request won: 409; the lifecycle's `openApplication` writes it with its first timeline row and the
 * notice to HR), then the attached files.
 */
export async function apply(db: Db, actor: Actor, vacancyId: number, input: ApplyInput) {
  const learner = learnerOf(actor)
  const portfolioIds = input.portfolio_ids ?? []
  return db.transaction(async (tx) => {
    const vacancy = (await q.lockVacancyForApply(tx, learner, vacancyId)) ?? notFound(vacancyNotFound)
    if (vacancy.applied) conflict(alreadyApplied)
    if (!isOpen(vacancy.checks)) unprocessable(notOpenMessage(vacancy.checks, learner.role))
    const gaps = await profileGaps(tx, learner.studentId)
    if (gaps.length > 0) unprocessable(profileIncompleteReason(gaps))
    const own = await q.ownPortfolioFileIds(tx, learner.studentId, portfolioIds)
    const foreign = portfolioIds.filter((id) => !own.has(id))
    if (foreign.length > 0) {
      unprocessable(invalid, {
        portfolio_ids: [
          msg(
            `berkas tidak ditemukan di portofolio Anda: ${foreign.join(', ')}`,
            `not files of your portfolio: ${foreign.join(', ')}`,
          ),
        ],
      })
    }
    const application =
      (await openApplication(tx, actor, {
        vacancyId,
        studentId: learner.studentId,
        role: learner.role,
        coverLetter: trimmed(input.cover_letter) ?? null,
      })) ?? conflict(alreadyApplied)
    if (portfolioIds.length > 0) {
      await tx
        .insert(applicationFiles)
        .values(portfolioIds.map((fileId) => ({ applicationId: application.id, fileId })))
    }
    return { ...application, createdAt: iso(application.createdAt) }
  })
}
