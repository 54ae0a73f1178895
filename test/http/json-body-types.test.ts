import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { companies, departments, jobVacancies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd } from '../support/builders/accounts.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aVacancy, dayFromToday } from '../support/builders/vacancies.js'

const t = useTestApp()

/**
 * A JSON body is read with JSON's types (docs/api.md, "Naming"). A client that sends every field of its DTO,
 * null where it has no value (Jackson, Newtonsoft), must not switch a record off: a switch has nothing to
 * clear, so its null is a 422 naming it. AJV's type coercion used to read it as `false` first.
 */
describe('a JSON body, read with JSON types', () => {
  it('PUT /api/admin/companies/:id with is_active: null does not deactivate the company', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t, { vacanciesNeedApproval: true })
    const res = await call(t, 'PUT', `/api/admin/companies/${company.id}`, {
      as: admin,
      body: { industry: null, is_active: null, vacancies_need_approval: null },
    })
    const [after] = await t.db.select().from(companies).where(eq(companies.id, company.id))
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['is_active', 'vacancies_need_approval'])
    expect({ isActive: after.isActive, needsApproval: after.vacanciesNeedApproval }).toEqual({
      isActive: true,
      needsApproval: true,
    })
  })

  it("PUT /api/hrd/job-vacancies/:id with is_active: null does not take HR's vacancy off the list", async () => {
    const hrd = await anHrd(t)
    const major = await aMajor(t)
    const vacancy = await aVacancy(t, { companyId: hrd.companyId, majorIds: [major.id] })
    const res = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      body: {
        title: vacancy.title,
        position: vacancy.position,
        description: vacancy.description,
        qualifications: vacancy.qualifications,
        benefits: null,
        category: vacancy.category,
        job_type: vacancy.jobType,
        work_location: null,
        city: null,
        province: null,
        min_salary: null,
        max_salary: null,
        quota: 6,
        deadline: await dayFromToday(t, 30),
        target: vacancy.target,
        major_ids: [major.id],
        is_active: null,
      },
    })
    const [after] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id))
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toEqual(['is_active'])
    expect(after.isActive).toBe(true)
  })

  it('a switch sent as text is refused on its field; the same text in a query is read as a switch', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: { code: 'TKJ', name: 'Teknik Komputer', is_active: 'false' },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toEqual(['is_active'])

    const list = await call(t, 'GET', '/api/admin/departments', { as: admin, query: { is_active: 'false' } })
    expect(list.status).toBe(200)
    expect(list.body.data.map((d: { code: string }) => d.code)).not.toContain('TKJ')
  })
})

/**
 * JSON is UTF-8 (RFC 8259). A body in Latin-1 (PowerShell 5, older PHP and Java clients), or one that says
 * `charset=iso-8859-1`, used to be stored with U+FFFD in place of its letters and answered 201.
 */
describe('a JSON body, read as UTF-8', () => {
  const post = async (contentType: string, payload: Buffer) => {
    const admin = await anAdmin(t)
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/departments',
      headers: { authorization: admin.authorization, 'content-type': contentType },
      payload,
    })
  }
  const stored = async (code: string) =>
    (await t.db.select().from(departments).where(eq(departments.code, code)))[0]?.name ?? null

  it('another charset is a 415 saying JSON is UTF-8; nothing is stored', async () => {
    const res = await post(
      'application/json; charset=iso-8859-1',
      Buffer.from('{"code":"TKR1","name":"Teknik Kendaraan Ringan \xe9"}', 'latin1'),
    )
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ success: false, message: 'JSON harus dikirim dalam UTF-8.', data: null })
    expect(await stored('TKR1')).toBeNull()
  })

  it('bytes that are not UTF-8 are a 400; nothing is stored', async () => {
    const res = await post('application/json', Buffer.from('{"code":"TKR2","name":"Jos\xe9"}', 'latin1'))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Isi permintaan bukan teks UTF-8 yang valid.',
    })
    expect(await stored('TKR2')).toBeNull()
  })

  it('UTF-8, declared in any spelling or not at all, is stored as sent', async () => {
    const body = (code: string) => Buffer.from(`{"code":"${code}","name":"José Bengkel 🔧"}`, 'utf8')
    expect((await post('application/json; charset="UTF-8"', body('TKR3'))).statusCode).toBe(201)
    expect((await post('application/json;charset=utf8', body('TKR4'))).statusCode).toBe(201)
    expect((await post('application/json', body('TKR5'))).statusCode).toBe(201)
    expect([await stored('TKR3'), await stored('TKR4'), await stored('TKR5')]).toEqual([
      'José Bengkel 🔧',
      'José Bengkel 🔧',
      'José Bengkel 🔧',
    ])
  })
})
