import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { jobVacancies, majors } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { aVacancy, dayFromToday, vacancyBody } from '../support/builders/vacancies.js'

const t = useTestApp()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let inMonth: string
beforeAll(async () => {
  inMonth = await dayFromToday(t, 30)
})

const body = (majorIds: number[], title: string) => vacancyBody(majorIds, inMonth, { title })

describe('renaming a major while HR edits a vacancy open to it', () => {
  it('both requests are answered 200 (never a 500 from a deadlock) and the vacancy shows the new name', async () => {
    const admin = await anAdmin(t)
    const statuses: number[][] = []
    // The rename is sent a little later each round, to meet the edit at every point of its transaction.
    for (let round = 0; round < 30; round++) {
      const major = await aMajor(t)
      const hrd = await anHrd(t)
      const vacancy = await aVacancy(t, { companyId: hrd.companyId, majorIds: [major.id] })
      const newName = `Teknik Kendaraan Ringan ${round}-${major.id}`
      const [rename, edit] = await Promise.all([
        sleep(round % 10).then(() =>
          call(t, 'PUT', `/api/admin/majors/${major.id}`, { as: admin, body: { name: newName } }),
        ),
        call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
          as: hrd,
          body: body([major.id], `Mekanik ${round}`),
        }),
      ])
      statuses.push([rename.status, edit.status])
      const [m] = await t.db.select().from(majors).where(eq(majors.id, major.id))
      const [v] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id))
      if (rename.status === 200) expect(m.name).toBe(newName)
      // The copy of the majors on the vacancy row follows the major's name.
      expect(v.majors).toEqual([{ id: major.id, code: m.code, name: m.name }])
    }
    expect(statuses).toEqual(statuses.map(() => [200, 200]))
  })
})
