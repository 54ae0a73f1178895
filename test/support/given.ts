import { eq } from 'drizzle-orm'
import { companies, departments, majors, type Role, students, users } from '../../src/db/schema/index.js'
import { issueToken } from '../../src/http/auth.js'
import { hashPassword } from '../../src/modules/auth/passwords.js'
import type { TestContext } from './app.js'

export const PASSWORD = 'password123'
let passwordHash: Promise<string> | undefined
let seq = 0
const uniq = () => `${process.pid}${++seq}${Math.floor(Math.random() * 1000)}`

export interface Account {
  id: number
  email: string
  role: Role
  authorization: string
  token: string
}

/**
 * Small builders for the rows a test needs. They write through the same tables the service
 * reads and hand out real tokens (the auth hook checks them like any other).
 */
export const given = {
  async department(t: TestContext, values: Partial<typeof departments.$inferInsert> = {}) {
    const n = uniq()
    const [row] = await t.db
      .insert(departments)
      .values({ code: `D${n}`, name: `Departemen ${n}`, ...values })
      .returning()
    return row
  },

  async major(t: TestContext, values: Partial<typeof majors.$inferInsert> = {}) {
    const n = uniq()
    const departmentId = values.departmentId ?? (await given.department(t)).id
    const [row] = await t.db
      .insert(majors)
      .values({ code: `M${n}`, name: `Jurusan ${n}`, ...values, departmentId })
      .returning()
    return row
  },

  async company(t: TestContext, values: Partial<typeof companies.$inferInsert> = {}) {
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
  },

  async account(
    t: TestContext,
    role: Role,
    values: Partial<typeof users.$inferInsert> = {},
  ): Promise<Account> {
    passwordHash ??= hashPassword(PASSWORD)
    const email = values.email ?? `${role}${uniq()}@test.local`
    const [row] = await t.db
      .insert(users)
      .values({ email, fullName: `${role} ${uniq()}`, role, passwordHash: await passwordHash, ...values })
      .returning()
    const token = await issueToken(t.db, row.id, 24)
    return { id: row.id, email, role, token, authorization: `Bearer ${token}` }
  },

  superadmin: (t: TestContext, values: Partial<typeof users.$inferInsert> = {}) =>
    given.account(t, 'superadmin', values),
  admin: (t: TestContext, values: Partial<typeof users.$inferInsert> = {}) =>
    given.account(t, 'admin', values),

  /** An HR account linked to a company (a new active one unless given). */
  async hrd(t: TestContext, opts: { companyId?: number; values?: Partial<typeof users.$inferInsert> } = {}) {
    const companyId = opts.companyId ?? (await given.company(t)).id
    return { ...(await given.account(t, 'hrd', { companyId, ...opts.values })), companyId }
  },

  /** A learner record; with an account unless `account: false`. Alumni have a graduation year. */
  async student(
    t: TestContext,
    opts: {
      role?: 'siswa' | 'alumni'
      majorId?: number
      values?: Partial<typeof students.$inferInsert>
      account?: boolean
    } = {},
  ) {
    const role = opts.role ?? 'siswa'
    const majorId = opts.majorId ?? (await given.major(t)).id
    const account = opts.account === false ? null : await given.account(t, role)
    const n = uniq()
    const [student] = await t.db
      .insert(students)
      .values({
        nis: `N${n}`,
        fullName: `Siswa ${n}`,
        majorId,
        className: 'XII A',
        graduationYear: role === 'alumni' ? 2024 : null,
        phone: '081200000000',
        address: 'Jl. Mawar No. 1',
        birthDate: '2007-01-01',
        userId: account?.id ?? null,
        ...opts.values,
      })
      .returning()
    return { ...(account ?? ({} as Account)), student, studentId: student.id, majorId }
  },

  alumni: (t: TestContext, opts: { majorId?: number; values?: Partial<typeof students.$inferInsert> } = {}) =>
    given.student(t, { ...opts, role: 'alumni' }),

  async deactivate(t: TestContext, userId: number) {
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, userId))
  },
}
