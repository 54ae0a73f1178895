import { sql } from 'drizzle-orm'
import { jobVacancies, jobVacancyMajors } from '../../../src/db/schema/index.js'
import { schoolToday } from '../../../src/db/school-day.js'
import type { TestContext } from '../app.js'
import { aCompany, aMajor } from './org.js'

let seq = 0

export type VacancyValues = Partial<typeof jobVacancies.$inferInsert>

/** The school's date `days` from today (`YYYY-MM-DD`), by the database's clock: the one the open rule uses. */
export async function dayFromToday(t: TestContext, days = 0): Promise<string> {
  const [row] = await t.db
    .select({ d: sql<string>`(${schoolToday} + ${days}::int)::text` })
    .from(sql`(values (1)) as one (x)`)
  return row.d
}

/**
 * A vacancy row with its majors, written straight to the tables. Open unless told otherwise
 * (active, deadline in 30 days, target all); of a new company and open to a new major unless
 * `companyId` / `majorIds` are given (`majorIds: []` for none).
 */
export async function aVacancy(
  t: TestContext,
  opts: { companyId?: number; majorIds?: number[]; values?: VacancyValues } = {},
) {
  const n = ++seq
  const companyId = opts.companyId ?? (await aCompany(t)).id
  const majorIds = opts.majorIds ?? [(await aMajor(t)).id]
  const [row] = await t.db
    .insert(jobVacancies)
    .values({
      companyId,
      title: `Lowongan ${n}`,
      position: `Posisi ${n}`,
      description: 'Deskripsi pekerjaan.',
      qualifications: 'Lulusan SMK.',
      category: 'manufaktur',
      jobType: 'full_time',
      quota: 5,
      deadline: sql`current_date + 30` as unknown as string,
      target: 'all',
      ...opts.values,
    })
    .returning()
  if (majorIds.length > 0)
    await t.db.insert(jobVacancyMajors).values(majorIds.map((majorId) => ({ jobVacancyId: row.id, majorId })))
  return row
}

/** A request body for HR's vacancy form (POST/PUT /api/hrd/job-vacancies): a full-time mechanic, quota 3. */
export const vacancyBody = (majorIds: number[], deadline: string, over: Record<string, unknown> = {}) => ({
  title: 'Mekanik Junior Kendaraan Ringan',
  position: 'Mekanik',
  description: 'Melakukan servis berkala kendaraan pelanggan.',
  qualifications: 'Lulusan SMK TKR, sehat jasmani.',
  category: 'otomotif',
  job_type: 'full_time',
  quota: 3,
  deadline,
  target: 'all',
  major_ids: majorIds,
  ...over,
})

/**
 * A second vacancy's body ("Teknisi Listrik": HR's form as sent), for the approval tests, and `electricianStored`, the
 * columns a vacancy stored from it holds (what the rule of a substantial change compares).
 */
export const electricianBody = (
  majorIds: number[],
  deadline: string,
  over: Record<string, unknown> = {},
) => ({
  title: 'Teknisi Listrik',
  position: 'Teknisi',
  description: 'Merawat instalasi listrik pabrik.',
  qualifications: 'Lulusan SMK TITL.',
  category: 'manufaktur',
  job_type: 'full_time',
  quota: 2,
  deadline,
  target: 'all',
  major_ids: majorIds,
  ...over,
})

export const electricianStored = {
  title: 'Teknisi Listrik',
  position: 'Teknisi',
  description: 'Merawat instalasi listrik pabrik.',
  qualifications: 'Lulusan SMK TITL.',
  category: 'manufaktur',
  jobType: 'full_time' as const,
  target: 'all' as const,
}
