import { createHash } from 'node:crypto'
import type { Static } from '@sinclair/typebox'
import { eq, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Conn, Db } from '../../db/client.js'
import {
  type ApplicationStatus,
  type ApprovalStatus,
  applicationFiles,
  JOB_TYPES,
  jobVacancies,
} from '../../db/schema/index.js'
import { readSchoolToday } from '../../db/school-day.js'
import type { Page } from '../../http/envelope.js'
import {
  conflict,
  type FieldErrors,
  notFound,
  refuseBackwardsRange,
  unprocessable,
} from '../../http/errors.js'
import { type Lang, type Msg, msg, tr } from '../../http/i18n.js'
import { squeezed, type Toggle } from '../../http/schemas.js'
import { companyOf } from '../../http/scope.js'
import { companyRefOut } from '../../http/shapes/company.js'
import { assertVersion } from '../../http/versions.js'
import type { Outbox, OutgoingEmail } from '../../jobs/outbox.js'
import { CATEGORIES, type Category, labelOf, optionsOf } from '../../vocabulary/index.js'
import { moveApplications, openApplication } from '../application-lifecycle/service.js'
import { loadTemplates, renderTemplate } from '../messages/render.js'
import {
  forgetNotices,
  type NewNotification,
  notify,
  notifyStaff,
  rewriteApplicantNotices,
  settleStaffNotices,
  tellApplicants,
  type UnreadNotice,
  unreadApplicantNotices,
} from '../notifications/service.js'
import { cancelTestsOfVacancy, type Mailing } from '../schedules/service.js'
import {
  gapsIn,
  isOpen,
  learnerOf,
  notOpenMessage,
  profileIncompleteReason,
  reasonsNotOpen,
} from './eligibility.js'
import * as q from './queries.js'
import type { ApplyBody, StaffVacancyBody, VacancyBody } from './schemas.js'

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
    approvalStatus: r.approvalStatus,
    approvalReason: r.approvalReason,
    approvedAt: r.approvedAt ? iso(r.approvedAt) : null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }
}

/** A vacancy as staff see it: HR's answer plus the company, the poster and the approver. */
function staffVacancyOut(r: q.StaffVacancyRow) {
  return { ...hrVacancyOut(r), company: r.company, postedBy: r.postedBy, approvedBy: r.approvedBy }
}

// ---------------------------------------------------------------- HR: reads

export async function listCompanyVacancies(db: Db, actor: Actor, filters: q.HrVacancyFilters, page: Page) {
  refuseBackwardsRange(filters, 'deadline_from', 'deadline_to')
  const { rows, total } = await q.companyVacancyPage(db, companyOf(actor), filters, page)
  return { rows: rows.map(hrVacancyOut), total }
}

export async function getCompanyVacancy(db: Conn, actor: Actor, id: number) {
  const row = (await q.companyVacancy(db, companyOf(actor), id)) ?? notFound(vacancyNotFound)
  return hrVacancyOut(row)
}

const vacancyNotFound = msg('Lowongan tidak ditemukan.', 'Vacancy not found.')

/**
 * Counts over the company's vacancies that are not deleted, each in one place: `inactive` when switched off;
 * `expired` when switched on but past its deadline; `pendingApproval` and `approvalRejected` when switched on,
 * before its deadline, and waiting for or refused the career center's approval (learners see neither); `active`
 * when open to learners (on, approved, before its deadline: `isOpen`). The five add up to `total`. `filled`
 * counts the places taken: accepted applications whose hire did not give the place back (placement ended or
 * deleted: `places_freed`); `applicants.accepted` counts every acceptance.
 */
export async function companyStatistics(db: Db, actor: Actor) {
  const rows = await q.companyVacancyStats(db, companyOf(actor))
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0)
  return {
    vacancies: {
      total: rows.length,
      active: rows.filter((r) => r.isActive && !r.expired && r.approvalStatus === 'approved').length,
      inactive: rows.filter((r) => !r.isActive).length,
      expired: rows.filter((r) => r.isActive && r.expired).length,
      pendingApproval: rows.filter((r) => r.isActive && !r.expired && r.approvalStatus === 'pending').length,
      approvalRejected: rows.filter((r) => r.isActive && !r.expired && r.approvalStatus === 'rejected')
        .length,
    },
    applicants: {
      total: sum((r) => r.applicants),
      pending: sum((r) => r.pending),
      in_progress: sum((r) => r.inProgress),
      accepted: sum((r) => r.accepted),
      rejected: sum((r) => r.rejected),
      withdrawn: sum((r) => r.withdrawn),
    },
    quota: { total: sum((r) => r.quota), filled: sum((r) => r.accepted - r.placesFreed) },
    perVacancy: rows.map((r) => ({
      id: r.id,
      title: r.title,
      quota: r.quota,
      filled: r.accepted - r.placesFreed,
      applicants: r.applicants,
    })),
  }
}

/**
 * The vacancy form's options (HR's and staff's). Majors: the active ones, then those switched off that still
 * have learners, labelled as no longer offered ("… (tidak dibuka lagi)"): their alumni, and the last class still
 * in them, see only vacancies that name their major (docs/decisions.md, "A major switched off").
 */
export async function hrOptions(db: Db, lang: Lang = 'id') {
  const retired = tr(msg('tidak dibuka lagi', 'no longer offered'), lang)
  const majorRows = await q.vacancyMajorOptions(db)
  return {
    categories: optionsOf('category', lang),
    majors: majorRows.map((m) => ({
      value: m.value,
      label: m.isActive ? m.name : `${m.name} (${retired})`,
      isActive: m.isActive,
    })),
    jobTypes: optionsOf('jobType', lang),
    targets: optionsOf('target', lang),
  }
}

// ---------------------------------------------------------------- HR: changes

export type VacancyInput = Static<typeof VacancyBody>

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
        `kompetensi keahlian tidak ditemukan, atau nonaktif tanpa siswa maupun alumni: ${unusable.join(', ')}`,
        `unknown major(s), or inactive with no students or alumni: ${unusable.join(', ')}`,
      ),
    ]
  }
  // A past deadline is refused, except an unchanged one (editing an expired vacancy's text is fine).
  if (input.deadline !== current?.deadline && input.deadline < (await readSchoolToday(tx))) {
    errors.deadline = [msg('tidak boleh tanggal yang sudah lewat', 'must not be in the past')]
  }
  const min = input.min_salary !== undefined ? input.min_salary : (current?.minSalary ?? null)
  const max = input.max_salary !== undefined ? input.max_salary : (current?.maxSalary ?? null)
  if (min != null && max != null && min > max) {
    errors.max_salary = [
      msg('tidak boleh lebih kecil dari gaji minimum', 'must not be less than the minimum salary'),
    ]
  }
  // Places already given away stay given: the quota cannot drop below the places taken (`accepted`: the
  // accepted hires who did not give theirs back).
  if (current && input.quota < current.accepted) {
    errors.quota = [
      msg(
        `tidak boleh kurang dari jumlah pelamar yang sudah diterima dan masih bekerja (${current.accepted})`,
        `must not be less than the applicants accepted and still working (${current.accepted})`,
      ),
    ]
  }
  if (Object.keys(errors).length > 0) unprocessable(invalid, errors)
}

/** The columns a body sets. Optional fields: absent keeps the stored value, null clears it. */
function vacancyValues(input: VacancyInput) {
  return {
    title: squeezed(input.title),
    position: squeezed(input.position),
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

/**
 * Who changes a company's vacancies: its HR (the company from the account) or career-center staff (any
 * company, named in the body or found from the vacancy). One code path for both; only the approval
 * differs (`approvalOnSave`).
 */
interface Poster {
  actor: Actor
  companyId: number
  byStaff: boolean
}

const hrPoster = (actor: Actor): Poster => ({ actor, companyId: companyOf(actor), byStaff: false })

/** The fields that make a vacancy what learners read and who may apply: quota, deadline and the switch are not. */
const SUBSTANCE = [
  'title',
  'position',
  'description',
  'qualifications',
  'benefits',
  'category',
  'jobType',
  'workLocation',
  'city',
  'province',
  'minSalary',
  'maxSalary',
  'target',
] as const

/** "Rp4.500.000–Rp5.000.000": a salary range as the learners' notices write it. */
function salaryText(min: number | null, max: number | null) {
  const rp = (n: number) => `Rp${n.toLocaleString('id-ID')}`
  if (min !== null && max !== null) return min === max ? rp(min) : `${rp(min)}–${rp(max)}`
  if (min !== null) return `mulai ${rp(min)}`
  if (max !== null) return `hingga ${rp(max)}`
  return 'tidak disebutkan'
}

/** "Kawasan MM2100, Bekasi, Jawa Barat": where the work is, as the learners' notices write it. */
const placeText = (p: { workLocation: string | null; city: string | null; province: string | null }) =>
  [p.workLocation, p.city, p.province].filter(Boolean).join(', ') || 'tidak disebutkan'

/**
 * One change of a vacancy's terms as the applicants' notice keeps it (`data.changes`): the field, and what it
 * read before and after, in the notice's words (salary, place, labels). The texts and the majors are not shown,
 * only said to have changed: `from`/`to` are then a fingerprint of the value, to tell a text put back as it was.
 */
interface TermChange {
  field: TermField
  from: string
  to: string
}

/** How the notice words each change, in the order it names them. */
const TERM_WORDS = {
  title: (c: TermChange) => `judul "${c.from}" → "${c.to}"`,
  salary: (c: TermChange) => `gaji ${c.from} → ${c.to}`,
  jobType: (c: TermChange) => `jenis pekerjaan ${c.from} → ${c.to}`,
  place: (c: TermChange) => `lokasi ${c.from} → ${c.to}`,
  position: (c: TermChange) => `posisi ${c.from} → ${c.to}`,
  category: (c: TermChange) => `kategori ${c.from} → ${c.to}`,
  target: (c: TermChange) => `sasaran pelamar ${c.from} → ${c.to}`,
  description: () => 'deskripsi pekerjaan diperbarui',
  qualifications: () => 'kualifikasi diperbarui',
  benefits: () => 'benefit diperbarui',
  majors: () => 'kompetensi keahlian yang dapat melamar diubah',
} satisfies Record<string, (c: TermChange) => string>

type TermField = keyof typeof TERM_WORDS
const TERM_FIELDS = Object.keys(TERM_WORDS) as TermField[]

/** The notice's `{{perubahan}}`: each change in its words, in `TERM_WORDS`' order. */
const termsText = (changes: TermChange[]) =>
  [...changes]
    .sort((a, b) => TERM_FIELDS.indexOf(a.field) - TERM_FIELDS.indexOf(b.field))
    .map((c) => TERM_WORDS[c.field](c))
    .join('; ')

/** A value the notice does not show, compared by a fingerprint (a notice need not carry 10,000 characters). */
const fingerprint = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16)

/**
 * What a save changed of a vacancy's substance (`SUBSTANCE`, and the majors), for the applicants' notice
 * (`application.terms_changed`): old → new for the title, salary, job type, place, position, category and
 * target; a fingerprint for the texts and the majors. Empty when the substance is as it was (the approval's rule
 * too).
 */
function termsChanges(
  current: q.LockedVacancy,
  values: ReturnType<typeof vacancyValues>,
  majorIds: number[],
): TermChange[] {
  const after = <K extends (typeof SUBSTANCE)[number]>(k: K) =>
    (values[k] === undefined ? current[k] : values[k]) as (typeof current)[K]
  const changed = (...ks: (typeof SUBSTANCE)[number][]) => ks.some((k) => after(k) !== current[k])
  const out: TermChange[] = []
  const add = (field: TermField, from: string, to: string) => out.push({ field, from, to })
  if (changed('title')) add('title', current.title, after('title'))
  if (changed('minSalary', 'maxSalary'))
    add(
      'salary',
      salaryText(current.minSalary, current.maxSalary),
      salaryText(after('minSalary'), after('maxSalary')),
    )
  if (changed('jobType'))
    add('jobType', labelOf('jobType', current.jobType), labelOf('jobType', after('jobType')))
  if (changed('workLocation', 'city', 'province')) {
    const next = { workLocation: after('workLocation'), city: after('city'), province: after('province') }
    add('place', placeText(current), placeText(next))
  }
  if (changed('position')) add('position', current.position, after('position'))
  if (changed('category'))
    add(
      'category',
      labelOf('category', current.category as Category),
      labelOf('category', after('category') as Category),
    )
  if (changed('target')) add('target', labelOf('target', current.target), labelOf('target', after('target')))
  for (const text of ['description', 'qualifications', 'benefits'] as const)
    if (changed(text)) add(text, fingerprint(current[text]), fingerprint(after(text)))
  const sorted = [...majorIds].sort((a, b) => a - b)
  if (sorted.join(',') !== current.majorIds.join(','))
    add('majors', fingerprint(current.majorIds), fingerprint(sorted))
  return out
}

/** The changes an unread notice carries, or null for one written before they were kept (it cannot be merged). */
function changesIn(notice: UnreadNotice | undefined): TermChange[] | null {
  const kept = notice?.data.changes
  if (!Array.isArray(kept)) return null
  return kept.filter((c): c is TermChange => TERM_FIELDS.includes(c?.field))
}

/**
 * What the learner is owed after `earlier` (an unread notice's) and then `later`: per field, what it read before
 * the first → what it reads after the last; a field put back as it was drops out.
 */
function mergedChanges(earlier: TermChange[], later: TermChange[]): TermChange[] {
  const byField = new Map(earlier.map((c) => [c.field, { ...c }]))
  for (const c of later) {
    const first = byField.get(c.field)
    byField.set(c.field, first ? { ...first, to: c.to } : c)
  }
  return [...byField.values()].filter((c) => c.from !== c.to)
}

/**
 * The terms of a vacancy changed (`termsChanges`) after people applied: each applicant still waiting or in the
 * selection is told in-app what changed (`application.terms_changed`), in the save's transaction. They applied to
 * the vacancy as it read then, and went on to tests, and maybe a hire, for a job they never applied for; now they
 * may withdraw. Those already decided are not told.
 *
 * One unread notice per application: while the learner has not read the last one, a save rewrites it with what
 * they are owed since they last read (`mergedChanges`), and removes it when that is nothing (every field put back
 * as it was). Before, each save of a loop of edits added one more notice.
 */
async function tellApplicantsOfNewTerms(tx: Conn, vacancyId: number, changes: TermChange[]) {
  if (changes.length === 0) return
  const key = 'application.terms_changed'
  const open = await q.openApplicationsOf(tx, vacancyId)
  const unread = await unreadApplicantNotices(tx, key, open)
  const fresh: typeof open = []
  const rewritten: Parameters<typeof rewriteApplicantNotices>[2] = []
  const settled: number[] = []
  for (const application of open) {
    const notice = unread.get(application.id)
    const earlier = changesIn(notice)
    if (!notice || !earlier) fresh.push(application)
    else {
      const owed = mergedChanges(earlier, changes)
      if (owed.length === 0) settled.push(notice.id)
      else
        rewritten.push({
          noticeId: notice.id,
          application,
          values: { perubahan: termsText(owed) },
          data: { changes: owed },
        })
    }
  }
  await tellApplicants(tx, key, fresh, { perubahan: termsText(changes) }, { changes })
  await rewriteApplicantNotices(tx, key, rewritten)
  await forgetNotices(tx, settled)
}

/**
 * The columns a save changed, old → new, for its audit row (the texts whole, the majors as ids): who changed what
 * learners read, after the fact.
 */
function columnChanges(
  current: q.LockedVacancy,
  values: ReturnType<typeof vacancyValues>,
  majorIds: number[],
) {
  const out: Record<string, { from: unknown; to: unknown }> = {}
  for (const [column, to] of Object.entries(values) as [keyof typeof values, unknown][])
    if (to !== undefined && to !== current[column]) out[column] = { from: current[column], to }
  const sorted = [...majorIds].sort((a, b) => a - b)
  if (sorted.join(',') !== current.majorIds.join(',')) out.majorIds = { from: current.majorIds, to: sorted }
  return out
}

const APPROVED_NOW = (by: number) => ({
  approvalStatus: 'approved' as const,
  approvalReason: null,
  approvedBy: by,
  approvedAt: sql`now()`,
})
const PENDING = {
  approvalStatus: 'pending' as const,
  approvalReason: null,
  approvedBy: null,
  approvedAt: null,
}

/**
 * The approval a save leaves (docs/decisions.md, "Vacancy approval"):
 * - staff: a new vacancy is approved at once (by them); an edit leaves the approval as it was;
 * - HR, new vacancy: pending when the company's vacancies need approval, else approved (nobody decided);
 * - HR, edit: a rejected vacancy goes back to pending (it was corrected; staff decide again); an approved
 *   one goes back to pending only when the company needs approval and its substance changed (what
 *   learners read or who may apply: not quota, deadline or the switch); a pending one stays pending.
 */
function approvalOnSave(
  poster: Poster,
  needsApproval: boolean,
  current: q.LockedVacancy | undefined,
  changed: boolean,
) {
  if (poster.byStaff) return current ? {} : APPROVED_NOW(poster.actor.id)
  if (!current) return needsApproval ? PENDING : { approvalStatus: 'approved' as const }
  if (current.approvalStatus === 'rejected') return PENDING
  if (current.approvalStatus === 'approved' && needsApproval && changed) return PENDING
  return {}
}

/**
 * A vacancy has just started waiting for the career center's approval: every active admin and superadmin is
 * told in-app (`vacancy.pending`, naming it and its company), in the save's transaction.
 */
function tellStaffItWaits(tx: Conn, id: number, title: string, company: { id: number; name: string }) {
  return notifyStaff(
    tx,
    'vacancy.pending',
    { judul: title, perusahaan: company.name },
    { jobVacancyId: id, companyId: company.id },
  )
}

const companyField = (m: Msg): never => unprocessable(invalid, { company_id: [m] })

/** The company's rules; for staff's `company_id`, 422 unless it is an active company. */
async function rulesOf(tx: Conn, poster: Poster) {
  const company =
    (await q.companyRules(tx, poster.companyId)) ??
    companyField(msg('perusahaan tidak ditemukan', 'no such company'))
  if (poster.byStaff && !company.isActive)
    companyField(msg('perusahaan sedang nonaktif', 'the company is inactive'))
  return company
}

/** Creates a vacancy for the poster's company; answers its id. */
async function insertVacancy(tx: Conn, poster: Poster, input: VacancyInput) {
  const company = await rulesOf(tx, poster)
  await checkVacancyInput(tx, input)
  const values = vacancyValues(input)
  const approval = approvalOnSave(poster, company.needsApproval, undefined, true)
  const [row] = await tx
    .insert(jobVacancies)
    .values({
      ...values,
      ...approval,
      companyId: poster.companyId,
      createdBy: poster.actor.id,
      postedBy: poster.actor.id,
    })
    .returning({ id: jobVacancies.id })
  await q.replaceMajors(tx, row.id, input.major_ids, false)
  if (approval.approvalStatus === 'pending') await tellStaffItWaits(tx, row.id, values.title, company)
  await audit(tx, poster.actor, 'create', 'job_vacancy', row.id, { companyId: poster.companyId })
  return row.id
}

/**
 * Changes a vacancy of the poster's company (404 for another's); `moveTo`: staff's new company. `versions`:
 * the `updatedAt` the form read (If-Match); a vacancy changed since (by a colleague, staff, an approval, the
 * switch) is refused with 412 instead of put back as the form read it.
 */
async function changeVacancy(
  tx: Conn,
  poster: Poster,
  id: number,
  input: VacancyInput,
  moveTo?: number,
  versions?: string[],
) {
  const current = (await q.lockCompanyVacancy(tx, poster.companyId, id)) ?? notFound(vacancyNotFound)
  assertVersion(current.updatedAt, versions)
  const target = moveTo !== undefined && moveTo !== current.companyId ? moveTo : undefined
  if (target !== undefined && current.applicantCount > 0)
    companyField(
      msg(
        'tidak dapat dipindah ke perusahaan lain: lowongan ini sudah memiliki pelamar',
        'cannot move to another company: the vacancy already has applicants',
      ),
    )
  const company = await rulesOf(tx, { ...poster, companyId: target ?? poster.companyId })
  await checkVacancyInput(tx, input, current)
  const values = vacancyValues(input)
  // What changed of its substance: what learners read or who may apply.
  const changes = termsChanges(current, values, input.major_ids)
  const approval = approvalOnSave(poster, company.needsApproval, current, changes.length > 0)
  await tx
    .update(jobVacancies)
    .set({
      ...values,
      ...approval,
      ...(target !== undefined ? { companyId: target } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(jobVacancies.id, id))
  await q.replaceMajors(tx, id, input.major_ids, true)
  await tellApplicantsOfNewTerms(tx, id, changes)
  // Back in the queue (corrected after a rejection, or its substance changed); one still waiting was told of.
  if (approval.approvalStatus === 'pending' && current.approvalStatus !== 'pending')
    await tellStaffItWaits(tx, id, values.title, company)
  await audit(tx, poster.actor, 'update', 'job_vacancy', id, {
    changes: columnChanges(current, values, input.major_ids),
    ...(target ? { movedFrom: current.companyId, to: target } : {}),
  })
}

export async function createVacancy(db: Db, actor: Actor, input: VacancyInput) {
  return db.transaction(async (tx) => {
    const id = await insertVacancy(tx, hrPoster(actor), input)
    return getCompanyVacancy(tx, actor, id)
  })
}

export async function updateVacancy(
  db: Db,
  actor: Actor,
  id: number,
  input: VacancyInput,
  versions?: string[],
) {
  return db.transaction(async (tx) => {
    await changeVacancy(tx, hrPoster(actor), id, input, undefined, versions)
    return getCompanyVacancy(tx, actor, id)
  })
}

/**
 * Switches a company's vacancy on or off (`to`, or the other state), as it is when it already is as asked;
 * whether it changed.
 */
async function setVacancyActive(conn: Conn, companyId: number, id: number, to: boolean | undefined) {
  const row = await q.setActive(conn, companyId, id, to)
  if (row) return { row, changed: true }
  return { row: (await q.activeOf(conn, companyId, id)) ?? notFound(vacancyNotFound), changed: false }
}

export async function toggleVacancy(db: Db, actor: Actor, id: number, { is_active: to }: Toggle = {}) {
  return db.transaction(async (tx) => {
    const { row, changed } = await setVacancyActive(tx, companyOf(actor), id, to)
    if (changed) await audit(tx, actor, row.isActive ? 'activate' : 'deactivate', 'job_vacancy', id)
    return switchedOut(row)
  })
}

type Switched = NonNullable<Awaited<ReturnType<typeof q.activeOf>>>

/**
 * The answer to switching a vacancy: its state, and whether applicants can now apply. A vacancy switched on
 * past its deadline, or still waiting for approval, stays shut, and the message says why (the learners' rule).
 */
function switchedOut(row: Switched) {
  const flags = { ...row, active: row.isActive, notDeleted: true, majorMatches: true, targetMatches: true }
  const data = { id: row.id, isActive: row.isActive, isOpen: isOpen(flags) }
  if (!row.isActive) return { data, message: msg('Lowongan dinonaktifkan.', 'Vacancy deactivated.') }
  if (data.isOpen) return { data, message: msg('Lowongan diaktifkan.', 'Vacancy activated.') }
  const reasons = reasonsNotOpen(flags, 'siswa')
  return {
    data,
    message: msg(
      `Lowongan diaktifkan, tetapi belum dapat dilamar. ${reasons.map((m) => tr(m, 'id')).join(' ')}`,
      `Vacancy activated, but no one can apply yet. ${reasons.map((m) => tr(m, 'en')).join(' ')}`,
    ),
  }
}

/**
 * Closes the open applications of a vacancy being deleted: each applicant still waiting (pending or in the
 * selection) is told, in-app, who closed it (its company, `application.closed`, or the school's career center,
 * `application.closed_by_school`: staff deleting it), and the application ends as not accepted (`vacancyClosed`;
 * staff's closing says so on the timeline). Left open, they waited on a vacancy nobody could see any more, HR
 * included.
 */
async function closeApplications(tx: Conn, actor: Actor, vacancyId: number, byStaff: boolean) {
  const open = await q.openApplicationsOf(tx, vacancyId)
  if (open.length === 0) return
  const key = byStaff ? 'application.closed_by_school' : 'application.closed'
  const { [key]: template } = await loadTemplates(tx, [key])
  const notes = byStaff ? 'Lowongan ditutup oleh BKK sekolah.' : undefined
  await moveApplications(
    tx,
    actor,
    open.map((a) => ({ applicationId: a.id, move: 'vacancyClosed', notes })),
    {
      notices: (moved) =>
        open.flatMap((a) =>
          moved.has(a.id) && a.userId !== null
            ? [
                {
                  userId: a.userId,
                  kind: 'application.closed' as const,
                  ...renderTemplate(template, {
                    nama: a.fullName,
                    lowongan: a.vacancyTitle,
                    perusahaan: a.companyName,
                  }),
                  data: { applicationId: a.id, jobVacancyId: vacancyId },
                },
              ]
            : [],
        ),
    },
  )
}

/** What the participants of a deleted vacancy's tests read as the cancellation's reason. */
const VACANCY_CLOSED = 'Lowongan ini sudah ditutup.'

/**
 * Soft delete: gone from HR and browsing; applications keep pointing at it for their history. In the same
 * transaction its tests that have not begun are cancelled (`cancelTestsOfVacancy`) and its applications still
 * open are closed (`closeApplications`). The delete waits for an application being made (which locks the
 * vacancy), so none is left open.
 */
export async function deleteVacancy(db: Db, actor: Actor, id: number, mailing: Mailing) {
  const companyId = companyOf(actor)
  await db.transaction(async (tx) => {
    ;(await q.softDelete(tx, companyId, id)) ?? notFound(vacancyNotFound)
    await cancelTestsOfVacancy(tx, actor, mailing, companyId, id, VACANCY_CLOSED)
    await closeApplications(tx, actor, id, false)
    await settleStaffNotices(tx, 'vacancy.pending', [id])
    await audit(tx, actor, 'delete', 'job_vacancy', id)
  })
  mailing.outbox.kick()
}

// ---------------------------------------------------------------- staff: any company's vacancies

/** The HR body plus the company it is for. */
export type StaffVacancyInput = Static<typeof StaffVacancyBody>

/** Staff acting on an existing vacancy: its company comes from the vacancy (404 when deleted or unknown). */
async function staffPosterOf(conn: Conn, actor: Actor, id: number): Promise<Poster> {
  const companyId = (await q.companyOfVacancy(conn, id)) ?? notFound(vacancyNotFound)
  return { actor, companyId, byStaff: true }
}

export async function listStaffVacancies(db: Db, filters: q.StaffVacancyFilters, page: Page) {
  refuseBackwardsRange(filters, 'deadline_from', 'deadline_to')
  const [{ rows, total }, pendingApproval] = await Promise.all([
    q.staffVacancyPage(db, filters, page),
    q.pendingApprovalCount(db),
  ])
  return { rows: rows.map(staffVacancyOut), total, pendingApproval }
}

export async function getStaffVacancy(conn: Conn, id: number) {
  return staffVacancyOut((await q.staffVacancy(conn, id)) ?? notFound(vacancyNotFound))
}

/** A vacancy posted by staff for any active company (with or without HR): approved at once. */
export async function createStaffVacancy(db: Db, actor: Actor, input: StaffVacancyInput) {
  return db.transaction(async (tx) => {
    const id = await insertVacancy(tx, { actor, companyId: input.company_id, byStaff: true }, input)
    return getStaffVacancy(tx, id)
  })
}

/**
 * Staff's edit of any company's vacancy. `company_id` may name another active company only while the
 * vacancy has no applicants (a vacancy posted under the wrong company); its approval is left as it was.
 */
export async function updateStaffVacancy(
  db: Db,
  actor: Actor,
  id: number,
  input: StaffVacancyInput,
  versions?: string[],
) {
  return db.transaction(async (tx) => {
    await changeVacancy(tx, await staffPosterOf(tx, actor, id), id, input, input.company_id, versions)
    return getStaffVacancy(tx, id)
  })
}

/**
 * Staff switch any company's vacancy on or off. Switching off one of a company with HR tells its HR
 * (`vacancy.deactivated`, in-app and by e-mail, `tellHrOfStaffChange`): it disappears from the learners' list
 * under HR's hands.
 */
export async function toggleStaffVacancy(
  db: Db,
  actor: Actor,
  id: number,
  { is_active: to }: Toggle,
  mailing: Mailing,
) {
  const out = await db.transaction(async (tx) => {
    const poster = await staffPosterOf(tx, actor, id)
    const { row, changed } = await setVacancyActive(tx, poster.companyId, id, to)
    if (changed) await audit(tx, actor, row.isActive ? 'activate' : 'deactivate', 'job_vacancy', id)
    if (changed && !row.isActive)
      await tellHrOfStaffChange(tx, mailing, actor, 'vacancy.deactivated', poster.companyId, row)
    return switchedOut(row)
  })
  mailing.outbox.kick()
  return out
}

/**
 * Staff delete any company's vacancy, as HR's delete does (tests ahead cancelled, open applications closed,
 * their applicants told that the school closed it); the company's HR is told (`vacancy.deleted`).
 */
export async function deleteStaffVacancy(db: Db, actor: Actor, id: number, mailing: Mailing) {
  await db.transaction(async (tx) => {
    const poster = await staffPosterOf(tx, actor, id)
    const row = (await q.softDelete(tx, poster.companyId, id)) ?? notFound(vacancyNotFound)
    await cancelTestsOfVacancy(tx, actor, mailing, poster.companyId, id, VACANCY_CLOSED)
    await closeApplications(tx, actor, id, true)
    await settleStaffNotices(tx, 'vacancy.pending', [id])
    await tellHrOfStaffChange(tx, mailing, actor, 'vacancy.deleted', poster.companyId, row, {
      vacancyDeleted: true,
    })
    await audit(tx, actor, 'delete', 'job_vacancy', id)
  })
  mailing.outbox.kick()
}

/** The messages telling a company's HR what staff did to one of its vacancies (in-app and by e-mail). */
type HrVacancyMessage = 'vacancy.approved' | 'vacancy.rejected' | 'vacancy.deleted' | 'vacancy.deactivated'

/**
 * Tells every active HR account of the company, in-app and by e-mail, in the school's wording of `key` (read
 * once, filled per account with its `nama`), in the caller's transaction; the e-mails leave after the commit
 * (the caller kicks the outbox). A company without an active HR account has nobody to tell.
 */
async function tellCompanyHr(
  tx: Conn,
  outbox: Outbox,
  companyId: number,
  key: HrVacancyMessage,
  values: Record<string, string>,
  data: Record<string, unknown>,
) {
  const hr = await q.activeHrOf(tx, companyId)
  if (hr.length === 0) return
  const { [key]: template } = await loadTemplates(tx, [key])
  const notices: NewNotification[] = []
  const mails: OutgoingEmail[] = []
  for (const person of hr) {
    const text = renderTemplate(template, { ...values, nama: person.fullName })
    notices.push({ userId: person.id, kind: key, title: text.title, body: text.body, data })
    mails.push({ to: person.email, userId: person.id, subject: text.title, text: text.body })
  }
  await notify(tx, notices)
  await outbox.queue(tx, mails)
}

/**
 * Staff deleted or switched off a vacancy of a company that has HR: its HR accounts are told, naming the vacancy
 * and the staff member (whom to ask). HR scheduled its tests and runs its selection; it found the vacancy gone
 * from its list, or out of the learners' sight, with no word, while staff's approval and refusal reach it.
 */
async function tellHrOfStaffChange(
  tx: Conn,
  mailing: Mailing,
  actor: Actor,
  key: 'vacancy.deleted' | 'vacancy.deactivated',
  companyId: number,
  vacancy: { id: number; title: string },
  data: Record<string, unknown> = {},
) {
  const company = await q.companyRules(tx, companyId)
  await tellCompanyHr(
    tx,
    mailing.outbox,
    companyId,
    key,
    {
      judul: vacancy.title,
      perusahaan: company.name,
      petugas: actor.fullName,
      tautan: `${mailing.calendar.publicUrl}/hrd/lowongan`,
    },
    { jobVacancyId: vacancy.id, ...data },
  )
}

// ---------------------------------------------------------------- staff: approval

/** What deciding an approval needs besides the database: the e-mail outbox and the public address. */
export interface ApprovalDeps {
  db: Db
  outbox: Outbox
  publicUrl: string
}

const notPending = (status: string | undefined) =>
  status === undefined
    ? notFound(vacancyNotFound)
    : unprocessable(
        msg(
          `Lowongan ini tidak sedang menunggu persetujuan (status: ${labelOf('approvalStatus', status as ApprovalStatus)}).`,
          `This vacancy is not waiting for approval (status: ${labelOf('approvalStatus', status as ApprovalStatus, 'en')}).`,
        ),
      )

/**
 * Approves or rejects a pending vacancy, and tells every active HR account of its company: an in-app
 * notice and an e-mail (`vacancy.approved` / `vacancy.rejected`, in the school's wording), written in the
 * same transaction; the e-mails leave after the commit.
 */
async function decide(
  deps: ApprovalDeps,
  actor: Actor,
  id: number,
  status: 'approved' | 'rejected',
  reason: string | null,
) {
  const out = await deps.db.transaction(async (tx) => {
    const row =
      (await q.decideApproval(tx, id, { status, reason, by: actor.id })) ??
      notPending(await q.approvalOf(tx, id))
    const company = await q.companyRules(tx, row.companyId)
    // Approving is showing it to learners: not for a company the school has deactivated (reactivated, it
    // may be approved then). Refusing stays open: it shows nothing.
    if (status === 'approved' && !company.isActive)
      unprocessable(
        msg(
          `${company.name} sedang nonaktif: aktifkan perusahaannya dulu untuk menyetujui lowongan ini.`,
          `${company.name} is inactive: reactivate the company before approving this vacancy.`,
        ),
      )
    const key = status === 'approved' ? 'vacancy.approved' : 'vacancy.rejected'
    const link = `${deps.publicUrl}/hrd/lowongan${status === 'rejected' ? `/${id}/ubah` : ''}`
    await tellCompanyHr(
      tx,
      deps.outbox,
      row.companyId,
      key,
      { judul: row.title, perusahaan: company.name, alasan: reason ?? '', tautan: link },
      { jobVacancyId: id, approvalStatus: status },
    )
    await settleStaffNotices(tx, 'vacancy.pending', [id])
    await audit(
      tx,
      actor,
      status === 'approved' ? 'approve' : 'reject',
      'job_vacancy',
      id,
      reason ? { reason } : undefined,
    )
    return getStaffVacancy(tx, id)
  })
  deps.outbox.kick()
  return out
}

export const approveVacancy = (deps: ApprovalDeps, actor: Actor, id: number) =>
  decide(deps, actor, id, 'approved', null)

export const rejectVacancy = (deps: ApprovalDeps, actor: Actor, id: number, reason: string) =>
  decide(deps, actor, id, 'rejected', reason.trim())

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
      company: { ...companyRefOut(r), city: r.companyCity, province: r.companyProvince },
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
  if (row.applied) reasons.push(alreadyApplied)
  const gaps = gapsIn(row.profile)
  if (gaps.length > 0) reasons.push(profileIncompleteReason(gaps))
  const {
    checks: _checks,
    profile: _profile,
    applied: _applied,
    applicationId,
    applicationStatus,
    createdAt,
    ...vacancy
  } = row
  return {
    ...vacancy,
    createdAt: iso(createdAt),
    application: applicationId ? { id: applicationId, status: applicationStatus as ApplicationStatus } : null,
    canApply: reasons.length === 0,
    reasons: reasons.map((r) => tr(r, lang)),
  }
}

// ---------------------------------------------------------------- applying

export type ApplyInput = Static<typeof ApplyBody>

const alreadyApplied = msg('Anda sudah melamar lowongan ini.', 'You have already applied to this vacancy.')
const standingChanged = msg(
  'Status kelulusan Anda baru saja diubah sekolah. Muat ulang halaman, lalu coba lagi.',
  'The school has just changed your graduation status. Reload the page and try again.',
)

/**
 * One application per learner per vacancy (one the school withdrew, as the learner was recorded as having left
 * school, does not count: put back after a mistake, they apply again). Inside one transaction: the vacancy row is locked
 * (FOR NO KEY UPDATE: the insert's trigger updates its counters) and the open rule checked against
 * it, then the profile and the portfolio files, then INSERT … ON CONFLICT DO NOTHING on
 * applications_vacancy_student_key decides a race (nothing returned = someone else's identical
 * request won: 409; the lifecycle's `openApplication` writes it, its first timeline row and the
 * notices to HR in one statement), then the attached files.
 */
export async function apply(db: Db, actor: Actor, vacancyId: number, input: ApplyInput) {
  const learner = learnerOf(actor)
  const portfolioIds = input.portfolio_ids ?? []
  return db.transaction(async (tx) => {
    const vacancy = (await q.lockVacancyForApply(tx, learner, vacancyId)) ?? notFound(vacancyNotFound)
    // The school graduated the learner, or took the graduation back, as they applied: the rules read the
    // account as it was (and the application would be recorded under the old role).
    if (vacancy.alumnus !== (learner.role === 'alumni')) conflict(standingChanged)
    if (vacancy.applied) conflict(alreadyApplied)
    // Waiting for (or refused) approval: learners do not know it exists.
    if (!vacancy.checks.approved) notFound(vacancyNotFound)
    if (!isOpen(vacancy.checks)) unprocessable(notOpenMessage(vacancy.checks, learner.role))
    const gaps = gapsIn(vacancy.profile)
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
