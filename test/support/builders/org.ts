import { eq } from 'drizzle-orm'
import { companies, departments, majors } from '../../../src/db/schema/index.js'
import type { TestContext } from '../app.js'
import { uniq, unique } from './accounts.js'

/** A department row with a unique code and name. */
export async function aDepartment(t: TestContext, values: Partial<typeof departments.$inferInsert> = {}) {
  const n = uniq()
  const [row] = await t.db
    .insert(departments)
    .values({ code: `D${n}`, name: `Departemen ${n}`, ...values })
    .returning()
  return row
}

/** A major row, of a new department unless `departmentId` is given. */
export async function aMajor(t: TestContext, values: Partial<typeof majors.$inferInsert> = {}) {
  const n = uniq()
  const departmentId = values.departmentId ?? (await aDepartment(t)).id
  const [row] = await t.db
    .insert(majors)
    .values({ code: `M${n}`, name: `Jurusan ${n}`, ...values, departmentId })
    .returning()
  return row
}

/** An active partner company row. */
export async function aCompany(t: TestContext, values: Partial<typeof companies.$inferInsert> = {}) {
  const n = uniq()
  const [row] = await t.db
    .insert(companies)
    .values({
      name: `PT Mitra ${n}`,
      industry: 'Manufaktur',
      city: 'Bekasi',
      province: 'Jawa Barat',
      ...values,
    })
    .returning()
  return row
}

/** Marks a company inactive straight in the table. */
export async function deactivateCompany(t: TestContext, companyId: number) {
  await t.db.update(companies).set({ isActive: false }).where(eq(companies.id, companyId))
}

/** A prefix no other test's rows carry, so searches see only the rows a test made. */
export const tag = () => `Q${Math.random().toString(36).slice(2, 8).toUpperCase()}`

/** A complete, valid public registration form (`POST /api/company-registrations`) for a company nobody registered yet. */
export function aRegistrationForm(overrides: Record<string, unknown> = {}) {
  const n = unique('reg')
  return {
    name: `PT Daftar ${n}`,
    industry: 'Manufaktur',
    email: `info.${n}@perusahaan.test`,
    phone: '021-5550101',
    address: 'Jl. Industri Raya No. 5',
    city: 'Karawang',
    province: 'Jawa Barat',
    website: 'https://perusahaan.test',
    description: 'Produsen suku cadang.',
    contact_name: 'Rina Hartati',
    contact_email: `rina.${n}@perusahaan.test`,
    contact_phone: '0812-3456-7890',
    ...overrides,
  }
}
