import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { students } from '../../src/db/schema/index.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { anAdmin, aSuperadmin } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { anHrdWithVacancy } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { waitingForLocks } from '../support/locks.js'

/**
 * An HR account moved to another company (user management) or unlinked from its company while its owner is
 * logged in. From the next request it must not read anything of the former company's applicants. The HR
 * routes follow the new company at once; the in-app notices "Lamaran baru: …" written while the account was
 * the former company's stayed in its bell, naming the former company's applicants, with their unread count
 * (found by the live-session audit). They are forgotten with the move.
 */
const t = useTestApp()

/** Company A with its HR, and a learner (named `name`) who applies to A's vacancy over HTTP. */
async function anHrWithAnApplicantNotice(name: string) {
  const major = await aMajor(t)
  const { hrd, company } = await anHrdWithVacancy(t)
  const vacancy = await aVacancy(t, { companyId: company.id, majorIds: [major.id] })
  const learner = await anApplicant(t, { majorId: major.id, values: { fullName: name } })
  const applied = await call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: learner, body: {} })
  expect(applied.status).toBe(201)
  const bell = await call(t, 'GET', '/api/notifications', { as: hrd })
  expect(bell.body.data.map((n: { body: string }) => n.body).join(' ')).toContain(name)
  return { hrd, company, applicationId: applied.body.data.id as number }
}

describe("an HR account moved away from a company no longer reads that company's applicants in its notices", () => {
  it("moved to company B (PUT /api/admin/users/{id}): the bell no longer names company A's applicant", async () => {
    const superadmin = await aSuperadmin(t)
    const { hrd, applicationId } = await anHrWithAnApplicantNotice('Citra Pelamar Rahasia')
    const b = await aCompany(t)
    const moved = await call(t, 'PUT', `/api/admin/users/${hrd.id}`, {
      as: superadmin,
      body: { company_id: b.id },
    })
    expect(moved.status).toBe(200)

    // The HR routes already follow company B: A's application is 404.
    expect((await call(t, 'GET', `/api/hrd/applicant-reviews/${applicationId}`, { as: hrd })).status).toBe(
      404,
    )

    const bell = await call(t, 'GET', '/api/notifications', { as: hrd })
    expect(bell.status).toBe(200)
    // Before: "Citra Pelamar Rahasia melamar Lowongan …", unread 1, linking to an application the account may not open.
    expect(JSON.stringify(bell.body.data)).not.toContain('Citra Pelamar Rahasia')
    expect(bell.body.meta.unreadCount).toBe(0)
  })

  it('unlinked from company A (DELETE /api/admin/companies/{id}/hr-accounts/{userId}): the bell no longer names its applicant', async () => {
    const admin = await anAdmin(t)
    const { hrd, company } = await anHrWithAnApplicantNotice('Dodi Pelamar Rahasia')
    const unlinked = await call(t, 'DELETE', `/api/admin/companies/${company.id}/hr-accounts/${hrd.id}`, {
      as: admin,
    })
    expect(unlinked.status).toBe(200)
    expect((await call(t, 'GET', '/api/hrd/applicant-reviews', { as: hrd })).status).toBe(403)

    const bell = await call(t, 'GET', '/api/notifications', { as: hrd })
    expect(JSON.stringify(bell.body.data)).not.toContain('Dodi Pelamar Rahasia')
    expect(bell.body.meta.unreadCount).toBe(0)
  })

  it('moved while a learner applies to company A: the notice written alongside the move is forgotten too', async () => {
    // The apply's notice was written for the account as A's; the move, committing first, did not see it, and
    // the account, now B's, kept a notice naming A's applicant for good (found by the races audit). The move
    // now waits for the application (it shares the company's vacancies) and forgets its notice.
    const superadmin = await aSuperadmin(t)
    const major = await aMajor(t)
    const { hrd, company } = await anHrdWithVacancy(t)
    const vacancy = await aVacancy(t, { companyId: company.id, majorIds: [major.id] })
    const learner = await anApplicant(t, { majorId: major.id, values: { fullName: 'Rina Pelamar Rahasia' } })
    const b = await aCompany(t)

    let applying: Promise<Res> | undefined
    let moving: Promise<Res> | undefined
    // The learner's row held a moment (staff editing her record, say): the apply holds the vacancy and waits.
    await t.db.transaction(async (tx) => {
      await tx.select().from(students).where(eq(students.id, learner.studentId)).for('update')
      applying = call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: learner, body: {} })
      await waitingForLocks(t, 1)
      moving = call(t, 'PUT', `/api/admin/users/${hrd.id}`, { as: superadmin, body: { company_id: b.id } })
      await waitingForLocks(t, 2)
    })
    const [applied, moved] = await Promise.all([applying!, moving!])
    expect(applied.status).toBe(201)
    expect(moved.status).toBe(200)
    const bell = await call(t, 'GET', '/api/notifications', { as: hrd })
    expect(JSON.stringify(bell.body.data)).not.toContain('Rina Pelamar Rahasia')
    expect(bell.body.meta.unreadCount).toBe(0)
  })
})
