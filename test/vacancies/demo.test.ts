import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobVacancies, users } from '../../src/db/schema/index.js'
import { seedDemo } from '../../src/db/seed-demo.js'
import { issueToken } from '../../src/http/auth.js'
import { seedDemoVacancies } from '../../src/modules/vacancies/demo.js'
import { call, useTestApp } from '../support/app.js'
import { dayFromToday } from '../support/given-recruitment.js'

const t = useTestApp()

async function demoAccount(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email))
  return { authorization: `Bearer ${await issueToken(t.db, user.id, 1)}` }
}

const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((v) => v.title).sort()

describe('seedDemoVacancies', () => {
  it('seedDemo adds six vacancies: two open to the demo siswa, two to the demo alumni, one expired, one inactive', async () => {
    await seedDemo(t.db)
    expect(await seedDemoVacancies(t.db), 'seedDemo has added them already').toBe(0)
    expect(await t.db.select().from(jobVacancies)).toHaveLength(6)

    const siswa = await call(t, 'GET', '/api/job-vacancies', { as: await demoAccount('siswa@demo.test') })
    expect(titles(siswa)).toEqual(['Mekanik Junior Kendaraan Ringan', 'Program Magang Teknisi Perakitan'])
    const alumni = await call(t, 'GET', '/api/job-vacancies', { as: await demoAccount('alumni@demo.test') })
    expect(titles(alumni)).toEqual(['Junior Web Developer', 'Staf IT Support'])

    const stats = await call(t, 'GET', '/api/hrd/job-vacancies/statistics', {
      as: await demoAccount('hrd@demo.test'),
    })
    expect(stats.body.data.vacancies).toEqual({ total: 3, active: 2, inactive: 1, expired: 0 })
    const rows = await t.db.select().from(jobVacancies)
    const byTitle = (title: string) => rows.find((r) => r.title === title)!
    expect(byTitle('Teller dan Customer Service').deadline < (await dayFromToday(t, 0))).toBe(true)
    expect(byTitle('Operator Produksi').isActive).toBe(false)
  })

  it('adds nothing the second time', async () => {
    expect(await seedDemoVacancies(t.db)).toBe(0)
    expect(await t.db.select().from(jobVacancies)).toHaveLength(6)
  })
})
