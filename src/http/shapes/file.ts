/**
 * A file reference: a stored file as every response shows it (DESIGN §8: `{ id, category, title,
 * originalName, mimeType, size, downloadUrl }`), defined once. The columns a query selects, the same
 * columns as a JSON object for a subquery that aggregates files, the mapper and the schema that
 * documents it all come from here (issue 14, "one source per shape").
 *
 * It lives in http/ because every module that answers files uses it (portfolio, applications,
 * applicant reviews, selection) and http/ may not import a module. The bytes are served by the files
 * module, `GET /api/files/:id/download`.
 */
import { type Static, Type } from '@sinclair/typebox'
import { type SQL, sql } from 'drizzle-orm'
import { files } from '../../db/schema/index.js'

/** The columns of a file reference, for a drizzle `select` (`letter: fileColumns`, `...fileColumns`). */
export const fileColumns = {
  id: files.id,
  category: files.category,
  title: files.title,
  originalName: files.originalName,
  mimeType: files.mimeType,
  size: files.size,
  createdAt: files.createdAt,
}

/** A file reference as `fileColumns` selects it. */
export type FileRef = Pick<typeof files.$inferSelect, keyof typeof fileColumns>

/** A file reference as `fileJson` builds it: the time comes as JSON text. */
export type FileRefJson = Omit<FileRef, 'createdAt'> & { createdAt: string }

/**
 * `fileColumns` as one `json_build_object(…)` over `files`, for a subquery that aggregates a list of
 * files (`json_agg`); `extra` adds keys after them (`{ attached: sql`…` }`).
 */
export function fileJson(extra: Record<string, SQL> = {}): SQL {
  const pairs = Object.entries({ ...fileColumns, ...extra }).map(
    // The keys are this file's own names, never input: written as literals, not bound parameters
    // (json_build_object takes `any`, so PostgreSQL could not tell a parameter's type).
    ([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`,
  )
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`
}

/** Where the caller downloads the file (with their token); the files module serves it. */
export const downloadUrlOf = (id: number) => `/api/files/${id}/download`

/** A stored file as every response shows it. */
export const FileOut = Type.Object({
  id: Type.Integer(),
  category: Type.String(),
  title: Type.String(),
  originalName: Type.String(),
  mimeType: Type.String(),
  size: Type.Integer(),
  downloadUrl: Type.String(),
  createdAt: Type.Optional(Type.String({ format: 'date-time' })),
})

/** The answer for a file reference, selected (`createdAt` a Date) or built as JSON (`createdAt` text). */
export function fileOut(row: Omit<FileRef, 'createdAt'> & { createdAt?: Date | string }) {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    originalName: row.originalName,
    mimeType: row.mimeType,
    size: row.size,
    downloadUrl: downloadUrlOf(row.id),
    ...(row.createdAt ? { createdAt: new Date(row.createdAt).toISOString() } : {}),
  } satisfies Static<typeof FileOut>
}
