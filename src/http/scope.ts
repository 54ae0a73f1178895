import { Type } from '@sinclair/typebox'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Actor } from '../actor.js'
import type { Conn, Db } from '../db/client.js'
import {
  applications,
  companies,
  jobVacancies,
  placements,
  type Role,
  testSchedules,
  users,
} from '../db/schema/index.js'
import { AppError, forbidden, invalidField, notFound } from './errors.js'
import { type Msg, msg } from './i18n.js'

/**
 * The HR caller's company: every HR query is scoped to it. The role hook already refuses an HR account
 * without an active company (src/http/auth.ts); a caller without one reaching a service is a 403 here.
 * For career-center staff on an HR route that admits them (`hrOrStaff` below), it is the company they act
 * for, set on the request's actor by `registerActingCompany` before the handler runs.
 */
export const companyOf = (actor: Actor): number => actor.companyId ?? forbidden()

// ---------------------------------------------------------------- staff acting for an HR-less company

/**
 * Where an HR route finds the company a staff caller acts for: the query parameter `company_id` (lists,
 * creations, bulk changes), or the company of the record named by a path parameter.
 */
export type ActsFor =
  | 'company_id'
  | { record: 'application' | 'schedule' | 'placement'; param: 'id' | 'applicationId' }

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An HR route that also admits staff, acting for a company without an HR account (src/http/scope.ts). */
    actsFor?: ActsFor
  }
}

const STAFF_AND_HR: readonly Role[] = ['hrd', 'admin']

/**
 * The route config of an HR route that career-center staff (admin, superadmin) may also use, for an
 * active company that has no active HR account: `config: hrOrStaff('company_id')` or
 * `config: hrOrStaff({ record: 'application', param: 'id' })`. HR callers are unaffected.
 */
export const hrOrStaff = (actsFor: ActsFor) => ({ roles: STAFF_AND_HR, actsFor })

/** The query parameter of the `company_id` routes, for their schemas (ignored for HR callers). */
export const ActingCompanyQuery = {
  company_id: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      description:
        'Career-center staff only (required for them): the company acted for, active and without an active HR account. Ignored for HR.',
    }),
  ),
}

// Nested in a second sql`` so that its columns stay qualified in a single-table select (docs/decisions.md,
// "Schemas"): a bare "id" would bind to users inside the subquery.
/** Whether the company (`companies` in the query) has an active HR account: staff act for it when not. */
export const hasActiveHr = sql<boolean>`${sql`exists (select 1 from ${users} where ${users.companyId} = ${companies.id} and ${users.role} = 'hrd' and ${users.isActive})`}`

/** A company's state for acting: exists, active, has an active HR account. */
export async function companyState(conn: Conn, companyId: number) {
  const [row] = await conn
    .select({ id: companies.id, isActive: companies.isActive, hasHr: hasActiveHr })
    .from(companies)
    .where(eq(companies.id, companyId))
  return row as { id: number; isActive: boolean; hasHr: boolean } | undefined
}

/** The company of a record, with its state, in one statement. */
async function recordCompany(conn: Conn, record: 'application' | 'schedule' | 'placement', id: number) {
  const fields = { id: companies.id, isActive: companies.isActive, hasHr: hasActiveHr }
  const [row] =
    record === 'application'
      ? await conn
          .select(fields)
          .from(applications)
          .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
          .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
          .where(eq(applications.id, id))
      : record === 'schedule'
        ? await conn
            .select(fields)
            .from(testSchedules)
            .innerJoin(companies, eq(companies.id, testSchedules.companyId))
            .where(eq(testSchedules.id, id))
        : await conn
            .select(fields)
            .from(placements)
            .innerJoin(companies, eq(companies.id, placements.companyId))
            .where(eq(placements.id, id))
  return row as { id: number; isActive: boolean; hasHr: boolean } | undefined
}

const NOT_FOUND: Record<'application' | 'schedule' | 'placement', Msg> = {
  application: msg('Lamaran tidak ditemukan.', 'Application not found.'),
  schedule: msg('Jadwal tes tidak ditemukan.', 'Test schedule not found.'),
  placement: msg('Data penempatan tidak ditemukan.', 'Placement not found.'),
}

export const COMPANY_HAS_HR = msg(
  'Perusahaan ini memiliki akun HRD; seleksi dilakukan oleh HRD-nya.',
  'This company has an HR account; its HR runs the selection.',
)

/**
 * The company a staff caller acts for on an HR route: from `company_id` (422 when missing, unknown or
 * inactive) or from the record (404 when there is none). Either way 403 when the company has an active
 * HR account (its HR runs the selection) or, for a record, when the company is inactive.
 */
export async function actingCompany(
  conn: Conn,
  actsFor: ActsFor,
  req: Pick<FastifyRequest, 'query' | 'params'>,
): Promise<number> {
  if (actsFor === 'company_id') {
    const companyId = (req.query as { company_id?: number } | undefined)?.company_id
    if (companyId === undefined)
      return invalidField(
        'company_id',
        msg(
          'wajib diisi: perusahaan tanpa akun HRD yang diwakili admin BKK',
          'is required: the company without an HR account that the career center acts for',
        ),
      )
    const company = await companyState(conn, companyId)
    if (!company) return invalidField('company_id', msg('perusahaan tidak ditemukan', 'no such company'))
    if (!company.isActive)
      return invalidField('company_id', msg('perusahaan sedang nonaktif', 'the company is inactive'))
    if (company.hasHr) forbidden(COMPANY_HAS_HR)
    return company.id
  }
  const id = Number((req.params as Record<string, unknown>)[actsFor.param])
  const company = (await recordCompany(conn, actsFor.record, id)) ?? notFound(NOT_FOUND[actsFor.record])
  if (!company.isActive)
    throw new AppError(403, msg('Perusahaan ini sedang nonaktif.', 'This company is inactive.'))
  if (company.hasHr) forbidden(COMPANY_HAS_HR)
  return company.id
}

/**
 * One hook for every HR route that admits staff (`config.actsFor`): for an admin or superadmin caller it
 * resolves the company acted for (`actingCompany`) and gives the request's actor that company, so the HR
 * services (which scope every query with `companyOf(actor)`) run unchanged, and record the staff member
 * as the actor of every change (timeline, review, schedule, result, audit). HR callers pass untouched.
 */
export function registerActingCompany(app: FastifyInstance, db: Db) {
  app.addHook('preHandler', async (req) => {
    const actsFor = req.routeOptions.config?.actsFor
    if (!actsFor || !req.user || (req.user.role !== 'admin' && req.user.role !== 'superadmin')) return
    req.user = { ...req.user, companyId: await actingCompany(db, actsFor, req) }
  })
}
