import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Conn } from '../../db/client.js'
import {
  accessTokens,
  applications,
  auditLog,
  companies,
  departments,
  emailOutbox,
  files,
  importRuns,
  jobVacancies,
  majors,
  notifications,
  passwordLinks,
  placementCheckins,
  placements,
  reminderDeliveries,
  selectionResults,
  students,
  testParticipants,
  testSchedules,
  tracerStudies,
  users,
} from '../../db/schema/index.js'
import { fileColumns } from '../../http/shapes/file.js'
import { attachedFilesOf, timelineOf } from '../applications/timeline.js'
import { type Kind, ofKind } from '../master-data/learners.queries.js'

/*
 * What bursa holds about one learner, read section by section inside the caller's repeatable-read transaction
 * (one snapshot). Each query selects named columns: never a hash, a token, a storage key or a check-in secret.
 */

/** The learner record with major and department; scoped to a kind when given (staff's routes). */
export async function learner(conn: Conn, id: number, kind?: Kind) {
  const [row] = await conn
    .select({
      student: {
        id: students.id,
        userId: students.userId,
        nis: students.nis,
        nisn: students.nisn,
        fullName: students.fullName,
        className: students.className,
        graduationYear: students.graduationYear,
        gender: students.gender,
        birthPlace: students.birthPlace,
        birthDate: students.birthDate,
        religion: students.religion,
        address: students.address,
        city: students.city,
        province: students.province,
        phone: students.phone,
        email: students.email,
        summary: students.summary,
        skills: students.skills,
        education: students.education,
        socialMedia: students.socialMedia,
        leftOn: students.leftOn,
        leftReason: students.leftReason,
        leftNote: students.leftNote,
        createdAt: students.createdAt,
        updatedAt: students.updatedAt,
      },
      major: { id: majors.id, code: majors.code, name: majors.name },
      department: { id: departments.id, code: departments.code, name: departments.name },
    })
    .from(students)
    .innerJoin(majors, eq(majors.id, students.majorId))
    .innerJoin(departments, eq(departments.id, majors.departmentId))
    .where(and(eq(students.id, id), kind === undefined ? undefined : ofKind(kind)))
  return row
}

export type LearnerRow = NonNullable<Awaited<ReturnType<typeof learner>>>

export async function account(conn: Conn, userId: number) {
  const [row] = await conn
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      isActive: users.isActive,
      mustChangePassword: users.mustChangePassword,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
  return row
}

export const sessions = (conn: Conn, userId: number) =>
  conn
    .select({
      createdAt: accessTokens.createdAt,
      lastUsedAt: accessTokens.lastUsedAt,
      expiresAt: accessTokens.expiresAt,
    })
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))

export const passwordLinksOf = (conn: Conn, userId: number) =>
  conn
    .select({
      purpose: passwordLinks.purpose,
      createdAt: passwordLinks.createdAt,
      expiresAt: passwordLinks.expiresAt,
      usedAt: passwordLinks.usedAt,
    })
    .from(passwordLinks)
    .where(eq(passwordLinks.userId, userId))
    .orderBy(desc(passwordLinks.createdAt), desc(passwordLinks.id))

/** Her portfolio files, newest first (decision letters belong to their application's result). */
export const portfolioFiles = (conn: Conn, studentId: number) =>
  conn
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.studentId, studentId), ne(files.category, 'decision_letter')))
    .orderBy(desc(files.createdAt), desc(files.id))

/**
 * Her applications, newest first, with the timeline she is shown (rows hidden until a publication stay
 * hidden), the attached files and the published result with its letter.
 */
export function applicationsOf(conn: Conn, studentId: number) {
  const letter = alias(files, 'letter')
  return conn
    .select({
      id: applications.id,
      status: applications.status,
      applicantRole: applications.applicantRole,
      withdrawnBySchool: applications.withdrawnBySchool,
      coverLetter: applications.coverLetter,
      reviewDecision: applications.reviewDecision,
      reviewNotes: applications.reviewNotes,
      reviewedAt: applications.reviewedAt,
      createdAt: applications.createdAt,
      updatedAt: applications.updatedAt,
      vacancy: {
        id: jobVacancies.id,
        title: jobVacancies.title,
        position: jobVacancies.position,
        jobType: jobVacancies.jobType,
        city: jobVacancies.city,
        province: jobVacancies.province,
        deletedAt: jobVacancies.deletedAt,
      },
      company: { id: companies.id, name: companies.name },
      files: attachedFilesOf(applications.id),
      timeline: timelineOf(applications.id, true),
      result: {
        decision: selectionResults.decision,
        psychotestScore: selectionResults.psychotestScore,
        interviewScore: selectionResults.interviewScore,
        mcuScore: selectionResults.mcuScore,
        finalScore: selectionResults.finalScore,
        notes: selectionResults.notes,
        publishedAt: selectionResults.publishedAt,
      },
      letter: {
        id: letter.id,
        category: letter.category,
        title: letter.title,
        originalName: letter.originalName,
        mimeType: letter.mimeType,
        size: letter.size,
        createdAt: letter.createdAt,
      },
    })
    .from(applications)
    .innerJoin(jobVacancies, eq(jobVacancies.id, applications.jobVacancyId))
    .innerJoin(companies, eq(companies.id, jobVacancies.companyId))
    .leftJoin(
      selectionResults,
      and(eq(selectionResults.applicationId, applications.id), eq(selectionResults.isPublished, true)),
    )
    .leftJoin(letter, eq(letter.id, selectionResults.letterFileId))
    .where(eq(applications.studentId, studentId))
    .orderBy(desc(applications.createdAt), desc(applications.id))
}

/** The tests of her applications with her attendance (HR's and staff's notes left out), by time. */
export const testsOf = (conn: Conn, studentId: number) =>
  conn
    .select({
      applicationId: testParticipants.applicationId,
      id: testSchedules.id,
      name: testSchedules.name,
      kind: testSchedules.kind,
      scheduledAt: testSchedules.scheduledAt,
      durationMinutes: testSchedules.durationMinutes,
      location: testSchedules.location,
      description: testSchedules.description,
      status: testSchedules.status,
      cancelReason: testSchedules.cancelReason,
      attendanceStatus: testParticipants.attendanceStatus,
      markedStatus: testParticipants.markedStatus,
      markedAt: testParticipants.markedAt,
      checkedInAt: testParticipants.checkedInAt,
      validationStatus: testParticipants.validationStatus,
      validatedAt: testParticipants.validatedAt,
    })
    .from(testParticipants)
    .innerJoin(testSchedules, eq(testSchedules.id, testParticipants.testScheduleId))
    .innerJoin(applications, eq(applications.id, testParticipants.applicationId))
    .where(eq(applications.studentId, studentId))
    .orderBy(asc(testSchedules.scheduledAt), asc(testSchedules.id))

/** Her placements, deleted ones too (they are still held), with their follow-ups (statuses, not notes). */
export const placementsOf = (conn: Conn, studentId: number) =>
  conn
    .select({
      id: placements.id,
      source: placements.source,
      applicationId: placements.applicationId,
      companyId: placements.companyId,
      companyName: sql<string>`coalesce(${companies.name}, ${placements.companyName})`,
      position: placements.position,
      acceptedAt: placements.acceptedAt,
      startDate: placements.startDate,
      status: placements.status,
      createdAt: placements.createdAt,
      updatedAt: placements.updatedAt,
      deletedAt: placements.deletedAt,
      followUps: sql<{ monthMark: number; status: string; recordedAt: string }[]>`(
        select coalesce(json_agg(json_build_object('monthMark', c.month_mark, 'status', c.status,
          'recordedAt', c.recorded_at) order by c.month_mark), '[]'::json)
        from ${placementCheckins} c where c.placement_id = ${placements.id})`,
    })
    .from(placements)
    .leftJoin(companies, eq(companies.id, placements.companyId))
    .where(eq(placements.studentId, studentId))
    .orderBy(desc(placements.acceptedAt), desc(placements.id))

const entrant = alias(users, 'entrant')

/** Every version of her tracer-study answer, newest first, with the staff member who entered it. */
export const tracerVersions = (conn: Conn, studentId: number) =>
  conn
    .select({
      version: tracerStudies.version,
      isCurrent: tracerStudies.isCurrent,
      careerStatus: tracerStudies.careerStatus,
      institutionName: tracerStudies.institutionName,
      jobTitle: tracerStudies.jobTitle,
      sector: tracerStudies.sector,
      city: tracerStudies.city,
      province: tracerStudies.province,
      startingSalary: tracerStudies.startingSalary,
      waitingPeriodMonths: tracerStudies.waitingPeriodMonths,
      jobFit: tracerStudies.jobFit,
      startDate: tracerStudies.startDate,
      submittedAt: tracerStudies.submittedAt,
      enteredById: entrant.id,
      enteredByName: entrant.fullName,
    })
    .from(tracerStudies)
    .leftJoin(entrant, eq(entrant.id, tracerStudies.enteredBy))
    .where(eq(tracerStudies.studentId, studentId))
    .orderBy(desc(tracerStudies.version))

export const notificationsOf = (conn: Conn, userId: number) =>
  conn
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      data: notifications.data,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))

/**
 * The e-mails written to her account: address, subject and times, never the body (it may hold a link). The outbox's,
 * and the test reminders HR sent ("Ingatkan"), which wait in their own table (`reminder_deliveries`: the address
 * and when it went; their subject, written from the message template when sent, is not kept, so it is named by the
 * test).
 */
export async function emailsOf(conn: Conn, userId: number) {
  const outbox = await conn
    .select({
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.userId, userId))
  const reminders = await conn
    .select({
      to: sql<string>`${reminderDeliveries.email}`,
      subject: sql<string>`'Pengingat tes: ' || ${testSchedules.name}`,
      createdAt: reminderDeliveries.createdAt,
      sentAt: reminderDeliveries.emailSentAt,
    })
    .from(reminderDeliveries)
    .innerJoin(testParticipants, eq(testParticipants.id, reminderDeliveries.participantId))
    .innerJoin(testSchedules, eq(testSchedules.id, testParticipants.testScheduleId))
    .where(and(eq(reminderDeliveries.userId, userId), sql`${reminderDeliveries.email} is not null`))
  return [...outbox, ...reminders].sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt))
}

/** What a report row of a roster import may give (the rest is the import's bookkeeping). */
const IMPORT_ROW_KEYS = [
  'row',
  'action',
  'nisn',
  'nis',
  'fullName',
  'className',
  'major',
  'login',
  'changes',
  'left',
  'note',
]

/**
 * Her rows in the stored reports of roster imports: by her id (stored with each row since 2026-11-29), or in
 * older reports by her NISN or NIS (as `eraseFromTrail` finds them).
 */
export async function importRowsOf(conn: Conn, l: { id: number; nisn: string | null; nis: string }) {
  const keys = sql.join(
    IMPORT_ROW_KEYS.map((k) => sql`${k}`),
    sql`, `,
  )
  const result = await conn.execute(sql`
    select r.id as "importId", r.created_at as "importedAt", r.file_name as "fileName",
      (select jsonb_object_agg(e.key, e.value) from jsonb_each(x.row) e where e.key in (${keys})) as row
    from ${importRuns} r, jsonb_array_elements(case when jsonb_typeof(r.report->'rows') = 'array'
      then r.report->'rows' else '[]'::jsonb end) with ordinality as x(row, n)
    where (x.row->>'studentId')::int = ${l.id}
      or (x.row->>'studentId' is null and (x.row->>'nisn' = ${l.nisn} or upper(x.row->>'nis') = upper(${l.nis})))
    order by r.created_at, r.id, x.n`)
  return (
    result as unknown as { rows: { importId: number; importedAt: string; fileName: string; row: unknown }[] }
  ).rows
}

const actor = alias(users, 'actor')

/**
 * The trail about her: the rows of her record, of her account and of her placements (deleted ones too), oldest
 * first, with who made each (an account since deleted: null, as the row keeps only its id).
 */
export function auditOf(conn: Conn, l: { id: number; userId: number | null }, placementIds: number[]) {
  return conn
    .select({
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      data: auditLog.data,
      actorId: actor.id,
      actorName: actor.fullName,
      actorRole: actor.role,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(
      or(
        and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, l.id)),
        l.userId === null ? undefined : and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, l.userId)),
        placementIds.length === 0
          ? undefined
          : and(eq(auditLog.entity, 'placement'), inArray(auditLog.entityId, placementIds)),
      ),
    )
    .orderBy(asc(auditLog.at), asc(auditLog.id))
}
