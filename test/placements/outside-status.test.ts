import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, deactivateAccount } from '../support/builders/accounts.js'
import { deactivateCompany } from '../support/builders/org.js'
import { anHrdWithVacancy, aPlacement, recordOutsidePlacement } from '../support/builders/selection.js'
import { dayFromToday } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

/**
 * Staff record an alumnus's hire found outside bursa at an employer that is no partner (a shop in town). Three
 * weeks later the alumnus says they quit. The employer has no HR in bursa, the 3-month follow-up has not come
 * (422), HR's route did not find the placement (no partner company) and staff's PUT keeps the status: the
 * placement read active for months, and the tracer study suggested the job they had left.
 */
const t = useTestApp()

async function outsidePlacement() {
  const staff = await anAdmin(t)
  const { placement } = await recordOutsidePlacement(t, staff)
  return { staff, id: placement.id as number, acceptedAt: placement.acceptedAt as string }
}

describe('PATCH /api/admin/job-placements/:id', () => {
  it('admits admin and superadmin only', async () => {
    const { id } = await outsidePlacement()
    await expectRoles(t, 'PATCH', `/api/admin/job-placements/${id}`, ['admin', 'superadmin'], {
      status: 'resigned',
    })
  })

  it('staff record that the person of an outside placement quit, with a note and the start date', async () => {
    const { staff, id } = await outsidePlacement()
    const start = await dayFromToday(t, -14)
    const res = await call(t, 'PATCH', `/api/admin/job-placements/${id}`, {
      as: staff,
      body: { status: 'resigned', start_date: start, notes: 'Berhenti setelah 2 minggu.' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      status: 'resigned',
      startDate: start,
      notes: 'Berhenti setelah 2 minggu.',
    })
    const detail = await call(t, 'GET', `/api/admin/job-placements/${id}`, { as: staff })
    expect(detail.body.data.status).toBe('resigned')
  })

  it("checks the start date as HR's route does: 422 before the acceptance, nothing stored", async () => {
    const { staff, id, acceptedAt } = await outsidePlacement()
    const res = await call(t, 'PATCH', `/api/admin/job-placements/${id}`, {
      as: staff,
      body: { status: 'resigned', start_date: await dayFromToday(t, -60) },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors.start_date[0]).toMatch(/tidak boleh sebelum tanggal diterima/)
    const detail = await call(t, 'GET', `/api/admin/job-placements/${id}`, { as: staff })
    expect(detail.body.data).toMatchObject({ status: 'active', startDate: null, acceptedAt })
  })

  it('422 naming each field of a body it cannot take; nothing stored', async () => {
    const { staff, id } = await outsidePlacement()
    const res = await call(t, 'PATCH', `/api/admin/job-placements/${id}`, {
      as: staff,
      body: { status: 'kabur', start_date: '28-11-2026' },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['start_date', 'status'])
    const detail = await call(t, 'GET', `/api/admin/job-placements/${id}`, { as: staff })
    expect(detail.body.data).toMatchObject({ status: 'active', startDate: null })
  })

  it('422 for a placement through bursa (its company records it); 404 for an unknown one', async () => {
    const staff = await anAdmin(t)
    const { company, vacancy } = await anHrdWithVacancy(t)
    const bursa = await aPlacement(t, { companyId: company.id, vacancyId: vacancy.id })
    const res = await call(t, 'PATCH', `/api/admin/job-placements/${bursa.placement.id}`, {
      as: staff,
      body: { status: 'resigned' },
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Penempatan melalui bursa dicatat oleh HRD perusahaannya.')
    const unknown = await call(t, 'PATCH', '/api/admin/job-placements/2000000000', {
      as: staff,
      body: { status: 'resigned' },
    })
    expect(unknown.status).toBe(404)
  })

  it('a placement through bursa whose company was switched off since: staff record it, as no HR can', async () => {
    // The school ended the partnership; three weeks into the job the person tells the career center they quit.
    // Every route was shut: HR's (its company is inactive, 403), staff's through HR's (403), this one (422),
    // and the 3-month follow-up had not come (422). The placement read active (found by the history audit).
    const staff = await anAdmin(t)
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      values: { acceptedAt: await dayFromToday(t, -21), status: 'active' },
    })
    await deactivateCompany(t, company.id)
    const url = `/api/admin/job-placements/${placement.id}`
    expect((await call(t, 'GET', url, { as: staff })).body.data.staffMayUpdate).toBe(true)
    const byHr = await call(t, 'PATCH', `/api/hrd/job-placements/${placement.id}`, {
      as: hrd,
      body: { status: 'resigned' },
    })
    expect(byHr.status).toBe(403)

    const res = await call(t, 'PATCH', url, {
      as: staff,
      body: { status: 'resigned', notes: 'Berhenti setelah 3 minggu.' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      status: 'resigned',
      notes: 'Berhenti setelah 3 minggu.',
      source: 'bursa',
    })
    expect((await call(t, 'GET', url, { as: staff })).body.data.status).toBe('resigned')
  })

  it('a placement through bursa at a company whose HR accounts are all switched off: staff record it here too', async () => {
    const staff = await anAdmin(t)
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, { companyId: company.id, vacancyId: vacancy.id })
    await deactivateAccount(t, hrd.id)
    const url = `/api/admin/job-placements/${placement.id}`
    expect((await call(t, 'GET', url, { as: staff })).body.data.staffMayUpdate).toBe(true)
    const res = await call(t, 'PATCH', url, { as: staff, body: { status: 'permanent' } })
    expect(res.status).toBe(200)
    expect(res.body.data.status).toBe('permanent')
  })
})
