import { and, count, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { dayFromToday, vacancyBody } from '../support/builders/vacancies.js'

const t = useTestApp({ VACANCY_WRITE_MAX_PER_HOUR: '3' })

const hrBase = '/api/hrd/job-vacancies'

/** The company's vacancies that are not deleted. */
async function liveVacancies(companyId: number) {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(jobVacancies)
    .where(and(eq(jobVacancies.companyId, companyId), isNull(jobVacancies.deletedAt)))
  return n
}

/**
 * An HR account could post, edit, switch and delete vacancies in a loop with no limit: each new or changed
 * vacancy went to the staff's approval queue and to its applicants' notices, flooding both. Now HR's vacancy
 * writes count per account (`VACANCY_WRITE_MAX_PER_HOUR`, here 3): the next answers 429 in the envelope with
 * `Retry-After` and writes nothing; another account, and staff's own routes, are not affected.
 */
describe("HR's vacancy writes are limited per account", () => {
  it('the write past the limit answers 429 with Retry-After and changes nothing; a colleague may still write', async () => {
    const company = await aCompany(t)
    const major = await aMajor(t)
    const hr = await anHrd(t, { companyId: company.id })
    const deadline = await dayFromToday(t, 30)
    const body = (over: Record<string, unknown> = {}) => vacancyBody([major.id], deadline, over)

    const created = await call(t, 'POST', hrBase, { as: hr, body: body() })
    expect(created.status).toBe(201)
    const id = created.body.data.id as number
    expect((await call(t, 'PUT', `${hrBase}/${id}`, { as: hr, body: body({ quota: 4 }) })).status).toBe(200)
    const off = await call(t, 'PATCH', `${hrBase}/${id}/toggle-active`, {
      as: hr,
      body: { is_active: false },
    })
    expect(off.status).toBe(200)

    // The fourth write of the hour, whatever it is, is refused before it is made.
    const deleted = await call(t, 'DELETE', `${hrBase}/${id}`, { as: hr })
    expect(deleted.status).toBe(429)
    expect(deleted.body).toMatchObject({ success: false, data: null })
    expect(deleted.body.message).toMatch(/^Terlalu banyak permintaan\. Coba lagi dalam \d+ detik\.$/)
    expect(Number(deleted.headers['retry-after'])).toBeGreaterThan(3000)
    const posted = await call(t, 'POST', hrBase, { as: hr, body: body({ title: 'Satu lagi' }) })
    expect(posted.status).toBe(429)
    const edited = await call(t, 'PUT', `${hrBase}/${id}`, { as: hr, body: body({ quota: 9 }) })
    expect(edited.status).toBe(429)
    const [row] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, id))
    expect(row).toMatchObject({ quota: 4, isActive: false, deletedAt: null })
    expect(await liveVacancies(company.id)).toBe(1)

    // Reading is not a write.
    expect((await call(t, 'GET', `${hrBase}/${id}`, { as: hr })).status).toBe(200)

    // Another HR account of the same company counts on its own.
    const colleague = await anHrd(t, { companyId: company.id })
    expect(
      (await call(t, 'POST', hrBase, { as: colleague, body: body({ title: 'Dari rekan' }) })).status,
    ).toBe(201)
    expect(await liveVacancies(company.id)).toBe(2)
  })

  it("staff's vacancy routes are not limited", async () => {
    const company = await aCompany(t)
    const major = await aMajor(t)
    const admin = await anAdmin(t)
    const deadline = await dayFromToday(t, 30)
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await call(t, 'POST', '/api/admin/job-vacancies', {
        as: admin,
        body: { ...vacancyBody([major.id], deadline, { title: `Lowongan ${i}` }), company_id: company.id },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201])
  })
})
