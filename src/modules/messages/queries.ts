import { eq, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { messageTemplates, users } from '../../db/schema/index.js'

const savedColumns = {
  key: messageTemplates.key,
  title: messageTemplates.title,
  body: messageTemplates.body,
  updatedAt: messageTemplates.updatedAt,
  updatedById: messageTemplates.updatedBy,
  updatedByName: users.fullName,
}

/** Every saved template (the school's own wording), with who saved it last. */
export function savedTemplates(conn: Conn) {
  return conn
    .select(savedColumns)
    .from(messageTemplates)
    .leftJoin(users, eq(users.id, messageTemplates.updatedBy))
}

export type SavedTemplate = Awaited<ReturnType<typeof savedTemplates>>[number]

export async function savedTemplate(conn: Conn, key: string): Promise<SavedTemplate | undefined> {
  const [row] = await savedTemplates(conn).where(eq(messageTemplates.key, key))
  return row
}

/**
 * The saved template, locked until the transaction ends: two saves or resets of one key take turns, also while
 * the key has no row (the default applies), so that a save made on the default (If-None-Match) sees the one that
 * went before it.
 */
export async function lockTemplate(conn: Conn, key: string) {
  await conn.execute(sql`select pg_advisory_xact_lock(hashtext(${`message-template:${key}`}))`)
  const [row] = await conn
    .select({
      title: messageTemplates.title,
      body: messageTemplates.body,
      updatedAt: messageTemplates.updatedAt,
    })
    .from(messageTemplates)
    .where(eq(messageTemplates.key, key))
    .for('update')
  return row
}

export async function upsertTemplate(
  conn: Conn,
  row: { key: string; title: string; body: string; updatedBy: number },
) {
  await conn
    .insert(messageTemplates)
    .values({ ...row, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: messageTemplates.key,
      set: { title: row.title, body: row.body, updatedBy: row.updatedBy, updatedAt: sql`now()` },
    })
}

/** Removes the school's wording of `key`; true when there was one. */
export async function deleteTemplate(conn: Conn, key: string): Promise<boolean> {
  const rows = await conn
    .delete(messageTemplates)
    .where(eq(messageTemplates.key, key))
    .returning({ key: messageTemplates.key })
  return rows.length > 0
}
