import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aVacancy, dayFromToday } from '../support/builders/vacancies.js'

const t = useTestApp()

/**
 * Every connection of the app's pool, open or new, runs in `zone` from now on: as on a server set to another
 * time zone (the embedded one runs in UTC; an external one may be set to anything).
 */
async function sessionTimeZone(zone: string) {
  await t.db.execute(sql.raw(`alter database "${await databaseName()}" set timezone = '${zone}'`))
  const pool = (t.db as unknown as { $client: pg.Pool }).$client
  const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()))
  try {
    for (const c of clients) await c.query(`set timezone = '${zone}'`)
  } finally {
    for (const c of clients) c.release()
  }
  const shown = await Promise.all(
    clients.map(() => t.db.execute(sql`select current_setting('TimeZone') as tz`)),
  )
  for (const r of shown) expect((r as unknown as { rows: { tz: string }[] }).rows[0].tz).toBe(zone)
}

async function databaseName() {
  const r = await t.db.execute(sql`select current_database() as name`)
  return (r as unknown as { rows: { name: string }[] }).rows[0].name
}

/**
 * A vacancy is open through its deadline day, and the day is the school's (WIB), whatever time zone the
 * database's sessions run in. UTC+14 and UTC-12 are 7 and 19 hours away from WIB: at any moment at least one
 * of them is on another date than WIB, where `current_date` (the session's date) used to decide.
 */
describe("the deadline is the school's day, whatever the database session's time zone", () => {
  for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
    it(`in ${zone}: open on its deadline day in WIB, closed the day after, for the list, the detail, applying and HR`, async () => {
      await sessionTimeZone(zone)
      const hrd = await anHrd(t)
      const student = await anApplicant(t)
      const today = await dayFromToday(t, 0)
      const yesterday = await dayFromToday(t, -1)
      // The test's own idea of WIB's date agrees with the database's.
      expect(today).toBe(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10))

      const open = await aVacancy(t, {
        companyId: hrd.companyId,
        majorIds: [student.majorId],
        values: { deadline: today },
      })
      const closed = await aVacancy(t, {
        companyId: hrd.companyId,
        majorIds: [student.majorId],
        values: { deadline: yesterday },
      })

      const list = await call(t, 'GET', '/api/job-vacancies', { as: student })
      expect(list.status).toBe(200)
      expect(list.body.data.map((v: { id: number }) => v.id)).toEqual([open.id])

      expect((await call(t, 'GET', `/api/job-vacancies/${open.id}`, { as: student })).status).toBe(200)
      const gone = await call(t, 'GET', `/api/job-vacancies/${closed.id}`, { as: student })
      expect(gone.status).toBe(404)

      const refused = await call(t, 'POST', `/api/job-vacancies/${closed.id}/apply`, {
        as: student,
        body: {},
      })
      expect(refused.status).toBe(422)
      expect(refused.body.message).toMatch(/Batas waktu pendaftaran sudah lewat/)
      const applied = await call(t, 'POST', `/api/job-vacancies/${open.id}/apply`, { as: student, body: {} })
      expect(applied.status).toBe(201)

      const hrList = await call(t, 'GET', '/api/hrd/job-vacancies', { as: hrd })
      const isOpen = Object.fromEntries(
        hrList.body.data.map((v: { id: number; isOpen: boolean }) => [v.id, v.isOpen]),
      )
      expect(isOpen).toEqual({ [open.id]: true, [closed.id]: false })
    })
  }
})
