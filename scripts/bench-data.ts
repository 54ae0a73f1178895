import type pg from 'pg'
import { hashPassword } from '../src/modules/auth/passwords.js'

/** The password of every generated account. */
export const BENCH_PASSWORD = 'bench-password'

export interface Sizes {
  learners: number
  /** Learners 1..siswa are grade-12 students; the rest are alumni. */
  siswa: number
  companies: number
  vacancies: number
  applications: number
  /** Majors (three per department); 24 unless given. */
  majors?: number
  /** Percentage of vacancies whose deadline is ahead (10% of all are switched off besides); 40 unless given. */
  openPercent?: number
}

/** Admin accounts (`admin1@bench.test` …): the reports are loaded by this many at once. */
export const BENCH_ADMINS = 10

/** DESIGN section 7's district scale, times `scale`. */
export function sizesFor(scale: number): Sizes {
  const n = (x: number) => Math.max(10, Math.round(x * scale))
  const learners = n(50_000)
  return {
    learners,
    siswa: Math.round(learners * 0.4),
    companies: n(2_000),
    vacancies: n(20_000),
    applications: Math.max(100, Math.round(1_000_000 * scale)),
    majors: 24,
    openPercent: 40,
  }
}

/** One school (issue 12): 3,000 learners, 150 companies, 400 vacancies (a third open), 30,000 applications. */
export function schoolSizes(): Sizes {
  return {
    learners: 3_000,
    siswa: 1_200,
    companies: 150,
    vacancies: 400,
    applications: 30_000,
    majors: 8,
    openPercent: 33,
  }
}

const CITIES = [
  ['Bandung', 'Jawa Barat'],
  ['Bekasi', 'Jawa Barat'],
  ['Karawang', 'Jawa Barat'],
  ['Jakarta Selatan', 'DKI Jakarta'],
  ['Jakarta Utara', 'DKI Jakarta'],
  ['Surabaya', 'Jawa Timur'],
  ['Semarang', 'Jawa Tengah'],
  ['Tangerang', 'Banten'],
  ['Batam', 'Kepulauan Riau'],
  ['Denpasar', 'Bali'],
]
const cityArr = `array[${CITIES.map((c) => `'${c[0]}'`).join(',')}]`
const provArr = `array[${CITIES.map((c) => `'${c[1]}'`).join(',')}]`
const CATEGORIES = [
  'teknologi_informasi',
  'telekomunikasi',
  'otomotif',
  'manufaktur',
  'elektronika',
  'akuntansi_keuangan',
  'administrasi_perkantoran',
  'perhotelan_pariwisata',
]
const catArr = `array[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`

/**
 * Fills an empty, migrated database with generated data in server-side bulk SQL
 * (INSERT ... SELECT generate_series): nothing row by row from Node. Row ids are 1..n in insertion
 * order (a fresh database), which the statements rely on and `check` verifies.
 * Returns the seconds each step took.
 */
export async function generate(client: pg.Client, s: Sizes, log: (line: string) => void = () => {}) {
  const hash = await hashPassword(BENCH_PASSWORD)
  const steps: Record<string, number> = {}
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const t = performance.now()
    const res = await client.query(sql, params)
    const seconds = (performance.now() - t) / 1000
    steps[name] = Math.round(seconds * 100) / 100
    log(
      `  ${name.padEnd(22)} ${String(res.rowCount ?? '').padStart(9)} rows ${seconds.toFixed(2).padStart(7)} s`,
    )
  }
  const { learners: L, siswa: S, companies: C, vacancies: V, applications: A, majors: M = 24 } = s
  // The data is consistent by construction: skip the per-row foreign-key triggers while loading,
  // and build the big tables' secondary indexes once at the end instead of row by row.
  await client.query(`set session_replication_role = replica`)
  await client.query(`set maintenance_work_mem = '256MB'`)
  const { rows: deferred } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
     where i.schemaname = 'public' and i.tablename in ('applications', 'application_events') and not x.indisprimary
       and not exists (select 1 from pg_constraint k where k.conindid = c.oid)`,
  )
  for (const d of deferred) await client.query(`drop index ${d.name}`)

  await step(
    'departments',
    `insert into departments (code, name) select 'D' || g, 'Bidang Keahlian ' || g from generate_series(1, ${Math.ceil(M / 3)}) g`,
  )
  await step(
    'majors',
    `insert into majors (department_id, code, name)
     select (g - 1) / 3 + 1, 'M' || lpad(g::text, 2, '0'), 'Kompetensi Keahlian ' || g from generate_series(1, ${M}) g`,
  )
  await step(
    'companies',
    `insert into companies (name, industry, email, phone, city, province, is_active)
     select 'PT Mitra Industri ' || g, (array['Manufaktur','Otomotif','Teknologi','Perhotelan','Ritel'])[1 + g % 5],
            'hr' || g || '@mitra.test', '021' || lpad(g::text, 8, '0'),
            (${cityArr})[1 + g % 10], (${provArr})[1 + g % 10], g % 50 <> 0
     from generate_series(1, ${C}) g`,
  )
  await step(
    'users (admin, hrd)',
    `insert into users (email, password_hash, full_name, role, company_id)
     select 'admin@bench.test', $1, 'Admin Bench', 'admin', null
     union all
     select 'hrd' || g || '@bench.test', $1, 'HRD Mitra ' || g, 'hrd', g from generate_series(1, ${C}) g`,
    [hash],
  )
  await step(
    'users (learners)',
    `insert into users (email, password_hash, full_name, role)
     select 'peserta' || g || '@bench.test', $1, 'Peserta ' || g, case when g <= ${S} then 'siswa' else 'alumni' end
     from generate_series(1, ${L}) g`,
    [hash],
  )
  await step(
    'students',
    `insert into students (user_id, nis, nisn, full_name, major_id, class_name, graduation_year, gender,
                           birth_place, birth_date, address, city, province, phone, email)
     select ${C + 1} + g, 'N' || lpad(g::text, 7, '0'), lpad(g::text, 10, '0'), 'Peserta ' || g, 1 + g % ${M},
            case when g <= ${S} then 'XII-' || (1 + g % 4) end,
            case when g > ${S} then 2021 + g % 5 end,
            case when g % 2 = 0 then 'L' else 'P' end, (${cityArr})[1 + g % 10],
            date '2004-01-01' + (g % 1500), 'Jl. Contoh No. ' || g, (${cityArr})[1 + (g / 7) % 10],
            (${provArr})[1 + (g / 7) % 10], '0813' || lpad(g::text, 8, '0'), 'peserta' || g || '@bench.test'
     from generate_series(1, ${L}) g`,
  )
  await step(
    'files (one CV each)',
    `insert into files (student_id, uploaded_by, category, title, original_name, mime_type, size, storage_key)
     select g, ${C + 1} + g, 'cv', 'CV', 'cv.pdf', 'application/pdf', 48213, 'bench/cv/' || g
     from generate_series(1, ${L}) g`,
  )
  // openPercent open (deadline ahead), 10% switched off, targets all/siswa/alumni.
  await step(
    'job_vacancies',
    `insert into job_vacancies (company_id, title, position, description, qualifications, benefits, category, job_type,
                                work_location, city, province, min_salary, max_salary, quota, deadline, target,
                                is_active, created_by, created_at, updated_at)
     select 1 + g % ${C}, 'Lowongan ' || (array['Operator Produksi','Teknisi','Staf Administrasi','Programmer','Kasir'])[1 + g % 5] || ' ' || g,
            (array['Operator','Teknisi','Staf','Programmer','Kasir'])[1 + g % 5],
            'Deskripsi pekerjaan lowongan ' || g || '. Bekerja dalam tim, shift pagi dan malam.',
            'Lulusan SMK, sehat jasmani dan rohani, bersedia bekerja shift.', 'BPJS, makan siang',
            (${catArr})[1 + g % 8], (array['full_time','contract','internship','part_time'])[1 + g % 4],
            'Kawasan Industri ' || (1 + g % 30), (${cityArr})[1 + g % 10], (${provArr})[1 + g % 10],
            3000000 + (g % 10) * 250000, 4500000 + (g % 10) * 250000, 1 + g % 20, d.deadline,
            (array['all','all','siswa','alumni'])[1 + g % 4], g % 10 <> 0, ${C + 1} + (g % ${C}),
            d.deadline - (30 + g % 60) * interval '1 day', d.deadline - (30 + g % 60) * interval '1 day'
     from generate_series(1, ${V}) g,
          lateral (select case when g % 100 < ${s.openPercent ?? 40} then current_date + 1 + g % 90 else current_date - 1 - g % 700 end as deadline) d`,
  )
  // With the vacancy's copies the student list reads (written by triggers, which replica mode skips).
  await step(
    'job_vacancy_majors',
    `insert into job_vacancy_majors (job_vacancy_id, major_id, vacancy_created_at, vacancy_deadline, vacancy_target, listed)
     select x.g, x.major, v.created_at, v.deadline, v.target, v.is_active and v.deleted_at is null and c.is_active
     from (select g, 1 + g % ${M} as major from generate_series(1, ${V}) g
           union all select g, 1 + (g + 7) % ${M} from generate_series(1, ${V}) g where g % 3 <> 0
           union all select g, 1 + (g + 13) % ${M} from generate_series(1, ${V}) g where g % 3 = 2) x
     join job_vacancies v on v.id = x.g join companies c on c.id = v.company_id`,
  )
  // Student g % L, vacancy (k * 997 + student * 37) % V for its k-th application: unique pairs
  // while 997 and V are coprime (checked by the unique index).
  await step(
    'applications',
    `insert into applications (job_vacancy_id, student_id, applicant_role, status, cover_letter, review_decision,
                               reviewed_by, reviewed_at, created_at, updated_at)
     select x.vac, x.stu, case when x.stu <= ${S} then 'siswa' else 'alumni' end, x.status,
            case when x.g % 3 = 0 then 'Dengan hormat, saya mengajukan lamaran.' end,
            case when x.status in ('in_progress', 'accepted') then 'lolos' when x.status = 'rejected' then 'tidak_lolos' end,
            case when x.status in ('in_progress', 'accepted', 'rejected') then ${C + 1} + x.vac % ${C} end,
            case when x.status in ('in_progress', 'accepted', 'rejected') then x.created_at + interval '3 days' end,
            x.created_at, x.created_at
     from (
       select g, 1 + (g % ${L}) as stu,
              1 + (((g / ${L}) * 997 + (1 + g % ${L}) * 37) % ${V}) as vac,
              case when (g * 7) % 100 < 50 then 'pending' when (g * 7) % 100 < 70 then 'in_progress'
                   when (g * 7) % 100 < 80 then 'accepted' when (g * 7) % 100 < 95 then 'rejected' else 'withdrawn' end as status,
              least(now(), now() - interval '730 days' + (g % 730) * interval '1 day') as created_at
       from generate_series(0, ${A - 1}) g
     ) x`,
  )
  // The vacancies' majors as answers show them (kept by triggers too, in migration 0009).
  await step('job_vacancies.majors', `select vacancy_majors_refresh(array(select id from job_vacancies))`)
  // The vacancies' counters (the trigger that keeps them does not fire in replica mode).
  await step(
    'vacancy counters',
    `update job_vacancies v set applicant_count = c.applicants, accepted_count = c.accepted
     from (select job_vacancy_id, count(*)::int as applicants, (count(*) filter (where status = 'accepted'))::int as accepted
           from applications group by job_vacancy_id) c
     where c.job_vacancy_id = v.id`,
  )
  await step(
    'application_events',
    `insert into application_events (application_id, stage, status, actor_name, at)
     select id, 'applied', 'pending', 'Peserta', created_at from applications`,
  )
  await step(
    'application_events (2)',
    `insert into application_events (application_id, stage, status, actor_name, at)
     select id, 'review', status, 'HRD', reviewed_at from applications where reviewed_at is not null`,
  )
  // Tests for every 20th vacancy; the reviewed applicants of those vacancies take part.
  await step(
    'test_schedules',
    `insert into test_schedules (company_id, job_vacancy_id, name, kind, scheduled_at, duration_minutes, location, minimum_score, created_at, updated_at)
     select v.company_id, v.id, 'Tes ' || v.id, (array['psikotes','tes_tulis','praktik','wawancara','mcu'])[1 + v.id % 5],
            v.deadline + interval '7 days 9 hours', 90, 'Aula SMK', 70, v.created_at, v.created_at
     from job_vacancies v where v.id % 20 = 0`,
  )
  await step(
    'test_participants',
    `insert into test_participants (test_schedule_id, application_id, attendance_status, marked_at, validation_status,
                                    validated_at, score, created_at)
     select t.id, a.id, (array['hadir','hadir','hadir','izin','alpa', null])[1 + a.id % 6],
            case when a.id % 6 <> 5 then t.scheduled_at end,
            case when a.id % 6 = 5 then 'pending' when a.id % 4 = 0 then 'pending' else 'verified' end,
            case when a.id % 6 <> 5 and a.id % 4 <> 0 then t.scheduled_at + interval '1 day' end,
            case when a.id % 6 < 3 then 50 + a.id % 50 end, t.created_at
     from test_schedules t join applications a on a.job_vacancy_id = t.job_vacancy_id
     where a.status in ('in_progress', 'accepted', 'rejected')`,
  )
  await step(
    'selection_results',
    `insert into selection_results (application_id, psychotest_score, interview_score, mcu_score, final_score, decision,
                                    is_published, published_at)
     select a.id, 60 + a.id % 40, 55 + a.id % 45, 70 + a.id % 30, 62 + a.id % 38,
            case a.status when 'accepted' then 'diterima' else 'tidak_diterima' end, true, a.reviewed_at + interval '10 days'
     from applications a where a.status in ('accepted', 'rejected') and a.job_vacancy_id % 20 = 0`,
  )
  await step(
    'placements',
    `insert into placements (application_id, student_id, company_id, job_vacancy_id, position, accepted_at, start_date, status)
     select distinct on (a.student_id) a.id, a.student_id, v.company_id, v.id, v.position,
            (a.reviewed_at + interval '10 days')::date, (a.reviewed_at + interval '30 days')::date,
            (array['active','active','contract_extended','permanent','resigned'])[1 + a.id % 5]
     from applications a join job_vacancies v on v.id = a.job_vacancy_id
     where a.status = 'accepted' and a.job_vacancy_id % 20 = 0
     order by a.student_id, a.created_at`,
  )
  await step(
    'tracer_studies',
    `insert into tracer_studies (student_id, version, is_current, career_status, institution_name, job_title, sector,
                                 city, province, starting_salary, waiting_period_months, job_fit, start_date, submitted_at)
     select s.id, 1, true, (array['bekerja','bekerja','bekerja','wirausaha','lanjut_studi','mencari_kerja'])[1 + s.id % 6],
            case when s.id % 6 < 5 then 'Instansi ' || (s.id % 500) end,
            case when s.id % 6 < 4 then 'Operator' end, case when s.id % 6 < 4 then 'Manufaktur' end,
            (${cityArr})[1 + s.id % 10], (${provArr})[1 + s.id % 10],
            case when s.id % 6 < 4 then 3500000 + (s.id % 20) * 150000 end,
            case when s.id % 6 < 4 then s.id % 13 end,
            case when s.id % 6 < 4 then (array['sangat_sesuai','sesuai','kurang_sesuai','tidak_sesuai'])[1 + s.id % 4] end,
            case when s.id % 6 < 4 then make_date(s.graduation_year, 8, 1) end,
            make_date(s.graduation_year, 11, 1) + (s.id % 300) * interval '1 day'
     from students s where s.graduation_year is not null and s.id % 10 < 6`,
  )
  // The other admins, after every id the statements above rely on.
  await step(
    'users (more admins)',
    `insert into users (email, password_hash, full_name, role)
     select 'admin' || g || '@bench.test', $1, 'Admin Bench ' || g, 'admin' from generate_series(2, ${BENCH_ADMINS}) g`,
    [hash],
  )
  let t = performance.now()
  for (const d of deferred) await client.query(d.def)
  steps.indexes = Math.round((performance.now() - t) / 10) / 100
  log(
    `  ${'indexes'.padEnd(22)} ${String(deferred.length).padStart(9)}      ${steps.indexes.toFixed(2).padStart(7)} s`,
  )
  await client.query(`set session_replication_role = default`)
  // VACUUM as well: a loaded table's visibility map is empty until autovacuum comes by, and index-only
  // scans (the student list, HR's applicant list, the reports) would read the heap until then.
  t = performance.now()
  await client.query('vacuum (analyze)')
  steps.analyze = Math.round((performance.now() - t) / 10) / 100
  log(`  ${'vacuum, analyze'.padEnd(22)} ${''.padStart(9)}      ${steps.analyze.toFixed(2).padStart(7)} s`)
  await check(client, s)
  return steps
}

/** The ids the statements assumed (1..n per table, learners after the admin and HR accounts). */
async function check(client: pg.Client, s: Sizes) {
  const { rows } = await client.query<Record<string, number>>(
    `select (select max(id) from students)::int as students, (select max(id) from job_vacancies)::int as vacancies,
            (select min(id) from users where role in ('siswa', 'alumni'))::int as first_learner,
            (select count(*) from applications)::int as applications`,
  )
  const r = rows[0]
  const expected = {
    students: s.learners,
    vacancies: s.vacancies,
    first_learner: s.companies + 2,
    applications: s.applications,
  }
  for (const [k, v] of Object.entries(expected)) {
    if (r[k] !== v) throw new Error(`generated data: ${k} is ${r[k]}, expected ${v} (not a fresh database?)`)
  }
}

/**
 * A token for every account, made in SQL: the secret is derived from the user id, so the bench
 * knows each plain token without logging in. Returns nothing; see `tokenFor`.
 */
export async function issueBenchTokens(client: pg.Client) {
  await client.query(
    `insert into access_tokens (user_id, name, token_hash, expires_at, last_used_at)
     select u.id, 'bench', encode(sha256(convert_to(${SECRET_SQL}, 'UTF8')), 'hex'), now() + interval '1 day', now()
     from users u`,
  )
}
const SECRET_SQL = `substr(md5('bench-a' || u.id) || md5('bench-b' || u.id), 1, 40)`

/** `<token id>|<secret>` for the given users, keyed by user id. */
export async function tokensFor(client: pg.Client, userIds: number[]): Promise<Map<number, string>> {
  const { rows } = await client.query<{ user_id: number; token: string }>(
    `select u.id as user_id, t.id || '|' || ${SECRET_SQL} as token
     from users u join access_tokens t on t.user_id = u.id and t.name = 'bench'
     where u.id = any($1::int[])`,
    [userIds],
  )
  return new Map(rows.map((r) => [r.user_id, r.token]))
}
