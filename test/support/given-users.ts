import { and, count, desc, eq } from 'drizzle-orm'
import { accessTokens, auditLog, students, users } from '../../src/db/schema/index.js'
import { call, type TestContext } from './app.js'

let seq = 0
/** A short string unique within the run, for e-mails and names a test searches for. */
export const unique = (prefix = 'u') => `${prefix}${process.pid}x${++seq}`

/** Helpers of the user-management tests. */
export const givenUsers = {
  /** The stored account row (with its password hash), or undefined. */
  async stored(t: TestContext, id: number) {
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    return row
  },

  async tokenCount(t: TestContext, userId: number) {
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(accessTokens)
      .where(eq(accessTokens.userId, userId))
    return n
  },

  async studentRow(t: TestContext, id: number) {
    const [row] = await t.db.select().from(students).where(eq(students.id, id))
    return row
  },

  /** Audit rows of one account, newest first. */
  audits(t: TestContext, userId: number) {
    return t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId)))
      .orderBy(desc(auditLog.id))
  },

  /** Logs in over HTTP; answers the response (status 200 carries `data.token`). */
  login(t: TestContext, email: string, password: string) {
    return call(t, 'POST', '/api/login', { body: { email, password } })
  },
}
