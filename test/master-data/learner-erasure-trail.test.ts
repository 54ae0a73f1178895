import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, importRuns } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { recordOutsidePlacement } from '../support/builders/selection.js'
import { csvText, learnerByNisn, ROSTER_HEADER, uploadRoster } from '../support/roster.js'
import { auditsOf } from '../support/stored.js'

/**
 * A learner deleted on a request under UU PDP (one who never applied: the only learners the school can
 * delete) left their personal data in the trail: every edit's audit row logged the fields sent (name, NISN,
 * birth date, address, phone, e-mail), the account's rows its e-mail and name, the delete's own row the name,
 * and the stored report of the roster import that brought them in their NISN, NIS, name, class and login.
 * The rows stay (who did what, when, to which fields); the values go. So do those of a placement recorded by mistake
 * and deleted (it named the employer and the job), and the report row of a learner whose NISN staff corrected
 * after the import (found by the review of today's changes).
 */
const t = useTestApp({ SCHOOL_EMAIL_DOMAIN: 'smkn9.sch.id' })
let admin: Account
let majorId: number
beforeAll(async () => {
  admin = await anAdmin(t)
  majorId = (await aMajor(t, { code: 'TBSM', name: 'Teknik dan Bisnis Sepeda Motor' })).id
})

/** Every audit row of the entity, its data as text. */
const trailOf = async (entity: string, id: number) =>
  (await auditsOf(t, entity, id, 'oldest')).map((r) => ({ action: r.action, data: r.data ?? '' }))

describe('deleting a learner erases their personal data from the trail', () => {
  it('keeps the audit rows and the fields they name, not the values', async () => {
    const created = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: {
        nis: 'E77001',
        nisn: '0077700001',
        full_name: 'Yohana Kristiani',
        major_id: majorId,
        birth_place: 'Kupang',
        birth_date: '2008-03-09',
        address: 'Jl. Kenari No. 12',
        email: 'yohana.k@example.test',
        create_account: true,
        password: 'rahasia-dapur-123',
      },
    })
    expect(created.status).toBe(201)
    const { id, account } = created.body.data
    const edited = await call(t, 'PUT', `/api/admin/students/${id}`, {
      as: admin,
      body: { full_name: 'Yohana Kristiani Ndun', phone: '081234567890' },
    })
    expect(edited.status).toBe(200)
    const userId = account.id as number

    expect((await call(t, 'DELETE', `/api/admin/students/${id}`, { as: admin })).status).toBe(200)

    const rows = [...(await trailOf('student', id)), ...(await trailOf('user', userId))]
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'update', 'delete']))
    for (const value of ['Yohana', 'Kupang', '2008-03-09', 'Kenari', 'yohana.k', '0812345', '0077700001'])
      expect(rows.filter((r) => r.data.includes(value))).toEqual([])
    const update = rows.find((r) => r.action === 'update')!
    expect(JSON.parse(update.data)).toMatchObject({
      full_name: '[dihapus]',
      phone: '[dihapus]',
      kind: 'siswa',
    })
    // The school's own register number says which learner went, and who deleted them.
    expect(JSON.parse(rows.find((r) => r.action === 'delete')!.data)).toEqual({
      kind: 'siswa',
      nis: 'E77001',
      accountId: userId,
    })
  })

  it("blanks the learner's row in the stored report of the roster import, and no other row", async () => {
    const row = (nisn: string, nis: string, name: string) => [
      nisn,
      nis,
      name,
      'P',
      'Ende',
      '02/01/2008',
      'XII TBSM 1',
      'TBSM',
      '',
      '',
    ]
    const file = csvText([
      ROSTER_HEADER,
      row('0077700011', 'E77011', 'Maria Goreti Bupu'),
      row('0077700012', 'E77012', 'Fransiska Lado'),
    ])
    const imported = await uploadRoster(t, Buffer.from(file), { as: admin, dryRun: false })
    expect(imported.status).toBe(201)
    const gone = (await learnerByNisn(t, '0077700011'))!

    expect((await call(t, 'DELETE', `/api/admin/students/${gone.id}`, { as: admin })).status).toBe(200)

    const [run] = await t.db
      .select({ report: importRuns.report })
      .from(importRuns)
      .where(eq(importRuns.id, imported.body.data.id))
    expect(run.report.rows).toEqual([
      expect.objectContaining({
        action: 'create',
        nisn: null,
        nis: null,
        fullName: null,
        className: null,
        login: null,
      }),
      expect.objectContaining({ action: 'create', nisn: '0077700012', fullName: 'Fransiska Lado' }),
    ])
    expect(JSON.stringify(await trailOf('student', gone.id))).not.toMatch(/Maria|0077700011/)
  })

  it('the audit rows of a placement recorded by mistake (deleted) lose the employer and position', async () => {
    // Staff record an outside hire for the wrong alumnus, delete it, and the alumnus asks to be erased.
    const { alumnus, placement } = await recordOutsidePlacement(t, admin, {
      company_name: 'Bengkel Las Sinar Harapan',
      position: 'Juru las',
    })
    expect((await call(t, 'DELETE', `/api/admin/job-placements/${placement.id}`, { as: admin })).status).toBe(
      200,
    )
    const gone = await call(t, 'DELETE', `/api/admin/alumni/${alumnus.studentId}`, { as: admin })
    expect(gone.status, gone.raw).toBe(200)

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'placement'))
    const ofPlacement = rows.filter((r) => r.entityId === placement.id)
    expect(ofPlacement.length).toBeGreaterThan(0)
    // It was {"source":"outside","studentId":…,"companyName":"Bengkel Las Sinar Harapan","position":"Juru las",
    // "acceptedAt":…}: the erased alumnus's employer, job and dates, tied by studentId to the delete's row (NIS).
    expect(ofPlacement.map((r) => r.data).join('\n')).not.toMatch(/Bengkel Las|Juru las/)
  })

  it('a roster report row is blanked though staff corrected the NISN since the import', async () => {
    const file = csvText([
      ROSTER_HEADER,
      ['0088800011', 'E88011', 'Agustinus Kefi', 'L', 'Atambua', '02/01/2008', 'XII TBSM 1', 'TBSM', '', ''],
    ])
    const imported = await uploadRoster(t, Buffer.from(file), { as: admin, dryRun: false })
    expect(imported.status, imported.raw).toBe(201)
    const learner = (await learnerByNisn(t, '0088800011'))!
    // The NISN in the file had a typo; staff correct it on the learner's page.
    const fixed = await call(t, 'PUT', `/api/admin/students/${learner.id}`, {
      as: admin,
      body: { nisn: '0088800012' },
    })
    expect(fixed.status, fixed.raw).toBe(200)
    expect((await call(t, 'DELETE', `/api/admin/students/${learner.id}`, { as: admin })).status).toBe(200)

    const [run] = await t.db
      .select({ report: importRuns.report })
      .from(importRuns)
      .where(eq(importRuns.id, imported.body.data.id))
    // It still read NISN 0088800011, NIS E88011, "Agustinus Kefi", XII TBSM 1 and the login.
    expect(JSON.stringify(run.report.rows)).not.toMatch(/Agustinus|E88011|0088800011/)
  })
})
