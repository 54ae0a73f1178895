import { eq } from 'drizzle-orm'
import { type Role, students, users } from '../../../src/db/schema/index.js'
import { issueToken } from '../../../src/http/auth.js'
import { hashPassword } from '../../../src/modules/auth/passwords.js'
import { call, type TestContext } from '../app.js'
import { aCompany, aMajor } from './org.js'

export const PASSWORD = 'password123'
let passwordHash: Promise<string> | undefined
let seq = 0
let useq = 0
// Fixed widths: without them pid 5318, seq 12, 497 and seq 124, 97 gave the same NIS (a flaky 409).
export const uniq = () =>
  `${process.pid}${String(++seq).padStart(5, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`
/** A short string unique within the run, for e-mails and names a test searches for. */
export const unique = (prefix = 'u') => `${prefix}${process.pid}x${++useq}`

export interface Account {
  id: number
  email: string
  role: Role
  authorization: string
  token: string
}

type UserValues = Partial<typeof users.$inferInsert>

/** A user row of the role with a real token (the auth hook checks it like any other). */
export async function anAccount(t: TestContext, role: Role, values: UserValues = {}): Promise<Account> {
  passwordHash ??= hashPassword(PASSWORD)
  const email = values.email ?? `${role}${uniq()}@test.local`
  const [row] = await t.db
    .insert(users)
    .values({ email, fullName: `${role} ${uniq()}`, role, passwordHash: await passwordHash, ...values })
    .returning()
  const token = await issueToken(t.db, row.id, 24)
  return { id: row.id, email, role, token, authorization: `Bearer ${token}` }
}

export const aSuperadmin = (t: TestContext, values: UserValues = {}) => anAccount(t, 'superadmin', values)
export const anAdmin = (t: TestContext, values: UserValues = {}) => anAccount(t, 'admin', values)

/** An HR account linked to a company (a new active one unless given). */
export async function anHrd(t: TestContext, opts: { companyId?: number; values?: UserValues } = {}) {
  const companyId = opts.companyId ?? (await aCompany(t)).id
  return { ...(await anAccount(t, 'hrd', { companyId, ...opts.values })), companyId }
}

/** A learner record; with an account unless `account: false`. Alumni have a graduation year. */
export async function aStudent(
  t: TestContext,
  opts: {
    role?: 'siswa' | 'alumni'
    majorId?: number
    values?: Partial<typeof students.$inferInsert>
    account?: boolean
  } = {},
) {
  const role = opts.role ?? 'siswa'
  const majorId = opts.majorId ?? (await aMajor(t)).id
  const account = opts.account === false ? null : await anAccount(t, role)
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
}

export const anAlumnus = (
  t: TestContext,
  opts: { majorId?: number; values?: Partial<typeof students.$inferInsert> } = {},
) => aStudent(t, { ...opts, role: 'alumni' })

/** Marks an account inactive straight in the table. */
export async function deactivateAccount(t: TestContext, userId: number) {
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, userId))
}

/** Logs in over HTTP; answers the response (status 200 carries `data.token`). */
export function logIn(t: TestContext, email: string, password: string) {
  return call(t, 'POST', '/api/login', { body: { email, password } })
}
