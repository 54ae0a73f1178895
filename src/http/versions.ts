import { Type } from '@sinclair/typebox'
import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { Conn } from '../db/client.js'
import { AppError } from './errors.js'
import { msg } from './i18n.js'

/**
 * Edits that know what they changed (docs/api.md, "Changing a record someone else changed"): a form sends the
 * record's `updatedAt` as it read it in `If-Match`, and the change is refused with 412 when the record changed
 * since. Without the header the last write wins, as before. The web client always sends it.
 */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      description:
        'The record\'s `updatedAt` as read, quoted as an ETag (`"2026-11-28T08:00:00.000Z"`). When the record ' +
        'has changed since, the change is refused with 412 and `code: "edited_elsewhere"`; without the header ' +
        'the last write wins.',
    }),
  ),
})

/** The envelope's `code` of a change refused because the record changed after it was read. */
export const EDITED_ELSEWHERE = 'edited_elsewhere'

/** The versions the caller read the record at (If-Match may list several); undefined for none or `*`. */
export function versionsOf(req: FastifyRequest) {
  const header = req.headers['if-match']
  if (header === undefined || header.trim() === '*') return undefined
  return header.split(',').map((tag) =>
    tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1'),
  )
}

export const editedElsewhere = (): never => {
  throw new AppError(
    412,
    msg(
      'Data ini sudah diubah orang lain sejak Anda membukanya, jadi perubahan Anda belum disimpan. Muat ulang untuk melihat data terbaru, lalu ulangi perubahan Anda.',
      'Someone else changed this record after you opened it, so your change was not saved. Reload to see the latest data, then make your change again.',
    ),
    undefined,
    { code: EDITED_ELSEWHERE },
  )
}

/** Refuses the change (412) unless the record's `updatedAt` is one the caller read. */
export function assertVersion(updatedAt: Date, versions: string[] | undefined) {
  if (versions === undefined) return
  if (!versions.some((v) => Date.parse(v) === updatedAt.getTime())) editedElsewhere()
}

/**
 * For a record that may not exist yet (a selection result before any score, a message template at its default
 * wording): a form that read none sends `If-None-Match: *`, and is refused if one was stored since.
 */
export const IfMatchOrNoneHeaders = Type.Object({
  ...IfMatchHeaders.properties,
  'if-none-match': Type.Optional(
    Type.String({
      description:
        '`*` from a form that read no record yet (`updatedAt` null): refused with 412 and `code: "edited_elsewhere"` when one was stored since.',
    }),
  ),
})

/** What the form read: the record's versions (If-Match), none (`[]`: If-None-Match: *), or no condition. */
export const readAsOf = (req: FastifyRequest) =>
  req.headers['if-none-match']?.trim() === '*' ? [] : versionsOf(req)

/** `assertVersion` for a record that may be missing: one read as missing (`[]`) must still be missing. */
export function assertReadAs(row: { updatedAt: Date } | undefined, versions: string[] | undefined) {
  if (versions === undefined) return
  if (row) assertVersion(row.updatedAt, versions)
  else if (versions.length > 0) editedElsewhere()
}

type Versioned = PgTable & { id: PgColumn; updatedAt: PgColumn }

/**
 * Locks the record (FOR UPDATE, until the transaction ends) and refuses the change unless it is still at a
 * version the caller read. A record not found (or outside `scope`) is left to the caller's own 404.
 * Call it after the caller's own access check, inside the change's transaction.
 */
export async function lockAtVersion(
  conn: Conn,
  table: Versioned,
  id: number,
  versions: string[] | undefined,
  scope?: SQL,
) {
  if (versions === undefined) return
  const [row] = await conn
    .select({ updatedAt: table.updatedAt })
    .from(table as PgTable)
    .where(and(eq(table.id, id), scope))
    .for('update')
  if (row) assertVersion(row.updatedAt as Date, versions)
}
