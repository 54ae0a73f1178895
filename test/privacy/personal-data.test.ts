import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { accessTokens, emailOutbox, importRuns, users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAccount, anAdmin, aStudent, aSuperadmin } from '../support/builders/accounts.js'
import { anApplicant, anApplication, anApplicationEvent } from '../support/builders/applications.js'
import { aPortfolioFile } from '../support/builders/files.js'
import { aNotification } from '../support/builders/notifications.js'
import { aSchedule, setAttendance } from '../support/builders/schedules.js'
import {
  aCheckin,
  anHrdWithVacancy,
  aPlacement,
  aResult,
  schoolToday,
} from '../support/builders/selection.js'
import { answerTracerStudy, employedAnswer } from '../support/builders/tracer-study.js'
import { auditsOf } from '../support/stored.js'

/**
 * UU 27/2022 (PDP) gives a learner the right to a copy of the personal data the school holds about her; for a
 * minor her parent asks the school. Sari, an alumna, downloads hers from her account ("Unduh data saya"); the
 * career center downloads the same document for her parent, and that disclosure is written to the trail. It holds
 * every kind of record bursa keeps about her, nobody else's, and no secret (password hash, token).
 */
const t = useTestApp()
const pid = process.pid

type Learner = Awaited<ReturnType<typeof anApplicant>>
let sari: Learner
let budi: Learner
let hr: Account
let admin: Account
let draftApplicationId: number
let resetLink: string | null
const NISN = `99${String(pid).padStart(8, '0')}`.slice(0, 10)

beforeAll(async () => {
  admin = await anAdmin(t)
  sari = await anApplicant(t, {
    role: 'alumni',
    values: {
      fullName: `Sari Lestari ${pid}`,
      nisn: NISN,
      birthPlace: 'Bekasi',
      religion: 'islam',
      summary: 'Lulusan TKR yang suka mesin.',
      email: `sari.kontak.${pid}@contoh.test`,
    },
  })
  budi = await anApplicant(t, { values: { fullName: `Budi Santoso ${pid}`, nisn: `88${NISN.slice(2)}` } })

  const { company, hrd, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: `Mekanik Junior ${pid}` })
  hr = hrd
  // Her application, accepted: reviewed, tested, scored and published, then placed with a follow-up.
  const accepted = await anApplication(t, {
    vacancyId: vacancy.id,
    studentId: sari.studentId,
    role: 'alumni',
    status: 'accepted',
    fileIds: [sari.cv.id],
    values: { reviewDecision: 'lolos', reviewNotes: 'Berkas lengkap', reviewedAt: new Date() },
  })
  await anApplicationEvent(t, {
    applicationId: accepted.id,
    stage: 'document_review',
    status: 'lolos',
    notes: 'Berkas lengkap',
    actorName: 'HRD Astra',
  })
  const { participants } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [accepted.id],
    name: `Psikotes ${pid}`,
  })
  await setAttendance(t, participants[0].id, {
    attendanceStatus: 'hadir',
    validationStatus: 'verified',
    validatedBy: admin.id,
    validationNotes: 'CATATAN-STAF-ABSENSI',
  })
  const letter = await aPortfolioFile(t, sari.studentId, {
    category: 'decision_letter',
    title: 'Surat keputusan',
    originalName: 'surat-keputusan.pdf',
  })
  await aResult(t, accepted.id, {
    decision: 'diterima',
    psychotestScore: 81,
    interviewScore: 85,
    finalScore: 83,
    notes: 'Selamat bergabung',
    letterFileId: letter.id,
    isPublished: true,
    publishedAt: new Date(),
  })
  await anApplicationEvent(t, {
    applicationId: accepted.id,
    stage: 'selection_published',
    status: 'diterima',
    actorName: 'HRD Astra',
  })
  const { placement } = await aPlacement(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationId: accepted.id,
    studentId: sari.studentId,
    values: { position: `Mekanik ${pid}`, notes: 'CATATAN-HR-PENEMPATAN' },
  })
  await aCheckin(t, {
    placementId: placement.id,
    monthMark: 3,
    status: 'active',
    notes: 'CATATAN-HR-TINDAK-LANJUT',
  })

  // Another application, whose selection HR has not published: its draft stays out.
  const other = await anHrdWithVacancy(t, { vacancyTitle: `Operator Gudang ${pid}` })
  const draft = await anApplication(t, {
    vacancyId: other.vacancy.id,
    studentId: sari.studentId,
    role: 'alumni',
    status: 'in_progress',
  })
  draftApplicationId = draft.id
  await aResult(t, draft.id, { decision: 'tidak_diterima', notes: 'DRAF-BELUM-DIUMUMKAN', finalScore: 41 })
  await anApplicationEvent(t, {
    applicationId: draft.id,
    stage: 'selection_decision',
    status: 'tidak_diterima',
    notes: 'DRAF-BELUM-DIUMUMKAN',
    visibleToApplicant: false,
  })

  // Budi applied to the same vacancy and has his own notices.
  await anApplication(t, { vacancyId: vacancy.id, studentId: budi.studentId, status: 'in_progress' })
  await aNotification(t, budi.id, { title: `Pengingat Budi ${pid}` })

  // Her tracer study, answered twice; a notice; an e-mail; staff's change of her record.
  await answerTracerStudy(t, sari)
  const again = await call(t, 'POST', '/api/alumni/tracer-study', {
    as: sari,
    body: employedAnswer({ job_title: 'Supervisor Produksi' }),
  })
  expect(again.status).toBe(200)
  await aNotification(t, sari.id, { title: `Pengingat Sari ${pid}` })
  await t.db.insert(emailOutbox).values({
    to: sari.email,
    userId: sari.id,
    subject: `Undangan tes ${pid}`,
    text: 'Atur kata sandi: https://bkk.test/atur-kata-sandi?token=RAHASIA-TAUTAN',
  })
  // A roster import that named her (and Budi), and a password link staff sent her.
  const row = (n: number, l: Learner) => ({
    row: n,
    action: 'update',
    nisn: l.student.nisn,
    nis: l.student.nis,
    fullName: l.student.fullName,
    className: 'XII TKR 1',
    login: l.email,
    changes: ['class_name'],
    studentId: l.studentId,
  })
  await t.db.insert(importRuns).values({
    kind: 'students',
    createdBy: admin.id,
    fileName: `rombel-${pid}.csv`,
    totals: { rows: 2, create: 0, update: 2, unchanged: 0, left: 0, error: 0 },
    report: { rows: [row(2, sari), row(3, budi)] },
  })
  const link = await call(t, 'POST', `/api/admin/users/${sari.id}/password-reset`, { as: admin })
  expect(link.status).toBe(200)
  resetLink = link.body.data.link
  const edited = await call(t, 'PUT', `/api/admin/alumni/${sari.studentId}`, {
    as: admin,
    body: { city: 'Cikarang' },
  })
  expect(edited.status).toBe(200)
})

describe('GET /api/my-data', () => {
  it('downloads everything bursa holds about the learner, as one JSON file', async () => {
    const res = await call(t, 'GET', '/api/my-data', { as: sari })
    expect(res.status).toBe(200)
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="data-saya-${NISN}-${schoolToday()}.json"`,
    )
    expect(res.body).toMatchObject({ success: true, message: expect.stringContaining(`Sari Lestari ${pid}`) })
    const d = res.body.data
    expect(d.exportedBy).toMatchObject({ id: sari.id, role: 'alumni' })
    expect(d.learner).toMatchObject({
      id: sari.studentId,
      nisn: NISN,
      fullName: `Sari Lestari ${pid}`,
      birthPlace: 'Bekasi',
      summary: 'Lulusan TKR yang suka mesin.',
      city: 'Cikarang',
      graduationYear: 2024,
    })
    expect(d.account).toMatchObject({ id: sari.id, email: sari.email, role: 'alumni', isActive: true })
    expect(d.account).toHaveProperty('lastLoginAt')
    expect(d.account.sessions.length).toBeGreaterThan(0)

    // Her files: names, types, sizes, when; never the bytes.
    expect(d.files).toEqual([
      expect.objectContaining({ id: sari.cv.id, category: 'cv', originalName: 'cv.pdf', size: sari.cv.size }),
    ])
    expect(d.files[0].createdAt).toBeTruthy()

    // Both applications with their timeline, tests and attendance; the published result; the draft left out.
    expect(d.applications).toHaveLength(2)
    const accepted = d.applications.find((a: { status: string }) => a.status === 'accepted')
    expect(accepted.vacancy.title).toBe(`Mekanik Junior ${pid}`)
    expect(accepted.review).toMatchObject({ decision: 'lolos', notes: 'Berkas lengkap' })
    expect(accepted.files.map((f: { id: number }) => f.id)).toEqual([sari.cv.id])
    expect(accepted.timeline.map((e: { stage: string }) => e.stage)).toEqual([
      'applied',
      'document_review',
      'selection_published',
    ])
    expect(accepted.tests).toEqual([
      expect.objectContaining({
        name: `Psikotes ${pid}`,
        attendanceStatus: 'hadir',
        validationStatus: 'verified',
      }),
    ])
    expect(accepted.result).toMatchObject({
      decision: 'diterima',
      finalScore: 83,
      notes: 'Selamat bergabung',
    })
    expect(accepted.result.letter).toMatchObject({ originalName: 'surat-keputusan.pdf' })
    const draft = d.applications.find((a: { id: number }) => a.id === draftApplicationId)
    expect(draft.result).toBeNull()
    expect(draft.timeline.map((e: { stage: string }) => e.stage)).toEqual(['applied'])

    expect(d.placements).toEqual([
      expect.objectContaining({
        position: `Mekanik ${pid}`,
        source: 'bursa',
        followUps: [expect.objectContaining({ monthMark: 3, status: 'active' })],
      }),
    ])
    expect(d.tracerStudy.map((v: { version: number; jobTitle: string }) => [v.version, v.jobTitle])).toEqual([
      [2, 'Supervisor Produksi'],
      [1, 'Operator Produksi'],
    ])
    expect(d.notifications.map((n: { title: string }) => n.title)).toContain(`Pengingat Sari ${pid}`)
    expect(d.rosterImports).toEqual([
      expect.objectContaining({
        fileName: `rombel-${pid}.csv`,
        row: expect.objectContaining({ row: 2, nisn: NISN, changes: ['class_name'] }),
      }),
    ])
    expect(d.account.passwordLinks).toEqual([expect.objectContaining({ purpose: 'reset', usedAt: null })])
    expect(d.emails).toEqual([expect.objectContaining({ to: sari.email, subject: `Undangan tes ${pid}` })])
    expect(d.auditTrail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'update',
          entity: 'student',
          actor: expect.objectContaining({ id: admin.id, role: 'admin' }),
          data: expect.objectContaining({ city: 'Cikarang' }),
        }),
      ]),
    )
    // It says what it leaves out, so a parent knows what to ask for.
    expect(d.omitted.length).toBeGreaterThan(0)
  })

  it("holds nobody else's data, staff's and HR's own notes, unpublished drafts, nor any secret", async () => {
    const res = await call(t, 'GET', '/api/my-data', { as: sari })
    expect(res.status).toBe(200)
    const raw = res.raw
    for (const other of [
      `Budi Santoso ${pid}`,
      budi.student.nis,
      `88${NISN.slice(2)}`,
      `Pengingat Budi ${pid}`,
    ])
      expect(raw).not.toContain(other)
    for (const note of [
      'CATATAN-STAF-ABSENSI',
      'CATATAN-HR-PENEMPATAN',
      'CATATAN-HR-TINDAK-LANJUT',
      'DRAF-BELUM-DIUMUMKAN',
      'RAHASIA-TAUTAN',
    ])
      expect(raw).not.toContain(note)
    const [account] = await t.db.select().from(users).where(eq(users.id, sari.id))
    const tokens = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, sari.id))
    expect(raw).not.toContain(account.passwordHash)
    expect(raw).not.toContain('$argon2')
    expect(raw).not.toContain(sari.token.split('|')[1])
    for (const tk of tokens) expect(raw).not.toContain(tk.tokenHash)
    expect(raw).not.toMatch(/passwordHash|tokenHash|storageKey|checkInSecret/)
    expect(raw).not.toContain(sari.cv.storageKey)
    if (resetLink) expect(raw).not.toContain(new URL(resetLink).searchParams.get('token'))
  })

  it('a grade-12 student gets hers; an account without a learner record 404', async () => {
    const res = await call(t, 'GET', '/api/my-data', { as: budi })
    expect(res.status).toBe(200)
    expect(res.body.data.learner.fullName).toBe(`Budi Santoso ${pid}`)
    expect(res.raw).not.toContain(`Sari Lestari ${pid}`)
    expect(res.body.data.tracerStudy).toEqual([])
    const orphan = await anAccount(t, 'siswa')
    expect((await call(t, 'GET', '/api/my-data', { as: orphan })).status).toBe(404)
  })

  it('HR and staff are refused (403): staff use the learner record', async () => {
    for (const as of [hr, admin]) expect((await call(t, 'GET', '/api/my-data', { as })).status).toBe(403)
  })

  it('is limited to a few downloads an hour per account (429 with Retry-After)', async () => {
    const learner = await aStudent(t)
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await call(t, 'GET', '/api/my-data', { as: learner }))
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers[5].status).toBe(429)
    expect(Number(answers[5].headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('GET /api/admin/{students,alumni}/:id/personal-data', () => {
  it("gives staff the learner's document, and writes who disclosed whose data to the trail", async () => {
    const superadmin = await aSuperadmin(t)
    const res = await call(t, 'GET', `/api/admin/alumni/${sari.studentId}/personal-data`, { as: superadmin })
    expect(res.status).toBe(200)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="data-pribadi-${NISN}-${schoolToday()}.json"`,
    )
    expect(res.body.data.learner.fullName).toBe(`Sari Lestari ${pid}`)
    expect(res.body.data.exportedBy).toMatchObject({ id: superadmin.id, role: 'superadmin' })
    expect(res.body.data.applications).toHaveLength(2)
    expect(res.raw).not.toContain(`Budi Santoso ${pid}`)

    const [row] = await auditsOf(t, 'student', sari.studentId)
    expect(row).toMatchObject({ action: 'export_personal_data', actorId: superadmin.id })
    expect(JSON.parse(row.data ?? '{}')).toEqual({ kind: 'alumni' })

    // The learner sees in her own copy that the school disclosed it, and by whom.
    const mine = await call(t, 'GET', '/api/my-data', { as: sari })
    expect(mine.body.data.auditTrail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'export_personal_data',
          actor: expect.objectContaining({ id: superadmin.id, role: 'superadmin' }),
        }),
      ]),
    )
  })

  it('students under /students, alumni under /alumni: the other kind or an unknown id is 404', async () => {
    expect(
      (await call(t, 'GET', `/api/admin/students/${budi.studentId}/personal-data`, { as: admin })).status,
    ).toBe(200)
    expect(
      (await call(t, 'GET', `/api/admin/students/${sari.studentId}/personal-data`, { as: admin })).status,
    ).toBe(404)
    expect((await call(t, 'GET', '/api/admin/alumni/2147483000/personal-data', { as: admin })).status).toBe(
      404,
    )
  })

  it("HR and learners are refused (403): a learner cannot fetch another's", async () => {
    for (const as of [hr, budi, sari]) {
      expect((await call(t, 'GET', `/api/admin/alumni/${sari.studentId}/personal-data`, { as })).status).toBe(
        403,
      )
      expect(
        (await call(t, 'GET', `/api/admin/students/${budi.studentId}/personal-data`, { as })).status,
      ).toBe(403)
    }
    // Nothing was disclosed by those refusals.
    const exports = (await auditsOf(t, 'student', budi.studentId)).filter(
      (r) => r.action === 'export_personal_data',
    )
    expect(exports.map((r) => r.actorId)).toEqual([admin.id])
  })
})
