import { type Static, Type } from '@sinclair/typebox'
import { JOB_TYPES, jobVacancies, VACANCY_TARGETS } from '../../db/schema/index.js'
import { DateOnly, Nullable, StringEnum } from '../../http/schemas.js'

/**
 * A vacancy as every list and detail shows it (HR's, staff's, learners'), defined once: the columns a
 * query selects and the schema that documents them (issue 14, "one source per shape"; the model is
 * `src/http/shapes/file.ts`). Each answer adds its own fields around this core.
 */

/** One of the vacancy's majors, as `job_vacancies.majors` keeps them (migration 0009). */
export const MajorRef = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() })
export type MajorRef = Static<typeof MajorRef>

const v = jobVacancies

/** The core's columns, for a drizzle `select` (`...vacancyCoreColumns`). */
export const vacancyCoreColumns = {
  id: v.id,
  title: v.title,
  position: v.position,
  category: v.category,
  jobType: v.jobType,
  workLocation: v.workLocation,
  city: v.city,
  province: v.province,
  minSalary: v.minSalary,
  maxSalary: v.maxSalary,
  quota: v.quota,
  deadline: v.deadline,
  target: v.target,
  majors: v.majors,
  createdAt: v.createdAt,
}

/** The core's properties, for a response schema (`Type.Object({ ...VacancyCore, more })`). */
export const VacancyCore = {
  id: Type.Integer(),
  title: Type.String(),
  position: Type.String(),
  category: Type.String(),
  jobType: StringEnum(JOB_TYPES),
  workLocation: Nullable(Type.String()),
  city: Nullable(Type.String()),
  province: Nullable(Type.String()),
  minSalary: Nullable(Type.Integer()),
  maxSalary: Nullable(Type.Integer()),
  quota: Type.Integer(),
  deadline: DateOnly,
  target: StringEnum(VACANCY_TARGETS),
  majors: Type.Array(MajorRef),
  createdAt: Type.String({ format: 'date-time' }),
}
