/**
 * A test day at the school hall (the venue audit): the demo's HR (PT Astra Otoparts) runs a test of 40
 * participants. The learners (accounts with `password123`) and their in-progress applications are written to the
 * service's database in one statement (no screen makes forty applicants quickly); the test is made through HR's
 * API, then set to have begun five minutes ago (no screen sets a past time).
 */
import type { Page } from 'playwright-core'
import { apiAs } from './browser.js'
import type { RunningService } from './server.js'

const FIRST = ['Agus', 'Bayu', 'Citra', 'Dewi', 'Eko', 'Fajar', 'Gita', 'Hendra', 'Indah', 'Joko']

export interface Venue {
  vacancyId: number
  scheduleId: number
  emails: string[]
  /** "Agus V01" … "Joko V40", in the order of `emails` */
  names: string[]
}

/** 40 in-progress applicants of one of HR's vacancies (HR signed in on `page`), in a test begun 5 minutes ago. */
export async function aVenue(svc: RunningService, page: Page): Promise<Venue> {
  const vacancies = await apiAs(page, svc.url, '/api/hrd/job-vacancies?per_page=100')
  const vacancy = vacancies.body.data.find((v: { isActive: boolean }) => v.isActive) ?? vacancies.body.data[0]
  const [major] = await svc.query(
    'select major_id from job_vacancy_majors where job_vacancy_id = $1 limit 1',
    [vacancy.id],
  )
  const [hash] = await svc.query(`select password_hash from users where email = 'siswa@demo.test'`)
  const names = Array.from({ length: 40 }, (_, i) => `${FIRST[i % 10]} V${String(i + 1).padStart(2, '0')}`)
  const emails = names.map((_, i) => `peserta.v${i + 1}@venue.test`)
  const nis = names.map((_, i) => `9V${String(i + 1).padStart(4, '0')}`)
  const rows = await svc.query(
    `with u as (
       insert into users (email, password_hash, full_name, role)
       select e, $2, n, 'siswa' from unnest($3::text[], $4::text[]) as x(e, n)
       returning id, email),
     s as (
       insert into students (user_id, nis, full_name, major_id, class_name, phone, email)
       select u.id, x.nis, x.n, $5, 'XII TKR 1', '081234567890', x.e
       from unnest($3::text[], $4::text[], $6::text[]) as x(e, n, nis) join u on u.email = x.e
       returning id, email),
     a as (
       insert into applications (job_vacancy_id, student_id, applicant_role, status, review_decision, reviewed_at)
       select $1, s.id, 'siswa', 'in_progress', 'lolos', now() from s
       returning id, student_id),
     ev as (
       insert into application_events (application_id, stage, status)
       select a.id, st, ss from a, (values ('applied', 'pending'), ('document_review', 'lolos')) v(st, ss))
     select a.id from a`,
    [vacancy.id, hash.password_hash, emails, names, major.major_id, nis],
  )
  const created = await apiAs(page, svc.url, '/api/hrd/test-schedules', 'POST', {
    job_vacancy_id: vacancy.id,
    name: 'Wawancara sesi 1',
    kind: 'wawancara',
    scheduled_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    location: 'Aula sekolah',
    duration_minutes: 180,
    application_ids: rows.map((r) => r.id as number),
  })
  if (created.status !== 201) throw new Error(`schedule: ${created.status} ${JSON.stringify(created.body)}`)
  const scheduleId = created.body.data.id as number
  await svc.query(`update test_schedules set scheduled_at = now() - interval '5 minutes' where id = $1`, [
    scheduleId,
  ])
  return { vacancyId: vacancy.id, scheduleId, emails, names }
}

/** A learner's check-in over HTTP (their own phone) with the code HR's page shows now. */
export async function checkInOverApi(base: string, email: string, code: string) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: 'password123' }),
  })
  const token = (await login.json()).data.token
  const res = await fetch(`${base}/api/test-check-ins`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  })
  return res.status
}
