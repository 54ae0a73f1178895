import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { and, asc, count, desc, eq } from 'drizzle-orm'
import {
  accessTokens,
  applicationEvents,
  auditLog,
  notifications,
  students,
  testParticipants,
  testSchedules,
  users,
} from '../../src/db/schema/index.js'
import { type Caller, call, type TestContext } from './app.js'

/** Reads of stored rows, for assertions on what a call left in the database (not builders). */

/** The stored account row (with its password hash), or undefined. */
export async function storedUser(t: TestContext, id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id))
  return row
}

export async function storedStudent(t: TestContext, id: number) {
  const [row] = await t.db.select().from(students).where(eq(students.id, id))
  return row
}

export async function storedSchedule(t: TestContext, id: number) {
  return (await t.db.select().from(testSchedules).where(eq(testSchedules.id, id)))[0]
}

export async function storedParticipant(t: TestContext, id: number) {
  return (await t.db.select().from(testParticipants).where(eq(testParticipants.id, id)))[0]
}

export const participantsOf = (t: TestContext, scheduleId: number) =>
  t.db
    .select()
    .from(testParticipants)
    .where(eq(testParticipants.testScheduleId, scheduleId))
    .orderBy(testParticipants.applicationId)

export const eventsOf = (t: TestContext, applicationId: number) =>
  t.db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(applicationEvents.id)

export const notificationsOf = (t: TestContext, userId: number) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id)

export async function tokenCount(t: TestContext, userId: number) {
  const [{ n }] = await t.db.select({ n: count() }).from(accessTokens).where(eq(accessTokens.userId, userId))
  return n
}

/** The audit rows of one record, newest first (or oldest first). */
export function auditsOf(
  t: TestContext,
  entity: string,
  entityId: number,
  order: 'newest' | 'oldest' = 'newest',
) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(order === 'newest' ? desc(auditLog.id) : asc(auditLog.id))
}

/** Every file under DATA_DIR/files (the local storage), as paths relative to it. */
export function storedFiles(t: TestContext): string[] {
  const root = join(t.dataDir, 'files')
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(root.length + 1))
}

/** The names in the career center's validation queue of one test, as staff read it (HTTP, as `admin`). */
export async function validationQueueOf(t: TestContext, admin: Caller, scheduleId: number) {
  const res = await call(t, 'GET', `/api/admin/attendances/queue?test_schedule_id=${scheduleId}`, {
    as: admin,
  })
  if (res.status !== 200) throw new Error(`the queue answered ${res.status}`)
  return (res.body.data as { applicant: { fullName: string } }[]).map((r) => r.applicant.fullName)
}
