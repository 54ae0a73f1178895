import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, importRuns, students } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { schoolToday } from '../support/builders/selection.js'
import { csvText, learnerByNisn, ROSTER_HEADER, uploadRoster } from '../support/roster.js'
import { storedStudent, storedUser } from '../support/stored.js'

/**
 * A learner staff recorded as "Keluar/Mutasi" who is still in a roster file (an old Dapodik export, or the next
 * one before Dapodik caught up): the import neither rewrites them nor counts them as unchanged; the preview and
 * the report say they left on that day and are left as is (staff undo "Keluar/Mutasi" on the students page when
 * it was a mistake).
 */
const t = useTestApp({ SCHOOL_EMAIL_DOMAIN: 'smkn9.sch.id' })
let admin: Account
let tkj: { id: number; code: string }

beforeAll(async () => {
  admin = await anAdmin(t)
  tkj = await aMajor(t, { code: 'TKJ', name: 'Teknik Komputer dan Jaringan' })
})

let n = 0
const nisn = () => String(72000000 + ++n).padStart(10, '0')
const nis = () => `2526${String(++n).padStart(4, '0')}`
const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

const row = (p: { nisn: string; nis: string; nama: string; rombel?: string }) => [
  p.nisn,
  p.nis,
  p.nama,
  'P',
  'Bandung',
  '15/08/2008',
  p.rombel ?? 'XII TKJ 1',
  'TKJ',
  '',
  '',
]
const roster = (rows: string[][]) => Buffer.from(csvText([ROSTER_HEADER, ...rows]), 'utf8')
const upload = (file: Buffer, dryRun: boolean, lang?: string) =>
  uploadRoster(t, file, { as: admin, dryRun, lang })

/** A grade-12 student with an account, recorded as left school (mutasi) a few days ago, over HTTP. */
async function aLeaver(values: { nisn: string | null } = { nisn: nisn() }) {
  const s = await aStudent(t, {
    majorId: tkj.id,
    values: { ...values, nis: nis(), fullName: `Siswa Pindah ${n}`, className: 'XII TKJ 1' },
  })
  const day = dayBefore(schoolToday(), 5)
  const left = await call(t, 'POST', `/api/admin/students/${s.studentId}/left`, {
    as: admin,
    body: { date: day, reason: 'mutasi', note: 'Pindah ke SMK 2' },
  })
  expect(left.status).toBe(200)
  return { ...s, day, before: await storedStudent(t, s.studentId) }
}

const skipped = (day: string) =>
  `Keluar/Mutasi sejak ${day}: baris ini dilewati, data siswa tidak diubah dan tidak dibuatkan akun. Bila keliru, batalkan Keluar/Mutasi di halaman Siswa lalu impor lagi.`

describe('POST /api/admin/imports/students: a learner recorded as Keluar/Mutasi', () => {
  it('the preview and the real run say the row is left as is, since the day they left; nothing of theirs is written', async () => {
    const leaver = await aLeaver()
    const fresh = { nisn: nisn(), nis: nis(), nama: 'Siswa Baru Impor' }
    // The export still lists them, in another class and with their name spelt otherwise.
    const file = roster([
      row({ nisn: leaver.student.nisn!, nis: leaver.student.nis, nama: 'Nama Lain', rombel: 'XII TKJ 3' }),
      row(fresh),
    ])

    const preview = await upload(file, true)
    expect(preview.status).toBe(200)
    expect(preview.body.data.totals).toEqual({
      rows: 2,
      create: 1,
      update: 0,
      unchanged: 0,
      left: 1,
      error: 0,
    })
    expect(preview.body.data.rows[0]).toMatchObject({
      row: 2,
      action: 'left',
      nisn: leaver.student.nisn,
      changes: [],
      errors: [],
      login: null,
      left: { date: leaver.day, reason: 'mutasi' },
      note: skipped(leaver.day),
    })
    expect(preview.body.data.rows[1]).toMatchObject({ action: 'create', left: null, note: null })

    const done = await upload(file, false)
    expect(done.status).toBe(201)
    expect(done.body.data.totals).toEqual(preview.body.data.totals)
    expect(done.body.data.rows).toEqual(preview.body.data.rows)
    expect(done.body.data.credentials).toMatchObject({ count: 1 })
    // Not rewritten, not taken back to school, no second record, the account still off.
    expect(await storedStudent(t, leaver.studentId)).toEqual(leaver.before)
    expect(await storedUser(t, leaver.id)).toMatchObject({ isActive: false })
    expect(await t.db.select().from(students).where(eq(students.nisn, leaver.student.nisn!))).toHaveLength(1)
    expect((await learnerByNisn(t, fresh.nisn)).leftOn).toBeNull()
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, leaver.studentId)))
    expect(audits.map((a) => a.action)).toEqual(['left_school'])

    // The stored report (the history) says so too, in Indonesian, and names the learner.
    const [run] = await t.db.select().from(importRuns).where(eq(importRuns.id, done.body.data.id))
    expect(run.totals).toEqual(preview.body.data.totals)
    expect((run.report as { rows: unknown[] }).rows[0]).toMatchObject({
      action: 'left',
      note: skipped(leaver.day),
      studentId: leaver.studentId,
    })
    const history = await call(t, 'GET', '/api/admin/imports', { as: admin })
    expect(history.body.data.find((r: { id: number }) => r.id === run.id).totals).toMatchObject({ left: 1 })
  })

  it('a file of nothing but learners who left imports nothing (every row left, none unchanged)', async () => {
    const a = await aLeaver()
    const b = await aLeaver()
    const file = roster([a, b].map((l) => row({ nisn: l.student.nisn!, nis: l.student.nis, nama: 'X' })))
    const res = await upload(file, false, 'en')
    expect(res.status).toBe(201)
    expect(res.body.data.totals).toEqual({ rows: 2, create: 0, update: 0, unchanged: 0, left: 2, error: 0 })
    expect(res.body.data.rows[0].note).toBe(
      `Left school (dropped out or moved) on ${a.day}: this row is skipped, the learner is not changed and gets no account. If that is a mistake, undo "Keluar/Mutasi" on the Students page, then import again.`,
    )
    expect(await storedStudent(t, a.studentId)).toEqual(a.before)
    expect(await storedStudent(t, b.studentId)).toEqual(b.before)
  })

  it('a learner entered by hand without NISN who left is matched by the NIS, and given no NISN', async () => {
    const leaver = await aLeaver({ nisn: null })
    const given = nisn()
    const res = await upload(
      roster([row({ nisn: given, nis: leaver.student.nis, nama: 'Tanpa NISN' })]),
      false,
    )
    expect(res.status).toBe(201)
    expect(res.body.data.rows[0]).toMatchObject({ action: 'left', left: { date: leaver.day } })
    expect(await storedStudent(t, leaver.studentId)).toEqual(leaver.before)
    expect(await learnerByNisn(t, given)).toBeUndefined()
  })

  it('another NISN with the NIS of a learner who left is refused, naming them as left', async () => {
    const leaver = await aLeaver()
    const res = await upload(
      roster([row({ nisn: nisn(), nis: leaver.student.nis, nama: 'Orang Lain' })]),
      true,
    )
    expect(res.status).toBe(200)
    expect(res.body.data.rows[0]).toMatchObject({ action: 'error', left: null })
    expect(res.body.data.rows[0].errors).toEqual([
      {
        field: 'nis',
        column: 'NIS',
        message: `sudah dipakai siswa lain: ${leaver.student.fullName} (NISN ${leaver.student.nisn}), Keluar/Mutasi sejak ${leaver.day}`,
      },
    ])
  })

  it('after staff undo Keluar/Mutasi, the next import updates the learner as any other', async () => {
    const leaver = await aLeaver()
    expect(
      (await call(t, 'DELETE', `/api/admin/students/${leaver.studentId}/left`, { as: admin })).status,
    ).toBe(200)
    const file = roster([
      row({
        nisn: leaver.student.nisn!,
        nis: leaver.student.nis,
        nama: leaver.student.fullName,
        rombel: 'XII TKJ 2',
      }),
    ])
    const res = await upload(file, false)
    expect(res.status).toBe(201)
    expect(res.body.data.rows[0]).toMatchObject({ action: 'update', left: null, note: null })
    expect((await storedStudent(t, leaver.studentId)).className).toBe('XII TKJ 2')
  })
})
