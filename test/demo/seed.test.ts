import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { applications, files, students, users } from '../../src/db/schema/index.js'
import { DEMO_ACCOUNTS, DEMO_EMAILS, DEMO_PASSWORD, seedDemo } from '../../src/demo/seed.js'
import { localStorage } from '../../src/storage/storage.js'
import { type Caller, call, useTestApp } from '../support/app.js'

const t = useTestApp()

const tokens = new Map<string, Caller>()
/** Logs in over HTTP with the demo password, once per account. */
async function as(email: string): Promise<Caller> {
  if (!tokens.has(email)) {
    const res = await call(t, 'POST', '/api/login', { body: { email, password: DEMO_PASSWORD } })
    expect(res.status, `login ${email}`).toBe(200)
    tokens.set(email, { authorization: `Bearer ${res.body.data.token}` })
  }
  return tokens.get(email)!
}

const get = async (email: string, url: string, query?: Record<string, string | number | boolean>) => {
  const res = await call(t, 'GET', url, { as: await as(email), query })
  expect(res.status, url).toBe(200)
  return res.body
}

/** Downloads a file the way the web client does; answers its status, type and bytes. */
async function download(email: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: (await as(email)) as Record<string, string> })
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload }
}

/** Every `n 0 obj` of the cross-reference table is where the table says: a PDF a reader opens. */
function expectValidPdf(bytes: Buffer) {
  const text = bytes.toString('latin1')
  expect(text.startsWith('%PDF-1.')).toBe(true)
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
  const xref = Number(text.match(/startxref\n(\d+)/)![1])
  expect(text.slice(xref, xref + 4)).toBe('xref')
  const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
  expect(offsets.length).toBeGreaterThan(3)
  expect(offsets.map((o, i) => text.slice(o, o + `${i + 1} 0 obj`.length))).toEqual(
    offsets.map((_, i) => `${i + 1} 0 obj`),
  )
}

const currentSchoolYear = () => {
  const d = new Date(Date.now() + 7 * 3_600_000)
  const y = d.getUTCMonth() >= 6 ? d.getUTCFullYear() : d.getUTCFullYear() - 1
  return { current: `${y}/${y + 1}`, lastCohort: `${y - 1}/${y}` }
}

let seconds = 0
beforeAll(async () => {
  const started = performance.now()
  expect(await seedDemo(t.db, localStorage(join(t.dataDir, 'files')))).toBe(true)
  seconds = (performance.now() - started) / 1000
}, 60_000)

describe('seedDemo: a believable school year on an empty database', () => {
  it('writes quickly, once: a second run on a seeded database writes nothing and leaves no file behind', async () => {
    expect(seconds, 'seeding time (s)').toBeLessThan(10)
    const countFiles = () =>
      readdirSync(join(t.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((f) =>
        f.isFile(),
      ).length
    const [before, rows] = [countFiles(), await t.db.select().from(files)]
    expect(before).toBe(rows.length)
    expect(await seedDemo(t.db, localStorage(join(t.dataDir, 'files')))).toBe(false)
    expect(countFiles()).toBe(before)
    expect(await t.db.select().from(users)).toHaveLength(DEMO_EMAILS.length)
  })

  it('every account shares one demo-password hash (computed once); every learner has a complete profile and every one with an account a CV', async () => {
    const accounts = await t.db.select().from(users)
    expect(new Set(accounts.map((u) => u.passwordHash)).size).toBe(1)
    expect(accounts.map((u) => u.email).sort()).toEqual([...DEMO_EMAILS].sort())
    for (const a of DEMO_ACCOUNTS) await as(a.email)
    const learners = await t.db.select().from(students)
    expect(learners.length).toBeGreaterThanOrEqual(30)
    for (const s of learners) {
      expect(
        s.phone && s.address && s.birthDate && s.nisn && s.gender && s.birthPlace,
        s.fullName,
      ).toBeTruthy()
    }
    const cvs = new Set(
      (await t.db.select().from(files)).filter((f) => f.category === 'cv').map((f) => f.studentId),
    )
    expect(learners.filter((s) => s.userId !== null).every((s) => cvs.has(s.id))).toBe(true)
    expect(learners.filter((s) => s.graduationYear === null).length).toBeGreaterThanOrEqual(15)
    expect(learners.filter((s) => s.graduationYear !== null).length).toBeGreaterThanOrEqual(12)
  })

  it('the student and the alumna see their CV in the portfolio and can download it', async () => {
    for (const [email, path] of [
      ['siswa@demo.test', '/api/siswa/portfolio/profile'],
      ['alumni@demo.test', '/api/alumni/portfolio/profile'],
    ]) {
      const { data } = await get(email, path)
      const cv = data.files.find((f: { category: string }) => f.category === 'cv')
      expect(cv, email).toBeTruthy()
      const file = await download(email, cv.downloadUrl)
      expect(file.status).toBe(200)
      expect(file.type).toContain('application/pdf')
      expectValidPdf(file.bytes)
    }
  })

  it('the student sees his applications, timelines and notifications, and applies at once to an open vacancy (201)', async () => {
    const mine = await get('siswa@demo.test', '/api/my-applications')
    expect(mine.data.map((a: { status: string }) => a.status).sort()).toEqual(['accepted', 'in_progress'])
    const notes = await get('siswa@demo.test', '/api/notifications')
    expect(notes.data.map((n: { kind: string }) => n.kind).sort()).toEqual([
      'application.reviewed',
      'application.reviewed',
      'selection.published',
      'test.scheduled',
      'test.scheduled',
    ])
    expect(notes.meta.unreadCount).toBeGreaterThan(0)

    const list = await get('siswa@demo.test', '/api/job-vacancies')
    const titles = list.data.map((v: { title: string }) => v.title).sort()
    expect(titles).toEqual(['Mekanik Junior Kendaraan Ringan', 'Program Magang Teknisi Perakitan'])
    const open = list.data.find((v: { title: string }) => v.title === 'Mekanik Junior Kendaraan Ringan')
    const detail = await get('siswa@demo.test', `/api/job-vacancies/${open.id}`)
    expect(detail.data).toMatchObject({ canApply: true, reasons: [], application: null })
    const applied = await call(t, 'POST', `/api/job-vacancies/${open.id}/apply`, {
      as: await as('siswa@demo.test'),
      body: { cover_letter: 'Saya siap bekerja.' },
    })
    expect(applied.status).toBe(201)
  })

  it('the accepted applicant sees the published result with scores, the whole timeline and a downloadable letter', async () => {
    const mine = await get('siswa@demo.test', '/api/my-applications', { status: 'accepted' })
    const { data } = await get('siswa@demo.test', `/api/my-applications/${mine.data[0].id}`)
    expect(data.result).toMatchObject({
      decision: 'diterima',
      psychotestScore: 84,
      finalScore: expect.any(Number),
    })
    expect(data.timeline.map((e: { stage: string }) => e.stage)).toEqual([
      'applied',
      'document_review',
      'test_scheduled',
      'test_attendance',
      'selection_scored',
      'selection_published',
    ])
    expect(data.placement).toBeTruthy()
    expect(data.acceptanceLetterUrl).toBe(data.result.letterUrl)
    const letter = await download('siswa@demo.test', data.acceptanceLetterUrl)
    expect(letter.status).toBe(200)
    expect(letter.type).toContain('application/pdf')
    expectValidPdf(letter.bytes)
  })

  it('the alumna sees her tracer-study answer, her applications, and can apply at once to an open vacancy', async () => {
    const tracer = await get('alumni@demo.test', '/api/alumni/tracer-study')
    expect(tracer.data.current).toMatchObject({ version: 1, careerStatus: 'mencari_kerja' })
    const mine = await get('alumni@demo.test', '/api/my-applications')
    expect(mine.data.map((a: { status: string }) => a.status).sort()).toEqual(['in_progress', 'rejected'])
    const list = await get('alumni@demo.test', '/api/job-vacancies')
    const webdev = list.data.find((v: { title: string }) => v.title === 'Junior Web Developer')
    expect((await get('alumni@demo.test', `/api/job-vacancies/${webdev.id}`)).data.canApply).toBe(true)
    const applied = await call(t, 'POST', `/api/job-vacancies/${webdev.id}/apply`, {
      as: await as('alumni@demo.test'),
      body: {},
    })
    expect(applied.status).toBe(201)
  })

  it('HR sees applicants in every status, validated, waiting and upcoming tests, published results and placements', async () => {
    const hr = 'hrd@demo.test'
    for (const status of ['pending', 'in_progress', 'accepted', 'rejected', 'withdrawn'])
      expect((await get(hr, '/api/hrd/applicant-reviews', { status })).meta.total, status).toBeGreaterThan(0)
    const stats = (await get(hr, '/api/hrd/job-vacancies/statistics')).data
    expect(Object.values(stats.applicants).every((n) => (n as number) > 0)).toBe(true)
    expect(stats.quota.filled).toBeGreaterThan(0)

    const published = (await get(hr, '/api/hrd/selection-results', { published: true, per_page: 100 })).data
    const decisions = new Set(published.map((r: { decision: string }) => r.decision))
    expect([...decisions].sort()).toEqual(['cadangan', 'diterima', 'tidak_diterima'])
    expect(published.find((r: { decision: string }) => r.decision === 'cadangan').status).toBe('in_progress')
    expect(published.filter((r: { letter: unknown }) => r.letter).length).toBeGreaterThan(0)
    // Rejected at review too, not only at publication.
    const rejected = (await get(hr, '/api/hrd/applicant-reviews', { status: 'rejected', per_page: 100 })).data
    expect(
      rejected.some(
        (r: { reviewDecision?: string; id: number }) =>
          !published.some((p: { applicationId: number }) => p.applicationId === r.id),
      ),
    ).toBe(true)

    const now = Date.now()
    const schedules = (await get(hr, '/api/hrd/test-schedules', { per_page: 100 })).data
    const held = schedules.filter((s: { scheduledAt: string }) => Date.parse(s.scheduledAt) < now)
    const waiting = held.find((s: { validation: { pending: number } }) => s.validation.pending > 0)
    expect(waiting.attendance.unmarked).toBe(0)
    expect(waiting.attendance.hadir).toBeGreaterThan(0)
    expect(held.some((s: { validation: { verified: number } }) => s.validation.verified > 0)).toBe(true)
    const upcoming = schedules.find((s: { scheduledAt: string }) => Date.parse(s.scheduledAt) > now)
    expect(upcoming.participantCount).toBeGreaterThan(0)

    const placed = (await get(hr, '/api/hrd/job-placements', { per_page: 100 })).data
    expect(placed.length).toBeGreaterThanOrEqual(3)
    expect(placed.some((p: { checkins: unknown[] }) => p.checkins.length > 0)).toBe(true)
  })

  it('admin sees attendance awaiting validation, a dashboard and four reports with figures for this school year', async () => {
    const admin = 'admin@demo.test'
    const queue = await get(admin, '/api/admin/attendances/queue')
    expect(queue.meta.total).toBeGreaterThan(0)
    // Upcoming tests open their records at once; the held one waits with HR's marks.
    const held = queue.data.filter(
      (a: { schedule: { scheduledAt: string } }) => Date.parse(a.schedule.scheduledAt) < Date.now(),
    )
    expect(held.length).toBeGreaterThan(0)
    expect(held.every((a: { attendanceStatus: string | null }) => a.attendanceStatus !== null)).toBe(true)
    expect((await get(admin, '/api/admin/attendances/history')).meta.total).toBeGreaterThan(0)

    const { current, lastCohort } = currentSchoolYear()
    const d = (await get(admin, '/api/admin/dashboard')).data
    expect(d.schoolYear).toBe(current)
    expect(Object.values(d.applications.byStatus).every((n) => (n as number) > 0)).toBe(true)
    expect(d.testsThisWeek).toBeGreaterThan(0)
    expect(d.attendanceAwaitingValidation).toBe(queue.meta.total)
    expect(d.placementsThisSchoolYear).toBeGreaterThan(0)
    expect(d.tracerStudy.respondents).toBeGreaterThan(0)
    expect(d.latestPlacements.length).toBeGreaterThan(0)

    const report = async (name: string, school_year?: string) =>
      (await get(admin, `/api/admin/reports/${name}`, school_year ? { school_year } : undefined)).data
    const recruitment = await report('recruitment', current)
    expect(recruitment.totals).toMatchObject({ applicants: expect.any(Number) })
    expect(
      recruitment.totals.applicants * recruitment.totals.passedReview * recruitment.totals.accepted,
    ).toBeGreaterThan(0)
    const attendance = await report('attendance', current)
    expect(attendance.totals.hadir * attendance.totals.awaitingValidation).toBeGreaterThan(0)
    const absorption = await report('absorption', current)
    expect(absorption.totals.placed).toBeGreaterThan(0)
    // The tracer study of a school year is its graduating cohort: this year's has not graduated yet,
    // so the figures are those of last June's cohort (and of everyone, unfiltered).
    for (const tracer of [await report('tracer-study', lastCohort), await report('tracer-study')]) {
      expect(tracer.respondents).toBeGreaterThan(0)
      expect(tracer.respondents).toBeLessThan(tracer.alumni)
      expect(tracer.statuses.every((s: { count: number }) => s.count > 0)).toBe(true)
      expect(tracer.startingSalary.median).toBeGreaterThan(0)
    }
    const options = (await get(admin, '/api/admin/reports/options')).data
    expect(options.schoolYears.map((y: { value: string }) => y.value)).toContain(current)
  })

  it('admin finds a placement recorded outside bursa and a company registration waiting for approval', async () => {
    const admin = 'admin@demo.test'
    const outside = (await get(admin, '/api/admin/job-placements', { per_page: 100 })).data.filter(
      (p: { source: string }) => p.source === 'outside',
    )
    expect(outside).toHaveLength(1)
    expect(outside[0]).toMatchObject({ position: 'Mekanik' })
    const queue = await get(admin, '/api/admin/company-registrations', { status: 'pending' })
    expect(queue.data.map((r: { name: string }) => r.name)).toEqual(['CV Karya Logam Presisi'])
    // Told in the bell as the service tells staff, unread, from the day it entered the queue.
    // (The other unread notices are the applications to the company without HR, in the next test.)
    const notices = await get(admin, '/api/notifications', { per_page: 100 })
    expect(notices.meta.unreadCount).toBe(3)
    const pending = notices.data.filter((n: { kind: string }) => n.kind !== 'application.received')
    expect(pending).toEqual([
      expect.objectContaining({
        kind: 'registration.pending',
        title: expect.stringContaining('CV Karya Logam Presisi'),
        data: { registrationId: queue.data[0].id },
        isRead: false,
      }),
    ])
    expect(new Date(pending[0].createdAt).getTime()).toBeLessThan(Date.now() - 86_400_000)
  })

  it('admin finds the partner without HR among the companies staff act for, and reads its applicants on HR’s route with company_id', async () => {
    const admin = 'admin@demo.test'
    const active = (await get(admin, '/api/admin/companies', { is_active: true, per_page: 100 })).data
    const staffRun = active.filter((x: { activeHrdCount: number }) => x.activeHrdCount === 0)
    expect(staffRun.map((x: { name: string }) => x.name)).toEqual(['UD Percetakan Berkah Jaya'])
    const [company] = staffRun

    const res = await call(t, 'GET', '/api/hrd/applicant-reviews', {
      as: await as(admin),
      query: { company_id: company.id, per_page: 100 },
    })
    expect(res.status).toBe(200)
    const title = 'Operator Desain dan Cetak Digital'
    type Row = {
      id: number
      status: string
      reviewDecision: string | null
      applicant: { fullName: string }
      vacancy: { title: string }
    }
    const rows = (res.body.data as Row[]).map((a) => [
      a.applicant.fullName,
      a.status,
      a.reviewDecision,
      a.vacancy.title,
    ])
    expect(rows.sort()).toEqual([
      ['Bayu Aji', 'in_progress', 'lolos', title],
      ['Intan Permatasari', 'pending', null, title],
    ])
    // Reviewed by the staff member acting for the company, as the real review records it.
    const bayu = (res.body.data as Row[]).find((a) => a.applicant.fullName === 'Bayu Aji')!
    const detail = (await get(admin, `/api/hrd/applicant-reviews/${bayu.id}`)).data
    expect(detail.timeline.map((e: { stage: string; actor: string }) => [e.stage, e.actor])).toEqual([
      ['applied', 'Bayu Aji'],
      ['document_review', 'Rina Wulandari (Admin BKK)'],
    ])
    const [stored] = await t.db.select().from(applications).where(eq(applications.id, bayu.id))
    const [rina] = await t.db.select().from(users).where(eq(users.email, admin))
    expect(stored.reviewedBy).toBe(rina.id)

    // Its one vacancy was posted by the career center, approved at once by the poster.
    const vacancies = (await get(admin, '/api/admin/job-vacancies', { company_id: company.id })).data
    expect(vacancies).toEqual([
      expect.objectContaining({
        title,
        approvalStatus: 'approved',
        postedBy: expect.objectContaining({ id: rina.id, role: 'admin' }),
        approvedBy: expect.objectContaining({ id: rina.id }),
        company: expect.objectContaining({ id: company.id, isActive: true, hasHrd: false }),
      }),
    ])

    // Every staff account was told of each application, with the company to act for in the notice.
    for (const email of [admin, 'superadmin@demo.test']) {
      const received = (await get(email, '/api/notifications', { per_page: 100 })).data.filter(
        (n: { kind: string }) => n.kind === 'application.received',
      )
      expect(received.map((n: { data: { applicationId: number } }) => n.data.applicationId).sort()).toEqual(
        (res.body.data as Row[]).map((a) => a.id).sort(),
      )
      for (const n of received) {
        expect(n).toMatchObject({ title: `Lamaran baru: ${title}`, isRead: false })
        expect(n.data).toEqual({
          applicationId: n.data.applicationId,
          jobVacancyId: vacancies[0].id,
          companyId: company.id,
          companyName: company.name,
        })
      }
    }
  })

  it('seeded notifications and timeline rows read exactly as the review service writes them', async () => {
    const hr = 'hrd@demo.test'
    const pending = (
      await get(hr, '/api/hrd/applicant-reviews', { status: 'pending', search: 'Yoga', per_page: 100 })
    ).data
    const yoga = pending.find(
      (a: { vacancy: { title: string } }) => a.vacancy.title === 'Mekanik Junior Kendaraan Ringan',
    )
    const res = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${yoga.id}/review`, {
      as: await as(hr),
      body: { decision: 'tidak_lolos', notes: 'Catatan uji.' },
    })
    expect(res.status).toBe(200)
    const yogaEmail = DEMO_EMAILS.find((e) => e.startsWith('yoga.'))!
    const galihEmail = DEMO_EMAILS.find((e) => e.startsWith('galih.'))!
    const real = (await get(yogaEmail, '/api/notifications')).data.find(
      (n: { kind: string; data: { applicationId: number } }) =>
        n.kind === 'application.reviewed' && n.data.applicationId === yoga.id,
    )
    const seeded = (await get(galihEmail, '/api/notifications')).data.find(
      (n: { kind: string; body: string }) =>
        n.kind === 'application.reviewed' && n.body.includes('Mekanik Junior'),
    )
    const shape = (n: { title: string; body: string; data: Record<string, unknown> }) => ({
      title: n.title,
      body: n.body.replace(/Catatan HRD: .*$/, 'Catatan HRD: …'),
      data: Object.keys(n.data).sort(),
    })
    expect(shape(seeded)).toEqual(shape(real))
    const timeline = async (email: string, id: number) =>
      (await get(email, `/api/my-applications/${id}`)).data.timeline.map(
        (e: { stage: string; status: string; actor: string }) => [e.stage, e.status, e.actor],
      )
    const [galihApp] = (await t.db.select().from(applications)).filter(
      (a) => a.reviewDecision === 'tidak_lolos' && a.reviewNotes?.startsWith('Nilai uji kompetensi'),
    )
    expect(await timeline(galihEmail, galihApp.id)).toEqual(
      (await timeline(yogaEmail, yoga.id)).map(([stage, status, actor]: string[]) => [
        stage,
        status,
        actor === yoga.applicant.fullName ? 'Galih Ramadhan' : actor,
      ]),
    )

    // HR was told of each application as the apply service tells it (the student applied above).
    const received = (await get(hr, '/api/notifications', { per_page: 100 })).data.filter(
      (n: { kind: string; title: string }) =>
        n.kind === 'application.received' && n.title.endsWith('Mekanik Junior Kendaraan Ringan'),
    )
    const byName = (name: string) => received.find((n: { body: string }) => n.body.startsWith(name))
    const [fromAndi, fromReza] = [byName('Andi Pratama'), byName('Reza Pahlevi')]
    expect({
      ...fromReza,
      id: 0,
      createdAt: 0,
      isRead: false,
      readAt: null,
      body: fromReza.body.replace('Reza Pahlevi', 'Andi Pratama'),
      data: Object.keys(fromReza.data),
    }).toEqual({
      ...fromAndi,
      id: 0,
      createdAt: 0,
      isRead: false,
      readAt: null,
      data: Object.keys(fromAndi.data),
    })
    expect(DEMO_ACCOUNTS.map((a) => a.email).every((e) => DEMO_EMAILS.includes(e))).toBe(true)
  })
})
