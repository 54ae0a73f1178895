import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { deactivateCompany } from '../support/builders/org.js'
import { anHrdWithVacancy, aPlacement, recordOutsidePlacement } from '../support/builders/selection.js'
import { dayFromToday } from '../support/builders/vacancies.js'
import { auditsOf } from '../support/stored.js'

/**
 * A placement's status ("resigned", "permanent") is what the absorption report counts. Staff and HR set it by
 * PATCH, and nothing said afterwards who had set it, or when: the PUT of an outside placement was audited, the
 * PATCH was not (docs/decisions.md: create, change and delete write an audit row). Now a PATCH that changes
 * something writes one row naming the account, with the status it had.
 */
const t = useTestApp()

/** The placement's audit rows, newest first, their data read. */
const auditRows = async (id: number) =>
  (await auditsOf(t, 'placement', id)).map((a) => ({ ...a, data: JSON.parse(a.data ?? 'null') }))
const actions = async (id: number) => (await auditRows(id)).map((a) => a.action)

describe('PATCH of a placement leaves an audit row', () => {
  it('staff marking an outside placement "resigned": a row naming them, the status it had and the new one', async () => {
    const staff = await anAdmin(t)
    const colleague = await anAdmin(t)
    const { placement: created } = await recordOutsidePlacement(t, staff)
    const id = created.id as number

    const res = await call(t, 'PATCH', `/api/admin/job-placements/${id}`, {
      as: colleague,
      body: { status: 'resigned', notes: 'Berhenti setelah 2 minggu.' },
    })
    expect(res.status).toBe(200)
    const [latest] = await auditRows(id)
    expect(latest).toMatchObject({
      action: 'update',
      actorId: colleague.id,
      data: { status: 'resigned', fromStatus: 'active', notes: true },
    })
    expect(await actions(id)).toEqual(['update', 'create'])

    // The same again changes nothing, and writes nothing.
    const again = await call(t, 'PATCH', `/api/admin/job-placements/${id}`, {
      as: colleague,
      body: { status: 'resigned', notes: 'Berhenti setelah 2 minggu.' },
    })
    expect(again.status).toBe(200)
    expect(await actions(id)).toEqual(['update', 'create'])
  })

  it('staff recording that a hire through bursa quit (its company switched off): a row naming them', async () => {
    const staff = await anAdmin(t)
    const { company, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      values: { acceptedAt: await dayFromToday(t, -21), status: 'active' },
    })
    await deactivateCompany(t, company.id)
    const res = await call(t, 'PATCH', `/api/admin/job-placements/${placement.id}`, {
      as: staff,
      body: { status: 'resigned' },
    })
    expect(res.status).toBe(200)
    expect(await auditRows(placement.id)).toEqual([
      expect.objectContaining({
        action: 'update',
        actorId: staff.id,
        data: { status: 'resigned', fromStatus: 'active' },
      }),
    ])
  })

  it('HR setting the start date of its own hire: a row naming the HR account, with the date it had', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const accepted = await dayFromToday(t, -21)
    const start = await dayFromToday(t, -14)
    const { placement } = await aPlacement(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      values: { acceptedAt: accepted, status: 'active' },
    })
    const res = await call(t, 'PATCH', `/api/hrd/job-placements/${placement.id}`, {
      as: hrd,
      body: { start_date: start },
    })
    expect(res.status).toBe(200)
    expect(await auditRows(placement.id)).toEqual([
      expect.objectContaining({
        action: 'update',
        actorId: hrd.id,
        data: { startDate: start, fromStartDate: null },
      }),
    ])
  })
})
