import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Conn } from '../../db/client.js'
import { companyNameKey, companyNameKeyOf } from '../../db/company-name.js'
import { companies, companyRegistrations, type RegistrationStatus, users } from '../../db/schema/index.js'
import { likePattern, type Page, totalOf } from '../../http/envelope.js'

const r = companyRegistrations
const decider = alias(users, 'decider')
const createdCompany = alias(companies, 'created_company')
const createdAccount = alias(users, 'created_account')

/** A column of the registration in the outer query, spelled out for the correlated subqueries below. */
const outer = (column: string) => sql.raw(`"company_registrations"."${column}"`)

/**
 * Another company with the same name (`companyNameKey`: case, spaces and punctuation ignored) than the one this
 * registration created, if any: from companies_name_key_idx.
 */
const nameTaken = sql<boolean>`exists (
  select 1 from ${companies}
  where ${companyNameKey(companies.name)} = ${companyNameKey(outer('name'))}
    and ${companies.id} is distinct from ${outer('company_id')}
)`
/**
 * The request's company e-mail or contact e-mail is a partner company's e-mail, or the contact e-mail is
 * an account's (users_email_lower_key).
 */
const emailTaken = sql<boolean>`(exists (
  select 1 from ${companies}
  where ${companies.id} is distinct from ${outer('company_id')}
    and lower(${companies.email}) in (lower(${outer('email')}), lower(${outer('contact_email')}))
) or exists (
  select 1 from ${users}
  where lower(${users.email}) = lower(${outer('contact_email')}) and ${users.id} is distinct from ${outer('user_id')}
))`

const columns = {
  id: r.id,
  status: r.status,
  name: r.name,
  industry: r.industry,
  email: r.email,
  phone: r.phone,
  address: r.address,
  city: r.city,
  province: r.province,
  website: r.website,
  description: r.description,
  contactName: r.contactName,
  contactEmail: r.contactEmail,
  contactPhone: r.contactPhone,
  confirmedAt: r.confirmedAt,
  createdAt: r.createdAt,
  decidedAt: r.decidedAt,
  rejectReason: r.rejectReason,
  deciderId: decider.id,
  deciderName: decider.fullName,
  companyId: createdCompany.id,
  companyName: createdCompany.name,
  accountId: createdAccount.id,
  accountEmail: createdAccount.email,
  nameTaken,
  emailTaken,
}

const fromRegistrations = (conn: Conn) =>
  conn
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(r)
    .leftJoin(decider, eq(decider.id, r.decidedBy))
    .leftJoin(createdCompany, eq(createdCompany.id, r.companyId))
    .leftJoin(createdAccount, eq(createdAccount.id, r.userId))

export type RegistrationRow = Omit<Awaited<ReturnType<typeof fromRegistrations>>[number], 'total'>

export interface RegistrationFilter {
  status?: Exclude<RegistrationStatus, 'unconfirmed'>
  search?: string
}

/** Staff never see a request whose e-mail is still to be confirmed. */
const visible = ne(r.status, 'unconfirmed')

function whereOf(f: RegistrationFilter): SQL | undefined {
  const pattern = f.search?.trim() ? likePattern(f.search) : null
  return and(
    visible,
    f.status ? eq(r.status, f.status) : undefined,
    pattern
      ? or(ilike(r.name, pattern), ilike(r.contactName, pattern), ilike(r.contactEmail, pattern))
      : undefined,
  )
}

/**
 * One page of the requests staff see, with their duplicate flags and the total: one query. The queue
 * (pending) reads oldest first, as it is worked; decided ones newest decision first.
 */
export async function listRegistrations(conn: Conn, f: RegistrationFilter, page: Page) {
  const where = whereOf(f)
  const order =
    f.status === 'pending'
      ? [asc(r.createdAt), asc(r.id)]
      : f.status
        ? [desc(r.decidedAt), desc(r.id)]
        : [sql`${r.status} = 'pending' desc`, desc(r.createdAt), desc(r.id)]
  const rows = await fromRegistrations(conn)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  return {
    rows,
    total: await totalOf(rows, page, () => conn.select({ n: count() }).from(r).where(where)),
  }
}

/** How many requests staff see in each status (the queue screen's tabs). */
export async function countsByStatus(conn: Conn) {
  const rows = await conn.select({ status: r.status, n: count() }).from(r).where(visible).groupBy(r.status)
  const counts = { pending: 0, approved: 0, rejected: 0 }
  for (const row of rows) if (row.status in counts) counts[row.status as keyof typeof counts] = row.n
  return counts
}

/** A request staff may see (not one whose e-mail is still to be confirmed). */
export async function registrationById(conn: Conn, id: number) {
  const [row] = await fromRegistrations(conn).where(and(eq(r.id, id), visible))
  return row
}

/** Locks a request staff may see, for a decision. */
export async function lockRegistration(conn: Conn, id: number) {
  const [row] = await conn
    .select()
    .from(r)
    .where(and(eq(r.id, id), visible))
    .for('update')
  return row
}

export type StoredRegistration = typeof r.$inferSelect
/** What a duplicate is looked for by: the request's name and e-mails, and what it created itself. */
export type MatchKeys = Pick<StoredRegistration, 'name' | 'email' | 'contactEmail' | 'companyId' | 'userId'>

/**
 * Partner companies that share the request's name (`companyNameKey`) or one of its e-mails (not the one it
 * created).
 */
export function matchingCompanies(conn: Conn, reg: MatchKeys) {
  const byName = sql<boolean>`${companyNameKey(companies.name)} = ${companyNameKey(reg.name)}`
  const byEmail = sql<boolean>`coalesce(lower(${companies.email}) in (lower(${reg.email}), lower(${reg.contactEmail})), false)`
  return conn
    .select({
      id: companies.id,
      name: companies.name,
      email: companies.email,
      isActive: companies.isActive,
      byName,
      byEmail,
    })
    .from(companies)
    .where(and(or(byName, byEmail), reg.companyId === null ? undefined : ne(companies.id, reg.companyId)))
    .orderBy(asc(companies.id))
    .limit(20)
}

/** The account (of any role) that already uses the contact e-mail, with its company. */
export async function matchingAccount(conn: Conn, reg: MatchKeys) {
  const [row] = await conn
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      companyId: users.companyId,
      companyName: companies.name,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        sql`lower(${users.email}) = lower(${reg.contactEmail})`,
        reg.userId === null ? undefined : ne(users.id, reg.userId),
      ),
    )
  return row
}

export async function storedRegistration(conn: Conn, id: number) {
  const [row] = await conn.select().from(r).where(eq(r.id, id))
  return row
}

/** The request a confirmation link points to (by the sha256 of its secret). */
export async function lockRegistrationByToken(conn: Conn, tokenHash: string) {
  const [row] = await conn.select().from(r).where(eq(r.confirmTokenHash, tokenHash)).for('update')
  return row
}

/**
 * How many requests naming this contact e-mail came in the last hour (the confirmation e-mails it got), counted
 * under a transaction lock on the address, so that two forms at once count each other.
 */
export async function requestsToContactLastHour(conn: Conn, contactEmail: string) {
  await conn.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration-contact:${contactEmail}`}))`)
  const [row] = await conn
    .select({ n: count() })
    .from(r)
    .where(and(eq(r.contactEmail, contactEmail), sql`${r.createdAt} > now() - interval '1 hour'`))
  return row.n
}

/** Serialises what enters and leaves the staff queue for one contact e-mail, until the transaction ends. */
const lockContact = (conn: Conn, contactEmail: string) =>
  conn.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration-contact:${contactEmail}`}))`)

/**
 * Whether another request of the contact e-mail already waits in the staff queue (`pending`), looked for under
 * the contact's transaction lock (the one the form takes), so that two of their requests entering the queue at
 * once see each other.
 */
export async function contactWaitsInQueue(conn: Conn, request: { id: number; contactEmail: string }) {
  await lockContact(conn, request.contactEmail)
  const [row] = await conn
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.contactEmail, request.contactEmail), ne(r.id, request.id), eq(r.status, 'pending')))
    .limit(1)
  return row !== undefined
}

/**
 * The contact's oldest other request waiting for staff, if any (after `request` left the queue), under the
 * contact's lock: a request of theirs confirmed at the same moment is then either seen here or sees this one
 * decided.
 */
export async function waitingRequestOfContact(conn: Conn, request: { id: number; contactEmail: string }) {
  await lockContact(conn, request.contactEmail)
  const [row] = await conn
    .select({ id: r.id, name: r.name, contactName: r.contactName, contactEmail: r.contactEmail })
    .from(r)
    .where(and(eq(r.contactEmail, request.contactEmail), ne(r.id, request.id), eq(r.status, 'pending')))
    .orderBy(r.id)
    .limit(1)
  return row
}

/**
 * Closes the other open requests (waiting for confirmation or for staff) of an approved request's contact
 * e-mail as rejected with `reason`, skipping any another transaction is deciding; answers their ids.
 */
export async function closeRequestsOfContact(
  conn: Conn,
  approved: { id: number; contactEmail: string },
  decision: { by: number; reason: string },
) {
  const open = conn
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.contactEmail, approved.contactEmail),
        ne(r.id, approved.id),
        inArray(r.status, ['unconfirmed', 'pending']),
      ),
    )
    .orderBy(r.id)
    .for('update', { skipLocked: true })
  const rows = await conn
    .update(r)
    .set({
      status: 'rejected',
      rejectReason: decision.reason,
      decidedBy: decision.by,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(inArray(r.id, open))
    .returning({ id: r.id })
  return rows.map((x) => x.id)
}

/**
 * Serialises approvals of companies of one name, so that two requests for the same company approved at
 * the same moment cannot both create it (companies.name has no unique index: staff may keep two
 * branches of one name).
 */
export async function lockCompanyName(conn: Conn, name: string) {
  await conn.execute(sql`select pg_advisory_xact_lock(hashtext(${`company-name:${companyNameKeyOf(name)}`}))`)
}
