import { and, asc, type Column, count, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { byName } from '../../db/order.js'
import { applications, companies, jobVacancies, placements, students, users } from '../../db/schema/index.js'
import { likePattern, type Page, totalOf } from '../../http/envelope.js'
import { outerId } from './departments.queries.js'

/** Accounts linked to the company (HR accounts), from users_company_idx. */
const hrdCount = sql<number>`(select count(*) from ${users} where ${users.companyId} = ${outerId(companies)})`
  .mapWith(Number)
  .as('hrd_count')
/** Those of them that may sign in. */
const activeHrdCount =
  sql<number>`(select count(*) from ${users} where ${users.companyId} = ${outerId(companies)} and ${users.isActive})`
    .mapWith(Number)
    .as('active_hrd_count')
/** Vacancies not soft-deleted, from job_vacancies_company_idx. */
const vacancyCount =
  sql<number>`(select count(*) from ${jobVacancies} where ${jobVacancies.companyId} = ${outerId(companies)} and ${jobVacancies.deletedAt} is null)`
    .mapWith(Number)
    .as('vacancy_count')

export interface HrAccountJson {
  id: number
  email: string
  fullName: string
  isActive: boolean
}

const hrAccounts = sql<HrAccountJson[]>`coalesce((
    select json_agg(json_build_object(
      'id', ${users.id}, 'email', ${users.email}, 'fullName', ${users.fullName}, 'isActive', ${users.isActive}
    ) order by ${users.fullName}, ${users.id})
    from ${users} where ${users.companyId} = ${outerId(companies)}
  ), '[]'::json)`.as('hr_accounts')

const columns = {
  id: companies.id,
  name: companies.name,
  industry: companies.industry,
  email: companies.email,
  phone: companies.phone,
  address: companies.address,
  city: companies.city,
  province: companies.province,
  website: companies.website,
  description: companies.description,
  isActive: companies.isActive,
  vacanciesNeedApproval: companies.vacanciesNeedApproval,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  hrdCount,
  activeHrdCount,
  vacancyCount,
}

export interface CompanyFilter {
  search?: string
  isActive?: boolean
  city?: string
  province?: string
}

/** Case-insensitive equality (`city=bekasi` finds Bekasi). */
const sameText = (column: Column, value: string) => sql`lower(${column}) = lower(${value.trim()})`

function whereOf(f: CompanyFilter): SQL | undefined {
  const pattern = f.search ? likePattern(f.search) : null
  return and(
    pattern
      ? or(ilike(companies.name, pattern), ilike(companies.industry, pattern), ilike(companies.city, pattern))
      : undefined,
    f.isActive === undefined ? undefined : eq(companies.isActive, f.isActive),
    f.city ? sameText(companies.city, f.city) : undefined,
    f.province ? sameText(companies.province, f.province) : undefined,
  )
}

/** One page of companies with their HR account and vacancy counts, and the total: one query. */
export async function listCompanies(conn: Conn, f: CompanyFilter, page: Page) {
  const where = whereOf(f)
  const rows = await conn
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(companies)
    .where(where)
    .orderBy(...byName(companies.name), asc(companies.id))
    .limit(page.limit)
    .offset(page.offset)
  return {
    rows,
    total: await totalOf(rows, page, () => conn.select({ n: count() }).from(companies).where(where)),
  }
}

export type CompanyRow = Awaited<ReturnType<typeof companyById>> & {}

/** The company with its counts and linked HR accounts: one query. */
export async function companyById(conn: Conn, id: number) {
  const [row] = await conn
    .select({ ...columns, hrAccounts })
    .from(companies)
    .where(eq(companies.id, id))
  return row
}

/**
 * A company as a picker names it: its name, and where another company shown has the same name (two branches of
 * one group), its city, or its number when the city does not tell them apart: picked by name alone, an HR
 * account could be linked to the other branch (and read its applicants).
 */
const optionLabel = sql<string>`case
  when count(*) over (partition by lower(${companies.name})) = 1 then ${companies.name}
  when ${companies.city} is not null
    and count(*) over (partition by lower(${companies.name}), lower(${companies.city})) = 1
    then ${companies.name} || ' — ' || ${companies.city}
  else ${companies.name} || ' — #' || ${companies.id}
end`

export function companyOptions(conn: Conn, f: { includeInactive: boolean; search?: string }) {
  return conn
    .select({ value: companies.id, label: optionLabel })
    .from(companies)
    .where(
      and(
        f.includeInactive ? undefined : eq(companies.isActive, true),
        f.search ? ilike(companies.name, likePattern(f.search)) : undefined,
      ),
    )
    .orderBy(...byName(companies.name), asc(companies.id))
}

export async function lockCompany(conn: Conn, id: number, strength: 'update' | 'share' = 'update') {
  const [row] = await conn.select().from(companies).where(eq(companies.id, id)).for(strength)
  return row
}

/**
 * Sets the active flag (flips it without `to`) in one statement; undefined when there is no such company, or
 * when it already is as asked.
 */
export async function setCompanyActive(conn: Conn, id: number, to?: boolean) {
  const [row] = await conn
    .update(companies)
    .set({ isActive: to ?? sql`not ${companies.isActive}`, updatedAt: sql`now()` })
    .where(and(eq(companies.id, id), to === undefined ? undefined : ne(companies.isActive, to)))
    .returning({ id: companies.id, isActive: companies.isActive })
  return row
}

/** What keeps a company from being deleted: its vacancies (soft-deleted ones too) and linked accounts. */
export async function companyUsage(conn: Conn, id: number) {
  const [{ vacancies }] = await conn
    .select({ vacancies: count() })
    .from(jobVacancies)
    .where(eq(jobVacancies.companyId, id))
  const [{ accounts }] = await conn.select({ accounts: count() }).from(users).where(eq(users.companyId, id))
  // Placements found outside bursa hold the company too (removed ones included: their rows stay).
  const [{ placed }] = await conn
    .select({ placed: count() })
    .from(placements)
    .where(eq(placements.companyId, id))
  return { vacancies, accounts, placements: placed }
}

const accountColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  role: users.role,
  isActive: users.isActive,
  companyId: users.companyId,
}

export async function lockUser(conn: Conn, id: number) {
  const [row] = await conn.select(accountColumns).from(users).where(eq(users.id, id)).for('update')
  return row
}

export async function setUserCompany(conn: Conn, userId: number, companyId: number) {
  const [row] = await conn
    .update(users)
    .set({ companyId, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(accountColumns)
  return row
}

/** Inserts the account unless its e-mail (case-insensitive) is taken: then undefined. */
export async function insertHrAccount(
  conn: Conn,
  values: { email: string; fullName: string; passwordHash: string; companyId: number },
) {
  const [row] = await conn
    .insert(users)
    .values({ ...values, role: 'hrd' })
    .onConflictDoNothing()
    .returning(accountColumns)
  return row
}

/** Detaches the account from the company; undefined when it is not linked to that company. */
export async function unlinkUser(conn: Conn, companyId: number, userId: number) {
  const [row] = await conn
    .update(users)
    .set({ companyId: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .returning(accountColumns)
  return row
}

/**
 * The applications still open (pending or in the selection) to the company's vacancies that are not deleted, with
 * what their applicant's notice needs; `userId` only for an active account.
 */
export function openApplicationsOfCompany(conn: Conn, companyId: number) {
  return conn
    .select({
      id: applications.id,
      userId: sql<number | null>`case when ${users.isActive} then ${users.id} end`,
      fullName: students.fullName,
      vacancyId: jobVacancies.id,
      vacancyTitle: jobVacancies.title,
      companyName: companies.name,
    })
    .from(applications)
    .innerJoin(
      jobVacancies,
      and(eq(jobVacancies.id, applications.jobVacancyId), isNull(jobVacancies.deletedAt)),
    )
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .leftJoin(users, eq(users.id, students.userId))
    .where(
      and(eq(jobVacancies.companyId, companyId), inArray(applications.status, ['pending', 'in_progress'])),
    )
    .orderBy(applications.id)
}
