/**
 * An applicant: the student behind an application as every HR and career-center list shows them
 * (`{ studentId, fullName, nis, major: { id, name } }`), defined once. The columns a query selects,
 * the search by name or NIS, the mapper and the schema that documents it all come from here
 * (issue 14, "one source per shape"). A module that shows more spreads the core and adds its own:
 * `Type.Object({ ...ApplicantOut.properties, role })`, `{ ...applicantOut(row), role: row.role }`.
 *
 * It lives in http/ because several modules answer applicants (applicant reviews, schedules,
 * attendance, selection) and http/ may not import a module. The query joins `students` and
 * `majors` (`majors.id = students.major_id`) itself.
 */
import { type Static, Type } from '@sinclair/typebox'
import { ilike, or, type SQL } from 'drizzle-orm'
import { majors, students } from '../../db/schema/index.js'
import { likePattern } from '../envelope.js'

/** The columns of an applicant, for a drizzle `select` (`...applicantColumns`). */
export const applicantColumns = {
  studentId: students.id,
  fullName: students.fullName,
  nis: students.nis,
  majorId: majors.id,
  majorName: majors.name,
}

/** An applicant as `applicantColumns` selects it. */
export interface ApplicantRow {
  studentId: number
  fullName: string
  nis: string
  majorId: number
  majorName: string
}

/** The applicants whose full name or NIS holds `search` (trimmed by the caller). */
export const applicantSearch = (search: string): SQL | undefined =>
  or(ilike(students.fullName, likePattern(search)), ilike(students.nis, likePattern(search)))

/** An applicant as every response shows them. */
export const ApplicantOut = Type.Object({
  studentId: Type.Integer(),
  fullName: Type.String(),
  nis: Type.String(),
  major: Type.Object({ id: Type.Integer(), name: Type.String() }),
})

/** The answer for an applicant selected with `applicantColumns`. */
export function applicantOut(row: ApplicantRow) {
  return {
    studentId: row.studentId,
    fullName: row.fullName,
    nis: row.nis,
    major: { id: row.majorId, name: row.majorName },
  } satisfies Static<typeof ApplicantOut>
}
