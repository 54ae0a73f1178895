import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/index.js'
import { createMailer } from '../../src/jobs/mailer.js'
import { ACCOUNT_DELETED, deliverOutbox } from '../../src/jobs/outbox.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent, aSuperadmin } from '../support/builders/accounts.js'
import { eventually, useSmtp } from '../support/smtp.js'

const env: Record<string, string> = { SMTP_FROM: 'BKK SMK <bkk@smk.test>' }
const smtp = useSmtp(env)
const t = useTestApp(env, { emailRetrySeconds: 0 })

/**
 * An account deleted while an e-mail to it is still owed (the SMTP server down): the e-mail is given up in the
 * delete's transaction. It used to go out once the server was back: a password link whose row had gone
 * with the account, to someone the school no longer holds an account for.
 */
describe('a learner deleted while an e-mail to them is still owed (SMTP down)', () => {
  it('is not sent the e-mail once the SMTP server is back', async () => {
    const admin = await anAdmin(t)
    const learner = await aStudent(t)
    smtp.state.failNext = 1
    const sent = await call(t, 'POST', `/api/admin/users/${learner.id}/password-reset`, { as: admin })
    expect(sent.status).toBe(200)
    const [row] = await eventually(async () => {
      const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, learner.email))
      return rows.length > 0 && rows[0].lastError ? rows : null
    })
    expect(row.sentAt).toBeNull()

    const gone = await call(t, 'DELETE', `/api/admin/students/${learner.studentId}`, { as: admin })
    expect(gone.status).toBe(200)

    await deliverOutbox(t.db, createMailer(t.config.smtp)!, { retrySeconds: 0 })
    expect(smtp.received.filter((m) => m.to.includes(learner.email))).toEqual([])
    const [after] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id))
    expect(after).toMatchObject({ sentAt: null, lastError: ACCOUNT_DELETED, text: '' })
  })

  it('the same for an account deleted in user management', async () => {
    const admin = await anAdmin(t)
    const superadmin = await aSuperadmin(t)
    const learner = await aStudent(t)
    smtp.state.failNext = 1
    await call(t, 'POST', `/api/admin/users/${learner.id}/password-reset`, { as: admin })
    await eventually(async () => {
      const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, learner.email))
      return rows[0]?.lastError ? rows : null
    })
    expect((await call(t, 'DELETE', `/api/admin/users/${learner.id}`, { as: superadmin })).status).toBe(200)
    await deliverOutbox(t.db, createMailer(t.config.smtp)!, { retrySeconds: 0 })
    expect(smtp.received.filter((m) => m.to.includes(learner.email))).toEqual([])
  })
})
