import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/client.js'
import { companies, jobVacancies, users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { aVacancy } from '../support/builders/vacancies.js'

/**
 * Migration 0023 squeezes the blanks of names stored before the service squeezed them on every write (a
 * vacancy's title and position, a company's, department's, major's and account's name): a search is squeezed
 * too (`likePattern`), and "Operator  CNC" saved with two spaces would be found by no search at all.
 */
const t = useTestApp()

describe('upgrading to migration 0023', () => {
  it('names saved with runs of blanks are stored squeezed, and found by a search', async () => {
    const admin = await anAdmin(t)
    const company = await aCompany(t, { name: 'PT   Lama\tSekali ' })
    const vacancy = await aVacancy(t, {
      companyId: company.id,
      values: { title: ' Operator  Mesin   CNC', position: 'Operator  Produksi' },
    })
    await t.db.update(users).set({ fullName: 'Dewi  Kartika' }).where(eq(users.id, admin.id))

    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
    const m0023 = journal.entries.find((e: { tag: string }) => e.tag === '0023_squeeze_names')
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${m0023.when}`)
    await t.database.migrate()

    const [c] = await t.db.select().from(companies).where(eq(companies.id, company.id))
    expect(c.name).toBe('PT Lama Sekali')
    const [v] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id))
    expect({ title: v.title, position: v.position }).toEqual({
      title: 'Operator Mesin CNC',
      position: 'Operator Produksi',
    })
    const [u] = await t.db.select().from(users).where(eq(users.id, admin.id))
    expect(u.fullName).toBe('Dewi Kartika')

    const found = await call(t, 'GET', '/api/admin/job-vacancies', {
      as: admin,
      query: { search: 'mesin  cnc' },
    })
    expect(found.body.data.map((x: { id: number }) => x.id)).toContain(vacancy.id)
  })
})
