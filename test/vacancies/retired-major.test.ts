import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, anHrd, aStudent } from '../support/builders/accounts.js'
import { aCompany, aDepartment, tag } from '../support/builders/org.js'
import { dayFromToday, vacancyBody } from '../support/builders/vacancies.js'

/**
 * At the turn of the school year the school follows the new curriculum: "Teknik Komputer dan Jaringan" (TKJ) takes
 * no new class, TJKT replaces it. Deleting TKJ is refused while learners hold it and the refusal says to switch it
 * off; staff do. A learner sees only vacancies naming their own major, and no vacancy could name TKJ any more (the
 * forms offered active majors only, the service refused an inactive one): its alumni, and the last class still in
 * it, never saw a new vacancy again, and nobody was told. Vacancy forms now offer an inactive major that still has
 * learners, marked as no longer offered, and the answer to switching it off says what it means (found by the
 * school-year audit).
 */
const t = useTestApp()

type MajorOption = { value: number; label: string; isActive: boolean }

async function retiredTkj() {
  const staff = await anAdmin(t)
  const dept = await aDepartment(t)
  const major = async (code: string, name: string) =>
    (await call(t, 'POST', '/api/admin/majors', { as: staff, body: { department_id: dept.id, code, name } }))
      .body.data
  const n = tag()
  const tkj = await major(`TKJ${n}`, `Teknik Komputer dan Jaringan ${n}`)
  const budi = await anAlumnus(t, {
    majorId: tkj.id,
    values: { fullName: 'Budi Alumni TKJ', graduationYear: 2024 },
  })
  const siti = await aStudent(t, { majorId: tkj.id, values: { fullName: 'Siti Kelas Terakhir TKJ' } })
  const tjkt = await major(`TJKT${n}`, `Teknik Jaringan Komputer dan Telekomunikasi ${n}`)

  const del = await call(t, 'DELETE', `/api/admin/majors/${tkj.id}`, { as: staff })
  expect(del.status).toBe(409)
  expect(del.body.message).toContain('Nonaktifkan')
  const off = await call(t, 'PUT', `/api/admin/majors/${tkj.id}`, { as: staff, body: { is_active: false } })
  expect(off.status).toBe(200)
  return { staff, dept, tkj, tjkt, budi, siti, off }
}

describe('a major switched off that still has learners', () => {
  it('switching it off says its learners see only vacancies that name it', async () => {
    const { off, tkj } = await retiredTkj()
    expect(off.body.data.isActive).toBe(false)
    expect(off.body.message).toBe(
      `Kompetensi keahlian ${tkj.name} dinonaktifkan: tidak dapat dipilih untuk siswa baru. 1 siswa dan 1 alumni tetap di kompetensi ini dan hanya melihat lowongan yang mencantumkan ${tkj.name}; perusahaan dan BKK masih dapat mencantumkannya pada lowongan (tertulis "tidak dibuka lagi").`,
    )
  })

  it("HR's form offers it as no longer offered, takes it, and its alumni and last class see the vacancy", async () => {
    const { tkj, tjkt, budi, siti } = await retiredTkj()
    const company = await aCompany(t)
    const hr = await anHrd(t, { companyId: company.id })
    const options: MajorOption[] = (await call(t, 'GET', '/api/hrd/job-vacancies/options', { as: hr })).body
      .data.majors
    expect(options.find((m) => m.value === tjkt.id)).toEqual({
      value: tjkt.id,
      label: tjkt.name,
      isActive: true,
    })
    expect(options.find((m) => m.value === tkj.id)).toEqual({
      value: tkj.id,
      label: `${tkj.name} (tidak dibuka lagi)`,
      isActive: false,
    })
    // Listed after the majors still offered.
    expect(options.findIndex((m) => m.value === tkj.id)).toBeGreaterThan(options.findIndex((m) => m.isActive))

    const posted = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hr,
      body: vacancyBody([tjkt.id, tkj.id], await dayFromToday(t, 20), { title: 'Teknisi Jaringan' }),
    })
    expect(posted.status).toBe(201)
    for (const learner of [budi, siti]) {
      const seen = await call(t, 'GET', '/api/job-vacancies', { as: learner })
      expect(seen.body.data.map((v: { title: string }) => v.title)).toContain('Teknisi Jaringan')
    }
  })

  it("staff's form offers and takes it too", async () => {
    const { staff, tkj } = await retiredTkj()
    const company = await aCompany(t)
    const options: MajorOption[] = (await call(t, 'GET', '/api/admin/job-vacancies/options', { as: staff }))
      .body.data.majors
    expect(options.find((m) => m.value === tkj.id)?.label).toBe(`${tkj.name} (tidak dibuka lagi)`)
    const posted = await call(t, 'POST', '/api/admin/job-vacancies', {
      as: staff,
      body: { ...vacancyBody([tkj.id], await dayFromToday(t, 20)), company_id: company.id },
    })
    expect(posted.status).toBe(201)
  })

  it('an inactive major without learners is neither offered nor taken (422 on major_ids)', async () => {
    const { staff, dept } = await retiredTkj()
    const empty = (
      await call(t, 'POST', '/api/admin/majors', {
        as: staff,
        body: {
          department_id: dept.id,
          code: `KOSONG${tag()}`,
          name: 'Kompetensi Tanpa Siswa',
          is_active: false,
        },
      })
    ).body.data
    const hr = await anHrd(t, { companyId: (await aCompany(t)).id })
    const options: MajorOption[] = (await call(t, 'GET', '/api/hrd/job-vacancies/options', { as: hr })).body
      .data.majors
    expect(options.map((m) => m.value)).not.toContain(empty.id)
    const posted = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hr,
      body: vacancyBody([empty.id], await dayFromToday(t, 20)),
    })
    expect(posted.status).toBe(422)
    expect(posted.body.errors.major_ids).toEqual([
      `kompetensi keahlian tidak ditemukan, atau nonaktif tanpa siswa maupun alumni: ${empty.id}`,
    ])
  })
})
