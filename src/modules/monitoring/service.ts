import type { Static } from '@sinclair/typebox'
import type { Db } from '../../db/client.js'
import { pageOf } from '../../http/envelope.js'
import { notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { companyRefOut } from '../../http/shapes/company.js'
import { schedulesOfVacancy } from '../schedules/service.js'
import * as q from './queries.js'
import type { ProgressListQuery } from './schemas.js'

function progressOut(r: q.ProgressRow) {
  const c = r.applications
  const n = (x: number | string) => Number(x)
  return {
    id: r.id,
    title: r.title,
    position: r.position,
    company: companyRefOut(r),
    majors: r.majors,
    quota: r.quota,
    deadline: r.deadline,
    isActive: r.isActive,
    isOpen: r.isOpen,
    approvalStatus: r.approvalStatus,
    isDeleted: r.deletedAt !== null,
    applicants: {
      total: n(c.total),
      pending: n(c.pending),
      in_progress: n(c.in_progress),
      accepted: n(c.accepted),
      rejected: n(c.rejected),
      withdrawn: n(c.withdrawn),
    },
    scheduled: n(r.tests.scheduled),
    attended: n(r.tests.attended),
    scored: n(c.scored),
    published: n(c.published),
    placed: n(c.placed),
    createdAt: r.createdAt.toISOString(),
  }
}

/** Every company's vacancies, newest first, with how far their selection has come. */
export async function listProgress(db: Db, query: Static<typeof ProgressListQuery>) {
  const page = pageOf(query)
  const { rows, total } = await q.progressPage(
    db,
    { companyId: query.company_id, majorId: query.major_id, status: query.status, search: query.search },
    page,
  )
  return { rows: rows.map(progressOut), total, page }
}

/** One vacancy's progress with each of its test schedules. */
export async function vacancyProgress(db: Db, id: number) {
  const [row, schedules] = await Promise.all([q.vacancyProgress(db, id), schedulesOfVacancy(db, id)])
  if (!row) return notFound(msg('Lowongan tidak ditemukan.', 'Vacancy not found.'))
  return { ...progressOut(row), schedules }
}
