import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent } from '../support/builders/accounts.js'
import { aMajor, tag } from '../support/builders/org.js'
import { dayFromToday } from '../support/builders/vacancies.js'

const t = useTestApp()

/** What the answers read (`job_vacancies.majors`, kept by the database) against the rows it copies. */
async function expectMajorsKept(vacancyId: number) {
  const [row] = await t.db
    .select({
      stored: jobVacancies.majors,
      fresh: sql<unknown>`coalesce((select json_agg(json_build_object('id', m.id, 'code', m.code, 'name', m.name) order by m.name, m.id)
        from job_vacancy_majors jm join majors m on m.id = jm.major_id where jm.job_vacancy_id = job_vacancies.id), '[]'::json)`,
    })
    .from(jobVacancies)
    .where(eq(jobVacancies.id, vacancyId))
  expect(row?.stored, 'stored on the vacancy').toEqual(row?.fresh)
  return row?.stored
}

/**
 * A vacancy's majors are kept on the vacancy row by the database (migration 0009), so that lists read a
 * column: what HR, staff and learners see follows every change of the vacancy's majors and of a major.
 */
describe("a vacancy's majors, as every answer shows them", () => {
  it('follow the majors HR saves, in name order, and a major renamed by staff', async () => {
    const hrd = await anHrd(t)
    const admin = await anAdmin(t)
    const q = tag()
    const mesin = await aMajor(t, { name: `Teknik Mesin ${q}`, code: `TM${q}` })
    const listrik = await aMajor(t, { name: `Teknik Listrik ${q}`, code: `TL${q}` })
    const kimia = await aMajor(t, { name: `Kimia Industri ${q}`, code: `KI${q}` })
    const student = await aStudent(t, { majorId: listrik.id })
    const body = {
      title: 'Operator Panel Listrik',
      position: 'Operator',
      description: 'Mengoperasikan panel distribusi.',
      qualifications: 'Lulusan SMK, sehat jasmani.',
      category: 'manufaktur',
      job_type: 'full_time',
      quota: 2,
      deadline: await dayFromToday(t, 30),
      target: 'all',
    }
    const ref = (m: { id: number; code: string; name: string }) => ({ id: m.id, code: m.code, name: m.name })

    const created = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hrd,
      body: { ...body, major_ids: [mesin.id, listrik.id] },
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id as number
    expect(created.body.data.majors).toEqual([ref(listrik), ref(mesin)])
    await expectMajorsKept(id)

    const updated = await call(t, 'PUT', `/api/hrd/job-vacancies/${id}`, {
      as: hrd,
      body: { ...body, major_ids: [listrik.id, kimia.id] },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data.majors).toEqual([ref(kimia), ref(listrik)])
    expect(await expectMajorsKept(id)).toEqual([ref(kimia), ref(listrik)])

    const renamed = await call(t, 'PUT', `/api/admin/majors/${listrik.id}`, {
      as: admin,
      body: { name: `Teknik Instalasi Tenaga Listrik ${q}` },
    })
    expect(renamed.status).toBe(200)
    const listrikNow = { ...ref(listrik), name: `Teknik Instalasi Tenaga Listrik ${q}` }
    expect(await expectMajorsKept(id)).toEqual([ref(kimia), listrikNow])

    // The learner's list and detail, and HR's list, show the same.
    const list = await call(t, 'GET', '/api/job-vacancies', { as: student })
    expect(list.status).toBe(200)
    expect(list.body.data.find((v: { id: number }) => v.id === id)?.majors).toEqual([ref(kimia), listrikNow])
    const detail = await call(t, 'GET', `/api/job-vacancies/${id}`, { as: student })
    expect(detail.body.data.majors).toEqual([ref(kimia), listrikNow])
    const hrList = await call(t, 'GET', '/api/hrd/job-vacancies', { as: hrd })
    expect(hrList.body.data.find((v: { id: number }) => v.id === id)?.majors).toEqual([
      ref(kimia),
      listrikNow,
    ])
  })
})
