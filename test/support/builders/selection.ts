import { eq } from 'drizzle-orm'
import {
  type ApplicationStatus,
  applicationEvents,
  applications,
  type jobVacancies,
  jobVacancyMajors,
  notifications,
  placementCheckins,
  placements,
  selectionResults,
} from '../../../src/db/schema/index.js'
import { type Caller, call, type TestContext } from '../app.js'
import { type FormValue, multipart } from '../multipart.js'
import { type Account, anAlumnus, anHrd, aStudent } from './accounts.js'
import { anApplication } from './applications.js'
import { aCompany } from './org.js'
import { aParticipant, aSchedule, hoursFromNow, moveSchedule } from './schedules.js'
import { aVacancy, dayFromToday, vacancyBody } from './vacancies.js'

let seq = 0

/** A company with an HR account and one open vacancy of it (`values` override the vacancy's columns). */
export async function anHrdWithVacancy(
  t: TestContext,
  opts: {
    companyName?: string
    vacancyTitle?: string
    values?: Partial<typeof jobVacancies.$inferInsert>
  } = {},
) {
  const company = await aCompany(t, opts.companyName ? { name: opts.companyName } : {})
  const hrd = await anHrd(t, { companyId: company.id })
  const vacancy = await aVacancy(t, {
    companyId: company.id,
    values: { title: opts.vacancyTitle ?? `Operator ${++seq}`, ...opts.values },
  })
  return { company, hrd, vacancy }
}

/**
 * A learner (with an account unless `account: false`) and their application to the vacancy, in
 * progress unless told otherwise. `reviewed`: the document review said `lolos` (the row's review
 * fields and a `document_review` timeline row). A participant of `scheduleId` when given.
 */
export async function aCandidate(
  t: TestContext,
  vacancyId: number,
  opts: {
    status?: ApplicationStatus
    reviewed?: boolean
    scheduleId?: number
    role?: 'siswa' | 'alumni'
    account?: boolean
    fullName?: string
    nis?: string
    student?: Parameters<typeof aStudent>[1]
  } = {},
) {
  const values: Record<string, string> = {}
  if (opts.fullName) values.fullName = opts.fullName
  if (opts.nis) values.nis = opts.nis
  const learner = await aStudent(t, {
    role: opts.role,
    account: opts.account,
    ...opts.student,
    values: { ...values, ...opts.student?.values },
  })
  const application = await anApplication(t, {
    vacancyId,
    studentId: learner.studentId,
    role: opts.role,
    status: opts.status ?? 'in_progress',
    values: opts.reviewed ? { reviewDecision: 'lolos', reviewedAt: new Date() } : {},
  })
  if (opts.reviewed)
    await t.db
      .insert(applicationEvents)
      .values({ applicationId: application.id, stage: 'document_review', status: 'lolos' })
  if (opts.scheduleId) await aParticipant(t, opts.scheduleId, application.id)
  return { learner: learner as typeof learner & Partial<Account>, application }
}

/** `n` in-progress candidates of the vacancy. */
export async function candidates(t: TestContext, vacancyId: number, n: number) {
  const out = []
  for (let i = 0; i < n; i++) out.push(await aCandidate(t, vacancyId))
  return out
}

/** A selection result row (a draft unless told otherwise). */
export async function aResult(
  t: TestContext,
  applicationId: number,
  values: Partial<typeof selectionResults.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(selectionResults)
    .values({ applicationId, ...values })
    .returning()
  return row
}

/**
 * A placement row, written straight to the table: of the given accepted application, or of a new
 * reviewed candidate accepted to the vacancy.
 */
export async function aPlacement(
  t: TestContext,
  opts: {
    companyId: number
    vacancyId: number
    applicationId?: number
    studentId?: number
    values?: Partial<typeof placements.$inferInsert>
    student?: Parameters<typeof aStudent>[1]
  },
) {
  const made =
    opts.applicationId && opts.studentId
      ? null
      : await aCandidate(t, opts.vacancyId, { status: 'accepted', reviewed: true, student: opts.student })
  const applicationId = opts.applicationId ?? (made?.application.id as number)
  const studentId = opts.studentId ?? (made?.learner.studentId as number)
  const [row] = await t.db
    .insert(placements)
    .values({
      applicationId,
      studentId,
      companyId: opts.companyId,
      jobVacancyId: opts.vacancyId,
      position: 'Operator',
      acceptedAt: '2025-01-15',
      ...opts.values,
    })
    .returning()
  return { ...(made as NonNullable<typeof made>), placement: row }
}

/** A monthly check-in row of a placement. */
export async function aCheckin(t: TestContext, values: typeof placementCheckins.$inferInsert) {
  const [row] = await t.db.insert(placementCheckins).values(values).returning()
  return row
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

/**
 * Staff record a hire found outside bursa (HTTP): a new alumnus's, as a technician at an employer that is no
 * partner, accepted three weeks ago unless `accepted_date` says otherwise. Answers the alumnus and the placement
 * as the answer gave it.
 */
export async function recordOutsidePlacement(
  t: TestContext,
  as: Account,
  body: Record<string, unknown> = {},
) {
  const alumnus = await anAlumnus(t)
  const created = await call(t, 'POST', '/api/admin/job-placements', {
    as,
    body: {
      alumni_id: alumnus.studentId,
      company_name: 'Toko Elektronik Maju Jaya',
      position: 'Teknisi servis',
      accepted_date: await dayFromToday(t, -21),
      ...body,
    },
  })
  if (created.status !== 201) throw new Error(`recording the placement: ${created.status} ${created.raw}`)
  return { alumnus, placement: created.body.data }
}

/** The school's calendar day today (UTC+07:00), as placements record it. */
export const schoolToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10)

/**
 * A test two days ahead of a new company's vacancy, with a reviewed candidate per name (in that order), written
 * straight to the tables; `takesPlace()` moves it to an hour ago (a test cannot be scheduled in the past).
 */
export async function aTestAhead(t: TestContext, names: string[]) {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t)
  const people = []
  for (const fullName of names) people.push(await aCandidate(t, vacancy.id, { fullName, reviewed: true }))
  const { schedule, participants } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: people.map((p) => p.application.id),
    scheduledAt: hoursFromNow(48),
    name: 'Psikotes',
  })
  const takesPlace = () => moveSchedule(t, schedule.id, hoursFromNow(-1))
  return { hrd, company, vacancy, candidates: people, participants, scheduleId: schedule.id, takesPlace }
}

/**
 * "Operator Produksi", full time in Bekasi at Rp4.500.000–5.000.000 (quota 5), posted by a company's HR, with
 * `body(over)`: the form as HR reads it (the stored vacancy), changed only where `over` says.
 */
export async function anOperatorOffer(t: TestContext) {
  const made = await anHrdWithVacancy(t, {
    vacancyTitle: 'Operator Produksi',
    values: {
      position: 'Operator',
      description: 'Deskripsi pekerjaan.',
      qualifications: 'Lulusan SMK.',
      category: 'manufaktur',
      minSalary: 4_500_000,
      maxSalary: 5_000_000,
      city: 'Bekasi',
      province: 'Jawa Barat',
      quota: 5,
    },
  })
  const [{ majorId }] = await t.db
    .select()
    .from(jobVacancyMajors)
    .where(eq(jobVacancyMajors.jobVacancyId, made.vacancy.id))
  const body = (over: Record<string, unknown> = {}) =>
    vacancyBody([majorId], made.vacancy.deadline, {
      title: 'Operator Produksi',
      position: 'Operator',
      description: 'Deskripsi pekerjaan.',
      qualifications: 'Lulusan SMK.',
      category: 'manufaktur',
      job_type: 'full_time',
      min_salary: 4_500_000,
      max_salary: 5_000_000,
      city: 'Bekasi',
      province: 'Jawa Barat',
      quota: 5,
      ...over,
    })
  return { ...made, majorId, body }
}
