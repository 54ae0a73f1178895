import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Db, Tx } from '../../db/client.js'
import type { PlacementStatus } from '../../db/schema/index.js'
import { dateText } from '../../db/school-day.js'
import { pageOf } from '../../http/envelope.js'
import {
  addFieldError,
  conflict,
  type FieldErrors,
  invalidField,
  notFound,
  refuseBackwardsRange,
  unprocessable,
} from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { squeezed } from '../../http/schemas.js'
import { companyOf } from '../../http/scope.js'
import { assertVersion } from '../../http/versions.js'
import { labelOf } from '../../vocabulary/index.js'
import { leftSchool } from '../master-data/learners.service.js'
import { loadTemplates, renderTemplate } from '../messages/render.js'
import { activeStaffBut, notify } from '../notifications/service.js'
import { activeHrOf } from '../vacancies/queries.js'
import * as q from './queries.js'
import type {
  CheckinBody,
  CompanyOutsideBody,
  HrListQuery,
  OutsideBody,
  PlacementUpdateBody,
  StaffListQuery,
} from './schemas.js'

/** The follow-ups of a placement, in months after its start (or its acceptance when no start is known). */
export const MONTH_MARKS = [3, 6, 12] as const
export type MonthMark = (typeof MONTH_MARKS)[number]

/** Career-center staff see every placement; HR those of its own company. */
const ALL: q.PlacementScope = { companyId: null }
const hrScope = (actor: Actor): q.PlacementScope => ({ companyId: companyOf(actor) })

const placementNotFound = () => notFound(msg('Data penempatan tidak ditemukan.', 'Placement not found.'))

/** What the placement routes answer on success: the same words for HR's routes and staff's. */
export const placementSaid = {
  recorded: msg('Penempatan di luar bursa berhasil dicatat.', 'Outside placement recorded.'),
  updated: msg('Data penempatan berhasil diperbarui.', 'Placement updated.'),
  deleted: msg('Data penempatan berhasil dihapus.', 'Placement deleted.'),
  followedUp: msg('Pemantauan penempatan berhasil dicatat.', 'Placement follow-up recorded.'),
}

/** `YYYY-MM-DD` plus whole months; the day is clamped to the month's end, as PostgreSQL does. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const first = new Date(Date.UTC(y, m - 1 + months, 1))
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d, lastDay))
  return first.toISOString().slice(0, 10)
}

/**
 * The next follow-up to record: the first of 3, 6 and 12 months without a check-in, counted from
 * the start date (or the acceptance date). None when all are recorded or the person resigned.
 */
export function nextCheckinDue(
  p: { acceptedAt: string; startDate: string | null; status: PlacementStatus },
  recorded: number[],
) {
  if (p.status === 'resigned') return null
  const mark = MONTH_MARKS.find((m) => !recorded.includes(m))
  return mark ? { monthMark: mark, dueDate: addMonths(p.startDate ?? p.acceptedAt, mark) } : null
}

function itemOut(r: q.PlacementRow) {
  const checkins = r.checkins.map((c) => ({
    monthMark: c.monthMark as MonthMark,
    status: c.status,
    notes: c.notes,
    recordedAt: new Date(c.recordedAt).toISOString(),
  }))
  return {
    id: r.id,
    source: r.source,
    applicationId: r.applicationId,
    applicant: {
      studentId: r.studentId,
      fullName: r.fullName,
      nis: r.nis,
      /** What the person is now: a learner with a graduation year is an alumnus. */
      role: r.graduationYear === null ? ('siswa' as const) : ('alumni' as const),
      graduationYear: r.graduationYear,
      major: { id: r.majorId, name: r.majorName },
    },
    company: { id: r.companyId, name: r.companyName },
    vacancy: r.vacancyId === null ? null : { id: r.vacancyId, title: r.vacancyTitle as string },
    position: r.position,
    acceptedAt: r.acceptedAt,
    startDate: r.startDate,
    status: r.status,
    notes: r.notes,
    checkins,
    nextCheckinDue: nextCheckinDue(
      r,
      checkins.map((c) => c.monthMark),
    ),
    recordedBy: r.recordedById === null ? null : { id: r.recordedById, fullName: r.recordedByName as string },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}

async function listIn(db: Db, scope: q.PlacementScope, query: Static<typeof StaffListQuery>) {
  refuseBackwardsRange(query)
  const page = pageOf(query)
  const filters: q.PlacementFilters = {
    jobVacancyId: query.job_vacancy_id,
    status: query.status,
    majorId: query.major_id,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    search: query.search,
    source: query.source,
    companyId: query.company_id,
    studentId: query.student_id,
  }
  const [rows, total] = await Promise.all([
    q.placementPage(db, scope, filters, page),
    q.countPlacements(db, scope, filters),
  ])
  return { rows: rows.map(itemOut), total, page }
}

/** HR: the company's placements, through bursa or found outside it. */
export const listPlacements = (db: Db, actor: Actor, query: Static<typeof HrListQuery>) =>
  listIn(db, hrScope(actor), query)

/** Staff: every placement, through bursa or found outside it. */
export const listAllPlacements = (db: Db, query: Static<typeof StaffListQuery>) => listIn(db, ALL, query)

/**
 * One placement with the placed person's contact. HR sees the contact of those who applied to it through
 * bursa only: recording an outside hire must not be a way to read any learner's phone and e-mail.
 */
async function detailIn(db: Db | Tx, scope: q.PlacementScope, id: number) {
  const r = (await q.placementDetail(db, scope, id)) ?? placementNotFound()
  const hidden = scope.companyId !== null && r.source === 'outside'
  return {
    ...itemOut(r),
    contact: hidden ? { phone: null, email: null } : { phone: r.phone, email: r.email },
    staffMayUpdate: r.staffMayUpdate,
  }
}

export const placementDetail = (db: Db | Tx, actor: Actor, id: number) => detailIn(db, hrScope(actor), id)
export const anyPlacementDetail = (db: Db | Tx, id: number) => detailIn(db, ALL, id)

/**
 * HR records what became of the placement: its status, start date and notes. `versions`: the placement's
 * `updatedAt` as the form read it (If-Match); a placement changed since (a follow-up, a colleague's save) is
 * refused with 412.
 */
export const updatePlacement = (
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof PlacementUpdateBody>,
  versions?: string[],
) => updateIn(db, actor, hrScope(actor), id, input, { versions })

/**
 * Staff record what became of a placement no HR can record: one found outside bursa, at any employer, or one
 * through bursa whose company was switched off (its HR is refused every HR route) or has no active HR account.
 * Before the 3-month follow-up nothing else could say the person had quit (the placement read active for
 * months). A placement through bursa with an HR account to record it is the company's (422).
 */
export const updateOutsidePlacement = (
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof PlacementUpdateBody>,
  versions?: string[],
) => updateIn(db, actor, ALL, id, input, { staffOnly: true, versions })

/**
 * An absent status, start date or notes keeps its value; nothing given changes nothing. A change is audited
 * (who set what, the status it had), as staff's other changes of a placement are: the status is what the
 * absorption report counts.
 */
async function updateIn(
  db: Db,
  actor: Actor,
  scope: q.PlacementScope,
  id: number,
  input: Static<typeof PlacementUpdateBody>,
  { staffOnly = false, versions }: { staffOnly?: boolean; versions?: string[] } = {},
) {
  return db.transaction(async (tx) => {
    const p = (await q.lockPlacement(tx, scope, id)) ?? placementNotFound()
    if (staffOnly && p.source !== 'outside' && !p.noHrRecords) hrRecords()
    assertVersion(p.updatedAt, versions)
    if (input.start_date && input.start_date < p.acceptedAt)
      invalidField(
        'start_date',
        msg(
          `tidak boleh sebelum tanggal diterima (${dateText(p.acceptedAt)})`,
          `must not be before the acceptance date (${p.acceptedAt})`,
        ),
      )
    // A follow-up already recorded must still have come: a later start would date it in the future, as a
    // record the follow-up route refuses (its mark not reached yet).
    if (input.start_date) {
      const start = input.start_date
      const early = p.recordedMarks.find((mark) => addMonths(start, mark) > p.today)
      if (early !== undefined)
        invalidField(
          'start_date',
          msg(
            `pemantauan ${early} bulan sudah dicatat; dengan tanggal mulai ini baru jatuh pada ${dateText(addMonths(start, early))}`,
            `the ${early}-month follow-up is recorded; with this start date it would only fall on ${addMonths(start, early)}`,
          ),
        )
    }
    const values = {
      ...(input.status !== undefined ? { status: input.status } : {}),
      // The day the status was set, so that a missed follow-up recorded later does not take it back.
      ...(input.status !== undefined && input.status !== p.status ? { statusSetAt: p.today } : {}),
      ...(input.start_date !== undefined ? { startDate: input.start_date } : {}),
      ...(input.notes !== undefined ? { notes: input.notes?.trim() || null } : {}),
    }
    const notes = values.notes === undefined ? p.notes : values.notes
    const changed =
      (values.status !== undefined && values.status !== p.status) ||
      (values.startDate !== undefined && values.startDate !== p.startDate) ||
      notes !== p.notes
    if (Object.keys(values).length > 0) await q.updatePlacement(tx, id, values)
    if (values.status !== undefined) await tellOfPlaceFreed(tx, actor, id, p.status, values.status)
    if (changed)
      await audit(tx, actor, 'update', 'placement', id, {
        ...(values.status !== undefined && values.status !== p.status
          ? { status: values.status, fromStatus: p.status }
          : {}),
        ...(values.startDate !== undefined && values.startDate !== p.startDate
          ? { startDate: values.startDate, fromStartDate: p.startDate }
          : {}),
        ...(notes !== p.notes ? { notes: notes !== null } : {}),
      })
    return detailIn(tx, scope, id)
  })
}

/** A placement that ended: the person no longer works there, and the place is given back (migration 0026). */
const ENDED: readonly PlacementStatus[] = ['resigned', 'moved']

/**
 * A placement through bursa that has just ended (`from` → `to`) gave its place back: when its vacancy has a
 * published waiting list, the company's active HR accounts (but the one who recorded it) are told, in the
 * school's wording of `place.freed`, with a link to the waiting list. A follow-up recorded by staff ("mengundurkan
 * diri") otherwise reached no one who could fill the place. At a company whose selection staff run (active, no
 * active HR account: docs/decisions.md, "Staff acting for a company without HR") every active admin and
 * superadmin but the one who recorded it is told instead, with the company to act for (`companyId`,
 * `companyName`), as of its new applications.
 */
async function tellOfPlaceFreed(
  tx: Tx,
  actor: Actor,
  id: number,
  from: PlacementStatus,
  to: PlacementStatus,
) {
  if (!ENDED.includes(to) || ENDED.includes(from)) return
  const w = await q.waitingListOf(tx, id)
  if (!w || w.waiting === 0) return
  const told = w.staffRun ? await activeStaffBut(tx, actor.id) : await activeHrOf(tx, w.companyId)
  const people = told.filter((p) => p.id !== actor.id)
  if (people.length === 0) return
  const { 'place.freed': template } = await loadTemplates(tx, ['place.freed'])
  const data = w.staffRun
    ? { jobVacancyId: w.vacancyId, placeFreed: true, companyId: w.companyId, companyName: w.companyName }
    : { jobVacancyId: w.vacancyId, placeFreed: true }
  await notify(
    tx,
    people.map((p) => ({
      userId: p.id,
      kind: 'place.freed' as const,
      ...renderTemplate(template, {
        nama: p.fullName,
        nama_pelamar: w.fullName,
        lowongan: w.vacancyTitle,
        status: labelOf('placementStatus', to),
        jumlah_cadangan: String(w.waiting),
      }),
      data,
    })),
  )
}

type CheckinInput = Static<typeof CheckinBody>

/**
 * Records the follow-up at 3, 6 or 12 months (again: the mark's record is replaced) and takes its status as
 * the placement's when it is the newest news: no later mark is recorded, and HR did not set the status
 * directly after the mark's day. A mark that has not come yet is refused.
 */
async function checkinIn(db: Db, actor: Actor, scope: q.PlacementScope, id: number, input: CheckinInput) {
  return db.transaction(async (tx) => {
    const p = (await q.lockPlacement(tx, scope, id, input.month_mark)) ?? placementNotFound()
    if (!p.markReached)
      invalidField(
        'month_mark',
        msg(
          `pemantauan ${input.month_mark} bulan baru dapat dicatat mulai ${dateText(p.markDate)}`,
          `the ${input.month_mark}-month follow-up can be recorded from ${p.markDate}`,
        ),
      )
    await q.upsertCheckin(tx, {
      placementId: id,
      monthMark: input.month_mark,
      status: input.status,
      notes: input.notes?.trim() || null,
      recordedBy: actor.id,
    })
    // A missed earlier follow-up recorded afterwards keeps what is newer: a later mark's status, or one HR
    // set after the mark's day (an employee who resigned since).
    const newest =
      p.recordedMarks.every((mark) => mark <= input.month_mark) &&
      (p.statusSetAt === null || p.markDate >= p.statusSetAt)
    // The placement's version moves with every follow-up (its status taken or not): a form opened before it
    // no longer shows the placement as it is (If-Match, 412).
    await q.updatePlacement(tx, id, newest ? { status: input.status } : {})
    if (newest) await tellOfPlaceFreed(tx, actor, id, p.status, input.status)
    return detailIn(tx, scope, id)
  })
}

/** HR records a follow-up of one of its company's placements. */
export const recordCheckin = (db: Db, actor: Actor, id: number, input: CheckinInput) =>
  checkinIn(db, actor, hrScope(actor), id, input)

/** Staff record a follow-up of any placement (an employer that is not a partner has no HR to do it). */
export const recordAnyCheckin = (db: Db, actor: Actor, id: number, input: CheckinInput) =>
  checkinIn(db, actor, ALL, id, input)

/** Opens the placements of applicants accepted at a publication, in the publication's transaction. */
export async function openPlacements(tx: Tx, rows: q.NewPlacement[]) {
  const { workingThere } = await q.insertPlacements(tx, rows)
  if (workingThere.length === 0) return
  const who = workingThere.map((w) => `${w.fullName} ("${w.vacancyTitle}")`).join(', ')
  unprocessable(
    msg(
      `Sudah bekerja di perusahaan ini lewat lowongan lain: ${who}. Satu orang satu penempatan di satu perusahaan: ubah keputusan "diterima" ${workingThere.length > 1 ? 'mereka' : 'itu'} di lowongan ini (atau ubah status penempatannya bila ia pindah posisi). Tidak ada yang disimpan.`,
      `Already working at this company through another of its vacancies: ${who}. One person has one placement at one company: change that "accepted" decision on this vacancy (or change the placement's status if they moved position). Nothing was saved.`,
    ),
  )
}

// ---------------------------------------------------------------------------------------------
// Placements found outside bursa

/**
 * A hire found without a bursa application. The learner is named by `student_id` (a grade-12 student)
 * or `alumni_id` (an alumnus): both are ids of the same learner records. The employer is a partner
 * company (`company_id`) or a name (`company_name`), as staff send it; for HR it is always its own
 * company (`CompanyOutsideBody`, the same fields without the employer's).
 */
type OutsideInput = Static<typeof OutsideBody>
type CompanyOutsideInput = Static<typeof CompanyOutsideBody>

const INVALID = msg('Data yang dikirim tidak valid.', 'The given data was invalid.')
const clean = (s: string | null | undefined) => (s == null ? null : squeezed(s) || null)

interface Checked {
  studentId: number
  learnerField: 'student_id' | 'alumni_id'
  companyId: number | null
  companyName: string | null
  position: string
  acceptedAt: string
  startDate: string | null
  notes: string | null
}

/** What the body alone shows: exactly one learner field, exactly one employer, a position, dates in order. */
function checkInput(input: OutsideInput, employer: 'body' | number): Checked {
  const errors: FieldErrors = {}
  const studentId = input.student_id ?? null
  const alumniId = input.alumni_id ?? null
  if (studentId !== null && alumniId !== null) {
    const both = msg('isi salah satu: siswa atau alumni', 'give one: a student or an alumnus')
    addFieldError(errors, 'student_id', both)
    addFieldError(errors, 'alumni_id', both)
  } else if (studentId === null && alumniId === null) {
    addFieldError(
      errors,
      'student_id',
      msg('wajib diisi (siswa atau alumni)', 'is required (a student or an alumnus)'),
    )
  }
  let companyId: number | null = null
  let companyName: string | null = null
  if (employer === 'body') {
    companyId = input.company_id ?? null
    companyName = clean(input.company_name)
    if (companyId !== null && companyName !== null) {
      const both = msg(
        'isi salah satu: perusahaan mitra atau nama perusahaan lain',
        'give one: a partner company or the name of another company',
      )
      addFieldError(errors, 'company_id', both)
      addFieldError(errors, 'company_name', both)
    } else if (companyId === null && companyName === null) {
      addFieldError(
        errors,
        'company_id',
        msg(
          'wajib diisi: pilih perusahaan mitra, atau tulis nama perusahaan lain',
          'is required: pick a partner company, or write the name of another company',
        ),
      )
    } else if (companyName !== null && companyName.length < 2) {
      addFieldError(errors, 'company_name', msg('minimal 2 karakter', 'must be at least 2 characters'))
    }
  } else {
    companyId = employer
  }
  const position = clean(input.position)
  if (!position) addFieldError(errors, 'position', msg('wajib diisi', 'is required'))
  const startDate = input.start_date ?? null
  if (startDate && startDate < input.accepted_date)
    addFieldError(
      errors,
      'start_date',
      msg(
        `tidak boleh sebelum tanggal diterima (${dateText(input.accepted_date)})`,
        `must not be before the acceptance date (${input.accepted_date})`,
      ),
    )
  if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)
  return {
    studentId: (studentId ?? alumniId) as number,
    learnerField: studentId !== null ? 'student_id' : 'alumni_id',
    companyId,
    companyName,
    position: position as string,
    acceptedAt: input.accepted_date,
    startDate,
    notes: clean(input.notes),
  }
}

/**
 * What needs the database, under the learner's lock: the learner exists and is of the kind its field
 * names, the acceptance is not after today, the partner company exists, a written name is not a partner's,
 * the learner does not already work at that partner through bursa, and the same hire is not recorded twice.
 */
async function checkStored(tx: Tx, c: Checked, exceptId?: number) {
  const errors: FieldErrors = {}
  const learner = await q.lockLearner(tx, c.studentId)
  if (!learner) {
    addFieldError(
      errors,
      c.learnerField,
      c.learnerField === 'student_id'
        ? msg('siswa tidak ditemukan', 'student not found')
        : msg('alumni tidak ditemukan', 'alumnus not found'),
    )
  } else if (c.learnerField === 'student_id' && learner.graduationYear !== null) {
    addFieldError(
      errors,
      'student_id',
      msg(
        `adalah alumni (lulus ${learner.graduationYear}), bukan siswa kelas XII`,
        `is an alumnus (graduated ${learner.graduationYear}), not a grade-12 student`,
      ),
    )
  } else if (learner.leftOn !== null) {
    // The pickers leave them out; an id sent all the same is not the school's learner any more.
    addFieldError(errors, c.learnerField, leftSchool(learner.leftOn))
  } else if (c.learnerField === 'alumni_id' && learner.graduationYear === null) {
    addFieldError(
      errors,
      'alumni_id',
      msg('adalah siswa kelas XII, belum alumni', 'is a grade-12 student, not an alumnus yet'),
    )
  }
  if (learner && c.acceptedAt > learner.today)
    addFieldError(
      errors,
      'accepted_date',
      msg(
        `tidak boleh setelah hari ini (${dateText(learner.today)})`,
        `must not be after today (${learner.today})`,
      ),
    )
  if (c.companyId !== null && !(await q.companyById(tx, c.companyId)))
    addFieldError(errors, 'company_id', msg('perusahaan tidak ditemukan', 'company not found'))
  if (c.companyName !== null) {
    const partner = await q.partnerNamed(tx, c.companyName)
    if (partner)
      addFieldError(
        errors,
        'company_name',
        msg(
          `${partner.name} adalah perusahaan mitra: pilih sebagai perusahaan mitra`,
          `${partner.name} is a partner company: pick it as a partner company`,
        ),
      )
  }
  if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)
  // Whatever the day: staff hear of a hire on the phone days after HR published it.
  const bursa =
    c.companyId !== null ? await q.workingThereThroughBursa(tx, c.studentId, c.companyId) : undefined
  if (bursa)
    conflict(
      msg(
        `${bursa.fullName} sudah bekerja di ${bursa.companyName} lewat bursa (lowongan "${bursa.vacancyTitle}", diterima ${dateText(bursa.acceptedAt)}). Satu orang satu penempatan di satu perusahaan: catat perubahannya (status, tanggal mulai, catatan) pada penempatan itu.`,
        `${bursa.fullName} already works at ${bursa.companyName} through bursa (vacancy "${bursa.vacancyTitle}", accepted ${bursa.acceptedAt}). One person has one placement at one company: record what changed (status, start date, notes) on that placement.`,
      ),
    )
  if (await q.samePlacement(tx, { ...c, acceptedAt: c.acceptedAt }, exceptId))
    conflict(
      msg(
        'Penempatan ini sudah tercatat (orang, perusahaan dan tanggal diterima yang sama).',
        'This placement is already recorded (same person, company and acceptance date).',
      ),
    )
}

const auditData = (c: Checked) => ({
  studentId: c.studentId,
  companyId: c.companyId,
  companyName: c.companyName,
  position: c.position,
  acceptedAt: c.acceptedAt,
  startDate: c.startDate,
})

async function createIn(db: Db, actor: Actor, scope: q.PlacementScope, c: Checked) {
  return db.transaction(async (tx) => {
    await checkStored(tx, c)
    const id = await q.insertPlacement(tx, {
      source: 'outside',
      studentId: c.studentId,
      companyId: c.companyId,
      companyName: c.companyName,
      position: c.position,
      acceptedAt: c.acceptedAt,
      startDate: c.startDate,
      notes: c.notes,
      status: 'active',
      recordedBy: actor.id,
    })
    await audit(tx, actor, 'create', 'placement', id, { source: 'outside', ...auditData(c) })
    return detailIn(tx, scope, id)
  })
}

const hrRecords = () =>
  unprocessable(
    msg(
      'Penempatan melalui bursa dicatat oleh HRD perusahaannya.',
      "A placement through bursa is recorded by its company's HR.",
    ),
  )

const notOutside = () =>
  unprocessable(
    msg(
      'Penempatan melalui bursa berasal dari lamaran yang diterima dan tidak dapat diubah atau dihapus di sini.',
      'A placement through bursa comes from an accepted application and cannot be changed or deleted here.',
    ),
  )

async function replaceIn(
  db: Db,
  actor: Actor,
  scope: q.PlacementScope,
  id: number,
  c: Checked,
  versions?: string[],
  onOtherLearner?: () => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const p = (await q.lockPlacement(tx, scope, id)) ?? placementNotFound()
    if (p.source !== 'outside') notOutside()
    assertVersion(p.updatedAt, versions)
    if (p.studentId !== c.studentId) await onOtherLearner?.()
    await checkStored(tx, c, id)
    await q.updatePlacement(tx, id, {
      studentId: c.studentId,
      companyId: c.companyId,
      companyName: c.companyName,
      position: c.position,
      acceptedAt: c.acceptedAt,
      startDate: c.startDate,
      notes: c.notes,
    })
    await audit(tx, actor, 'update', 'placement', id, auditData(c))
    return detailIn(tx, scope, id)
  })
}

async function deleteIn(db: Db, actor: Actor, scope: q.PlacementScope, id: number) {
  await db.transaction(async (tx) => {
    const p = (await q.lockPlacement(tx, scope, id)) ?? placementNotFound()
    if (p.source !== 'outside') notOutside()
    await q.softDeletePlacement(tx, id)
    await audit(tx, actor, 'delete', 'placement', id, { studentId: p.studentId })
  })
}

/** Staff record a placement found outside bursa, at a partner company or a company they name. */
export const createOutsidePlacement = (db: Db, actor: Actor, input: OutsideInput) =>
  createIn(db, actor, ALL, checkInput(input, 'body'))

/** HR records a hire of its own company that came without a bursa application. */
export function createCompanyOutsidePlacement(db: Db, actor: Actor, input: CompanyOutsideInput) {
  const scope = hrScope(actor)
  return createIn(db, actor, scope, checkInput(input, scope.companyId as number))
}

/**
 * Staff replace an outside placement's fields (status and follow-ups stay); `versions` as `updatePlacement`'s
 * (If-Match: a placement changed since the form read it is refused with 412).
 */
export const replaceOutsidePlacement = (
  db: Db,
  actor: Actor,
  id: number,
  input: OutsideInput,
  versions?: string[],
) => replaceIn(db, actor, ALL, id, checkInput(input, 'body'), versions)

/**
 * HR replaces its company's outside placement; `onOtherLearner` runs first when the body names another learner
 * (the route counts it as a learner looked up: each answer names the learner).
 */
export function replaceCompanyOutsidePlacement(
  db: Db,
  actor: Actor,
  id: number,
  input: CompanyOutsideInput,
  versions?: string[],
  onOtherLearner?: () => Promise<void>,
) {
  const scope = hrScope(actor)
  return replaceIn(
    db,
    actor,
    scope,
    id,
    checkInput(input, scope.companyId as number),
    versions,
    onOtherLearner,
  )
}

/** Soft delete of an outside placement (staff: any; HR: its company's). */
export const deleteOutsidePlacement = (db: Db, actor: Actor, id: number) => deleteIn(db, actor, ALL, id)
export const deleteCompanyOutsidePlacement = (db: Db, actor: Actor, id: number) =>
  deleteIn(db, actor, hrScope(actor), id)

/**
 * The picker of the placement form: learners whose name or NIS matches, each with the field that names
 * them (`student_id` for a grade-12 student, `alumni_id` for an alumnus). The search must hold at least
 * `minLength` characters once its blanks are taken off (HR: 3, so it finds people it knows rather than
 * browsing the school's roll; three spaces matched everyone).
 */
export async function learnerOptions(db: Db, search: string, limit: number, minLength: number) {
  if (search.trim().length < minLength)
    invalidField('search', msg(`minimal ${minLength} karakter`, `must be at least ${minLength} characters`))
  const rows = await q.learnerOptions(db, search, limit)
  return rows.map((r) => ({
    value: r.value,
    label: `${r.nis} - ${r.fullName}`,
    kind: r.graduationYear === null ? ('siswa' as const) : ('alumni' as const),
    graduationYear: r.graduationYear,
    majorName: r.majorName,
  }))
}
