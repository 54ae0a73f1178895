import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { dayFromToday, vacancyBody } from '../support/builders/vacancies.js'
import { auditsOf } from '../support/stored.js'

const t = useTestApp()

const base = '/api/hrd/job-vacancies'

/** The vacancy's audit rows, oldest first: action, actor and the row's data read back. */
async function trailOf(id: number) {
  return (await auditsOf(t, 'job_vacancy', id, 'oldest')).map((a) => ({
    action: a.action,
    actorId: a.actorId,
    data: a.data === null ? null : JSON.parse(a.data),
  }))
}

/**
 * Staff's changes of a vacancy were written to the audit log; HR's were not: who rewrote the salary learners
 * applied for, or switched off and deleted a vacancy, was nowhere. Now HR's create, edit (each column changed, old →
 * new), switch and delete write their audit row in the change's transaction; a refused request writes none.
 */
describe("HR's vacancy changes are audited", () => {
  it('create, edit (the columns changed, old → new), switch off and delete each leave a row by the HR account', async () => {
    const company = await aCompany(t)
    const major = await aMajor(t)
    const other = await aMajor(t)
    const hr = await anHrd(t, { companyId: company.id })
    const deadline = await dayFromToday(t, 30)
    const body = (over: Record<string, unknown> = {}) =>
      vacancyBody([major.id], deadline, { min_salary: 4_000_000, ...over })

    const created = await call(t, 'POST', base, { as: hr, body: body() })
    expect(created.status).toBe(201)
    const id = created.body.data.id as number
    const edited = await call(t, 'PUT', `${base}/${id}`, {
      as: hr,
      body: body({ title: 'Mekanik Senior', min_salary: 5_500_000, major_ids: [other.id, major.id] }),
    })
    expect(edited.status).toBe(200)
    const off = await call(t, 'PATCH', `${base}/${id}/toggle-active`, { as: hr, body: { is_active: false } })
    expect(off.status).toBe(200)
    // Already off: nothing changes, nothing is written.
    const again = await call(t, 'PATCH', `${base}/${id}/toggle-active`, {
      as: hr,
      body: { is_active: false },
    })
    expect(again.status).toBe(200)
    expect((await call(t, 'DELETE', `${base}/${id}`, { as: hr })).status).toBe(200)

    const sorted = [major.id, other.id].sort((a, b) => a - b)
    expect(await trailOf(id)).toEqual([
      { action: 'create', actorId: hr.id, data: { companyId: company.id } },
      {
        action: 'update',
        actorId: hr.id,
        data: {
          changes: {
            title: { from: 'Mekanik Junior Kendaraan Ringan', to: 'Mekanik Senior' },
            minSalary: { from: 4_000_000, to: 5_500_000 },
            majorIds: { from: [major.id], to: sorted },
          },
        },
      },
      { action: 'deactivate', actorId: hr.id, data: null },
      { action: 'delete', actorId: hr.id, data: null },
    ])
  })

  it('a refused edit (422, 412, 404) or create (422) writes no row', async () => {
    const company = await aCompany(t)
    const major = await aMajor(t)
    const hr = await anHrd(t, { companyId: company.id })
    const deadline = await dayFromToday(t, 30)
    const created = await call(t, 'POST', base, { as: hr, body: vacancyBody([major.id], deadline) })
    const id = created.body.data.id as number
    const version = created.body.data.updatedAt as string
    const before = await trailOf(id)
    expect(before.map((a) => a.action)).toEqual(['create'])

    const badSalary = await call(t, 'PUT', `${base}/${id}`, {
      as: hr,
      body: vacancyBody([major.id], deadline, { title: 'Baru', min_salary: 9, max_salary: 1 }),
    })
    expect(badSalary.status).toBe(422)
    // A form read before a colleague's save is refused whole.
    const colleague = await call(t, 'PUT', `${base}/${id}`, {
      as: hr,
      body: vacancyBody([major.id], deadline, { quota: 7 }),
    })
    expect(colleague.status).toBe(200)
    const stale = await call(t, 'PUT', `${base}/${id}`, {
      as: hr,
      headers: { 'if-match': version },
      body: vacancyBody([major.id], deadline, { title: 'Basi' }),
    })
    expect(stale.status).toBe(412)
    const unknown = await call(t, 'PUT', `${base}/2147483000`, {
      as: hr,
      body: vacancyBody([major.id], deadline),
    })
    expect(unknown.status).toBe(404)
    const badCreate = await call(t, 'POST', base, { as: hr, body: vacancyBody([2147483000], deadline) })
    expect(badCreate.status).toBe(422)

    expect(await trailOf(id)).toEqual([
      ...before,
      { action: 'update', actorId: hr.id, data: { changes: { quota: { from: 3, to: 7 } } } },
    ])
  })
})
