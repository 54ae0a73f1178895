import type { Static } from '@sinclair/typebox'
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import { executeNamed } from '../../db/prepared.js'
import { applications, jobVacancies, notifications, students, users } from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import type { NotificationKind } from '../../vocabulary/index.js'
import { fillSql, loadTemplates } from '../messages/render.js'
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

/**
 * Tells every active HR account of the vacancy's company that someone applied (`application.received`,
 * in the school's wording, naming the applicant and the vacancy, linking to the application). The
 * template is read once and filled per HR account by one INSERT … SELECT (`fillSql`); call inside the
 * transaction that stores the application.
 */
export async function notifyHrOfApplication(tx: Conn, applicationId: number) {
  const { 'application.received': template } = await loadTemplates(tx, ['application.received'])
  const values = { nama: users.fullName, nama_pelamar: students.fullName, lowongan: jobVacancies.title }
  const notices = tx
    .select({
      userId: users.id,
      kind: sql`${'application.received' satisfies NotificationKind}::text`,
      title: fillSql(template.title, values),
      body: fillSql(template.body, values),
      data: sql`jsonb_build_object('applicationId', ${applications.id}, 'jobVacancyId', ${jobVacancies.id})`,
    })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(
      users,
      and(eq(users.companyId, jobVacancies.companyId), eq(users.role, 'hrd'), eq(users.isActive, true)),
    )
    .where(eq(applications.id, applicationId))
  // Drizzle's insert(…).select(…) wants every column of the table; the defaults fill id, read_at, created_at.
  // Named by its text (the template's shape): it runs on every application, and its join took about four
  // times longer to plan than to run.
  await executeNamed(
    tx,
    'notify_hr',
    sql`insert into ${notifications} (user_id, kind, title, body, data) ${notices}`,
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
