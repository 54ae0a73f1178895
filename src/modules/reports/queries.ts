import { type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Conn } from '../../db/client.js'
import { CAREER_STATUSES, JOB_FITS, testParticipants, testSchedules } from '../../db/schema/index.js'
import { schoolDayEnd, schoolDayOf, schoolDayStartOf, schoolToday } from '../../db/school-day.js'
import { awaitsValidation, tookPart } from '../attendance/queries.js'
import { dayIn, instantIn, type Range, type ReportFilters, schoolYearStartOf, whereAll } from './filters.js'

/**
 * The SQL of the career center's reports. Every figure is aggregated by PostgreSQL (counts with
 * FILTER, percentile_cont, json_agg); Node only receives the finished rows. Raw SQL with plain
 * table names: each statement reads as the formula docs/reports.md writes down. Counts are cast
 * to int, percentages to float8 and dates to text, so both drivers answer the same types.
 */

/**
 * Runs one report statement with PostgreSQL's JIT compiler off: the planner's cost of an
 * aggregate over a million rows crosses `jit_above_cost`, and compiling (up to seconds with
 * inlining and optimization) costs far more than the few hundred milliseconds it could save.
 */
async function rows<T>(conn: Conn, query: SQL): Promise<T[]> {
  return conn.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`)
    return ((await tx.execute(query)) as unknown as { rows: T[] }).rows
  })
}

/** 100 × part / whole, two decimals; null when the whole is 0 (no division by zero). */
const percent = (part: SQL, whole: SQL) => sql`round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

// ------------------------------------------------------------------ recruitment

export interface RecruitmentRow {
  isTotal: boolean
  companyId: number | null
  companyName: string | null
  vacancies: number
  applicants: number
  passedReview: number
  accepted: number
  passRatio: number | null
}

/**
 * Per company: its vacancies open during the period, the applications made in the period, those
 * that passed the document review, those accepted; plus a totals row (is_total) last. A superseded
 * application (withdrawn by the school, then followed by the learner's new one to the vacancy) is not an
 * applicant: one person, one applicant of a vacancy.
 */
export function recruitment(conn: Conn, f: ReportFilters) {
  const p = f.period
  const major = f.majorId
  return rows<RecruitmentRow>(
    conn,
    sql`
    with app as (
      select a.job_vacancy_id,
             count(*)::int as applicants,
             (count(*) filter (where a.review_decision = 'lolos'))::int as passed_review,
             (count(*) filter (where a.status = 'accepted'))::int as accepted
      from applications a
      ${major ? sql`join students s on s.id = a.student_id and s.major_id = ${major}` : sql``}
      ${whereAll(sql`not a.superseded`, instantIn(sql`a.created_at`, p, f.timeZone))}
      group by a.job_vacancy_id
    ), per_company as (
      select v.company_id,
             (count(*) filter (where ${whereVacancyInPeriod(p, major, f.timeZone)}
                                 and ((v.deleted_at is null and v.approval_status = 'approved')
                                      or app.job_vacancy_id is not null)))::int as vacancies,
             coalesce(sum(app.applicants), 0)::int as applicants,
             coalesce(sum(app.passed_review), 0)::int as passed_review,
             coalesce(sum(app.accepted), 0)::int as accepted
      from job_vacancies v
      left join app on app.job_vacancy_id = v.id
      group by v.company_id
    ), listed as (
      select c.id as company_id, c.name as company_name, pc.vacancies, pc.applicants, pc.passed_review, pc.accepted
      from per_company pc join companies c on c.id = pc.company_id
      where pc.vacancies > 0 or pc.applicants > 0
    ), out as (
      select false as is_total, company_id, company_name, vacancies, applicants, passed_review, accepted from listed
      union all
      select true, null, null, coalesce(sum(vacancies), 0)::int, coalesce(sum(applicants), 0)::int,
             coalesce(sum(passed_review), 0)::int, coalesce(sum(accepted), 0)::int
      from listed
    )
    select is_total as "isTotal", company_id as "companyId", company_name as "companyName", vacancies,
           applicants, passed_review as "passedReview", accepted,
           ${percent(sql`accepted`, sql`applicants`)} as "passRatio"
    from out
    order by is_total, applicants desc, lower(company_name), company_name, company_id`,
  )
}

/**
 * A vacancy counts for a period when it was open during it: published on or before the period's
 * last day and its deadline on or after the first; for a major, when it is open to that major.
 */
function whereVacancyInPeriod(p: Range, majorId: number | null, timeZone: string): SQL {
  // A school year and a date range that do not meet: no day, so no vacancy (one spanning both dates would
  // pass each test below apart).
  if (p.from && p.to && p.from > p.to) return sql`false`
  return sql`true
    ${p.to ? sql`and v.created_at < ${schoolDayEnd(p.to, timeZone).toISOString()}::timestamptz` : sql``}
    ${p.from ? sql`and v.deadline >= ${p.from}::date` : sql``}
    ${majorId ? sql`and exists (select 1 from job_vacancy_majors vm where vm.job_vacancy_id = v.id and vm.major_id = ${majorId})` : sql``}`
}

// ------------------------------------------------------------------ attendance

export interface AttendanceRow {
  isTotal: boolean
  scheduleId: number | null
  scheduleName: string | null
  kind: string | null
  scheduledAt: string | null
  companyId: number | null
  companyName: string | null
  vacancyId: number | null
  vacancyTitle: string | null
  participants: number
  hadir: number
  izin: number
  alpa: number
  awaitingValidation: number
  notRecorded: number
  attendanceRate: number | null
}

/** The participants as this file's SQL names them. */
const tpAlias = alias(testParticipants, 'tp')

/**
 * Per test that took place (not cancelled, time passed) in the period: its participants (those who took part:
 * not those who left the selection before it) and their attendance as the career center verified it; plus a
 * totals row last.
 */
export function attendance(conn: Conn, f: ReportFilters) {
  const major = f.majorId
  return rows<AttendanceRow>(
    conn,
    sql`
    with per_schedule as (
      select tp.test_schedule_id as schedule_id,
             count(*)::int as participants,
             (count(*) filter (where tp.validation_status = 'verified' and tp.attendance_status = 'hadir'))::int as hadir,
             (count(*) filter (where tp.validation_status = 'verified' and tp.attendance_status = 'izin'))::int as izin,
             (count(*) filter (where tp.validation_status = 'verified' and tp.attendance_status = 'alpa'))::int as alpa,
             (count(*) filter (where tp.validation_status = 'pending' and tp.attendance_status is not null))::int as awaiting
      from test_schedules ts
      join test_participants tp on tp.test_schedule_id = ts.id
      ${major ? sql`join applications a on a.id = tp.application_id join students s on s.id = a.student_id and s.major_id = ${major}` : sql``}
      ${whereAll(sql`ts.status <> 'cancelled'`, sql`ts.scheduled_at <= now()`, tookPart(tpAlias), instantIn(sql`ts.scheduled_at`, f.period, f.timeZone))}
      group by tp.test_schedule_id
    ), listed as (
      select ts.id as schedule_id, ts.name as schedule_name, ts.kind, ts.scheduled_at, c.id as company_id,
             c.name as company_name, v.id as vacancy_id, v.title as vacancy_title,
             ps.participants, ps.hadir, ps.izin, ps.alpa, ps.awaiting
      from per_schedule ps
      join test_schedules ts on ts.id = ps.schedule_id
      join companies c on c.id = ts.company_id
      join job_vacancies v on v.id = ts.job_vacancy_id
    ), out as (
      select false as is_total, schedule_id, schedule_name, kind, scheduled_at, company_id, company_name, vacancy_id,
             vacancy_title, participants, hadir, izin, alpa, awaiting
      from listed
      union all
      select true, null, null, null, null, null, null, null, null, coalesce(sum(participants), 0)::int,
             coalesce(sum(hadir), 0)::int, coalesce(sum(izin), 0)::int, coalesce(sum(alpa), 0)::int,
             coalesce(sum(awaiting), 0)::int
      from listed
    )
    select is_total as "isTotal", schedule_id as "scheduleId", schedule_name as "scheduleName", kind,
           ${iso(sql`scheduled_at`)} as "scheduledAt", company_id as "companyId", company_name as "companyName",
           vacancy_id as "vacancyId", vacancy_title as "vacancyTitle", participants, hadir, izin, alpa,
           awaiting as "awaitingValidation", (participants - hadir - izin - alpa - awaiting)::int as "notRecorded",
           ${percent(sql`hadir`, sql`participants`)} as "attendanceRate"
    from out
    order by is_total, scheduled_at, schedule_id`,
  )
}

// ------------------------------------------------------------------ absorption

export interface AbsorptionRow {
  isTotal: boolean
  majorId: number | null
  majorCode: string | null
  majorName: string | null
  departmentName: string | null
  graduationYear: number | null
  cohort: number
  placed: number
  placedOutside: number
  working: number
  absorbed: number
  placedPercent: number | null
  workingPercent: number | null
  absorbedPercent: number | null
}

/**
 * The learners of a cohort (a major and a graduation year; grade 12 = no year yet; not one who left school) and how many
 * of them were placed (through bursa or found outside it: `placedOutside` are those placed only
 * outside it) or working by the tracer study. Deleted placements do not count. School year `Y/Y+1` is the cohort
 * graduating in Y+1 (plus the grade-12 learners when it is the current school year: they graduate at its end); the
 * date range bounds the placement's acceptance date and the tracer answer's start date.
 *
 * "Working" without a date range: her current answer is bekerja/wirausaha. With one: **a version** of her answer
 * said so with a start date in the range (she started work then), as a placement accepted in the range counts
 * whatever became of it; of the versions about one job (same status and workplace), only the latest, so that a
 * corrected start date counts once. A later answer (she lost that job, or changed it) does not take her out of a past
 * range, and an answer given after the range about a start inside it counts: the tracer study asks afterwards.
 */
export function absorption(conn: Conn, f: ReportFilters) {
  // A later version about the same job (the same status and workplace, however written) corrects this one: a start
  // date typed in the wrong year must not count her in that year too. Another workplace, or another status, is a
  // change of her life, and the earlier job still began when it said.
  const correctedLater = sql`exists (select 1 from tracer_studies n where n.student_id = t.student_id
                     and n.version > t.version and n.career_status = t.career_status
                     and lower(btrim(n.institution_name)) = lower(btrim(t.institution_name)))`
  const range = { from: f.dateFrom, to: f.dateTo }
  const ranged = range.from || range.to
  const sy = f.schoolYear
  return rows<AbsorptionRow>(
    conn,
    sql`
    with learners as (
      select s.major_id, s.graduation_year, pl.placed, pl.placed and not pl.via_bursa as placed_outside,
             exists (select 1 from tracer_studies t where t.student_id = s.id
                     and t.career_status in ('bekerja', 'wirausaha')
                     and ${ranged ? sql`${dayIn(sql`t.start_date`, range)} and not ${correctedLater}` : sql`t.is_current`}) as working
      from students s
      cross join lateral (
        select count(*) > 0 as placed, coalesce(bool_or(p.source = 'bursa'), false) as via_bursa
        from placements p
        where p.student_id = s.id and p.deleted_at is null
              ${ranged ? sql`and ${dayIn(sql`p.accepted_at`, range)}` : sql``}
      ) pl
      ${whereAll(
        // A student who left school (keluar/mutasi) is in no cohort: not the school's graduate to place.
        sql`s.left_on is null`,
        f.majorId ? sql`s.major_id = ${f.majorId}` : undefined,
        sy
          ? sql`(s.graduation_year = ${sy.endYear}
                 or (s.graduation_year is null and ${sy.startYear} = ${schoolYearStartOf(schoolToday)}))`
          : undefined,
      )}
    ), grouped as (
      select grouping(l.major_id) = 1 as is_total, l.major_id, l.graduation_year,
             count(*)::int as cohort,
             (count(*) filter (where l.placed))::int as placed,
             (count(*) filter (where l.placed_outside))::int as placed_outside,
             (count(*) filter (where l.working))::int as working,
             (count(*) filter (where l.placed or l.working))::int as absorbed
      from learners l
      group by grouping sets ((l.major_id, l.graduation_year), ())
    )
    select g.is_total as "isTotal", m.id as "majorId", m.code as "majorCode", m.name as "majorName",
           d.name as "departmentName", g.graduation_year::int as "graduationYear", g.cohort, g.placed,
           g.placed_outside as "placedOutside", g.working,
           g.absorbed, ${percent(sql`g.placed`, sql`g.cohort`)} as "placedPercent",
           ${percent(sql`g.working`, sql`g.cohort`)} as "workingPercent",
           ${percent(sql`g.absorbed`, sql`g.cohort`)} as "absorbedPercent"
    from grouped g
    left join majors m on m.id = g.major_id and not g.is_total
    left join departments d on d.id = m.department_id
    order by g.is_total, m.code, g.graduation_year desc nulls first`,
  )
}

/**
 * Each alumna's tracer-study answer as it stood at the end of school day `asOf`: her latest version submitted up
 * to then (none when she had not answered yet); without `asOf`, her current answer. Rows: `student_id`, `columns`
 * (of `t`, tracer_studies), `submitted_at`, of the learners in `scope` (a relation with their `id`). What the
 * tracer-study report of a round reads, so that it does not change when an alumna answers again after the round
 * (docs/reports.md). `student_id desc, version desc`: the order of tracer_studies_version_key read backward, so the
 * planner can skip the sort.
 */
function tracerAnswersAsOf(columns: SQL, asOf: string | null, timeZone: string, scope: SQL): SQL {
  const from = sql`tracer_studies t join ${scope} on ${scope}.id = t.student_id`
  if (!asOf) return sql`select t.student_id, ${columns}, t.submitted_at from ${from} where t.is_current`
  return sql`
      select distinct on (t.student_id) t.student_id, ${columns}, t.submitted_at
      from ${from}
      ${whereAll(instantIn(sql`t.submitted_at`, { from: null, to: asOf }, timeZone))}
      order by t.student_id desc, t.version desc`
}

// ------------------------------------------------------------------ tracer study

export interface Share<K extends string> {
  key: K
  count: number
  percent: number | null
}

export interface TracerSummary {
  alumni: number
  respondents: number
  responseRate: number | null
  statuses: Share<(typeof CAREER_STATUSES)[number]>[]
  working: number
  waitingPeriod: { respondents: number; mean: number | null; median: number | null }
  startingSalary: { respondents: number; q1: number | null; median: number | null; q3: number | null }
  provinces: { province: string; count: number; percent: number | null }[]
  cities: { province: string | null; city: string; count: number; percent: number | null }[]
  jobFit: { respondents: number; shares: Share<(typeof JOB_FITS)[number]>[] }
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`

/**
 * The answers of the alumni in `scope` the tracer report reads: each one's answer as it stood at the range's end
 * (`tracerAnswersAsOf`; the current one without `date_to`), kept when it was submitted within the range (from
 * `date_from`): a round's respondents and figures stay as they were reported when alumni answer again in a later
 * round, and an answer given before the round and not renewed in it is not one of the round's.
 */
function tracerAnswers(f: ReportFilters): SQL {
  const asOf = tracerAnswersAsOf(
    sql`t.career_status, t.province, t.city, t.starting_salary, t.waiting_period_months, t.job_fit`,
    f.dateTo,
    f.timeZone,
    sql`scope`,
  )
  if (!f.dateFrom) return asOf
  return sql`
      select * from (${asOf}) latest
      ${whereAll(instantIn(sql`latest.submitted_at`, { from: f.dateFrom, to: null }, f.timeZone))}`
}

/**
 * The alumni in scope (graduation year = the school year's second year; major) and their tracer-study
 * answers (`tracerAnswers`: current, or as they stood in the date range). Working = bekerja or wirausaha:
 * their waiting period, starting salary, region and job fit.
 */
export async function tracerStudy(conn: Conn, f: ReportFilters): Promise<TracerSummary> {
  const [row] = await rows<{ summary: TracerSummary }>(
    conn,
    sql`
    with scope as (
      select s.id from students s
      ${whereAll(
        sql`s.graduation_year is not null`,
        sql`s.left_on is null`,
        f.schoolYear ? sql`s.graduation_year = ${f.schoolYear.endYear}` : undefined,
        f.majorId ? sql`s.major_id = ${f.majorId}` : undefined,
      )}
    ), answers as (${tracerAnswers(f)}
    ), working as (
      select * from answers where career_status in ('bekerja', 'wirausaha')
    ), counts as (
      select (select count(*) from scope)::int as alumni, (select count(*) from answers)::int as respondents,
             (select count(*) from working)::int as working,
             (select count(job_fit) from working)::int as with_fit
    ), by_status as (
      select career_status as key, count(*)::int as n from answers group by career_status
    ), by_fit as (
      select job_fit as key, count(*)::int as n from working where job_fit is not null group by job_fit
    )
    select json_build_object(
      'alumni', counts.alumni,
      'respondents', counts.respondents,
      'responseRate', ${percent(sql`counts.respondents`, sql`counts.alumni`)},
      'working', counts.working,
      'statuses', (
        select json_agg(json_build_object('key', k.key, 'count', coalesce(b.n, 0),
                        'percent', ${percent(sql`coalesce(b.n, 0)`, sql`counts.respondents`)}) order by k.ord)
        from unnest(${textArray(CAREER_STATUSES)}) with ordinality as k(key, ord)
        left join by_status b on b.key = k.key),
      'waitingPeriod', (
        select json_build_object('respondents', count(waiting_period_months)::int,
          'mean', round(avg(waiting_period_months), 2)::float8,
          'median', round((percentile_cont(0.5) within group (order by waiting_period_months))::numeric, 2)::float8)
        from working),
      'startingSalary', (
        select json_build_object('respondents', count(starting_salary)::int,
          'q1', round((percentile_cont(0.25) within group (order by starting_salary))::numeric)::bigint,
          'median', round((percentile_cont(0.5) within group (order by starting_salary))::numeric)::bigint,
          'q3', round((percentile_cont(0.75) within group (order by starting_salary))::numeric)::bigint)
        from working),
      'provinces', coalesce((
        select json_agg(json_build_object('province', r.province, 'count', r.n,
                        'percent', ${percent(sql`r.n`, sql`r.total`)}) order by r.n desc, r.province)
        from (select mode() within group (order by province) as province, count(*)::int as n,
                     sum(count(*)) over () as total
              from working where province is not null group by lower(province)) r), '[]'::json),
      'cities', coalesce((
        select json_agg(json_build_object('province', r.province, 'city', r.city, 'count', r.n,
                        'percent', ${percent(sql`r.n`, sql`r.total`)}) order by r.n desc, r.province, r.city)
        from (select mode() within group (order by province) as province, mode() within group (order by city) as city,
                     count(*)::int as n, sum(count(*)) over () as total
              from working where city is not null group by lower(province), lower(city)) r), '[]'::json),
      'jobFit', json_build_object('respondents', counts.with_fit, 'shares', (
        select json_agg(json_build_object('key', k.key, 'count', coalesce(b.n, 0),
                        'percent', ${percent(sql`coalesce(b.n, 0)`, sql`counts.with_fit`)}) order by k.ord)
        from unnest(${textArray(JOB_FITS)}) with ordinality as k(key, ord)
        left join by_fit b on b.key = k.key))
    ) as summary
    from counts`,
  )
  return row.summary
}

// ------------------------------------------------------------------ options

export interface ReportOptionsRow {
  schoolYears: number[]
  currentSchoolYear: number
  minDate: string | null
  maxDate: string | null
  majors: {
    id: number
    code: string
    name: string
    isActive: boolean
    department: { id: number; code: string; name: string }
  }[]
}

/**
 * The school years with data (first years, newest first): applications by their date (walked one
 * school year at a time on the created_at index, not scanned), tests, placements, tracer answers
 * and graduation cohorts; the first and last day with data; every major.
 */
export async function reportOptions(conn: Conn): Promise<ReportOptionsRow> {
  const [row] = await rows<ReportOptionsRow>(
    conn,
    sql`
    with recursive app_years(y) as (
      select ${schoolYearStartOf(schoolDayOf(sql`(select min(created_at) from applications)`))}
      union all
      select (select ${schoolYearStartOf(schoolDayOf(sql`min(a.created_at)`))} from applications a
              where a.created_at >= ${schoolDayStartOf(sql`make_date(app_years.y + 1, 7, 1)`)})
      from app_years where app_years.y is not null
    ), years as (
      select y from app_years where y is not null
      union select ${schoolYearStartOf(schoolDayOf(sql`scheduled_at`))} from test_schedules where status <> 'cancelled'
      union select ${schoolYearStartOf(sql`accepted_at`)} from placements where deleted_at is null
      union select ${schoolYearStartOf(schoolDayOf(sql`submitted_at`))} from tracer_studies
      union select distinct graduation_year - 1 from students where graduation_year is not null
    ), bounds as (
      select min(d) as min_date, max(d) as max_date from (
        select ${schoolDayOf(sql`(select min(created_at) from applications)`)} as d
        union all select ${schoolDayOf(sql`(select max(created_at) from applications)`)}
        union all select ${schoolDayOf(sql`min(scheduled_at)`)} from test_schedules where status <> 'cancelled'
        union all select ${schoolDayOf(sql`max(scheduled_at)`)} from test_schedules where status <> 'cancelled'
        union all select min(accepted_at) from placements where deleted_at is null
        union all select max(accepted_at) from placements where deleted_at is null
        union all select ${schoolDayOf(sql`min(submitted_at)`)} from tracer_studies
        union all select ${schoolDayOf(sql`max(submitted_at)`)} from tracer_studies
      ) all_days
    )
    select
      coalesce((select json_agg(y order by y desc) from years), '[]'::json) as "schoolYears",
      ${schoolYearStartOf(schoolToday)} as "currentSchoolYear",
      (select min_date::text from bounds) as "minDate",
      (select max_date::text from bounds) as "maxDate",
      coalesce((
        select json_agg(json_build_object('id', m.id, 'code', m.code, 'name', m.name, 'isActive', m.is_active,
                 'department', json_build_object('id', d.id, 'code', d.code, 'name', d.name))
               order by lower(d.name), d.name, lower(m.name), m.name, m.id)
        from majors m join departments d on d.id = m.department_id), '[]'::json) as majors`,
  )
  return row
}

/** The major a filter names (undefined when there is none: a 422). */
export async function major(conn: Conn, id: number) {
  const [found] = await rows<{ code: string; name: string }>(
    conn,
    sql`select code, name from majors where id = ${id}`,
  )
  return found
}

// ------------------------------------------------------------------ dashboard

export interface DashboardRow {
  schoolYear: number
  weekStart: string
  companies: { active: number; total: number }
  vacancies: { open: number; active: number }
  applications: Record<'total' | 'pending' | 'in_progress' | 'accepted' | 'rejected' | 'withdrawn', number>
  testsThisWeek: number
  attendanceAwaitingValidation: number
  placementsThisYear: number
  tracer: { alumni: number; respondents: number; responseRate: number | null }
  latestApplications: {
    id: number
    status: string
    createdAt: string
    applicantName: string
    vacancyId: number
    vacancyTitle: string
    companyName: string
  }[]
  latestPlacements: {
    id: number
    acceptedAt: string
    fullName: string
    position: string
    companyName: string
    source: 'bursa' | 'outside'
  }[]
}

/**
 * The front page in one statement: every figure a scalar subquery on an index (applications of the
 * school year on applications_created_idx, the validation queue on test_participants_validation_idx).
 * Superseded applications are not counted nor listed (the recruitment report's rule).
 * "This school year" and "this week" (Monday to Sunday) are the school calendar's.
 */
export async function dashboard(conn: Conn, latest: number): Promise<DashboardRow> {
  const [row] = await rows<DashboardRow>(
    conn,
    sql`
    with clock as (
      select ${schoolYearStartOf(schoolToday)} as sy, date_trunc('week', ${schoolToday})::date as week_start
    ), bounds as (
      select sy, week_start,
             make_date(sy, 7, 1) as sy_from, make_date(sy + 1, 6, 30) as sy_to,
             ${schoolDayStartOf(sql`make_date(sy, 7, 1)`)} as sy_start,
             ${schoolDayStartOf(sql`week_start`)} as week_from,
             ${schoolDayStartOf(sql`week_start + 7`)} as week_to
      from clock
    ), apps as (
      select count(*)::int as total,
             (count(*) filter (where a.status = 'pending'))::int as pending,
             (count(*) filter (where a.status = 'in_progress'))::int as in_progress,
             (count(*) filter (where a.status = 'accepted'))::int as accepted,
             (count(*) filter (where a.status = 'rejected'))::int as rejected,
             (count(*) filter (where a.status = 'withdrawn'))::int as withdrawn
      from applications a, bounds b
      where a.created_at >= b.sy_start and not a.superseded
    ), tracer as (
      select (select count(*) from students where graduation_year is not null and left_on is null)::int as alumni,
             (select count(*) from tracer_studies t join students s on s.id = t.student_id
              where t.is_current and s.graduation_year is not null and s.left_on is null)::int as respondents
    )
    select
      b.sy as "schoolYear",
      b.week_start::text as "weekStart",
      (select json_build_object('active', count(*) filter (where is_active), 'total', count(*)) from companies) as companies,
      (select json_build_object(
         'open', count(*) filter (where v.deadline >= ${schoolToday} and c.is_active and v.approval_status = 'approved'),
         'active', count(*))
       from job_vacancies v join companies c on c.id = v.company_id
       where v.is_active and v.deleted_at is null) as vacancies,
      (select row_to_json(apps) from apps) as applications,
      (select count(*)::int from test_schedules ts
       where ts.status <> 'cancelled' and ts.scheduled_at >= b.week_from and ts.scheduled_at < b.week_to) as "testsThisWeek",
      (select count(*)::int from ${testParticipants}
       join ${testSchedules} on ${testSchedules.id} = ${testParticipants.testScheduleId}
       where ${awaitsValidation} and ${testSchedules.status} <> 'cancelled') as "attendanceAwaitingValidation",
      (select count(*)::int from placements p
       where p.accepted_at between b.sy_from and b.sy_to and p.deleted_at is null) as "placementsThisYear",
      (select json_build_object('alumni', alumni, 'respondents', respondents,
                                'responseRate', ${percent(sql`respondents`, sql`alumni`)}) from tracer) as tracer,
      coalesce((
        select json_agg(json_build_object('id', x.id, 'status', x.status, 'createdAt', ${iso(sql`x.created_at`)},
                 'applicantName', s.full_name, 'vacancyId', v.id, 'vacancyTitle', v.title, 'companyName', c.name)
               order by x.created_at desc, x.id desc)
        from (select id, status, created_at, student_id, job_vacancy_id from applications
              where not superseded
              order by created_at desc, id desc limit ${latest}) x
        join students s on s.id = x.student_id
        join job_vacancies v on v.id = x.job_vacancy_id
        join companies c on c.id = v.company_id), '[]'::json) as "latestApplications",
      coalesce((
        select json_agg(json_build_object('id', x.id, 'acceptedAt', x.accepted_at::text, 'fullName', s.full_name,
                 'position', x.position, 'companyName', coalesce(c.name, x.company_name), 'source', x.source)
               order by x.accepted_at desc, x.id desc)
        from (select id, accepted_at, student_id, company_id, company_name, position, source from placements
              where deleted_at is null
              order by accepted_at desc, id desc limit ${latest}) x
        join students s on s.id = x.student_id
        left join companies c on c.id = x.company_id), '[]'::json) as "latestPlacements"
    from bounds b`,
  )
  return row
}
