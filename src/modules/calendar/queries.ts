import { and, eq, or, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { learnerEmail } from '../../db/learner-email.js'
import {
  applications,
  companies,
  jobVacancies,
  notifications,
  students,
  testParticipants,
  testSchedules,
  users,
} from '../../db/schema/index.js'
import { testFactsColumns } from '../schedules/queries.js'

const s = testSchedules

/**
 * The learner's own test: their application `applicationId` takes part in schedule `scheduleId`
 * (`participant`), or took part and was removed by HR: the participant row is deleted on removal, so a
 * schedule of the application's vacancy that one of the caller's notices names with the application
 * (`{ applicationId, testScheduleId }`, written when it was scheduled) counts as theirs, not taking part.
 * Undefined otherwise (another learner's application, a test the application never took part in).
 */
export async function ownTest(
  conn: Conn,
  caller: { userId: number; studentId: number },
  applicationId: number,
  scheduleId: number,
) {
  const participant = sql<boolean>`${testParticipants.applicationId} is not null`
  const [row] = await conn
    .select({
      ...testFactsColumns,
      applicationId: applications.id,
      participant,
      status: s.status,
      upcoming: sql<boolean>`(${s.status} = 'scheduled' and ${s.scheduledAt} > now())`,
      cancelReason: s.cancelReason,
      applicationStatus: applications.status,
      fullName: users.fullName,
      // The address her invitations go to: the downloaded event names the same attendee.
      email: learnerEmail(),
    })
    .from(applications)
    .innerJoin(s, and(eq(s.id, scheduleId), eq(s.jobVacancyId, applications.jobVacancyId)))
    .leftJoin(
      testParticipants,
      and(eq(testParticipants.testScheduleId, s.id), eq(testParticipants.applicationId, applications.id)),
    )
    .innerJoin(students, eq(students.id, applications.studentId))
    .leftJoin(users, eq(users.id, students.userId))
    .innerJoin(jobVacancies, eq(jobVacancies.id, s.jobVacancyId))
    .innerJoin(companies, eq(companies.id, s.companyId))
    .where(
      and(
        eq(applications.id, applicationId),
        eq(applications.studentId, caller.studentId),
        or(
          participant,
          sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${caller.userId} and ${notifications.data} @> ${JSON.stringify({ applicationId, testScheduleId: scheduleId })}::jsonb)`,
        ),
      ),
    )
  return row
}
