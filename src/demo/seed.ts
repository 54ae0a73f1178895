/**
 * Demo data for an empty database (`npm start` outside production, `npm run seed:demo`): a small
 * SMK in the middle of a believable school year. The people and vacancies are in `cast.ts`, what
 * happened to them in `story.ts`, the rows each step leaves in `history.ts`.
 *
 * Fast by design: one argon2 hash for every account, the files' bytes stored before the
 * transaction, then one transaction of bulk inserts (about twenty statements).
 */
import { and, count, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.js'
import {
  applicationEvents,
  applicationFiles,
  applications,
  companies,
  companyRegistrations,
  departments,
  files,
  jobVacancies,
  jobVacancyMajors,
  majors,
  notifications,
  type PlacementStatus,
  placementCheckins,
  placements,
  selectionResults,
  students,
  testParticipants,
  testSchedules,
  tracerStudies,
  users,
} from '../db/schema/index.js'
import { DEFAULT_SCHOOL_TIME_ZONE } from '../db/school-day.js'
import { hashPassword } from '../modules/auth/passwords.js'
import { notifyStaff } from '../modules/notifications/service.js'
import { addMonths } from '../modules/placements/service.js'
import { answerValues } from '../modules/tracer-study/service.js'
import type { Storage } from '../storage/storage.js'
import {
  COMPANIES,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEPARTMENTS,
  emailOf,
  LEARNERS,
  type Learner,
  MAJORS,
  OTHER_HR,
  selectorOf,
  WITHOUT_HR,
} from './cast.js'
import { addDays, type DemoClock, demoClock } from './clock.js'
import { finalScore, letters, portfolioFiles, profileOf, type StoredFile } from './files.js'
import { type EventRow, historyOf, lastChangeOf, type NotificationRow, statusOf } from './history.js'
import { type Cycle, story } from './story.js'
import { tracerAnswers } from './tracer.js'
import { vacancies } from './vacancies.js'

export { DEMO_ACCOUNTS, DEMO_EMAIL_DOMAIN, DEMO_EMAILS, DEMO_PASSWORD } from './cast.js'

/** True when the database holds no account yet: the only time demo data is written. */
export async function isEmpty(db: Db | Tx): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users)
  return n === 0
}

/** The database's clock, as every rule of the service reads it. */
async function databaseNow(db: Db): Promise<Date> {
  const [row] = await db
    .select({ now: sql<Date>`now()`.mapWith(testSchedules.scheduledAt) })
    .from(sql`(values (1)) as one (x)`)
  return row.now
}

/**
 * Writes the demo school year when the database holds no account (checked again under a lock, so
 * two instances starting together write it once). Files go through `storage`, so downloads work.
 * Returns whether it wrote anything.
 */
export async function seedDemo(
  db: Db,
  storage: Storage,
  timeZone = DEFAULT_SCHOOL_TIME_ZONE,
): Promise<boolean> {
  const [passwordHash, now] = await Promise.all([hashPassword(DEMO_PASSWORD), databaseNow(db)])
  const c = demoClock(now, timeZone)
  const cycles = story(c)
  const hrNames = new Map<string, string>([
    ...DEMO_ACCOUNTS.map((a) => [a.email, a.fullName] as [string, string]),
    ...OTHER_HR.map((h) => [h.email, h.fullName] as [string, string]),
  ])
  const stored = [...portfolioFiles(c), ...letters(c, cycles, (company) => hrNames.get(selectorOf(company))!)]
  await Promise.all(stored.map((f) => storage.put(f.key, f.bytes)))
  try {
    const wrote = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(482031)`)
      if (!(await isEmpty(tx))) return false
      await write(tx, c, cycles, stored, passwordHash)
      return true
    })
    if (!wrote) await removeAll(storage, stored)
    return wrote
  } catch (err) {
    await removeAll(storage, stored)
    throw err
  }
}

const removeAll = (storage: Storage, stored: StoredFile[]) =>
  Promise.all(stored.map((f) => storage.delete(f.key).catch(() => undefined)))

const idBy = <T extends { id: number }, K>(rows: T[], key: (r: T) => K) =>
  new Map(rows.map((r) => [key(r), r.id]))

async function write(tx: Tx, c: DemoClock, cycles: Cycle[], stored: StoredFile[], passwordHash: string) {
  const school = await writeSchool(tx, c, stored, passwordHash)
  const vacancyId = await writeVacancies(tx, c, school)
  const placed = await writeRecruitment(tx, c, cycles, stored, school, vacancyId)
  await writeTracerStudy(tx, c, school, placed)
  await writeStaffWork(tx, c, school)
}

type School = Awaited<ReturnType<typeof writeSchool>>

/** Master data, every account, the learners with complete profiles and their stored files. */
async function writeSchool(tx: Tx, c: DemoClock, stored: StoredFile[], passwordHash: string) {
  const deps = await tx.insert(departments).values(DEPARTMENTS).returning()
  const depId = idBy(deps, (d) => d.code)
  const ms = await tx
    .insert(majors)
    .values(MAJORS.map((m) => ({ departmentId: depId.get(m.department)!, code: m.code, name: m.name })))
    .returning()
  const majorId = idBy(ms, (m) => m.code)
  const companyId = idBy(await tx.insert(companies).values(COMPANIES).returning(), (x) => x.name)

  const staffSince = c.longAgo(400)
  const learnerSince = (l: Learner) =>
    l.cohort === 0 ? c.ago(70, 8) : c.longAgo(l.cohort === 1 ? 330 : 700, 8)
  const accounts = [
    ...DEMO_ACCOUNTS.filter((a) => a.role !== 'siswa' && a.role !== 'alumni').map((a) => ({
      email: a.email,
      fullName: a.fullName,
      role: a.role,
      companyId: a.role === 'hrd' ? companyId.get(COMPANIES[0].name)! : null,
      createdAt: staffSince,
    })),
    ...OTHER_HR.map((h) => ({
      email: h.email,
      fullName: h.fullName,
      role: 'hrd' as const,
      companyId: companyId.get(h.company)!,
      createdAt: staffSince,
    })),
    ...LEARNERS.filter((l) => l.account !== false).map((l) => ({
      email: emailOf(l),
      fullName: l.name,
      role: l.cohort === 0 ? ('siswa' as const) : ('alumni' as const),
      companyId: null,
      createdAt: learnerSince(l),
    })),
  ]
  const us = await tx
    .insert(users)
    .values(accounts.map((a) => ({ ...a, passwordHash, updatedAt: a.createdAt })))
    .returning({ id: users.id, email: users.email, fullName: users.fullName })
  const user = new Map(us.map((u) => [u.email, u]))

  const ss = await tx
    .insert(students)
    .values(
      LEARNERS.map((l, i) => {
        const p = profileOf(l, i, c)
        const since = learnerSince(l)
        return {
          userId: l.account === false ? null : user.get(emailOf(l))!.id,
          nis: p.nis,
          nisn: p.nisn,
          fullName: l.name,
          majorId: majorId.get(l.major)!,
          className: l.className,
          graduationYear: l.cohort === 0 ? null : p.gradYear,
          gender: l.gender,
          birthPlace: l.birthPlace,
          birthDate: p.birthDate,
          religion: l.religion,
          address: l.address,
          city: l.city,
          province: l.province,
          phone: p.phone,
          email: emailOf(l),
          summary: l.summary ?? null,
          skills: l.skills,
          education: [
            {
              level: 'SMP',
              institution: `SMP Negeri ${(i % 12) + 1} ${l.city}`,
              startYear: p.gradYear - 6,
              endYear: p.gradYear - 3,
            },
          ],
          socialMedia: l.socialMedia ?? {},
          createdAt: since,
          updatedAt: since,
        }
      }),
    )
    .returning({ id: students.id, nis: students.nis })
  const byNis = idBy(ss, (s) => s.nis)
  const studentIds = new Map(LEARNERS.map((l, i) => [l.key, byNis.get(profileOf(l, i, c).nis)!]))
  const learner = new Map(LEARNERS.map((l) => [l.key, l]))
  const studentId = (key: string) => studentIds.get(key)!

  const fs = await tx
    .insert(files)
    .values(
      stored.map((f) => ({
        ...f.row,
        studentId: studentId(f.learner),
        uploadedBy: user.get(f.uploader)!.id,
        mimeType: 'application/pdf',
        size: f.bytes.length,
        storageKey: f.key,
      })),
    )
    .returning({
      id: files.id,
      storageKey: files.storageKey,
      category: files.category,
      studentId: files.studentId,
    })
  return {
    majorId,
    companyId,
    user,
    learner,
    studentId,
    accountOf: (key: string) => user.get(emailOf(learner.get(key)!))!,
    /** Who does HR's part for the company: its HR account, or the staff member acting for one without. */
    hr: (company: string) => user.get(selectorOf(company))!,
    /** Every staff account (all active): told of applications to a company without HR. */
    staff: DEMO_ACCOUNTS.filter((a) => a.role === 'admin' || a.role === 'superadmin').map(
      (a) => user.get(a.email)!,
    ),
    cvOf: idBy(
      fs.filter((f) => f.category === 'cv'),
      (f) => f.studentId!,
    ),
    fileId: idBy(fs, (f) => f.storageKey),
  }
}

/**
 * The vacancies and their majors; answers the id of each by title. A company without HR's was posted by the
 * career center, and so approved at once by the poster (vacancies/service.ts, `approvalOnSave`).
 */
async function writeVacancies(tx: Tx, c: DemoClock, school: School) {
  const vs = vacancies(c)
  const rows = await tx
    .insert(jobVacancies)
    .values(
      vs.map(({ company, majors: _m, ...v }) => ({
        ...v,
        companyId: school.companyId.get(company)!,
        createdBy: school.hr(company).id,
        postedBy: school.hr(company).id,
        ...(WITHOUT_HR.includes(company)
          ? {
              approvalStatus: 'approved' as const,
              approvedBy: school.hr(company).id,
              approvedAt: v.createdAt,
            }
          : {}),
        updatedAt: v.createdAt,
      })),
    )
    .returning({ id: jobVacancies.id, title: jobVacancies.title })
  const vacancyId = idBy(rows, (v) => v.title)
  await tx
    .insert(jobVacancyMajors)
    .values(
      vs.flatMap((v) =>
        v.majors.map((m) => ({ jobVacancyId: vacancyId.get(v.title)!, majorId: school.majorId.get(m)! })),
      ),
    )
  return vacancyId
}

/** The follow-ups of a placement at 3 and 6 months that are due by now (recorded three days after). */
function followUpsOf(cycle: Cycle, start: string, c: DemoClock) {
  if (!cycle.checkins) return []
  const marks = [
    [3, 'active', 'Masa percobaan selesai; kinerja baik.'],
    [6, 'contract_extended', 'Kontrak diperpanjang satu tahun.'],
  ] as const
  return marks
    .map(([monthMark, status, notes]) => ({
      monthMark,
      status: status as PlacementStatus,
      notes,
      recordedAt: c.at(addDays(addMonths(start, monthMark), 3), 10),
    }))
    .filter((x) => x.recordedAt < c.now)
}

/**
 * Every application of the story with the files it carried, the tests and their attendance records,
 * the selection results (published with their letters), the placements they opened with their
 * follow-ups, and the timelines and notifications. Answers each placed learner's start date.
 */
async function writeRecruitment(
  tx: Tx,
  c: DemoClock,
  cycles: Cycle[],
  stored: StoredFile[],
  school: School,
  vacancyId: Map<string, number>,
) {
  const { studentId, hr, learner } = school
  const admin = school.user.get('admin@demo.test')!
  const plans = cycles.flatMap((cycle) => cycle.applicants.map((plan) => ({ cycle, plan })))
  const apps = await tx
    .insert(applications)
    .values(
      plans.map(({ cycle, plan }) => ({
        jobVacancyId: vacancyId.get(cycle.vacancy)!,
        studentId: studentId(plan.who),
        applicantRole: learner.get(plan.who)!.cohort === 0 ? ('siswa' as const) : ('alumni' as const),
        status: statusOf(plan, cycle),
        coverLetter: plan.coverLetter ?? null,
        reviewDecision: plan.review?.decision ?? null,
        reviewNotes: plan.review?.notes ?? null,
        reviewedBy: plan.review ? hr(cycle.company).id : null,
        reviewedAt: plan.review?.at ?? null,
        createdAt: plan.appliedAt,
        updatedAt: lastChangeOf(plan, cycle),
      })),
    )
    .returning({
      id: applications.id,
      jobVacancyId: applications.jobVacancyId,
      studentId: applications.studentId,
    })
  const appId = idBy(apps, (a) => `${a.jobVacancyId}|${a.studentId}`)
  const idOf = (cycle: Cycle, who: string) => appId.get(`${vacancyId.get(cycle.vacancy)}|${studentId(who)}`)!
  await tx.insert(applicationFiles).values(
    plans.map(({ cycle, plan }) => ({
      applicationId: idOf(cycle, plan.who),
      fileId: school.cvOf.get(studentId(plan.who))!,
    })),
  )

  // Tests and their participants (the attendance records)
  const scheduled = cycles.flatMap((cycle) => cycle.tests.map((t) => ({ cycle, t })))
  const ts = await tx
    .insert(testSchedules)
    .values(
      scheduled.map(({ cycle, t }) => ({
        companyId: school.companyId.get(cycle.company)!,
        jobVacancyId: vacancyId.get(cycle.vacancy)!,
        name: t.name,
        kind: t.kind,
        scheduledAt: t.scheduledAt,
        durationMinutes: t.durationMinutes,
        location: t.location,
        description: t.description,
        minimumScore: t.minimumScore,
        createdBy: hr(cycle.company).id,
        createdAt: t.createdAt,
        updatedAt: t.createdAt,
      })),
    )
    .returning({ id: testSchedules.id, jobVacancyId: testSchedules.jobVacancyId, name: testSchedules.name })
  const scheduleId = idBy(ts, (s) => `${s.jobVacancyId}|${s.name}`)
  const scheduleIds = (cycle: Cycle) =>
    cycle.tests.map((t) => scheduleId.get(`${vacancyId.get(cycle.vacancy)}|${t.name}`)!)
  await tx.insert(testParticipants).values(
    plans.flatMap(({ cycle, plan }) =>
      (plan.attendance ?? []).map((mark, i) => {
        const t = cycle.tests[i]
        const marked = mark !== 'upcoming' && t.markedAt
        return {
          testScheduleId: scheduleIds(cycle)[i],
          applicationId: idOf(cycle, plan.who),
          createdAt: t.createdAt,
          ...(marked
            ? {
                attendanceStatus: mark,
                markedStatus: mark,
                attendanceNotes: plan.attendanceNotes ?? null,
                markedBy: hr(cycle.company).id,
                markedAt: t.markedAt,
              }
            : {}),
          ...(marked && t.validatedAt
            ? { validationStatus: 'verified' as const, validatedBy: admin.id, validatedAt: t.validatedAt }
            : {}),
        }
      }),
    ),
  )

  // Selection results, published with their letters, and the placements they opened
  const letterOf = new Map(
    stored
      .filter((f) => f.row.category === 'decision_letter')
      .map((f) => [`${f.row.title}|${f.learner}`, f.key]),
  )
  const scored = plans.filter(({ cycle, plan }) => plan.result && cycle.scoredAt)
  await tx.insert(selectionResults).values(
    scored.map(({ cycle, plan }) => {
      const r = plan.result!
      const letter = letterOf.get(`Surat keputusan seleksi: ${cycle.vacancy}|${plan.who}`)
      return {
        applicationId: idOf(cycle, plan.who),
        psychotestScore: r.scores?.[0] ?? null,
        interviewScore: r.scores?.[1] ?? null,
        mcuScore: r.scores?.[2] ?? null,
        finalScore: r.scores ? finalScore(r.scores) : null,
        notes: r.notes,
        decision: r.decision,
        letterFileId: letter ? school.fileId.get(letter)! : null,
        isPublished: cycle.publishedAt !== undefined,
        publishedAt: cycle.publishedAt ?? null,
        scoredBy: hr(cycle.company).id,
        createdAt: cycle.scoredAt!,
        updatedAt: cycle.publishedAt ?? cycle.scoredAt!,
      }
    }),
  )
  const accepted = scored
    .filter(({ cycle, plan }) => cycle.publishedAt && plan.result!.decision === 'diterima')
    .map(({ cycle, plan }) => {
      const start = cycle.startDate?.(learner.get(plan.who)!) ?? null
      return { cycle, plan, start, followUps: start ? followUpsOf(cycle, start, c) : [] }
    })
  const positionOf = new Map(vacancies(c).map((v) => [v.title, v.position]))
  const ps = await tx
    .insert(placements)
    .values(
      accepted.map(({ cycle, plan, start, followUps }) => ({
        applicationId: idOf(cycle, plan.who),
        studentId: studentId(plan.who),
        companyId: school.companyId.get(cycle.company)!,
        jobVacancyId: vacancyId.get(cycle.vacancy)!,
        position: positionOf.get(cycle.vacancy)!,
        acceptedAt: c.date(cycle.publishedAt!),
        startDate: start,
        status: followUps.at(-1)?.status ?? 'active',
        createdAt: cycle.publishedAt!,
        updatedAt: followUps.at(-1)?.recordedAt ?? cycle.publishedAt!,
      })),
    )
    .returning({ id: placements.id, applicationId: placements.applicationId })
  const placementId = idBy(ps, (p) => p.applicationId)
  const followUps = accepted.flatMap(({ cycle, plan, followUps }) =>
    followUps.map((x) => ({
      placementId: placementId.get(idOf(cycle, plan.who))!,
      ...x,
      recordedBy: hr(cycle.company).id,
    })),
  )
  if (followUps.length > 0) await tx.insert(placementCheckins).values(followUps)

  // Timelines and notifications, as the services wrote them at each step
  const events: EventRow[] = []
  const notices: NotificationRow[] = []
  for (const { cycle, plan } of plans) {
    const h = historyOf(
      plan,
      cycle,
      {
        applicationId: idOf(cycle, plan.who),
        vacancyId: vacancyId.get(cycle.vacancy)!,
        vacancyTitle: cycle.vacancy,
        companyName: cycle.company,
        applicant: school.accountOf(plan.who),
        hr: hr(cycle.company),
        ...(WITHOUT_HR.includes(cycle.company)
          ? { staffRun: { companyId: school.companyId.get(cycle.company)!, staff: school.staff } }
          : {}),
        admin,
        now: c.now,
        timeZone: c.timeZone,
      },
      scheduleIds(cycle),
    )
    events.push(...h.events)
    notices.push(...h.notices)
  }
  await tx.insert(applicationEvents).values(events)
  await tx.insert(notifications).values(notices)
  return new Map(accepted.map((a) => [a.plan.who, a.start ?? undefined]))
}

/** The alumni's tracer-study answers, versioned as the service keeps them (the latest current). */
async function writeTracerStudy(
  tx: Tx,
  c: DemoClock,
  school: School,
  placed: Map<string, string | undefined>,
) {
  const answers = tracerAnswers(c, (who) => placed.get(who)).sort(
    (a, b) => a.submittedAt.getTime() - b.submittedAt.getTime(),
  )
  const versions = new Map<string, number>()
  const last = new Map(answers.map((a, i) => [a.who, i]))
  await tx.insert(tracerStudies).values(
    answers.map((a, i) => {
      const version = (versions.get(a.who) ?? 0) + 1
      versions.set(a.who, version)
      return {
        studentId: school.studentId(a.who),
        version,
        isCurrent: last.get(a.who) === i,
        ...answerValues(a.answer, c.today),
        submittedAt: a.submittedAt,
      }
    }),
  )
}

/**
 * What the career center has on its desk besides the recruitment: a placement it heard of by phone
 * (Arif, hired by a workshop that is not a partner; his tracer answer says the same) and a company's
 * registration waiting for approval, its e-mail confirmed (and the staff's notice of it, unread).
 */
async function writeStaffWork(tx: Tx, c: DemoClock, school: School) {
  const admin = school.user.get('admin@demo.test')!.id
  await tx.insert(placements).values({
    source: 'outside',
    studentId: school.studentId('arif'),
    companyName: 'Bengkel Mobil Sumber Rejeki',
    position: 'Mekanik',
    acceptedAt: c.date(c.ago(67)),
    startDate: c.date(c.ago(60)),
    recordedBy: admin,
    notes: 'Dilaporkan alumni lewat telepon.',
  })
  const [registration] = await tx
    .insert(companyRegistrations)
    .values({
      status: 'pending',
      name: 'CV Karya Logam Presisi',
      industry: 'Manufaktur',
      email: 'info@karyalogam.demo.test',
      phone: '021-8990-1122',
      address: 'Jl. Industri Raya No. 8, Cikarang',
      city: 'Bekasi',
      province: 'Jawa Barat',
      description: 'Bengkel bubut dan fabrikasi logam; mencari lulusan Teknik Pemesinan.',
      contactName: 'Rina Marlina',
      contactEmail: 'rina@karyalogam.demo.test',
      contactPhone: '0812-7788-9900',
      confirmedAt: c.ago(2, 10),
      createdAt: c.ago(2, 9),
    })
    .returning({ id: companyRegistrations.id })
  // Staff were told when it entered their queue, as the service tells them (company-registrations/service.ts).
  await notifyStaff(
    tx,
    'registration.pending',
    { perusahaan: 'CV Karya Logam Presisi', narahubung: 'Rina Marlina' },
    { registrationId: registration.id },
  )
  await tx
    .update(notifications)
    .set({ createdAt: c.ago(2, 10) })
    .where(
      and(
        eq(notifications.kind, 'registration.pending'),
        sql`${notifications.data}->>'registrationId' = ${String(registration.id)}`,
      ),
    )
}
