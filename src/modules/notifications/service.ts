import type { Static } from '@sinclair/typebox'
import { and, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import { type Conn, type Db, queryBuilder } from '../../db/client.js'
import {
  applications,
  companies,
  jobVacancies,
  notifications,
  students,
  users,
} from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { hasActiveHr } from '../../http/scope.js'
import type { NotificationKind } from '../../vocabulary/index.js'
import type { NewApplication } from '../application-lifecycle/queries.js'
import type { MessageKey } from '../messages/catalogue.js'
import { fillSql, loadTemplates, renderTemplate, type Template } from '../messages/render.js'
import type { NotificationListQuery } from './schemas.js'

export interface NewNotification {
  userId: number
  /** Machine-readable kind, one of the vocabulary's `notificationKind` (src/vocabulary). */
  kind: NotificationKind
  title: string
  body: string
  data?: Record<string, unknown>
}

/** In-app notifications; call inside the transaction of the change they announce. */
export async function notify(tx: Conn, items: NewNotification | NewNotification[]) {
  const rows = Array.isArray(items) ? items : [items]
  if (rows.length === 0) return
  await tx.insert(notifications).values(rows.map((r) => ({ ...r, data: r.data ?? {} })))
}

/** The school's wording of HR's notice of a new application (`application.received`): one query. */
export async function applicationReceivedTemplate(conn: Conn): Promise<Template> {
  return (await loadTemplates(conn, ['application.received']))['application.received']
}

/**
 * The notice of an application: `template` (`applicationReceivedTemplate`) filled per account in SQL, from a
 * statement that joins the account (`users`), the applicant (`students`), the vacancy and its company.
 */
function applicationNotice(template: Template, data: SQL) {
  const values = {
    nama: users.fullName,
    nama_pelamar: students.fullName,
    lowongan: jobVacancies.title,
    perusahaan: companies.name,
  }
  return {
    userId: users.id,
    kind: sql`${'application.received' satisfies NotificationKind}::text`,
    title: fillSql(template.title, values),
    body: fillSql(template.body, values),
    data,
  }
}

/**
 * The notices telling every active HR account of the vacancy's company that someone applied, in
 * `template`'s wording (`applicationReceivedTemplate`), naming the applicant and the vacancy and linking to
 * the application: one INSERT … SELECT over `application`, the CTE of the statement that inserts the
 * application (the lifecycle's `openApplication`), so that they are written by that statement; it returns
 * the accounts told. The template is filled per HR account in SQL (`fillSql`, its text bound as parameters).
 * A company without an active HR account is told through its staff instead (`staffNoticesOfApplication`).
 */
export function hrNoticesOfApplication(template: Template, application: NewApplication): SQL {
  const notices = queryBuilder
    .select(
      applicationNotice(
        template,
        sql`jsonb_build_object('applicationId', ${application.id}, 'jobVacancyId', ${jobVacancies.id})`,
      ),
    )
    .from(application)
    .innerJoin(jobVacancies, eq(jobVacancies.id, application.jobVacancyId))
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .innerJoin(students, eq(students.id, application.studentId))
    .innerJoin(
      users,
      and(eq(users.companyId, jobVacancies.companyId), eq(users.role, 'hrd'), eq(users.isActive, true)),
    )
  // Drizzle's insert(…).select(…) wants every column of the table; the defaults fill id, read_at, created_at.
  return sql`insert into ${notifications} (user_id, kind, title, body, data) ${notices} returning user_id`
}

/**
 * The same notice for the staff who run the selection of an active company without an active HR account
 * (the rule of `actingCompany`, src/http/scope.ts): every active admin and superadmin, with the company in its
 * data (`companyId`, `companyName`: the web client acts for it when the notice is opened). Run only when the
 * application's statement told no HR account, so applying to a company with HR pays nothing for it (one join
 * with an OR in that statement doubled apply's database time, docs/performance.md).
 */
export async function staffNoticesOfApplication(conn: Conn, template: Template, applicationId: number) {
  // The rule of acting for a company (src/http/scope.ts): active, and no active HR account.
  const staffRun = and(eq(companies.isActive, true), sql`not ${hasActiveHr}`)
  const notices = queryBuilder
    .select(
      applicationNotice(
        template,
        sql`jsonb_build_object('applicationId', ${applications.id}, 'jobVacancyId', ${jobVacancies.id}, 'companyId', ${companies.id}, 'companyName', ${companies.name})`,
      ),
    )
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(companies, and(eq(companies.id, jobVacancies.companyId), staffRun))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(users, and(inArray(users.role, ['admin', 'superadmin']), eq(users.isActive, true)))
    .where(eq(applications.id, applicationId))
  await conn.execute(sql`insert into ${notifications} (user_id, kind, title, body, data) ${notices}`)
}

/**
 * The active admins and superadmins but `except` (the one who made the change): who is told in HR's place of what
 * happens at a company whose selection they run (no active HR account), by name for the school's wording.
 */
export function activeStaffBut(conn: Conn, except: number) {
  return conn
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'superadmin']), eq(users.isActive, true), ne(users.id, except)))
    .orderBy(users.id)
}

/** The notices of the queues only staff work: a company registration, an HR vacancy waiting for approval. */
export type StaffQueueNotice = 'registration.pending' | 'vacancy.pending'

/**
 * Tells every active admin and superadmin that something entered a queue only they work (`kind`, in the school's
 * wording of the message of that key, its `nama` the staff member told, `values` the other placeholders), with
 * `data` for the web client's link: one INSERT … SELECT over the staff accounts, whoever they are when it runs.
 * Call in the transaction of the change that puts it in the queue, and only when it is new there.
 */
export async function notifyStaff(
  conn: Conn,
  kind: StaffQueueNotice & NotificationKind & MessageKey,
  values: Record<string, string>,
  data: Record<string, unknown>,
) {
  const { [kind]: template } = await loadTemplates(conn, [kind])
  const fill = { ...values, nama: users.fullName }
  const notices = queryBuilder
    .select({
      userId: users.id,
      kind: sql`${kind}::text`,
      title: fillSql(template.title, fill),
      body: fillSql(template.body, fill),
      data: sql`${JSON.stringify(data)}::jsonb`,
    })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'superadmin']), eq(users.isActive, true)))
  await conn.execute(sql`insert into ${notifications} (user_id, kind, title, body, data) ${notices}`)
}

/** What a staff-queue notice points at, by its kind. */
const QUEUE_ITEM = { 'registration.pending': 'registrationId', 'vacancy.pending': 'jobVacancyId' } as const

/**
 * Marks read, for every staff account, the unread notices of `kind` about the queue items `ids` once they have
 * left the queue (decided, closed as a duplicate, deleted): a colleague's decision is the end of them, and the
 * badge counted them for every other staff member until each opened an item already done. Call in the
 * transaction of the change that takes them out of the queue.
 */
export async function settleStaffNotices(conn: Conn, kind: StaffQueueNotice, ids: number[]) {
  if (ids.length === 0) return
  const staff = queryBuilder
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ['admin', 'superadmin']))
  await conn
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        inArray(notifications.userId, staff),
        isNull(notifications.readAt),
        eq(notifications.kind, kind),
        sql`(${notifications.data} ->> ${QUEUE_ITEM[kind]})::bigint = any(${sql.param(ids)}::bigint[])`,
      ),
    )
}

/** An application still open (pending or in the selection), as the notices to its applicant name it. */
export interface OpenApplication {
  id: number
  /** The applicant's account, null when there is none or it is switched off (nobody to tell). */
  userId: number | null
  fullName: string
  vacancyId: number
  vacancyTitle: string
  companyName: string
}

/** The notices the applicants of an open application are sent about it (src/modules/messages/catalogue.ts). */
export type ApplicantNotice = 'application.on_hold' | 'application.resumed' | 'application.terms_changed'

/** The names an applicant's notice is filled with, from the application. */
const namesOf = (a: OpenApplication) => ({
  nama: a.fullName,
  lowongan: a.vacancyTitle,
  perusahaan: a.companyName,
})

/** What every applicant's notice carries: the application it links, and its vacancy. */
const linkOf = (a: OpenApplication) => ({ applicationId: a.id, jobVacancyId: a.vacancyId })

/**
 * One in-app notice of `key` to each applicant of `open` who has an account, in the school's wording (read once),
 * filled with the application's names (`nama`, `lowongan`, `perusahaan`) and `values`, linking the application
 * (`data` adds to what it carries). Call in the transaction of the change it announces.
 */
export async function tellApplicants(
  tx: Conn,
  key: ApplicantNotice,
  open: OpenApplication[],
  values: Record<string, string> = {},
  data: Record<string, unknown> = {},
) {
  if (open.length === 0) return
  const { [key]: template } = await loadTemplates(tx, [key])
  await notify(
    tx,
    open.flatMap((a) =>
      a.userId === null
        ? []
        : [
            {
              userId: a.userId,
              kind: key,
              ...renderTemplate(template, { ...namesOf(a), ...values }),
              data: { ...linkOf(a), ...data },
            },
          ],
    ),
  )
}

/** An applicant's notice not read yet: its id and what it carries. */
export interface UnreadNotice {
  id: number
  data: Record<string, unknown>
}

/**
 * The unread notices of `key` that the applicants of `open` (those with an account) hold about their
 * application, by application id; locked until the caller's transaction ends, so that a notice marked read
 * meanwhile is read as it was changed, or changed as it was read.
 */
export async function unreadApplicantNotices(tx: Conn, key: ApplicantNotice, open: OpenApplication[]) {
  const told = open.filter((a) => a.userId !== null)
  const found = new Map<number, UnreadNotice>()
  if (told.length === 0) return found
  const rows = await tx
    .select({ id: notifications.id, data: notifications.data })
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.userId,
          told.map((a) => a.userId as number),
        ),
        isNull(notifications.readAt),
        eq(notifications.kind, key),
        sql`(${notifications.data} ->> 'applicationId')::bigint = any(${sql.param(told.map((a) => a.id))}::bigint[])`,
      ),
    )
    .orderBy(notifications.id)
    .for('update')
  for (const row of rows) {
    const data = row.data as Record<string, unknown>
    found.set(Number(data.applicationId), { id: row.id, data })
  }
  return found
}

/**
 * Writes unread applicant notices anew (`application` the one each is about, `values` and `data` as
 * `tellApplicants` takes them): their text in the school's wording of `key`, their time now, so that they stand
 * first in the list as the news they now are. Call in the transaction of the change they announce.
 */
export async function rewriteApplicantNotices(
  tx: Conn,
  key: ApplicantNotice,
  items: {
    noticeId: number
    application: OpenApplication
    values: Record<string, string>
    data: Record<string, unknown>
  }[],
) {
  if (items.length === 0) return
  const { [key]: template } = await loadTemplates(tx, [key])
  const rows = items.map((i) => ({
    id: i.noticeId,
    ...renderTemplate(template, { ...namesOf(i.application), ...i.values }),
    data: { ...linkOf(i.application), ...i.data },
  }))
  await tx.execute(sql`
    update ${notifications} n
       set title = x.title, body = x.body, data = x.data, created_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, title text, body text, data jsonb)
     where n.id = x.id`)
}

/** Deletes notices by id (unread ones whose news no longer holds). */
export async function forgetNotices(tx: Conn, ids: number[]) {
  if (ids.length === 0) return
  await tx.delete(notifications).where(inArray(notifications.id, ids))
}

/**
 * Marks read the unread notices of `key` that the applicants of `open` hold about their application: news a
 * later notice replaces (the selection on hold, once it goes on), left counted in the bell for nothing.
 */
export async function settleApplicantNotices(tx: Conn, key: ApplicantNotice, open: OpenApplication[]) {
  const unread = await unreadApplicantNotices(tx, key, open)
  if (unread.size === 0) return
  await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      inArray(
        notifications.id,
        [...unread.values()].map((n) => n.id),
      ),
    )
}

/**
 * Forgets the notices of an HR account that leaves its company (moved to another, unlinked, no longer HR):
 * each is about that company's vacancies and applicants, named them and linked to what the account may no
 * longer open. Call in the change's transaction, with the company it leaves.
 *
 * An application being made to one of the company's vacancies at that moment writes its notice to the
 * company's HR accounts as they are when its statement runs, and holds the vacancy until it commits: the
 * vacancies are share-locked first, so that such a notice is committed, and forgotten here, or is written
 * after this change, to the accounts the company has then. Before, a notice written alongside the move stayed
 * with the account for good, naming the former company's applicant.
 */
export async function forgetCompanyNotices(tx: Conn, userId: number, companyId: number) {
  await tx
    .select({ id: jobVacancies.id })
    .from(jobVacancies)
    .where(eq(jobVacancies.companyId, companyId))
    .orderBy(jobVacancies.id)
    .for('share')
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        sql`${notifications.data} ?| array['jobVacancyId', 'applicationId']`,
      ),
    )
}

/**
 * Forgets the notices of an account that leaves the staff roles (made HR of a partner, say): they name other
 * companies' applicants, registrations and vacancies, which it may no longer read. Call in the change's
 * transaction.
 */
export async function forgetStaffNotices(tx: Conn, userId: number) {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        sql`${notifications.data} ?| array['jobVacancyId', 'applicationId', 'registrationId']`,
      ),
    )
}

type NotificationRow = typeof notifications.$inferSelect

function notificationOut(n: NotificationRow) {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    data: n.data,
    isRead: n.readAt !== null,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  }
}

const mine = (actor: Actor, more?: SQL) => and(eq(notifications.userId, actor.id), more)

/** The caller's notifications, newest first, with how many are unread. */
export async function listNotifications(db: Db, actor: Actor, query: Static<typeof NotificationListQuery>) {
  const page = pageOf(query)
  const unreadOnly =
    query.unread === undefined
      ? undefined
      : query.unread
        ? isNull(notifications.readAt)
        : isNotNull(notifications.readAt)
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine(actor, unreadOnly))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: sql<number>`(count(*) filter (where ${unreadOnly ?? sql`true`}))::int`,
        unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      })
      .from(notifications)
      .where(mine(actor)),
  ])
  return { rows: rows.map(notificationOut), total: counts.total, unreadCount: counts.unread, page }
}

/** Marks one of the caller's notifications read (reading it again keeps the first time). */
export async function markRead(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(mine(actor, eq(notifications.id, id)))
    .returning()
  return notificationOut(row ?? notFound(msg('Notifikasi tidak ditemukan.', 'Notification not found.')))
}

export async function markAllRead(db: Db, actor: Actor) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(mine(actor, isNull(notifications.readAt)))
    .returning({ id: notifications.id })
  return { updated: rows.length }
}
