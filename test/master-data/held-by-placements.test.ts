import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { companies, placements } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { storedStudent } from '../support/stored.js'

const t = useTestApp()

/**
 * docs/decisions.md (Master data): "A record still referenced (a major with students, a company with
 * vacancies, ...) answers 409 saying what holds it." A placement found outside bursa holds a partner company
 * and a learner too; the 409 names it (it was the error handler's generic "linked to other records").
 */
describe('deleting a company or a learner held only by an outside placement', () => {
  async function outsidePlacement() {
    const company = await aCompany(t)
    const alumnus = await anAlumnus(t)
    await t.db.insert(placements).values({
      studentId: alumnus.studentId,
      companyId: company.id,
      source: 'outside',
      position: 'Teknisi',
      acceptedAt: '2025-01-15',
    })
    return { company, alumnus }
  }

  it('DELETE /api/admin/companies/:id says the company still has a placement', async () => {
    const admin = await anAdmin(t)
    const { company } = await outsidePlacement()
    const res = await call(t, 'DELETE', `/api/admin/companies/${company.id}`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({
      success: false,
      data: null,
      message: `Perusahaan ${company.name} tidak dapat dihapus karena masih memiliki 1 data penempatan kerja. Nonaktifkan perusahaan ini sebagai gantinya.`,
    })
    expect(await t.db.select().from(companies).where(eq(companies.id, company.id))).toHaveLength(1)
  })

  it('DELETE /api/admin/alumni/:id says the alumnus still has a placement', async () => {
    const admin = await anAdmin(t)
    const { alumnus } = await outsidePlacement()
    const res = await call(t, 'DELETE', `/api/admin/alumni/${alumnus.studentId}`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/tidak dapat dihapus karena memiliki 1 data penempatan kerja\./)
    expect(await storedStudent(t, alumnus.studentId)).toBeDefined()
  })
})
