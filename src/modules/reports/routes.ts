import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type TSchema, Type } from '@sinclair/typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CAREER_STATUSES, JOB_FITS, PLACEMENT_SOURCES, TEST_KINDS } from '../../db/schema/index.js'
import { ok } from '../../http/envelope.js'
import { langOf } from '../../http/i18n.js'
import { DateOnly, DateTime, Envelope, Nullable, StringEnum } from '../../http/schemas.js'
import { CompanyRef } from '../../http/shapes/company.js'
import { CONTENT_TYPES, type ExportFormat, render } from './export.js'
import { ReportQuery } from './schemas.js'
import {
  absorptionReport,
  attendanceReport,
  dashboard,
  type Report,
  recruitmentReport,
  reportOptions,
  tracerStudyReport,
} from './service.js'
import { sendShared } from './shared-results.js'

const Int = Type.Integer()
const Percent = Nullable(
  Type.Number({ description: 'A percentage 0–100 with two decimals; null when dividing by 0' }),
)

const Filters = Type.Object({
  schoolYear: Nullable(Type.String()),
  majorId: Nullable(Int),
  dateFrom: Nullable(DateOnly),
  dateTo: Nullable(DateOnly),
  period: Type.Object(
    { from: Nullable(DateOnly), to: Nullable(DateOnly) },
    { description: 'The school year and the date range together, both ends inclusive; null = open' },
  ),
})

const RecruitmentFigures = {
  vacancies: Int,
  applicants: Int,
  passedReview: Int,
  accepted: Int,
  passRatio: Percent,
}
const Recruitment = Type.Object({
  filters: Filters,
  rows: Type.Array(Type.Object({ companyId: Int, companyName: Type.String(), ...RecruitmentFigures })),
  totals: Type.Object(RecruitmentFigures),
})

const AttendanceFigures = {
  participants: Int,
  hadir: Int,
  izin: Int,
  alpa: Int,
  awaitingValidation: Int,
  notRecorded: Int,
  attendanceRate: Percent,
}
const Attendance = Type.Object({
  filters: Filters,
  rows: Type.Array(
    Type.Object({
      scheduleId: Int,
      scheduleName: Type.String(),
      kind: StringEnum(TEST_KINDS),
      scheduledAt: DateTime,
      company: CompanyRef,
      vacancy: Type.Object({ id: Int, title: Type.String() }),
      ...AttendanceFigures,
    }),
  ),
  totals: Type.Object(AttendanceFigures),
})

const AbsorptionFigures = {
  cohort: Int,
  placed: Type.Integer({ description: 'Placed through bursa or found outside it (each person once)' }),
  placedOutside: Type.Integer({
    description: 'Of those placed, the ones placed only outside bursa (no placement through an application)',
  }),
  working: Int,
  absorbed: Int,
  placedPercent: Percent,
  workingPercent: Percent,
  absorbedPercent: Percent,
}
const Absorption = Type.Object({
  filters: Filters,
  rows: Type.Array(
    Type.Object({
      major: Type.Object({
        id: Int,
        code: Type.String(),
        name: Type.String(),
        departmentName: Type.String(),
      }),
      graduationYear: Nullable(Int),
      group: StringEnum(['siswa', 'alumni'] as const, {
        description: 'siswa = grade 12 (no graduation year yet)',
      }),
      ...AbsorptionFigures,
    }),
  ),
  totals: Type.Object(AbsorptionFigures),
})

const Count = { count: Int, percent: Percent }
const TracerStudy = Type.Object({
  filters: Filters,
  alumni: Int,
  respondents: Int,
  responseRate: Percent,
  statuses: Type.Array(Type.Object({ status: StringEnum(CAREER_STATUSES), label: Type.String(), ...Count })),
  working: Type.Integer({ description: 'Respondents bekerja or wirausaha: the base of the figures below' }),
  waitingPeriod: Type.Object({
    respondents: Int,
    mean: Nullable(Type.Number()),
    median: Nullable(Type.Number()),
  }),
  startingSalary: Type.Object({
    respondents: Int,
    q1: Nullable(Int),
    median: Nullable(Int),
    q3: Nullable(Int),
  }),
  provinces: Type.Array(Type.Object({ province: Type.String(), ...Count })),
  cities: Type.Array(Type.Object({ province: Nullable(Type.String()), city: Type.String(), ...Count })),
  jobFit: Type.Object({
    respondents: Int,
    shares: Type.Array(Type.Object({ jobFit: StringEnum(JOB_FITS), label: Type.String(), ...Count })),
  }),
})

const Options = Type.Object({
  schoolYears: Type.Array(
    Type.Object({ value: Type.String(), label: Type.String(), from: DateOnly, to: DateOnly }),
    { description: 'School years with data, newest first' },
  ),
  currentSchoolYear: Type.String(),
  majors: Type.Array(
    Type.Object({
      id: Int,
      code: Type.String(),
      name: Type.String(),
      isActive: Type.Boolean(),
      department: Type.Object({ id: Int, code: Type.String(), name: Type.String() }),
    }),
  ),
  dateRange: Nullable(Type.Object({ min: DateOnly, max: DateOnly })),
  formats: Type.Array(Type.String()),
})

const Dashboard = Type.Object({
  schoolYear: Type.String(),
  weekStart: DateOnly,
  companies: Type.Object({ active: Int, total: Int }),
  vacancies: Type.Object({
    open: Type.Integer({
      description: 'Open to applicants: active, approved, not deleted, deadline not passed, company active',
    }),
    active: Type.Integer({ description: 'Switched on and not deleted' }),
  }),
  applications: Type.Object({
    total: Int,
    byStatus: Type.Object({ pending: Int, in_progress: Int, accepted: Int, rejected: Int, withdrawn: Int }),
  }),
  testsThisWeek: Int,
  attendanceAwaitingValidation: Int,
  placementsThisSchoolYear: Int,
  tracerStudy: Type.Object({ alumni: Int, respondents: Int, responseRate: Percent }),
  latestApplications: Type.Array(
    Type.Object({
      id: Int,
      status: Type.String(),
      createdAt: DateTime,
      applicantName: Type.String(),
      vacancyId: Int,
      vacancyTitle: Type.String(),
      companyName: Type.String(),
    }),
  ),
  latestPlacements: Type.Array(
    Type.Object({
      id: Int,
      acceptedAt: DateOnly,
      fullName: Type.String(),
      position: Type.String(),
      companyName: Type.String(),
      source: StringEnum(PLACEMENT_SOURCES),
    }),
  ),
  emails: Type.Object(
    {
      enabled: Type.Boolean({ description: 'E-mail is switched on (SMTP_URL set)' }),
      waiting: Type.Integer({
        description: 'E-mails (the outbox and test reminders) not sent yet and still to be tried',
      }),
      failing: Type.Integer({ description: 'Of those waiting, the ones whose last try failed' }),
      failedLast7Days: Type.Integer({
        description: 'E-mails given up after their last try, written in the last 7 days (not sent)',
      }),
    },
    { description: 'Counts only: no address, subject or text' },
  ),
})

const tags = ['reports']
const config = { roles: ['admin', 'superadmin'] } as const
const DOWNLOAD =
  ' `?format=csv` or `?format=xlsx` answers the same figures as a file (Content-Disposition attachment, named after the report and its filters) instead of the envelope.'

/** The report as JSON in the envelope, or as a CSV/XLSX download. */
async function answer<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  report: Report<T>,
  format: ReportQuery['format'],
) {
  if (format !== 'csv' && format !== 'xlsx')
    return sendShared(req, reply, report, (lang) => ok(report.dataIn?.(lang) ?? report.data))
  const f: ExportFormat = format
  const body = await render(report.table(), f)
  return reply
    .header('content-type', CONTENT_TYPES[f])
    .header('content-disposition', `attachment; filename="${report.stem}.${f}"`)
    .header('cache-control', 'no-store')
    .send(body)
}

const reportRoute = <S extends TSchema>(summary: string, description: string, data: S) => ({
  config,
  schema: {
    tags,
    summary,
    description: description + DOWNLOAD,
    querystring: ReportQuery,
    response: { 200: Envelope(data) },
  },
})

/** Career-center reports (SPEC 4.3), each as JSON, CSV or XLSX. */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { shared } = app.reportResults
  app.get(
    '/options',
    {
      config,
      schema: {
        tags,
        summary: 'Filter options of the reports: school years with data, majors, the dates with data',
        response: { 200: Envelope(Options) },
      },
    },
    async (req) => ok(await reportOptions(app.db, langOf(req))),
  )

  app.get(
    '/recruitment',
    reportRoute(
      'Recruitment per company: vacancies, applicants, passed review, accepted, pass ratio',
      'Applications are filtered by their date; vacancies count when open during the period. See docs/reports.md.',
      Recruitment,
    ),
    async (req, reply) =>
      answer(
        req,
        reply,
        await shared('recruitment', req.query, () =>
          recruitmentReport(app.db, req.query, app.config.schoolTimeZone),
        ),
        req.query.format,
      ),
  )

  app.get(
    '/attendance',
    reportRoute(
      'Attendance of selection participants per test and company',
      'Tests that took place (not cancelled) in the period; hadir/izin/alpa count verified records only.',
      Attendance,
    ),
    async (req, reply) =>
      answer(
        req,
        reply,
        await shared('attendance', req.query, () =>
          attendanceReport(app.db, req.query, app.config.schoolTimeZone),
        ),
        req.query.format,
      ),
  )

  app.get(
    '/absorption',
    reportRoute(
      'Absorption of grade-12 students and alumni by major and graduation year',
      '`school_year` Y/Y+1 selects the cohort graduating in Y+1 (and grade 12 when it is the current school year); the date range bounds placement and tracer start dates.',
      Absorption,
    ),
    async (req, reply) =>
      answer(
        req,
        reply,
        await shared('absorption', req.query, () =>
          absorptionReport(app.db, req.query, app.config.schoolTimeZone),
        ),
        req.query.format,
      ),
  )

  app.get(
    '/tracer-study',
    reportRoute(
      'Tracer study: response rate, status, waiting period, starting salary, work regions, job fit',
      "`school_year` Y/Y+1 selects the alumni graduating in Y+1. Without a date range, each alumnus's current answer; with one, the answer as it stood at `date_to` (the latest version submitted up to then), counted when submitted from `date_from` on.",
      TracerStudy,
    ),
    async (req, reply) =>
      answer(
        req,
        reply,
        await shared('tracerStudy', req.query, () =>
          tracerStudyReport(app.db, req.query, app.config.schoolTimeZone),
        ),
        req.query.format,
      ),
  )
}

/** The career center's front page figures. */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { shared } = app.reportResults
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Headline figures of the career center’s front page (this school year, this week)',
        response: { 200: Envelope(Dashboard) },
      },
    },
    async (req, reply) => {
      const figures = await shared('dashboard', {}, () => dashboard(app.db, { emailOn: app.outbox.enabled }))
      return sendShared(req, reply, figures, () => ok(figures))
    },
  )
}
