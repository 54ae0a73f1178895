/**
 * A form saved after someone else changed its record (docs/api.md, "Changing a record someone else changed"):
 * the web client sends the `updatedAt` it read in `If-Match`, and the change is refused with 412 instead of
 * putting back what the colleague (or the learner) changed. Without the header the last write wins.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { companies, departments, jobVacancies, majors, students, users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anHrd, aStudent, aSuperadmin } from '../support/builders/accounts.js'
import { aCompany, aDepartment, aMajor } from '../support/builders/org.js'
import { dayFromToday, vacancyBody } from '../support/builders/vacancies.js'

const t = useTestApp()
let admin: Account
let colleague: Account
let superadmin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
  colleague = await anAdmin(t)
  superadmin = await aSuperadmin(t)
})

const EDITED_ELSEWHERE = {
  success: false,
  code: 'edited_elsewhere',
  message:
    'Data ini sudah diubah orang lain sejak Anda membukanya, jadi perubahan Anda belum disimpan. Muat ulang untuk melihat data terbaru, lalu ulangi perubahan Anda.',
  data: null,
}

/** The header the web client sends with a form built from `row` (web/src/api/client.ts ifMatch). */
const readAt = (row: { updatedAt: string }) => ({ 'if-match': `"${row.updatedAt}"` })

/** The row of a list as a screen shows it (what its edit dialog is filled from). */
async function listRow(path: string, id: number, as: Account = admin) {
  const res = await call(t, 'GET', path, { as, query: { per_page: 100 } })
  expect(res.status).toBe(200)
  const row = res.body.data.find((r: { id: number }) => r.id === id)
  expect(row).toBeDefined()
  return row
}

const storedCompany = async (id: number) =>
  (await t.db.select().from(companies).where(eq(companies.id, id)))[0]

/** The companies screen's edit dialog's body for a list row (companies-page.tsx valuesOf, toBody). */
const companyForm = (r: Record<string, unknown>, changes: Record<string, unknown>) => ({
  name: r.name,
  industry: r.industry,
  email: r.email,
  phone: r.phone,
  address: r.address,
  city: r.city,
  province: r.province,
  website: r.website,
  description: r.description,
  is_active: r.isActive,
  vacancies_need_approval: r.vacanciesNeedApproval,
  ...changes,
})

describe('PUT /api/admin/companies/:id from a dialog opened before a colleague’s change', () => {
  it('412 after the company was switched off meanwhile: it stays off, and the phone is not saved', async () => {
    const c = await aCompany(t)
    const row = await listRow(`/api/admin/companies?search=${encodeURIComponent(c.name)}`, c.id)
    const off = await call(t, 'PATCH', `/api/admin/companies/${c.id}/toggle-active`, {
      as: colleague,
      body: { is_active: false },
    })
    expect(off.status).toBe(200)
    const saved = await call(t, 'PUT', `/api/admin/companies/${c.id}`, {
      as: admin,
      headers: readAt(row),
      body: companyForm(row, { phone: '021-5550199' }),
    })
    expect(saved.status).toBe(412)
    expect(saved.body).toEqual(EDITED_ELSEWHERE)
    expect(await storedCompany(c.id)).toMatchObject({ isActive: false, phone: null })
  })

  it('412 after a colleague made new vacancies wait for approval: the next vacancy still waits', async () => {
    const c = await aCompany(t)
    const hrd = await anHrd(t, { companyId: c.id })
    const row = await listRow(`/api/admin/companies?search=${encodeURIComponent(c.name)}`, c.id)
    const on = await call(t, 'PUT', `/api/admin/companies/${c.id}`, {
      as: colleague,
      headers: readAt(row),
      body: companyForm(row, { vacancies_need_approval: true }),
    })
    expect(on.status).toBe(200)
    const stale = await call(t, 'PUT', `/api/admin/companies/${c.id}`, {
      as: admin,
      headers: readAt(row),
      body: companyForm(row, { address: 'Jl. Industri 9' }),
    })
    expect(stale.status).toBe(412)
    expect(await storedCompany(c.id)).toMatchObject({ vacanciesNeedApproval: true, address: null })
    const posted = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hrd,
      body: vacancyBody([(await aMajor(t)).id], await dayFromToday(t, 20)),
    })
    expect(posted.status).toBe(201)
    const [v] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, posted.body.data.id))
    expect(v.approvalStatus).toBe('pending')
  })

  it('200 with the version it read, and with no If-Match at all (the last write wins)', async () => {
    const c = await aCompany(t)
    const row = await listRow(`/api/admin/companies?search=${encodeURIComponent(c.name)}`, c.id)
    const first = await call(t, 'PUT', `/api/admin/companies/${c.id}`, {
      as: admin,
      headers: readAt(row),
      body: companyForm(row, { phone: '021-1' }),
    })
    expect(first.status).toBe(200)
    expect(first.body.data.updatedAt).not.toBe(row.updatedAt)
    // The answer's version is the next form's: saving again from it works.
    const again = await call(t, 'PUT', `/api/admin/companies/${c.id}`, {
      as: admin,
      headers: readAt(first.body.data),
      body: { phone: '021-2' },
    })
    expect(again.status).toBe(200)
    const blind = await call(t, 'PUT', `/api/admin/companies/${c.id}`, {
      as: colleague,
      body: { phone: '021-3' },
    })
    expect(blind.status).toBe(200)
    expect((await storedCompany(c.id)).phone).toBe('021-3')
  })

  it('an If-Match that is not a version, or `*`: 412 and nothing stored, and `*` changes it', async () => {
    const c = await aCompany(t)
    const bad = await call(t, 'PUT', `/api/admin/companies/${c.id}`, {
      as: admin,
      headers: { 'if-match': '"kemarin"' },
      body: { phone: '021-9' },
    })
    expect(bad.status).toBe(412)
    expect((await storedCompany(c.id)).phone).toBeNull()
    const any = await call(t, 'PUT', `/api/admin/companies/${c.id}`, {
      as: admin,
      headers: { 'if-match': '*' },
      body: { phone: '021-9' },
    })
    expect(any.status).toBe(200)
  })

  it('404, not 412, for a company that does not exist', async () => {
    const res = await call(t, 'PUT', '/api/admin/companies/2147483000', {
      as: admin,
      headers: { 'if-match': '"2020-01-01T00:00:00.000Z"' },
      body: { phone: '021-9' },
    })
    expect(res.status).toBe(404)
  })
})

describe('PUT /api/admin/users/:id from a dialog opened before the account was unlinked', () => {
  it('412: the HR account is not linked back to the company it left', async () => {
    const c = await aCompany(t)
    const hrd = await anHrd(t, { companyId: c.id })
    const row = await listRow(`/api/admin/users?search=${encodeURIComponent(hrd.email)}`, hrd.id, superadmin)
    expect(row.companyId).toBe(c.id)
    const unlinked = await call(t, 'DELETE', `/api/admin/companies/${c.id}/hr-accounts/${hrd.id}`, {
      as: colleague,
    })
    expect(unlinked.status).toBe(200)
    const saved = await call(t, 'PUT', `/api/admin/users/${hrd.id}`, {
      as: superadmin,
      headers: readAt(row),
      body: { full_name: 'Rina Hartati', email: row.email, role: row.role, company_id: row.companyId },
    })
    expect(saved.status).toBe(412)
    expect(saved.body).toEqual(EDITED_ELSEWHERE)
    const [u] = await t.db.select().from(users).where(eq(users.id, hrd.id))
    expect(u).toMatchObject({ companyId: null, fullName: row.fullName })
    expect((await call(t, 'GET', '/api/hrd/applicant-reviews', { as: hrd })).status).toBe(403)
  })
})

describe('PUT /api/admin/departments/:id and /api/admin/majors/:id', () => {
  it('412 from a dialog opened before a colleague switched the department or major off', async () => {
    const d = await aDepartment(t)
    const m = await aMajor(t)
    const dRow = await listRow(`/api/admin/departments?search=${encodeURIComponent(d.code)}`, d.id)
    const mRow = await listRow(`/api/admin/majors?search=${encodeURIComponent(m.code)}`, m.id)
    expect(
      (await call(t, 'PUT', `/api/admin/departments/${d.id}`, { as: colleague, body: { is_active: false } }))
        .status,
    ).toBe(200)
    expect(
      (await call(t, 'PUT', `/api/admin/majors/${m.id}`, { as: colleague, body: { is_active: false } }))
        .status,
    ).toBe(200)
    const dSaved = await call(t, 'PUT', `/api/admin/departments/${d.id}`, {
      as: admin,
      headers: readAt(dRow),
      body: { code: dRow.code, name: 'Teknik Baru', is_active: true },
    })
    const mSaved = await call(t, 'PUT', `/api/admin/majors/${m.id}`, {
      as: admin,
      headers: readAt(mRow),
      body: { code: mRow.code, name: 'Kompetensi Baru', is_active: true },
    })
    expect([dSaved.status, mSaved.status]).toEqual([412, 412])
    expect((await t.db.select().from(departments).where(eq(departments.id, d.id)))[0]).toMatchObject({
      isActive: false,
      name: d.name,
    })
    expect((await t.db.select().from(majors).where(eq(majors.id, m.id)))[0]).toMatchObject({
      isActive: false,
      name: m.name,
    })
  })
})

describe("a learner's record: staff's dialog and the learner's own profile", () => {
  it("412 for staff's save of the class after the learner changed their phone: the learner's stays", async () => {
    const learner = await aStudent(t, { values: { phone: '081200000000', address: 'Jl. Mawar No. 1' } })
    const r = await listRow(`/api/admin/students?search=${learner.student.nis}`, learner.studentId)
    const own = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: learner,
      body: { phone: '0813-9999-8888', address: 'Jl. Kenanga No. 7, Cikarang' },
    })
    expect(own.status).toBe(200)
    const saved = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      headers: readAt(r),
      body: { class_name: 'XII B', phone: r.phone, address: r.address },
    })
    expect(saved.status).toBe(412)
    expect(saved.body).toEqual(EDITED_ELSEWHERE)
    const [s] = await t.db.select().from(students).where(eq(students.id, learner.studentId))
    expect(s).toMatchObject({ className: learner.student.className, phone: '081399998888' })
  })

  it("412 for the learner's profile form after staff corrected their e-mail: staff's stays", async () => {
    const learner = await aStudent(t, { values: { email: 'lama@contoh.test' } })
    const profile = await call(t, 'GET', '/api/siswa/portfolio/profile', { as: learner })
    expect(profile.status).toBe(200)
    const fixed = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: { email: 'benar@contoh.test' },
    })
    expect(fixed.status).toBe(200)
    const stale = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: learner,
      headers: readAt(profile.body.data),
      body: { email: profile.body.data.email, city: 'Bekasi' },
    })
    expect(stale.status).toBe(412)
    const [s] = await t.db.select().from(students).where(eq(students.id, learner.studentId))
    expect(s).toMatchObject({ email: 'benar@contoh.test', city: learner.student.city })
    // Read again, the form saves.
    const fresh = await call(t, 'GET', '/api/siswa/portfolio/profile', { as: learner })
    const ok = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: learner,
      headers: readAt(fresh.body.data),
      body: { email: fresh.body.data.email, city: 'Bekasi' },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ email: 'benar@contoh.test', city: 'Bekasi' })
  })
})
