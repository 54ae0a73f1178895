import { describe, expect, it } from 'vitest'
import { call, type TestContext } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'
import { aMajor, tag } from '../support/builders/org.js'
import { multipart } from '../support/multipart.js'
import { EAST, todayIn, useSchoolsAcrossTheDateLine, WEST } from '../support/school-zones.js'

/**
 * A birth date may be any day up to today: today on the school's calendar (SCHOOL_TIME_ZONE), like every
 * other date rule. Two schools on either side of the date line (as test/vacancies/school-time-zone.test.ts):
 * at any moment the UTC day differs from one of them, so the UTC check shows in one of the two.
 * (In Asia/Jayapura the same bug refuses the school's today from 00:00 to 09:00 WIT, 7 hours in WIB.)
 */
const plusDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

const zones = useSchoolsAcrossTheDateLine()

const profileBirthDate = async (t: TestContext, birth_date: string) => {
  const siswa = await aStudent(t)
  const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', { as: siswa, body: { birth_date } })
  return res.status === 422 ? Object.keys(res.body.errors ?? {}).join(',') : res.status
}

const adminBirthDate = async (t: TestContext, birth_date: string) => {
  const admin = await anAdmin(t)
  const major = await aMajor(t)
  const res = await call(t, 'POST', '/api/admin/students', {
    as: admin,
    body: { nis: `S${tag()}`, full_name: 'Bayi Hari Ini', major_id: major.id, birth_date },
  })
  return res.status === 422 ? Object.keys(res.body.errors ?? {}).join(',') : res.status
}

/** A roster row born on `day` (`YYYY-MM-DD`), in a dry run: the fields the plan refuses in it. */
const rosterBirthDateErrors = async (t: TestContext, day: string) => {
  const admin = await anAdmin(t)
  const code = tag()
  await aMajor(t, { code })
  const [y, m, d] = day.split('-')
  const nisn = String(Math.floor(Math.random() * 9e9) + 1e9)
  const text = `NISN,NIS,Nama,JK,Tempat Lahir,Tanggal Lahir,Rombel,Jurusan\r\n${nisn},N${tag()},Bayi Impor,L,Jayapura,${d}/${m}/${y},XII A,${code}\r\n`
  const form = multipart([
    ['file', { data: Buffer.from(text), filename: 'roster.csv', contentType: 'text/csv' }],
    ['dry_run', 'true'],
  ])
  const res = await call(t, 'POST', '/api/admin/imports/students', {
    as: admin,
    body: form.body,
    headers: form.headers,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.rows[0].errors.map((e: { field: string }) => e.field).join(',')
}

describe("birth dates are bounded by the school's today, not the UTC day", () => {
  it("a learner's profile takes the school's today and refuses the school's tomorrow", async () => {
    expect({
      eastToday: await profileBirthDate(zones.east, todayIn(EAST)),
      westTomorrow: await profileBirthDate(zones.west, plusDay(todayIn(WEST))),
    }).toEqual({ eastToday: 200, westTomorrow: 'birth_date' })
  })

  it("the career center's student form takes the school's today and refuses the school's tomorrow", async () => {
    expect({
      eastToday: await adminBirthDate(zones.east, todayIn(EAST)),
      westTomorrow: await adminBirthDate(zones.west, plusDay(todayIn(WEST))),
    }).toEqual({ eastToday: 201, westTomorrow: 'birth_date' })
  })

  it("a roster import takes the school's today and refuses the school's tomorrow", async () => {
    expect({
      eastToday: await rosterBirthDateErrors(zones.east, todayIn(EAST)),
      westTomorrow: await rosterBirthDateErrors(zones.west, plusDay(todayIn(WEST))),
    }).toEqual({ eastToday: '', westTomorrow: 'birth_date' })
  })
})
