import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { importRuns } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { csvText, learnerByNisn, ROSTER_HEADER, uploadRoster } from '../support/roster.js'
import { auditsOf } from '../support/stored.js'

/**
 * A learner deleted on a request under UU PDP (one who never applied: the only learners the school can
 * delete) left their personal data in the trail: every edit's audit row logged the fields sent (name, NISN,
 * birth date, address, phone, e-mail), the account's rows its e-mail and name, the delete's own row the name,
 * and the stored report of the roster import that brought them in their NISN, NIS, name, class and login.
 * The rows stay (who did what, when, to which fields); the values go.
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
})
