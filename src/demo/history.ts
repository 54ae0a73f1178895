/**
 * The rows one application leaves behind as the real services write them: its timeline (with the
 * stages, statuses, notes and actors of apply, review, withdraw, schedule, attendance validation,
 * scoring and publication) and the in-app notifications of the applicant (and of HR, on applying; of
 * every staff account instead for a company without HR) with the same titles and texts. Pure: ids in,
 * rows out. test/demo/seed.test.ts compares them with what the services write.
 */
import type {
  ApplicationStatus,
  applicationEvents,
  notifications,
  SelectionDecision,
  TestKind,
} from '../db/schema/index.js'
import { REVIEW_STAGE } from '../modules/applicant-reviews/service.js'
import { WITHDRAWN_STAGE } from '../modules/applications/service.js'
import { ATTENDANCE_STAGE } from '../modules/attendance/service.js'
import { STAGES as SCHEDULE_STAGES, whenText } from '../modules/schedules/service.js'
import {
  publishedNotice as publishSelectionNotice,
  STAGES as SELECTION_STAGES,
} from '../modules/selection/service.js'
import { labelOf } from '../vocabulary/index.js'
import type { ApplicantPlan, Cycle, TestPlan } from './story.js'

export type EventRow = typeof applicationEvents.$inferInsert
export type NotificationRow = typeof notifications.$inferInsert

export interface Person {
  id: number
  fullName: string
}

export interface Context {
  applicationId: number
  vacancyId: number
  vacancyTitle: string
  companyName: string
  /** The applicant's account (every demo applicant has one). */
  applicant: Person
  /** The HR account acting for the company, or the staff member acting for a company without HR. */
  hr: Person
  /**
   * A company without an active HR account: its id, and every active admin and superadmin, who are told of
   * each application in HR's place (`staffNoticesOfApplication`, notifications/service.ts).
   */
  staffRun?: { companyId: number; staff: Person[] }
  admin: Person
  now: Date
  /** `SCHOOL_TIME_ZONE`: the times in texts. */
  timeZone: string
}

/** The status the application ends in. A published `cadangan` stays in progress (the waiting list). */
export function statusOf(plan: ApplicantPlan, cycle: Cycle): ApplicationStatus {
  if (plan.withdrawnAt) return 'withdrawn'
  if (plan.review?.decision === 'tidak_lolos') return 'rejected'
  if (plan.result && cycle.publishedAt) {
    if (plan.result.decision === 'diterima') return 'accepted'
    if (plan.result.decision === 'tidak_diterima') return 'rejected'
  }
  return plan.review ? 'in_progress' : 'pending'
}

/** When the application row itself last changed: applied, reviewed, withdrawn or published. */
export function lastChangeOf(plan: ApplicantPlan, cycle: Cycle): Date {
  const times = [
    plan.appliedAt,
    plan.review?.at,
    plan.withdrawnAt,
    plan.result ? cycle.publishedAt : undefined,
  ]
  return new Date(Math.max(...times.filter((t): t is Date => t !== undefined).map((t) => t.getTime())))
}

const about = (t: TestPlan, x: Context) =>
  `${labelOf('testKind', t.kind)} "${t.name}" untuk lowongan "${x.vacancyTitle}" di ${x.companyName}`
const whereWhen = (t: { scheduledAt: Date; location: string }, x: Context) =>
  `${whenText(t.scheduledAt, x.timeZone)} di ${t.location}`

/**
 * HR is told of each application as `hrNoticesOfApplication` (notifications/service.ts) writes it; the staff of
 * a company without HR as `staffNoticesOfApplication` does, with the company to act for.
 */
function receivedNotice(x: Context) {
  const link = { applicationId: x.applicationId, jobVacancyId: x.vacancyId }
  return {
    kind: 'application.received',
    title: `Lamaran baru: ${x.vacancyTitle}`,
    body: `${x.applicant.fullName} melamar ${x.vacancyTitle} di ${x.companyName}. Lamaran menunggu seleksi berkas.`,
    data: x.staffRun ? { ...link, companyId: x.staffRun.companyId, companyName: x.companyName } : link,
  }
}

function reviewNotice(x: Context, decision: 'lolos' | 'tidak_lolos', notes: string | null) {
  const where = `lowongan "${x.vacancyTitle}" di ${x.companyName}`
  const passed = decision === 'lolos'
  const body = passed
    ? `Selamat! Lamaran Anda untuk ${where} lolos seleksi berkas. Tunggu informasi jadwal tes berikutnya.`
    : `Mohon maaf, lamaran Anda untuk ${where} belum lolos seleksi berkas.`
  return {
    kind: 'application.reviewed',
    title: passed ? 'Lamaran Anda lolos seleksi berkas' : 'Hasil seleksi berkas lamaran Anda',
    body: notes ? `${body} Catatan HRD: ${notes}` : body,
    data: { applicationId: x.applicationId, jobVacancyId: x.vacancyId, decision },
  }
}

function scheduledNotice(x: Context, t: TestPlan, scheduleId: number) {
  return {
    kind: 'test.scheduled',
    title: `Jadwal ${labelOf('testKind', t.kind)}: ${t.name}`,
    body: `Anda dijadwalkan mengikuti ${about(t, x)} pada ${whereWhen(t, x)}.`,
    data: { applicationId: x.applicationId, testScheduleId: scheduleId },
  }
}

/** The selection module's own notice, without its recipient (the caller adds it). */
function publishedNotice(x: Context, decision: Exclude<SelectionDecision, 'pending'>) {
  const { userId: _recipient, ...notice } = publishSelectionNotice(
    { applicationId: x.applicationId, userId: 0, decision },
    { id: x.vacancyId, title: x.vacancyTitle, companyName: x.companyName },
  )
  return notice
}

/** Notifications older than a week have been read (an hour and a half after they came). */
const readAt = (at: Date, now: Date) =>
  now.getTime() - at.getTime() > 7 * 86_400_000 ? new Date(at.getTime() + 90 * 60_000) : null

/**
 * The timeline and notifications of one application. `scheduleIds` are the ids of the cycle's
 * tests, in its order.
 */
export function historyOf(plan: ApplicantPlan, cycle: Cycle, x: Context, scheduleIds: number[]) {
  const events: EventRow[] = []
  const notices: NotificationRow[] = []
  const by = (p: Person) => ({ actorId: p.id, actorName: p.fullName })
  const event = (row: Omit<EventRow, 'applicationId'>) =>
    events.push({ applicationId: x.applicationId, ...row })
  const notify = (at: Date, n: Omit<NotificationRow, 'userId' | 'createdAt' | 'readAt'>, to = x.applicant) =>
    notices.push({ userId: to.id, ...n, createdAt: at, readAt: readAt(at, x.now) })

  event({ stage: 'applied', status: 'pending', ...by(x.applicant), at: plan.appliedAt })
  for (const to of x.staffRun?.staff ?? [x.hr]) notify(plan.appliedAt, receivedNotice(x), to)
  if (plan.review) {
    const { decision, notes, at } = plan.review
    event({ stage: REVIEW_STAGE, status: decision, notes, ...by(x.hr), at })
    notify(at, reviewNotice(x, decision, notes))
  }
  if (plan.withdrawnAt)
    event({ stage: WITHDRAWN_STAGE, status: 'withdrawn', ...by(x.applicant), at: plan.withdrawnAt })
  plan.attendance?.forEach((mark, i) => {
    const t = cycle.tests[i]
    event({
      stage: SCHEDULE_STAGES.scheduled,
      status: t.kind,
      notes: `${t.name}: ${whereWhen(t, x)}`,
      ...by(x.hr),
      at: t.createdAt,
    })
    notify(t.createdAt, scheduledNotice(x, t, scheduleIds[i]))
    if (t.validatedAt && mark !== 'upcoming')
      event({
        stage: ATTENDANCE_STAGE,
        status: mark,
        notes: `${labelOf('testKind', t.kind as TestKind)}: ${t.name}`,
        ...by(x.admin),
        at: t.validatedAt,
      })
  })
  if (plan.result && cycle.scoredAt) {
    const { decision, notes } = plan.result
    const published = cycle.publishedAt
    event({
      stage: SELECTION_STAGES.scored,
      status: decision,
      notes,
      ...by(x.hr),
      visibleToApplicant: published !== undefined,
      at: cycle.scoredAt,
    })
    if (published) {
      event({ stage: SELECTION_STAGES.published, status: decision, notes, ...by(x.hr), at: published })
      notify(published, publishedNotice(x, decision))
    }
  }
  return { events, notices }
}
