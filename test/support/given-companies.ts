import { and, desc, eq } from 'drizzle-orm'
import { auditLog, jobVacancies, jobVacancyMajors } from '../../src/db/schema/index.js'
import type { TestContext } from './app.js'
import { given } from './given.js'

/** Builders for the master-data tests (departments, majors, companies). */
export const givenOrg = {
  /** A vacancy of the company, open to the given majors (a new major unless given). */
  async vacancy(
    t: TestContext,
    opts: { companyId: number; majorIds?: number[]; values?: Partial<typeof jobVacancies.$inferInsert> },
  ) {
    const majorIds = opts.majorIds ?? [(await given.major(t)).id]
    const [row] = await t.db
      .insert(jobVacancies)
      .values({
        companyId: opts.companyId,
        title: 'Operator Produksi',
        position: 'Operator',
        description: 'Mengoperasikan mesin produksi.',
        qualifications: 'Lulusan SMK',
        category: 'Produksi',
        jobType: 'contract',
        quota: 5,
        deadline: '2099-12-31',
        ...opts.values,
      })
      .returning()
    if (majorIds.length > 0)
      await t.db
        .insert(jobVacancyMajors)
        .values(majorIds.map((majorId) => ({ jobVacancyId: row.id, majorId })))
    return row
  },

  /** The audit rows of one record, newest first. */
  audits(t: TestContext, entity: string, entityId: number) {
    return t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id))
  },
}

/** A prefix no other test's rows carry, so searches see only the rows a test made. */
export const tag = () => `Q${Math.random().toString(36).slice(2, 8).toUpperCase()}`
