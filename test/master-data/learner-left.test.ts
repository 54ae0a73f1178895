import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { applications, emailOutbox } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import {
  type Account,
  anAdmin,
  anAlumnus,
  anHrd,
  aStudent,
  aSuperadmin,
  logIn,
  PASSWORD,
} from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { schoolToday } from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'
import { auditsOf, eventsOf, storedStudent, storedUser, tokenCount } from '../support/stored.js'

/**
 * A grade-12 student who left school (keluar: dropped out, mutasi: moved) is recorded as such, with the day and
 * the reason: their account goes off and their open applications close in the same transaction, and they leave
 * the students' list, the pickers, graduation and the reports' cohorts; a mistake is undone.
 */
const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

let n = 0
const className = () => `XII LEFT ${process.pid % 1000}-${++n}`
const leave = (id: number, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/admin/students/${id}/left`, { as: admin, body })
const undo = (id: number) => call(t, 'DELETE', `/api/admin/students/${id}/left`, { as: admin })
const dayBefore = (day: string, days = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
const ids = (res: { body: { data: { id?: number; value?: number }[] } }) =>
  res.body.data.map((d) => d.id ?? d.value)

describe('role matrix of /api/admin/students/{id}/left', () => {
  it('admits admin and superadmin only', async () => {
    const s = await aStudent(t, { account: false })
    await expectRoles(t, 'DELETE', `/api/admin/students/${s.studentId}/left`, ['admin'])
    await expectRoles(t, 'POST', `/api/admin/students/${s.studentId}/left`, ['admin'], {
      date: dayBefore(schoolToday()),
      reason: 'keluar',
    })
  })
})

describe('POST /api/admin/students/{id}/left', () => {
  it('records the day and reason, switches the account off and closes the open applications, in one go', async () => {
    const s = await aStudent(t)
    const pending = await anApplication(t, { studentId: s.studentId })
    const inSelection = await anApplication(t, { studentId: s.studentId, status: 'in_progress' })
    const accepted = await anApplication(t, { studentId: s.studentId, status: 'accepted' })
    const [owed] = await t.db
      .insert(emailOutbox)
      .values({ to: s.email, userId: s.id, subject: 'Tautan atur ulang kata sandi', text: 'x' })
      .returning()
    const day = dayBefore(schoolToday(), 3)

    const res = await leave(s.studentId, { date: day, reason: 'mutasi', note: '  Pindah ke  SMK 2 Bandung ' })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(
      `${s.student.fullName} dicatat keluar/mutasi sejak ${day}. Akunnya dinonaktifkan. 2 lamaran yang masih berjalan ditutup.`,
    )
    expect(res.body.data).toMatchObject({
      id: s.studentId,
      graduationYear: null,
      left: { date: day, reason: 'mutasi', note: 'Pindah ke SMK 2 Bandung' },
      account: { id: s.id, isActive: false },
    })
    expect(await storedStudent(t, s.studentId)).toMatchObject({
      leftOn: day,
      leftReason: 'mutasi',
      leftNote: 'Pindah ke SMK 2 Bandung',
    })
    // The account as user management's deactivation leaves it: off, signed out, nothing more sent to it.
    expect((await storedUser(t, s.id)).isActive).toBe(false)
    expect(await tokenCount(t, s.id)).toBe(0)
    expect((await logIn(t, s.email, PASSWORD)).status).toBe(403)
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, owed.id))
    expect(mail.lastError).toBe('not sent: the account was deactivated')
    // The open applications end withdrawn by the school, the timeline saying why; the accepted one stays.
    const status = async (id: number) =>
      (await t.db.select().from(applications).where(eq(applications.id, id)))[0].status
    expect(await status(pending.id)).toBe('withdrawn')
    expect(await status(inSelection.id)).toBe('withdrawn')
    expect(await status(accepted.id)).toBe('accepted')
    const last = (await eventsOf(t, pending.id)).at(-1)!
    expect(last).toMatchObject({
      stage: 'withdrawn',
      status: 'withdrawn',
      notes: 'Ditutup BKK: siswa keluar/mutasi dari sekolah.',
      actorId: admin.id,
    })
    // Audit rows: the record's (with what was closed) and the account's.
    const [audit] = await auditsOf(t, 'student', s.studentId)
    expect(audit.action).toBe('left_school')
    expect(JSON.parse(audit.data!)).toMatchObject({
      date: day,
      reason: 'mutasi',
      accountId: s.id,
      closedApplications: [pending.id, inSelection.id],
    })
    expect((await auditsOf(t, 'user', s.id))[0]).toMatchObject({ action: 'deactivate' })
    // Their history stays readable.
    const one = await call(t, 'GET', `/api/admin/students/${s.studentId}`, { as: admin })
    expect(one.status).toBe(200)
    expect(one.body.data.left).toMatchObject({ date: day, reason: 'mutasi' })
  })

  it('records a student without an account too, today included', async () => {
    const s = await aStudent(t, { account: false })
    const res = await leave(s.studentId, { date: schoolToday(), reason: 'keluar' })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(`${s.student.fullName} dicatat keluar/mutasi sejak ${schoolToday()}.`)
    expect(res.body.data.left).toEqual({ date: schoolToday(), reason: 'keluar', note: null })
  })

  it('refuses a day after the school’s today, an unknown reason, an alumnus, an unknown id and a second recording', async () => {
    const s = await aStudent(t)
    const open = await anApplication(t, { studentId: s.studentId })
    const tomorrow = dayBefore(schoolToday(), -1)

    const future = await leave(s.studentId, { date: tomorrow, reason: 'keluar' })
    expect(future.status).toBe(422)
    expect(future.body.errors).toEqual({ date: ['tidak boleh setelah hari ini'] })
    const reason = await leave(s.studentId, { date: schoolToday(), reason: 'lulus' })
    expect(reason.status).toBe(422)
    expect(Object.keys(reason.body.errors)).toEqual(['reason'])
    // Nothing of it happened.
    expect((await storedStudent(t, s.studentId)).leftOn).toBeNull()
    expect((await storedUser(t, s.id)).isActive).toBe(true)
    expect((await t.db.select().from(applications).where(eq(applications.id, open.id)))[0].status).toBe(
      'pending',
    )

    const alumnus = await anAlumnus(t, { values: { graduationYear: 2024 } })
    const graduated = await leave(alumnus.studentId, { date: schoolToday(), reason: 'keluar' })
    expect(graduated.status).toBe(409)
    expect(graduated.body.message).toBe(
      'Sudah menjadi alumni (lulus 2024): hanya siswa kelas XII yang dapat dicatat keluar/mutasi.',
    )
    expect((await storedStudent(t, alumnus.studentId)).leftOn).toBeNull()
    expect((await storedUser(t, alumnus.id)).isActive).toBe(true)

    expect((await leave(2_000_000_000, { date: schoolToday(), reason: 'keluar' })).status).toBe(404)

    expect((await leave(s.studentId, { date: schoolToday(), reason: 'keluar' })).status).toBe(200)
    const again = await leave(s.studentId, { date: dayBefore(schoolToday()), reason: 'mutasi' })
    expect(again.status).toBe(409)
    expect((await storedStudent(t, s.studentId)).leftReason).toBe('keluar')
  })
})

describe('a student who left school', () => {
  let major: number
  let klass: string
  let staying: Awaited<ReturnType<typeof aStudent>>
  let gone: Awaited<ReturnType<typeof aStudent>>

  beforeAll(async () => {
    major = (await aMajor(t)).id
    klass = className()
    staying = await aStudent(t, {
      majorId: major,
      values: { className: klass, fullName: 'Tetap Bersekolah' },
    })
    gone = await aStudent(t, { majorId: major, values: { className: klass, fullName: 'Sudah Pindah' } })
    expect((await leave(gone.studentId, { date: schoolToday(), reason: 'mutasi' })).status).toBe(200)
  })

  it('is out of the default list and the pickers; the status filter shows them', async () => {
    const list = (query: Record<string, unknown>) =>
      call(t, 'GET', '/api/admin/students', { as: admin, query: { major_id: major, ...query } })
    expect(ids(await list({}))).toEqual([staying.studentId])
    expect(ids(await list({ status: 'active' }))).toEqual([staying.studentId])
    const left = await list({ status: 'left' })
    expect(ids(left)).toEqual([gone.studentId])
    expect(left.body.data[0].left).toMatchObject({ reason: 'mutasi' })
    expect(ids(await list({ status: 'all' }))).toEqual([gone.studentId, staying.studentId])
    expect((await list({ status: 'keluar' })).status).toBe(422)

    const options = await call(t, 'GET', '/api/admin/students/options', {
      as: admin,
      query: { major_id: major },
    })
    expect(ids(options)).toEqual([staying.studentId])
    const picker = await call(t, 'GET', '/api/admin/job-placements/learners', {
      as: admin,
      query: { search: gone.student.nis },
    })
    expect(picker.status).toBe(200)
    expect(picker.body.data).toEqual([])
  })

  it('is shown refused in the graduation preview of their class, and never graduates', async () => {
    const preview = await call(t, 'POST', '/api/admin/graduations', {
      as: admin,
      body: { graduation_year: 2025, class_name: klass, dry_run: true },
    })
    expect(preview.status).toBe(200)
    expect(preview.body.data.graduates.map((g: { id: number }) => g.id)).toEqual([staying.studentId])
    expect(preview.body.data.failures).toEqual([
      {
        id: gone.studentId,
        nis: gone.student.nis,
        fullName: 'Sudah Pindah',
        className: klass,
        major: expect.objectContaining({ id: major }),
        reason: `Keluar/Mutasi sejak ${schoolToday()}.`,
        left: { date: schoolToday(), reason: 'mutasi' },
      },
    ])
    // Named by id, they are refused on their own; the alumni upgrade refuses them too.
    const byId = await call(t, 'POST', '/api/admin/graduations', {
      as: admin,
      body: { graduation_year: 2025, student_ids: [gone.studentId] },
    })
    expect(byId.status).toBe(200)
    expect(byId.body.data).toMatchObject({ succeeded: 0, failed: 1 })
    const upgrade = await call(t, 'POST', '/api/admin/alumni/upgrade', {
      as: admin,
      body: { graduation_year: 2025, student_ids: [gone.studentId] },
    })
    expect(upgrade.status).toBe(422)
    expect(upgrade.body.errors).toEqual({ 'student_ids.0': [`Keluar/Mutasi sejak ${schoolToday()}.`] })
    expect((await storedStudent(t, gone.studentId)).graduationYear).toBeNull()
    // The class's graduation goes ahead without them.
    const commit = await call(t, 'POST', '/api/admin/graduations', {
      as: admin,
      body: { graduation_year: 2025, class_name: klass },
    })
    expect(commit.body.data).toMatchObject({ succeeded: 1, failed: 1 })
    expect((await storedStudent(t, staying.studentId)).graduationYear).toBe(2025)
    expect((await storedStudent(t, gone.studentId)).graduationYear).toBeNull()
  })

  it('is left out of the absorption cohort', async () => {
    const res = await call(t, 'GET', '/api/admin/reports/absorption', {
      as: admin,
      query: { major_id: major },
    })
    expect(res.status).toBe(200)
    expect(
      res.body.data.rows.map((r: { graduationYear: number | null; cohort: number }) => r.cohort),
    ).toEqual([1])
  })

  it('goes back when the recording is undone; the account stays off and the closed applications closed', async () => {
    const s = await aStudent(t, { majorId: major, values: { className: klass, fullName: 'Salah Catat' } })
    const open = await anApplication(t, { studentId: s.studentId })
    expect((await leave(s.studentId, { date: schoolToday(), reason: 'keluar', note: 'keliru' })).status).toBe(
      200,
    )

    const res = await undo(s.studentId)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(
      'Status keluar/mutasi Salah Catat dibatalkan. Akunnya masih nonaktif; aktifkan lewat menu Pengguna bila perlu.',
    )
    expect(res.body.data).toMatchObject({ left: null, account: { isActive: false } })
    expect(await storedStudent(t, s.studentId)).toMatchObject({
      leftOn: null,
      leftReason: null,
      leftNote: null,
    })
    expect((await t.db.select().from(applications).where(eq(applications.id, open.id)))[0].status).toBe(
      'withdrawn',
    )
    const [audit] = await auditsOf(t, 'student', s.studentId)
    expect(audit.action).toBe('left_school_undone')
    expect(JSON.parse(audit.data!)).toMatchObject({ reason: 'keluar', note: 'keliru' })
    const list = await call(t, 'GET', '/api/admin/students', { as: admin, query: { major_id: major } })
    expect(ids(list)).toContain(s.studentId)

    const again = await undo(s.studentId)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Salah Catat tidak tercatat keluar/mutasi.')
    expect((await undo(2_000_000_000)).status).toBe(404)
  })
})

/**
 * What a left student could still do or be given, found by the review of this change: user management switched
 * the account on again (and the learner applied: 201), a placement was recorded by id by staff or HR (the
 * pickers hide them, the server took them), and the major's page counted them among its grade-12 students.
 */
describe('a student who left school, everywhere else', () => {
  async function leftLearner() {
    const major = await aMajor(t)
    const learner = await aStudent(t, { majorId: major.id, values: { className: className() } })
    expect(
      (await leave(learner.studentId, { date: dayBefore(schoolToday(), 2), reason: 'keluar' })).status,
    ).toBe(200)
    return { major, learner }
  }

  it('cannot have the account switched on again, nor be given a new one, while recorded as left', async () => {
    const { learner } = await leftLearner()
    const superadmin = await aSuperadmin(t)
    const on = await call(t, 'PATCH', `/api/admin/users/${learner.id}/toggle-active`, { as: superadmin })
    expect(on.status).toBe(409)
    expect(on.body.message).toMatch(/tercatat keluar\/mutasi sejak/)
    expect(await storedUser(t, learner.id)).toMatchObject({ isActive: false })
    expect((await logIn(t, learner.email, PASSWORD)).status).toBe(403)

    const without = await aStudent(t, { account: false, values: { className: className() } })
    expect((await leave(without.studentId, { date: schoolToday(), reason: 'mutasi' })).status).toBe(200)
    const given = await call(t, 'PUT', `/api/admin/students/${without.studentId}`, {
      as: admin,
      body: {
        email: `left.${without.studentId}@siswa.test`,
        create_account: true,
        password: 'Kopi-Hitam-2026!q',
      },
    })
    expect(given.status).toBe(422)
    expect(Object.keys(given.body.errors)).toEqual(['create_account'])
    const made = await call(t, 'POST', '/api/admin/users', {
      as: superadmin,
      body: {
        full_name: 'Akun Baru',
        email: `left.user.${without.studentId}@siswa.test`,
        role: 'siswa',
        password: 'Kopi-Hitam-2026!q',
        student_id: without.studentId,
      },
    })
    expect(made.status).toBe(422)
    expect(Object.keys(made.body.errors)).toEqual(['student_id'])
  })

  it('cannot be given a placement by id, by staff or by HR', async () => {
    const { learner } = await leftLearner()
    const staff = await call(t, 'POST', '/api/admin/job-placements', {
      as: admin,
      body: {
        student_id: learner.studentId,
        company_name: 'Toko Elektronik Maju Jaya',
        position: 'Teknisi servis',
        accepted_date: schoolToday(),
      },
    })
    expect(staff.status).toBe(422)
    expect(staff.body.errors.student_id[0]).toMatch(/^Keluar\/Mutasi sejak/)
    const hrd = await anHrd(t)
    const hr = await call(t, 'POST', '/api/hrd/job-placements', {
      as: hrd,
      body: { student_id: learner.studentId, position: 'Operator produksi', accepted_date: schoolToday() },
    })
    expect(hr.status).toBe(422)
  })

  it("is not counted among the major's grade-12 students", async () => {
    const { major } = await leftLearner()
    const res = await call(t, 'GET', `/api/admin/majors/${major.id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data.studentCount).toBe(0)
  })
})
