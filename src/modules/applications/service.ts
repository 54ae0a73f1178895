import type { Static } from '@sinclair/typebox'
import { eq } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import { applications } from '../../db/schema/index.js'
import { pageOf, totalOf } from '../../http/envelope.js'
import { notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { companyRefOut } from '../../http/shapes/company.js'
import { labelOf } from '../../vocabulary/index.js'
import { moveApplications, stageOf } from '../application-lifecycle/service.js'
import { type Kind, notFoundLearner } from '../master-data/learners.service.js'
import { type Mailing, releaseFromTests } from '../schedules/service.js'
import * as q from './queries.js'
import type { MyApplicationListQuery } from './schemas.js'
import { resultOut, stageTestsOut, testsOut } from './selection.js'
import { filesOut, lastEventOut, timelineOut } from './timeline.js'

/** The stage (and status) a withdrawal writes to the timeline. */
export const WITHDRAWN_STAGE = stageOf('withdrawn')

const applicationNotFound = () => notFound(msg('Lamaran tidak ditemukan.', 'Application not found.'))

function itemOut(r: q.MyApplicationRow) {
  return {
    id: r.id,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    vacancy: {
      id: r.vacancyId,
      title: r.title,
      position: r.position,
      jobType: r.jobType,
      city: r.city,
      province: r.province,
      deadline: r.deadline,
      deleted: r.deletedAt !== null,
    },
    company: companyRefOut(r),
    /** Still open, but its company is switched off: nobody can move it until the school switches it on again. */
    onHold: !r.companyActive && (r.status === 'pending' || r.status === 'in_progress'),
    lastEvent: lastEventOut(r.lastEvent),
    /** Only once published: a draft result is never shown to the applicant. */
    result: resultOut(r.result),
  }
}

export async function listMyApplications(db: Db, actor: Actor, query: Static<typeof MyApplicationListQuery>) {
  const page = pageOf(query)
  if (!actor.studentId) return { rows: [], total: 0, page }
  const studentId = actor.studentId
  const filter = { status: query.status, search: query.search }
  const rows = await q.myApplicationPage(db, studentId, filter, page)
  const total = await totalOf(rows, page, () => q.countMyApplications(db, studentId, filter))
  return { rows: rows.map(itemOut), total, page }
}

/**
 * A learner's applications as career-center staff read them on her record (`kind`: a grade-12 student or an
 * alumnus; one of the other kind, or unknown, is 404): the applicant's item, her superseded ones included and
 * marked, with the review and the last and next test. A result is shown once published, never as a draft.
 */
export async function listLearnerApplications(
  db: Db,
  kind: Kind,
  studentId: number,
  query: Static<typeof MyApplicationListQuery>,
) {
  if (!(await q.learnerOfKind(db, kind, studentId))) notFoundLearner(kind)
  const page = pageOf(query)
  const filter = { status: query.status, search: query.search }
  const rows = await q.learnerApplicationPage(db, studentId, filter, page)
  const total = await totalOf(rows, page, () => q.countMyApplications(db, studentId, filter))
  return { rows: rows.map(learnerItemOut), total, page }
}

function learnerItemOut(r: q.LearnerApplicationRow) {
  return {
    ...itemOut(r),
    withdrawnBySchool: r.withdrawnBySchool,
    superseded: r.superseded,
    review: r.reviewDecision
      ? { decision: r.reviewDecision, notes: r.reviewNotes, reviewedAt: r.reviewedAt?.toISOString() ?? null }
      : null,
    ...stageTestsOut(r.tests, r.status === 'in_progress'),
  }
}

export async function myApplicationDetail(db: Conn, actor: Actor, id: number) {
  const r =
    (actor.studentId && (await q.myApplicationDetail(db, actor.studentId, id))) || applicationNotFound()
  const item = itemOut(r)
  return {
    ...item,
    coverLetter: r.coverLetter,
    files: filesOut(r.files),
    timeline: timelineOut(r.timeline),
    ...testsOut(r.tests, r.status === 'in_progress'),
    acceptanceLetterUrl: r.status === 'accepted' ? (item.result?.letterUrl ?? null) : null,
    placement: r.placement,
  }
}

/** The applicant withdraws their own application (the lifecycle's `withdrawn` move); the timeline records it. */
export async function withdraw(db: Db, actor: Actor, id: number, mailing: Mailing) {
  const studentId = actor.studentId ?? applicationNotFound()
  const detail = await db.transaction(async (tx) => {
    const moved = await moveApplications(tx, actor, [{ applicationId: id, move: 'withdrawn' }], {
      where: eq(applications.studentId, studentId),
    })
    if (moved.length === 0) {
      const status = (await q.myApplicationStatus(tx, studentId, id)) ?? applicationNotFound()
      return unprocessable(
        msg(
          `Lamaran berstatus "${labelOf('applicationStatus', status)}" tidak dapat dibatalkan. Hanya lamaran yang masih menunggu seleksi berkas atau dalam proses seleksi yang dapat dibatalkan.`,
          `An application with status "${labelOf('applicationStatus', status, 'en')}" cannot be withdrawn. Only applications awaiting document review or in selection can.`,
        ),
      )
    }
    // A test still ahead leaves the calendar the invitation put it in.
    await releaseFromTests(tx, mailing, moved)
    return myApplicationDetail(tx, actor, id)
  })
  mailing.outbox.kick()
  return detail
}
