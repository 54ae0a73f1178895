import type { Actor } from '../../actor.js'
import type { Db, Tx } from '../../db/client.js'
import type { PlacementStatus } from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { invalidField, notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { companyOf } from '../../http/scope.js'
import * as q from './queries.js'

/** The follow-ups of a placement, in months after its start (or its acceptance when no start is known). */
export const MONTH_MARKS = [3, 6, 12] as const
export type MonthMark = (typeof MONTH_MARKS)[number]

const placementNotFound = () => notFound(msg('Data penempatan tidak ditemukan.', 'Placement not found.'))

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
    vacancy: { id: r.vacancyId, title: r.vacancyTitle },
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
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}

export interface PlacementListQuery {
  page?: number
  per_page?: number
  search?: string
  job_vacancy_id?: number
  status?: PlacementStatus
  major_id?: number
  date_from?: string
  date_to?: string
}

export async function listPlacements(db: Db, actor: Actor, query: PlacementListQuery) {
  const companyId = companyOf(actor)
  if (query.date_from && query.date_to && query.date_to < query.date_from)
    invalidField('date_to', msg('tidak boleh sebelum date_from', 'must not be before date_from'))
  const page = pageOf(query)
  const filters: q.PlacementFilters = {
    jobVacancyId: query.job_vacancy_id,
    status: query.status,
    majorId: query.major_id,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    search: query.search,
  }
  const [rows, total] = await Promise.all([
    q.placementPage(db, companyId, filters, page),
    q.countPlacements(db, companyId, filters),
  ])
  return { rows: rows.map(itemOut), total, page }
}

export async function placementDetail(db: Db | Tx, actor: Actor, id: number) {
  const r = (await q.placementDetail(db, companyOf(actor), id)) ?? placementNotFound()
  return { ...itemOut(r), contact: { phone: r.phone, email: r.email } }
}

export interface PlacementUpdate {
  status: PlacementStatus
  start_date?: string | null
  notes?: string | null
}

/** HR records what became of the placement: its status, start date and notes. */
export async function updatePlacement(db: Db, actor: Actor, id: number, input: PlacementUpdate) {
  const companyId = companyOf(actor)
  return db.transaction(async (tx) => {
    const p = (await q.lockPlacement(tx, companyId, id)) ?? placementNotFound()
    if (input.start_date && input.start_date < p.acceptedAt)
      invalidField(
        'start_date',
        msg(
          `tidak boleh sebelum tanggal diterima (${p.acceptedAt})`,
          `must not be before the acceptance date (${p.acceptedAt})`,
        ),
      )
    await q.updatePlacement(tx, id, {
      status: input.status,
      ...(input.start_date !== undefined ? { startDate: input.start_date } : {}),
      ...(input.notes !== undefined ? { notes: input.notes?.trim() || null } : {}),
    })
    return placementDetail(tx, actor, id)
  })
}

export interface CheckinInput {
  month_mark: MonthMark
  status: PlacementStatus
  notes?: string | null
}

/**
 * Records the follow-up at 3, 6 or 12 months (again: the mark's record is replaced) and takes its
 * status as the placement's. A mark that has not come yet is refused.
 */
export async function recordCheckin(db: Db, actor: Actor, id: number, input: CheckinInput) {
  const companyId = companyOf(actor)
  return db.transaction(async (tx) => {
    const p = (await q.lockPlacement(tx, companyId, id, input.month_mark)) ?? placementNotFound()
    if (!p.markReached)
      invalidField(
        'month_mark',
        msg(
          `tindak lanjut ${input.month_mark} bulan baru dapat dicatat mulai ${p.markDate}`,
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
    await q.updatePlacement(tx, id, { status: input.status })
    return placementDetail(tx, actor, id)
  })
}

/** Opens the placements of applicants accepted at a publication, in the publication's transaction. */
export const openPlacements = (tx: Tx, rows: q.NewPlacement[]) => q.insertPlacements(tx, rows)
