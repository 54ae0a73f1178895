/**
 * A vacancy form saved after someone else changed the vacancy (docs/api.md, "Changing a record someone else
 * changed"): the web client (vacancies/hrd-form-page.tsx, HR's and staff's form alike) sends the `updatedAt` it
 * was filled from in `If-Match`, and the change is refused with 412 instead of putting back, as the form read
 * them, every field the colleague changed. Without the header the last write wins, as before.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anHrd } from '../support/builders/accounts.js'
import { anHrdWithVacancy } from '../support/builders/selection.js'
import { dayFromToday } from '../support/builders/vacancies.js'

const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

const EDITED_ELSEWHERE = {
  success: false,
  code: 'edited_elsewhere',
  message:
    'Data ini sudah diubah orang lain sejak Anda membukanya, jadi perubahan Anda belum disimpan. Muat ulang untuk melihat data terbaru, lalu ulangi perubahan Anda.',
  data: null,
}

/** The header the web client sends with a form filled from `d` (web/src/api/client.ts ifMatch). */
const readAt = (d: { updatedAt: string }) => ({ 'if-match': `"${d.updatedAt}"` })

/** The body the vacancy form sends, every field as it was filled from the detail `d` (valuesOf, bodyOf). */
const formBody = (d: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  title: d.title,
  position: d.position,
  description: d.description,
  qualifications: d.qualifications,
  benefits: d.benefits,
  category: d.category,
  job_type: d.jobType,
  work_location: d.workLocation,
  city: d.city,
  province: d.province,
  min_salary: d.minSalary,
  max_salary: d.maxSalary,
  quota: d.quota,
  deadline: d.deadline,
  target: d.target,
  major_ids: (d.majors as { id: number }[]).map((m) => m.id),
  ...over,
})

const staffBody = (d: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  ...formBody(d, over),
  company_id: (d.company as { id: number }).id,
})

const stored = async (id: number) =>
  (await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, id)))[0]

/** A vacancy closing in three days for two, its HR, and a second HR account of the same company. */
async function vacancyOfTwoHr() {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t, {
    values: { deadline: await dayFromToday(t, 3), quota: 2 },
  })
  const colleague = await anHrd(t, { companyId: company.id })
  return { hrd, colleague, vacancy }
}

describe("PUT /api/admin/job-vacancies/:id from staff's form opened before HR changed the vacancy", () => {
  it('412 after HR extended the deadline meanwhile: the title fix is not saved, the extension stands', async () => {
    const { hrd, vacancy } = await vacancyOfTwoHr()
    // Staff open the vacancy's edit form.
    const opened = await call(t, 'GET', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })
    expect(opened.status).toBe(200)
    const d = opened.body.data
    // HR extends the deadline by four weeks and opens more places (its own form: the whole body).
    const hrOpened = (await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).body.data
    const later = await dayFromToday(t, 31)
    const hr = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      headers: readAt(hrOpened),
      body: formBody(hrOpened, { deadline: later, quota: 6 }),
    })
    expect(hr.status).toBe(200)
    // Staff fix a typo in the title in the form opened before and save.
    const staff = await call(t, 'PUT', `/api/admin/job-vacancies/${vacancy.id}`, {
      as: admin,
      headers: readAt(d),
      body: staffBody(d, { title: `${d.title} (Shift Pagi)` }),
    })
    expect(staff.status).toBe(412)
    expect(staff.body).toEqual(EDITED_ELSEWHERE)
    // HR's extension stands: learners may still apply for four weeks, to six places; the title is as it was.
    expect(await stored(vacancy.id)).toMatchObject({ title: d.title, deadline: later, quota: 6 })

    // Filled again from the vacancy as it is now, the form saves the title fix on top of HR's change.
    const again = (await call(t, 'GET', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })).body.data
    const saved = await call(t, 'PUT', `/api/admin/job-vacancies/${vacancy.id}`, {
      as: admin,
      headers: readAt(again),
      body: staffBody(again, { title: `${d.title} (Shift Pagi)` }),
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data.updatedAt).not.toBe(again.updatedAt)
    expect(await stored(vacancy.id)).toMatchObject({
      title: `${d.title} (Shift Pagi)`,
      deadline: later,
      quota: 6,
    })
  })

  it('200 with the If-Match it read when nobody changed it; 200 without the header (the last write wins)', async () => {
    const { vacancy } = await vacancyOfTwoHr()
    const d = (await call(t, 'GET', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })).body.data
    const current = await call(t, 'PUT', `/api/admin/job-vacancies/${vacancy.id}`, {
      as: admin,
      headers: readAt(d),
      body: staffBody(d, { quota: 3 }),
    })
    expect(current.status).toBe(200)
    expect((await stored(vacancy.id)).quota).toBe(3)
    // A client that sends no If-Match (a script, an older client) still overwrites what it read before.
    const blind = await call(t, 'PUT', `/api/admin/job-vacancies/${vacancy.id}`, {
      as: admin,
      body: staffBody(d, { quota: 5 }),
    })
    expect(blind.status).toBe(200)
    expect((await stored(vacancy.id)).quota).toBe(5)
  })
})

describe("PUT /api/hrd/job-vacancies/:id from HR's form opened before a colleague's change", () => {
  it('412 after the other HR account changed the quota: neither the title nor the old quota is saved', async () => {
    const { hrd, colleague, vacancy } = await vacancyOfTwoHr()
    const d = (await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).body.data
    const c = (await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: colleague })).body.data
    const more = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: colleague,
      headers: readAt(c),
      body: formBody(c, { quota: 8 }),
    })
    expect(more.status).toBe(200)
    const saved = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      headers: readAt(d),
      body: formBody(d, { title: 'Operator Mesin CNC' }),
    })
    expect(saved.status).toBe(412)
    expect(saved.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored(vacancy.id)).toMatchObject({ title: d.title, quota: 8 })
  })

  it('412 after staff switched the vacancy off, or approved it, since the form was filled', async () => {
    const { hrd, vacancy } = await vacancyOfTwoHr()
    const d = (await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).body.data
    const off = await call(t, 'PATCH', `/api/admin/job-vacancies/${vacancy.id}/toggle-active`, {
      as: admin,
      body: { is_active: false },
    })
    expect(off.status).toBe(200)
    const saved = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      headers: readAt(d),
      body: formBody(d, { quota: 4 }),
    })
    expect(saved.status).toBe(412)
    expect(await stored(vacancy.id)).toMatchObject({ isActive: false, quota: 2 })

    const { hrd: other, vacancy: waiting } = await anHrdWithVacancy(t, {
      values: { approvalStatus: 'pending', quota: 2 },
    })
    const w = (await call(t, 'GET', `/api/hrd/job-vacancies/${waiting.id}`, { as: other })).body.data
    const approved = await call(t, 'POST', `/api/admin/job-vacancies/${waiting.id}/approve`, { as: admin })
    expect(approved.status).toBe(200)
    const late = await call(t, 'PUT', `/api/hrd/job-vacancies/${waiting.id}`, {
      as: other,
      headers: readAt(w),
      body: formBody(w, { quota: 4 }),
    })
    expect(late.status).toBe(412)
    expect(await stored(waiting.id)).toMatchObject({ approvalStatus: 'approved', quota: 2 })
  })

  it('200 with the If-Match it read when nobody changed it; 200 without the header (the last write wins)', async () => {
    const { hrd, colleague, vacancy } = await vacancyOfTwoHr()
    const d = (await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).body.data
    const current = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      headers: readAt(d),
      body: formBody(d, { quota: 3 }),
    })
    expect(current.status).toBe(200)
    expect(current.body.data.quota).toBe(3)
    expect((await stored(vacancy.id)).quota).toBe(3)
    // Without If-Match the colleague's stale body still wins, as before.
    const blind = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: colleague,
      body: formBody(d, { title: 'Operator Shift Malam' }),
    })
    expect(blind.status).toBe(200)
    expect(await stored(vacancy.id)).toMatchObject({ title: 'Operator Shift Malam', quota: 2 })
  })

  it("404, not 412, for another company's vacancy whatever the If-Match", async () => {
    const { vacancy } = await vacancyOfTwoHr()
    const stranger = await anHrd(t)
    const res = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: stranger,
      headers: { 'if-match': '"2020-01-01T00:00:00.000Z"' },
      body: formBody(
        (await call(t, 'GET', `/api/admin/job-vacancies/${vacancy.id}`, { as: admin })).body.data,
      ),
    })
    expect(res.status).toBe(404)
  })
})
