/**
 * Alphabetical order of names as people read it. PostgreSQL orders text by the database's collation, and the
 * embedded database is made with `--locale=C` (and an external one may be too): by character code, every
 * capital before every small letter. A roster from Dapodik writes names in capitals while staff type them in
 * title case, so "AGUS" and "Agus" would sit pages apart. `lower()` first orders them by letter wherever the
 * database was made (`students_full_name_idx` and `companies_name_idx` are on it); the name itself then puts
 * one spelling's duplicates together.
 */
import { type AnyColumn, asc, type SQL, sql } from 'drizzle-orm'

/** `order by lower(name), name`, for a drizzle `orderBy` (spread, then the row's id). */
export function byName(column: AnyColumn | SQL): SQL[] {
  return [asc(sql`lower(${column})`), asc(column)]
}
