import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { applications, jobVacancies } from '../../src/db/schema/index.js'
import type { TestContext } from './app.js'

/**
 * The counters stored on the vacancy (kept by the database's trigger, migrations 0001 and 0034) are what the
 * applications say: `applicants` of every status but superseded (history: withdrawn by the school, the learner
 * applied again) and `accepted`. Checks both the stored columns and a live count against the expected figures.
 */
export async function expectCounters(
  t: TestContext,
  vacancyId: number,
  expected: { applicants: number; accepted: number },
) {
  const [stored] = await t.db
    .select({ applicants: jobVacancies.applicantCount, accepted: jobVacancies.acceptedCount })
    .from(jobVacancies)
    .where(eq(jobVacancies.id, vacancyId))
  const [counted] = await t.db
    .select({
      applicants: sql<number>`(count(*) filter (where not ${applications.superseded}))::int`,
      accepted: sql<number>`(count(*) filter (where ${applications.status} = 'accepted'))::int`,
    })
    .from(applications)
    .where(eq(applications.jobVacancyId, vacancyId))
  expect(counted, 'counted from applications').toEqual(expected)
  expect(stored, 'stored on the vacancy').toEqual(expected)
}
