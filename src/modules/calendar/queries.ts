import { and, eq, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import {
  applications,
  companies,
  jobVacancies,
  students,
  testParticipants,
  testSchedules,
  users,
} from '../../db/schema/index.js'
import { testFactsColumns } from '../schedules/queries.js'

const s = testSchedules

/**
 * The learner's own participation in a test: their application `applicationId` takes part in schedule
 * `scheduleId`; undefined otherwise (another learner's application, or not a participant).
 */
export async function ownTest(conn: Conn, studentId: number, applicationId: number, scheduleId: number) {
  const [row] = await conn
    .select({
      ...testFactsColumns,
      applicationId: applications.id,
      status: s.status,
      upcoming: sql<boolean>`(${s.status} = 'scheduled' and ${s.scheduledAt} > now())`,
      cancelReason: s.cancelReason,
      applicationStatus: applications.status,
      fullName: users.fullName,
      email: users.email,
    })
    .from(testParticipants)
    .innerJoin(applications, eq(applications.id, testParticipants.applicationId))
    .innerJoin(students, eq(students.id, applications.studentId))
    .leftJoin(users, eq(users.id, students.userId))
    .innerJoin(s, eq(s.id, testParticipants.testScheduleId))
    .innerJoin(jobVacancies, eq(jobVacancies.id, s.jobVacancyId))
    .innerJoin(companies, eq(companies.id, s.companyId))
    .where(
      and(
        eq(testParticipants.testScheduleId, scheduleId),
        eq(testParticipants.applicationId, applicationId),
        eq(applications.studentId, studentId),
      ),
    )
  return row
}
