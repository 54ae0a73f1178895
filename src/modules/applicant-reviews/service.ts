import type { Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  IN_SELECTION,
  type ReviewDecision,
} from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { notFound, unprocessable } from '../../http/errors.js'
import { type Lang, type Msg, msg } from '../../http/i18n.js'
import { companyOf } from '../../http/scope.js'
import { applicantOut } from '../../http/shapes/applicant.js'
import { labelOf, optionsOf } from '../../vocabulary/index.js'
import { moveApplications, stageOf } from '../application-lifecycle/service.js'
import { filesWithAttachedOut, timelineOut } from '../applications/timeline.js'
import type { MessageKey } from '../messages/catalogue.js'
import { loadTemplates, renderTemplate, type Template } from '../messages/render.js'
import * as q from './queries.js'
import type { BulkReviewBody, CorrectReviewBody, ReviewBody, ReviewListQuery } from './schemas.js'

/** The stage a review writes to the timeline. */
export const REVIEW_STAGE = stageOf('reviewPassed')

const applicationNotFound = () => notFound(msg('Lamaran tidak ditemukan.', 'Application not found.'))

function itemOut(r: q.ReviewItemRow) {
  return {
    id: r.id,
    status: r.status,
    reviewDecision: r.reviewDecision,
    reviewNotes: r.reviewNotes,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    applicant: {
      ...applicantOut(r),
      // What the applicant is now (an alumnus once graduated, as placements say), and what they applied as: a
      // student who applied in May and graduated in June is HR's alumna in July, not a student.
      role: r.graduationYear === null ? ('siswa' as const) : ('alumni' as const),
      appliedAs: r.applicantRole,
      className: r.className,
      graduationYear: r.graduationYear,
    },
    vacancy: { id: r.vacancyId, title: r.vacancyTitle, position: r.vacancyPosition },
    placedElsewhere: r.placedElsewhere,
  }
}

/** A page of the company's applicants, with counts per status for the same filters but status. */
export async function listReviews(db: Db, actor: Actor, query: Static<typeof ReviewListQuery>) {
  const companyId = companyOf(actor)
  const page = pageOf(query)
  const filters = { jobVacancyId: query.job_vacancy_id, status: query.status, search: query.search }
  // The page's rows carry the counts; a page without rows asks for them apart.
  const rows = await q.reviewPage(db, companyId, filters, page)
  const counts = rows[0]?.summary ?? (await q.reviewSummary(db, companyId, filters))
  const summary: Record<ApplicationStatus | 'total', number> = {
    pending: 0,
    in_progress: 0,
    accepted: 0,
    rejected: 0,
    withdrawn: 0,
    total: 0,
  }
  for (const status of APPLICATION_STATUSES) {
    summary[status] = counts[status] ?? 0
    summary.total += summary[status]
  }
  // The summary already counts every filter but status, so it also gives the page's total.
  const total = filters.status ? summary[filters.status] : summary.total
  return { rows: rows.map(itemOut), total, page, summary }
}

export async function reviewOptions(db: Db, actor: Actor, lang: Lang = 'id') {
  return {
    vacancies: await q.vacancyOptions(db, companyOf(actor)),
    statuses: optionsOf('applicationStatus', lang),
  }
}

/**
 * The learner's personal and contact data (their current profile) reach the company while the application is
 * in the selection or accepted. Once withdrawn or rejected, the company keeps what the learner applied with
 * (name, NIS, major, summary, skills, education, cover letter, the files attached) but no longer reads where
 * they live, how to reach them or their birth date: a learner who withdrew, a minor often, is no candidate of
 * theirs any more, and the profile is live (a new phone number would reach them too).
 */
const SHOWS_PERSONAL_DATA: readonly ApplicationStatus[] = [...IN_SELECTION, 'accepted']

export async function reviewDetail(db: Conn, actor: Actor, id: number) {
  const r = (await q.reviewDetail(db, companyOf(actor), id)) ?? applicationNotFound()
  const shown = SHOWS_PERSONAL_DATA.includes(r.status)
  const personal = <T>(value: T) => (shown ? value : null)
  return {
    ...itemOut(r),
    profile: {
      nisn: personal(r.nisn),
      gender: personal(r.gender),
      birthPlace: personal(r.birthPlace),
      birthDate: personal(r.birthDate),
      religion: personal(r.religion),
      address: personal(r.address),
      city: personal(r.city),
      province: personal(r.province),
      phone: personal(r.phone),
      email: personal(r.email),
      summary: r.summary,
      socialMedia: (shown && r.socialMedia) || {},
      skills: r.skills ?? [],
      education: r.education ?? [],
      withheld: !shown,
    },
    coverLetter: r.coverLetter,
    files: filesWithAttachedOut(r.files),
    timeline: timelineOut(r.timeline),
  }
}

export type ReviewInput = Static<typeof ReviewBody>

function notReviewable(status: ApplicationStatus): Msg {
  if (status === 'withdrawn')
    return msg(
      'Lamaran ini sudah dibatalkan sehingga tidak dapat diseleksi berkas.',
      'This application was withdrawn and cannot be document-reviewed.',
    )
  return msg(
    `Lamaran ini sudah diseleksi berkas (status: ${labelOf('applicationStatus', status)}). Hanya lamaran berstatus "${labelOf('applicationStatus', 'pending')}" yang dapat diseleksi berkas.`,
    `This application has already been document-reviewed (status: ${labelOf('applicationStatus', status, 'en')}). Only applications with the status "${labelOf('applicationStatus', 'pending', 'en')}" can be document-reviewed.`,
  )
}

/** The message a review's decision sends the applicant (src/modules/messages/catalogue.ts). */
const REVIEW_MESSAGES = {
  lolos: 'application.review_passed',
  tidak_lolos: 'application.review_failed',
} as const satisfies Record<ReviewDecision, MessageKey>

function reviewNotification(
  r: {
    id: number
    userId: number
    fullName: string
    vacancyId: number
    vacancyTitle: string
    companyName: string
  },
  decision: ReviewDecision,
  notes: string | null,
  template: Template,
) {
  return {
    userId: r.userId,
    kind: 'application.reviewed' as const,
    ...renderTemplate(template, {
      nama: r.fullName,
      lowongan: r.vacancyTitle,
      perusahaan: r.companyName,
      catatan_hrd: notes ? `Catatan HRD: ${notes}` : '',
    }),
    data: { applicationId: r.id, jobVacancyId: r.vacancyId, decision },
  }
}

/**
 * Reviews those of `ids` that are pending applications of the caller's company (or, `correcting`, passes those
 * its review failed: a "tidak lolos" given by mistake, put right): the status, the review fields, a timeline
 * row and the applicant's notification, all in the caller's transaction. Returns the ids it reviewed; the
 * others are left untouched.
 */
async function applyReview(
  tx: Conn,
  actor: Actor,
  ids: number[],
  decision: ReviewDecision,
  notes: string | null,
  { correcting = false } = {},
) {
  // A correction reopens a closed application, which a vacancy's delete (closing the open ones) would not
  // see: the two take turns on the vacancy.
  if (correcting) await q.shareVacanciesOf(tx, companyOf(actor), ids)
  const locked = await q.lockReviewable(tx, companyOf(actor), ids, correcting)
  if (locked.length === 0) return []
  const key = REVIEW_MESSAGES[decision]
  const { [key]: template } = await loadTemplates(tx, [key])
  return moveApplications(
    tx,
    actor,
    locked.map((r) => ({
      applicationId: r.id,
      move:
        r.status === 'rejected' ? 'reviewCorrected' : decision === 'lolos' ? 'reviewPassed' : 'reviewFailed',
      status: decision,
      notes,
    })),
    {
      changes: { reviewDecision: decision, reviewNotes: notes, reviewedBy: actor.id, reviewedAt: sql`now()` },
      notices: (moved) =>
        locked.flatMap((r) =>
          moved.has(r.id) && r.userId
            ? [reviewNotification({ ...r, userId: r.userId }, decision, notes, template)]
            : [],
        ),
    },
  )
}

const cleanNotes = (notes: string | null | undefined) => notes?.trim() || null

/** `lolos` moves a pending application on to the tests (`in_progress`), `tidak_lolos` rejects it. */
export async function review(db: Db, actor: Actor, id: number, input: ReviewInput) {
  const companyId = companyOf(actor)
  return db.transaction(async (tx) => {
    const done = await applyReview(tx, actor, [id], input.decision, cleanNotes(input.notes))
    if (done.length === 0) {
      const [current] = await q.statusesOfCompany(tx, companyId, [id])
      if (!current) return applicationNotFound()
      return unprocessable(notReviewable(current.status))
    }
    return itemOut(await q.reviewItem(tx, companyId, id))
  })
}

/**
 * A document review failed by mistake, passed after all (one row too many ticked, the wrong page): the
 * application its review rejected goes on to the selection (`reviewCorrected`), the learner told as for any
 * pass. Its own request, not a second review: two reviews sent at once must not take turns undoing each other.
 * 404 unknown (or its vacancy deleted); 422 for an application its review did not fail.
 */
export async function correctReview(
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof CorrectReviewBody>,
) {
  const companyId = companyOf(actor)
  return db.transaction(async (tx) => {
    const done = await applyReview(tx, actor, [id], 'lolos', cleanNotes(input.notes), { correcting: true })
    if (done.length === 0) {
      if ((await q.statusesOfCompany(tx, companyId, [id])).length === 0) return applicationNotFound()
      return unprocessable(
        msg(
          'Hanya lamaran yang tidak lolos seleksi berkas yang dapat dikoreksi menjadi lolos.',
          'Only an application that failed the document review can be corrected to passed.',
        ),
      )
    }
    return itemOut((await q.reviewItem(tx, companyId, id)) ?? applicationNotFound())
  })
}

export type BulkReviewInput = Static<typeof BulkReviewBody>

/**
 * One decision for up to 100 applications. Each one is reviewed whole or not at all: the pending
 * ones of the company are reviewed together, every other id is reported with the reason.
 */
export async function bulkReview(db: Db, actor: Actor, input: BulkReviewInput) {
  const companyId = companyOf(actor)
  const ids = input.application_ids
  const { done, statuses } = await db.transaction(async (tx) => {
    const done = new Set(await applyReview(tx, actor, ids, input.decision, cleanNotes(input.notes)))
    const rest = ids.filter((id) => !done.has(id))
    const statuses = rest.length ? await q.statusesOfCompany(tx, companyId, rest) : []
    return { done, statuses }
  })
  const statusOf = new Map(statuses.map((s) => [s.id, s.status]))
  const failures = ids
    .filter((id) => !done.has(id))
    .map((id) => {
      const status = statusOf.get(id)
      const reason: Msg = !status
        ? msg('tidak ditemukan', 'not found')
        : status === 'withdrawn'
          ? msg('lamaran dibatalkan', 'withdrawn')
          : msg(
              `sudah diseleksi berkas (${labelOf('applicationStatus', status)})`,
              `already document-reviewed (${labelOf('applicationStatus', status, 'en')})`,
            )
      return { id, reason }
    })
  return { processed: ids.length, succeeded: done.size, failed: failures.length, failures }
}
