/**
 * A placement form saved after someone else changed the placement (docs/api.md, "Changing a record someone else
 * changed"): the follow-up dialog's "Data penempatan" and the outside placement form send the `updatedAt` they
 * read in `If-Match`, and a save is refused with 412 instead of putting back what a follow-up or a colleague
 * recorded meanwhile. Without the header the last write wins, as before.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { placements } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus, anHrd } from '../support/builders/accounts.js'
import { anHrdWithVacancy, aPlacement, recordOutsidePlacement } from '../support/builders/selection.js'
import { dayFromToday } from '../support/builders/vacancies.js'

const t = useTestApp()
let admin: Account
let colleague: Account

beforeAll(async () => {
  admin = await anAdmin(t)
  colleague = await anAdmin(t)
})

const EDITED_ELSEWHERE = {
  success: false,
  code: 'edited_elsewhere',
  message:
    'Data ini sudah diubah orang lain sejak Anda membukanya, jadi perubahan Anda belum disimpan. Muat ulang untuk melihat data terbaru, lalu ulangi perubahan Anda.',
  data: null,
}

/** The header the web client sends with a form built from `p` (web/src/api/client.ts ifMatch). */
const readAt = (p: { updatedAt: string }) => ({ 'if-match': `"${p.updatedAt}"` })

const stored = async (id: number) => (await t.db.select().from(placements).where(eq(placements.id, id)))[0]

/** A placement through bursa, active since February, as HR's follow-up dialog opens it. */
async function opened() {
  const { company, hrd, vacancy } = await anHrdWithVacancy(t)
  const { placement } = await aPlacement(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    values: { acceptedAt: '2025-01-15', startDate: '2025-02-01', status: 'active' },
  })
  const res = await call(t, 'GET', `/api/hrd/job-placements/${placement.id}`, { as: hrd })
  expect(res.status).toBe(200)
  expect(res.body.data.status).toBe('active')
  return { hrd, company, id: placement.id, read: res.body.data as { updatedAt: string; status: string } }
}

/** Staff record the 3-month follow-up: the alumnus quit. */
async function quitAtThreeMonths(id: number) {
  const res = await call(t, 'POST', `/api/admin/job-placements/${id}/check-ins`, {
    as: admin,
    body: { month_mark: 3, status: 'resigned', notes: 'Mengundurkan diri, pindah kota.' },
  })
  expect(res.status).toBe(200)
  expect(res.body.data.status).toBe('resigned')
}

describe("PATCH /api/hrd/job-placements/:id from HR's dialog opened before a follow-up", () => {
  it("412 for HR's save of the start date after a follow-up recorded 'resigned': the news stands", async () => {
    const { hrd, id, read } = await opened()
    await quitAtThreeMonths(id)
    // HR, in the dialog opened before, corrects only the start date and saves.
    const saved = await call(t, 'PATCH', `/api/hrd/job-placements/${id}`, {
      as: hrd,
      headers: readAt(read),
      body: { start_date: '2025-02-03' },
    })
    expect(saved.status).toBe(412)
    expect(saved.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored(id)).toMatchObject({ status: 'resigned', startDate: '2025-02-01' })
  })

  it('200 with the version as it stands: stored', async () => {
    const { hrd, id } = await opened()
    await quitAtThreeMonths(id)
    const now = await call(t, 'GET', `/api/hrd/job-placements/${id}`, { as: hrd })
    const saved = await call(t, 'PATCH', `/api/hrd/job-placements/${id}`, {
      as: hrd,
      headers: readAt(now.body.data),
      body: { start_date: '2025-02-03', notes: 'Mulai Senin.' },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data.updatedAt).not.toBe(now.body.data.updatedAt)
    expect(await stored(id)).toMatchObject({
      status: 'resigned',
      startDate: '2025-02-03',
      notes: 'Mulai Senin.',
    })
  })

  it('an absent status keeps the one stored (the dialog sends it only when the user changed it)', async () => {
    const { hrd, id } = await opened()
    await quitAtThreeMonths(id)
    const saved = await call(t, 'PATCH', `/api/hrd/job-placements/${id}`, {
      as: hrd,
      body: { start_date: '2025-02-03' },
    })
    expect(saved.status).toBe(200)
    expect(await stored(id)).toMatchObject({ status: 'resigned', startDate: '2025-02-03', statusSetAt: null })
  })

  it('without If-Match the last write wins (documented): the status sent is stored', async () => {
    const { hrd, id, read } = await opened()
    await quitAtThreeMonths(id)
    const saved = await call(t, 'PATCH', `/api/hrd/job-placements/${id}`, {
      as: hrd,
      body: { status: read.status, start_date: '2025-02-03' },
    })
    expect(saved.status).toBe(200)
    expect(await stored(id)).toMatchObject({ status: 'active', startDate: '2025-02-03' })
  })

  it("a follow-up whose status is not taken (an earlier mark recorded late) still changes the placement's version", async () => {
    const { hrd, id } = await opened()
    const twelve = await call(t, 'POST', `/api/hrd/job-placements/${id}/check-ins`, {
      as: hrd,
      body: { month_mark: 12, status: 'permanent' },
    })
    expect(twelve.status).toBe(200)
    const read = twelve.body.data
    const colleagueHr = await anHrd(t, { companyId: (await stored(id)).companyId as number })
    const late = await call(t, 'POST', `/api/hrd/job-placements/${id}/check-ins`, {
      as: colleagueHr,
      body: { month_mark: 3, status: 'active', notes: 'Dicatat terlambat.' },
    })
    expect(late.status).toBe(200)
    expect(late.body.data.status).toBe('permanent')
    expect(late.body.data.updatedAt).not.toBe(read.updatedAt)
    const saved = await call(t, 'PATCH', `/api/hrd/job-placements/${id}`, {
      as: hrd,
      headers: readAt(read),
      body: { notes: 'Diangkat karyawan tetap.' },
    })
    expect(saved.status).toBe(412)
    expect((await stored(id)).notes).toBeNull()
  })
})

/** A hire found outside bursa at an employer that is no partner, recorded by staff three weeks ago. */
async function outsidePlacement() {
  const { alumnus, placement } = await recordOutsidePlacement(t, admin)
  return { alumnus, read: placement }
}

describe('PATCH /api/admin/job-placements/:id from a dialog opened before a colleague’s save', () => {
  it('412 after a colleague recorded that the person quit; 200 with the version as it stands', async () => {
    const { read } = await outsidePlacement()
    const quit = await call(t, 'PATCH', `/api/admin/job-placements/${read.id}`, {
      as: colleague,
      headers: readAt(read),
      body: { status: 'resigned', notes: 'Berhenti setelah 2 minggu.' },
    })
    expect(quit.status).toBe(200)
    const stale = await call(t, 'PATCH', `/api/admin/job-placements/${read.id}`, {
      as: admin,
      headers: readAt(read),
      body: { notes: 'Kontrak 6 bulan.' },
    })
    expect(stale.status).toBe(412)
    expect(stale.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored(read.id)).toMatchObject({ status: 'resigned', notes: 'Berhenti setelah 2 minggu.' })
    const current = await call(t, 'PATCH', `/api/admin/job-placements/${read.id}`, {
      as: admin,
      headers: readAt(quit.body.data),
      body: { notes: 'Berhenti setelah 2 minggu; kontrak 6 bulan.' },
    })
    expect(current.status).toBe(200)
    expect(await stored(read.id)).toMatchObject({
      status: 'resigned',
      notes: 'Berhenti setelah 2 minggu; kontrak 6 bulan.',
    })
  })
})

describe('PUT of an outside placement from the form opened before a colleague’s change', () => {
  /** The outside placement form's body (outside-form.tsx) filled from `r`, with the user's changes. */
  const body = (
    r: {
      applicant: { studentId: number }
      company: { name: string }
      position: string
      acceptedAt: string
      startDate: string | null
      notes: string | null
    },
    changes: Record<string, unknown>,
  ) => ({
    alumni_id: r.applicant.studentId,
    company_name: r.company.name,
    position: r.position,
    accepted_date: r.acceptedAt,
    start_date: r.startDate,
    notes: r.notes,
    ...changes,
  })

  it("staff's: 412 after a colleague set the start date, which stays; 200 with the version as it stands", async () => {
    const { read } = await outsidePlacement()
    const start = await dayFromToday(t, -14)
    const set = await call(t, 'PUT', `/api/admin/job-placements/${read.id}`, {
      as: colleague,
      body: body(read, { start_date: start }),
    })
    expect(set.status).toBe(200)
    const stale = await call(t, 'PUT', `/api/admin/job-placements/${read.id}`, {
      as: admin,
      headers: readAt(read),
      body: body(read, { position: 'Teknisi servis AC' }),
    })
    expect(stale.status).toBe(412)
    expect(stale.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored(read.id)).toMatchObject({ position: 'Teknisi servis', startDate: start })
    const current = await call(t, 'PUT', `/api/admin/job-placements/${read.id}`, {
      as: admin,
      headers: readAt(set.body.data),
      body: body(set.body.data, { position: 'Teknisi servis AC' }),
    })
    expect(current.status).toBe(200)
    expect(await stored(read.id)).toMatchObject({ position: 'Teknisi servis AC', startDate: start })
  })

  it("HR's: 412 after a colleague's save, nothing stored; without If-Match the last write wins", async () => {
    const { hrd, company } = await anHrdWithVacancy(t)
    const other = await anHrd(t, { companyId: company.id })
    const alumnus = await anAlumnus(t)
    const accepted = await dayFromToday(t, -10)
    const created = await call(t, 'POST', '/api/hrd/job-placements', {
      as: hrd,
      body: { alumni_id: alumnus.studentId, position: 'Operator', accepted_date: accepted },
    })
    expect(created.status).toBe(201)
    const read = created.body.data
    const hrBody = (changes: Record<string, unknown>) => ({
      alumni_id: alumnus.studentId,
      position: read.position,
      accepted_date: read.acceptedAt,
      start_date: read.startDate,
      notes: read.notes,
      ...changes,
    })
    const byColleague = await call(t, 'PUT', `/api/hrd/job-placements/${read.id}`, {
      as: other,
      headers: readAt(read),
      body: hrBody({ position: 'Operator Produksi' }),
    })
    expect(byColleague.status).toBe(200)
    const stale = await call(t, 'PUT', `/api/hrd/job-placements/${read.id}`, {
      as: hrd,
      headers: readAt(read),
      body: hrBody({ notes: 'Shift malam.' }),
    })
    expect(stale.status).toBe(412)
    expect(stale.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored(read.id)).toMatchObject({ position: 'Operator Produksi', notes: null })
    const anyway = await call(t, 'PUT', `/api/hrd/job-placements/${read.id}`, {
      as: hrd,
      body: hrBody({ notes: 'Shift malam.' }),
    })
    expect(anyway.status).toBe(200)
    expect(await stored(read.id)).toMatchObject({ position: 'Operator', notes: 'Shift malam.' })
  })
})
