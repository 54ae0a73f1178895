import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import {
  type ApplicationStatus,
  applicationEvents,
  applications,
  files,
  type jobVacancies,
  notifications,
  placementCheckins,
  placements,
  selectionResults,
  testParticipants,
  testSchedules,
} from '../../src/db/schema/index.js'
import { type Caller, call, type TestContext } from './app.js'
import { type Account, given } from './given.js'
import { givenRecruitment } from './given-recruitment.js'
import { type FormValue, multipart } from './multipart.js'

let seq = 0

export type Applicant = Awaited<ReturnType<typeof given.student>>

/**
 * Rows of the selection stage written straight to the tables (the schedules module is built
 * alongside): vacancies with HR, applications that passed the document review, test schedules and
 * their participants (attendance), selection results and placements.
 */
export const givenSelection = {
  /** A company with an HR account and one of its vacancies. */
  async hrWithVacancy(t: TestContext, values: Partial<typeof jobVacancies.$inferInsert> = {}) {
    const hrd = await given.hrd(t)
    const vacancy = await givenRecruitment.vacancy(t, { companyId: hrd.companyId, values })
    return { hrd, vacancy }
  },

  /**
   * An application in progress (the review said `lolos`) of a new learner with an account, with
   * its `applied` and `document_review` timeline rows; a participant of `scheduleId` when given.
   */
  async inProgress(
    t: TestContext,
    vacancyId: number,
    opts: {
      status?: ApplicationStatus
      scheduleId?: number
      role?: 'siswa' | 'alumni'
      student?: Parameters<typeof given.student>[1]
    } = {},
  ) {
    const learner = await given.student(t, { role: opts.role, ...opts.student })
    const application = await givenRecruitment.application(t, {
      vacancyId,
      studentId: learner.studentId,
      role: opts.role,
      status: opts.status ?? 'in_progress',
      values: { reviewDecision: 'lolos', reviewedAt: new Date() },
    })
    await t.db
      .insert(applicationEvents)
      .values({ applicationId: application.id, stage: 'document_review', status: 'lolos' })
    if (opts.scheduleId) await givenSelection.participant(t, opts.scheduleId, application.id)
    return { learner, application }
  },

  async schedule(
    t: TestContext,
    opts: { companyId: number; vacancyId: number; values?: Partial<typeof testSchedules.$inferInsert> },
  ) {
    const n = ++seq
    const [row] = await t.db
      .insert(testSchedules)
      .values({
        companyId: opts.companyId,
        jobVacancyId: opts.vacancyId,
        name: `Psikotes gelombang ${n}`,
        kind: 'psikotes',
        scheduledAt: new Date(Date.now() + 7 * 86_400_000),
        durationMinutes: 90,
        location: 'Aula PT',
        ...opts.values,
      })
      .returning()
    return row
  },

  async participant(
    t: TestContext,
    scheduleId: number,
    applicationId: number,
    values: Partial<typeof testParticipants.$inferInsert> = {},
  ) {
    const [row] = await t.db
      .insert(testParticipants)
      .values({ testScheduleId: scheduleId, applicationId, ...values })
      .returning()
    return row
  },

  /** A selection result as the service leaves it (a draft unless told otherwise). */
  async result(t: TestContext, applicationId: number, values: Partial<typeof selectionResults.$inferInsert>) {
    const [row] = await t.db
      .insert(selectionResults)
      .values({ applicationId, ...values })
      .returning()
    return row
  },

  /** A decision-letter row (no bytes in storage) uploaded by `uploadedBy`. */
  async letterRow(t: TestContext, studentId: number, uploadedBy: number) {
    const [row] = await t.db
      .insert(files)
      .values({
        studentId,
        uploadedBy,
        category: 'decision_letter',
        title: 'Surat keputusan',
        originalName: 'surat.pdf',
        mimeType: 'application/pdf',
        size: 100,
        storageKey: `test/${randomUUID()}`,
      })
      .returning()
    return row
  },

  /** A placement of an accepted application (written straight to the table). */
  async placement(
    t: TestContext,
    opts: {
      companyId: number
      vacancyId: number
      values?: Partial<typeof placements.$inferInsert>
      student?: Parameters<typeof given.student>[1]
    },
  ) {
    const { learner, application } = await givenSelection.inProgress(t, opts.vacancyId, {
      status: 'accepted',
      student: opts.student,
    })
    const [row] = await t.db
      .insert(placements)
      .values({
        applicationId: application.id,
        studentId: learner.studentId,
        companyId: opts.companyId,
        jobVacancyId: opts.vacancyId,
        position: 'Operator',
        acceptedAt: '2025-01-15',
        ...opts.values,
      })
      .returning()
    return { learner, application, placement: row }
  },

  async checkin(t: TestContext, values: typeof placementCheckins.$inferInsert) {
    const [row] = await t.db.insert(placementCheckins).values(values).returning()
    return row
  },
}

/** What is stored about an application: its row, result, events, placement and the learner's notifications. */
export async function storedSelection(t: TestContext, applicationId: number, userId?: number) {
  const [application] = await t.db.select().from(applications).where(eq(applications.id, applicationId))
  const [result] = await t.db
    .select()
    .from(selectionResults)
    .where(eq(selectionResults.applicationId, applicationId))
  const events = await t.db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(applicationEvents.id)
  const [placement] = await t.db.select().from(placements).where(eq(placements.applicationId, applicationId))
  const notes = userId ? await t.db.select().from(notifications).where(eq(notifications.userId, userId)) : []
  return { application, result, events, placement, notifications: notes }
}

/** POST a selection result as a multipart form. */
export function postResultForm(
  t: TestContext,
  as: Caller,
  applicationId: number,
  fields: Record<string, FormValue> | [string, FormValue][],
) {
  const form = multipart(fields)
  return t.app.inject({
    method: 'POST',
    url: `/api/hrd/selection-results/${applicationId}`,
    headers: { ...form.headers, authorization: as.authorization ?? '' },
    payload: form.body,
  })
}

export const publishResults = (t: TestContext, as: Account, jobVacancyId: number) =>
  call(t, 'POST', '/api/hrd/selection-results/publish', { as, body: { job_vacancy_id: jobVacancyId } })

/** The school's calendar day today (UTC+07:00), as placements record it. */
export const schoolToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10)
