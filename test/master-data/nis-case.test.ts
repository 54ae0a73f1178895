import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { students } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { csvText, learnerByNisn, ROSTER_HEADER, uploadRoster } from '../support/roster.js'
import { storedStudent } from '../support/stored.js'

/**
 * A school's NIS is one identity whatever its case: `2223/tkj/045` and `2223/TKJ/045` are the same learner. It is
 * stored in capitals on every write (the learner forms, the roster import), and compared without case wherever it
 * says who a learner is (the forms' uniqueness, the import's matching).
 */
const t = useTestApp({ SCHOOL_EMAIL_DOMAIN: 'smkn9.sch.id' })
let admin: Account
let tkj: { id: number; code: string }

beforeAll(async () => {
  admin = await anAdmin(t)
  tkj = await aMajor(t, { code: 'TKJ', name: 'Teknik Komputer dan Jaringan' })
})

let n = 0
/** An NIS as schools write them, in lower case: `2223/tkj/007`. */
const nis = () => `2223/tkj/${String(++n).padStart(3, '0')}`
const nisn = () => String(73000000 + ++n).padStart(10, '0')
const byNis = async (value: string) =>
  t.db.select().from(students).where(sql`upper(${students.nis}) = upper(${value})`)

describe('the learner forms', () => {
  it('store the NIS in capitals, and refuse the same NIS in another case (409 on nis)', async () => {
    const given = nis()
    const created = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: { nis: given, full_name: 'Budi Santoso', major_id: tkj.id },
    })
    expect(created.status).toBe(201)
    expect(created.body.data.nis).toBe(given.toUpperCase())
    expect((await storedStudent(t, created.body.data.id)).nis).toBe(given.toUpperCase())

    const again = await call(t, 'POST', '/api/admin/alumni', {
      as: admin,
      body: {
        nis: given.replace('tkj', 'Tkj'),
        full_name: 'Budi Lain',
        major_id: tkj.id,
        graduation_year: 2024,
      },
    })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ success: false, message: 'NIS sudah terdaftar.' })
    expect(Object.keys(again.body.errors)).toEqual(['nis'])
    expect(await byNis(given)).toHaveLength(1)
  })

  it('an edit stores the NIS in capitals, and refuses another learner’s NIS written in another case', async () => {
    const a = await aStudent(t, { account: false, majorId: tkj.id, values: { nis: nis().toUpperCase() } })
    const b = await aStudent(t, { account: false, majorId: tkj.id })
    const taken = await call(t, 'PUT', `/api/admin/students/${b.studentId}`, {
      as: admin,
      body: { nis: a.student.nis.toLowerCase() },
    })
    expect(taken.status).toBe(409)
    expect(Object.keys(taken.body.errors)).toEqual(['nis'])
    expect((await storedStudent(t, b.studentId)).nis).toBe(b.student.nis)

    const mine = nis()
    const res = await call(t, 'PUT', `/api/admin/students/${b.studentId}`, { as: admin, body: { nis: mine } })
    expect(res.status).toBe(200)
    expect(res.body.data.nis).toBe(mine.toUpperCase())
    // Its own NIS sent back in another case is no change.
    const same = await call(t, 'PUT', `/api/admin/students/${b.studentId}`, {
      as: admin,
      body: { nis: mine, class_name: 'XII TKJ 2' },
    })
    expect(same.status).toBe(200)
    expect(await storedStudent(t, b.studentId)).toMatchObject({
      nis: mine.toUpperCase(),
      className: 'XII TKJ 2',
    })
  })
})

const row = (p: { nisn: string; nis: string; nama: string }) => [
  p.nisn,
  p.nis,
  p.nama,
  'L',
  'Bandung',
  '15/08/2008',
  'XII TKJ 1',
  'TKJ',
  '',
  '',
]
const roster = (rows: string[][]) => Buffer.from(csvText([ROSTER_HEADER, ...rows]), 'utf8')

describe('the roster import', () => {
  it('matches a learner entered by hand by the NIS in any case, and stores new NIS in capitals', async () => {
    const byHand = await aStudent(t, {
      account: false,
      majorId: tkj.id,
      values: { nisn: null, nis: nis().toUpperCase(), fullName: 'Tanpa NISN', className: 'XII TKJ 1' },
    })
    const matched = { nisn: nisn(), nis: byHand.student.nis.toLowerCase(), nama: 'Tanpa NISN' }
    const fresh = { nisn: nisn(), nis: nis(), nama: 'Siswa Baru' }
    const file = roster([row(matched), row(fresh)])

    const preview = await uploadRoster(t, file, { as: admin, dryRun: true })
    expect(preview.status).toBe(200)
    expect(preview.body.data.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'create'])
    expect(preview.body.data.rows[0].changes).not.toContain('nis')

    const done = await uploadRoster(t, file, { as: admin, dryRun: false })
    expect(done.status).toBe(201)
    expect(done.body.data.rows).toEqual(preview.body.data.rows)
    expect(await learnerByNisn(t, matched.nisn)).toMatchObject({
      id: byHand.studentId,
      nis: byHand.student.nis,
    })
    expect((await learnerByNisn(t, fresh.nisn)).nis).toBe(fresh.nis.toUpperCase())
    expect(await byNis(matched.nis)).toHaveLength(1)

    // The same file again: nothing changes.
    const again = await uploadRoster(t, file, { as: admin, dryRun: true })
    expect(again.body.data.totals).toMatchObject({ unchanged: 2, create: 0, update: 0, error: 0 })
  })

  it("refuses another learner's NIS in another case, and the same NIS twice in the file in two cases", async () => {
    const holder = await aStudent(t, {
      account: false,
      majorId: tkj.id,
      values: { nisn: nisn(), nis: nis().toUpperCase() },
    })
    const twice = nis()
    const file = roster([
      row({ nisn: nisn(), nis: holder.student.nis.toLowerCase(), nama: 'Orang Lain' }),
      row({ nisn: nisn(), nis: twice, nama: 'Kembar Satu' }),
      row({ nisn: nisn(), nis: twice.toUpperCase(), nama: 'Kembar Dua' }),
    ])
    const res = await uploadRoster(t, file, { as: admin, dryRun: true })
    expect(res.status).toBe(200)
    expect(res.body.data.totals).toMatchObject({ error: 3, create: 0 })
    const messages = res.body.data.rows.map((r: { errors: { field: string; message: string }[] }) =>
      r.errors.map((e) => `${e.field}: ${e.message}`),
    )
    expect(messages).toEqual([
      [`nis: sudah dipakai siswa lain: ${holder.student.fullName} (NISN ${holder.student.nisn})`],
      ['nis: NIS ini muncul lebih dari sekali di berkas'],
      ['nis: NIS ini muncul lebih dari sekali di berkas'],
    ])
    expect(await storedStudent(t, holder.studentId)).toEqual(holder.student)
  })
})

describe('learners stored before, whose NIS differ only in case', () => {
  it('stay as they are; the form sent back whole keeps the NIS, and a third spelling is refused', async () => {
    // Two records of one NIS in two cases, as the exact unique index let them be stored before (migration 0032
    // leaves them for staff to merge: test/operations/nis-case-upgrade.test.ts).
    const given = nis()
    const lower = await aStudent(t, { account: false, majorId: tkj.id, values: { nis: given } })
    const upper = await aStudent(t, { account: false, majorId: tkj.id, values: { nis: given.toUpperCase() } })

    const edit = await call(t, 'PUT', `/api/admin/students/${lower.studentId}`, {
      as: admin,
      body: { nis: given, full_name: 'Nama Dibetulkan' },
    })
    expect(edit.status).toBe(200)
    expect(await storedStudent(t, lower.studentId)).toMatchObject({ nis: given, fullName: 'Nama Dibetulkan' })
    expect((await storedStudent(t, upper.studentId)).nis).toBe(given.toUpperCase())

    const third = await call(t, 'POST', '/api/admin/students', {
      as: admin,
      body: { nis: given.replace('tkj', 'tKj'), full_name: 'Ketiga', major_id: tkj.id },
    })
    expect(third.status).toBe(409)
    expect(Object.keys(third.body.errors)).toEqual(['nis'])
    expect(await byNis(given)).toHaveLength(2)

    // The import names the other record rather than picking one of the two.
    const res = await uploadRoster(t, roster([row({ nisn: nisn(), nis: given, nama: 'Siapa' })]), {
      as: admin,
      dryRun: true,
    })
    expect(res.body.data.rows[0]).toMatchObject({ action: 'error' })
    expect(res.body.data.rows[0].errors.map((e: { field: string }) => e.field)).toEqual(['nis'])
  })
})

describe('two forms sent at once with one NIS in two cases', () => {
  it('store one learner; the other is told the NIS is taken (409 on nis)', async () => {
    const given = nis()
    const send = (spelling: string, name: string) =>
      call(t, 'POST', '/api/admin/students', {
        as: admin,
        body: { nis: spelling, full_name: name, major_id: tkj.id },
      })
    const answers = await Promise.all([send(given, 'Satu'), send(given.toUpperCase(), 'Dua')])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect(Object.keys(answers.find((a) => a.status === 409)!.body.errors)).toEqual(['nis'])
    expect(await byNis(given)).toHaveLength(1)
  })
})
