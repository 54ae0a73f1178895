/**
 * A company reference: the company behind a vacancy, a schedule or an account as every response
 * shows it (`{ id, name }`), defined once. The columns a query selects, the mapper and the schema
 * that documents it all come from here (issue 14, "one source per shape"). A place that shows more
 * spreads the core and adds its own: `Type.Object({ ...CompanyRef.properties, city })`.
 *
 * It lives in http/ because many modules answer a company (applications, attendance, monitoring,
 * reports, vacancies, auth) and http/ may not import a module. The query joins `companies` itself.
 */
import { type Static, Type } from '@sinclair/typebox'
import { companies } from '../../db/schema/index.js'

/** The columns of a company reference, for a drizzle `select` (`...companyRefColumns`). */
export const companyRefColumns = {
  companyId: companies.id,
  companyName: companies.name,
}

/** A company reference as `companyRefColumns` selects it. */
export interface CompanyRefRow {
  companyId: number
  companyName: string
}

/** A company as every response shows it. */
export const CompanyRef = Type.Object({ id: Type.Integer(), name: Type.String() })

/** The answer for a company selected with `companyRefColumns`. */
export function companyRefOut(row: CompanyRefRow) {
  return { id: row.companyId, name: row.companyName } satisfies Static<typeof CompanyRef>
}
