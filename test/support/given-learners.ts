import { and, asc, eq } from 'drizzle-orm'
import { applications, auditLog, jobVacancies, students, users } from '../../src/db/schema/index.js'
import type { TestContext } from './app.js'
import { given } from './given.js'

/** Builders for the students and alumni tests. */
export const givenLearners = {
  /** An application of the learner to a new vacancy of a new company (rows written directly). */
  async application(t: TestContext, studentId: number, role: 'siswa' | 'alumni' = 'siswa') {
    const company = await given.company(t)
    const [vacancy] = await t.db
      .insert(jobVacancies)
      .values({
        companyId: company.id,
        title: 'Teknisi Jaringan',
        position: 'Teknisi',
        description: 'Memasang dan merawat jaringan pelanggan.',
        qualifications: 'Lulusan SMK TKJ',
        category: 'Teknologi Informasi',
        jobType: 'contract',
        quota: 3,
        deadline: '2099-12-31',
      })
      .returning()
    const [application] = await t.db
      .insert(applications)
      .values({ jobVacancyId: vacancy.id, studentId, applicantRole: role })
      .returning()
    return application
  },

  async stored(t: TestContext, id: number) {
    const [row] = await t.db.select().from(students).where(eq(students.id, id))
    return row
  },

  async account(t: TestContext, id: number) {
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    return row
  },

  /** The audit rows of one learner, oldest first. */
  audits(t: TestContext, studentId: number) {
    return t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, studentId)))
      .orderBy(asc(auditLog.id))
  },
}
