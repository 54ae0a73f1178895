import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { notifications, placements, type Role } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import {
  type Account,
  anAccount,
  anAdmin,
  anAlumnus,
  anHrd,
  aStudent,
  aSuperadmin,
} from '../support/builders/accounts.js'
import { anApplicant, anApplication } from '../support/builders/applications.js'
import { aCompany } from '../support/builders/org.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { anHrdWithVacancy, aPlacement } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { type Fixture, ROUTES } from './route-table.js'

const t = useTestApp()
const ROLES: Role[] = ['superadmin', 'admin', 'hrd', 'siswa', 'alumni']
const NO_SUCH_ID = 2_147_483_000

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

const accounts = {} as Record<Role, Account>
const inactive = {} as Record<Role, Account>
let otherHrd: Account
let otherLearner: Account
let fixture: Fixture
/** The same records at company B, which has no HR account: staff act for it on the `staffActs` routes. */
let fixtureB: Fixture

/** A company's vacancy with one learner's application through every stage. */
async function recordsOf(companyId: number, vacancyId: number): Promise<Fixture> {
  const learner = await anApplicant(t)
  const application = await anApplication(t, {
    vacancyId,
    studentId: learner.studentId,
    status: 'in_progress',
  })
  const { schedule, participants } = await aSchedule(t, {
    companyId,
    vacancyId,
    applicationIds: [application.id],
    scheduledAt: hoursFromNow(24),
  })
  await aPlacement(t, { applicationId: application.id, studentId: learner.studentId, companyId, vacancyId })
  const [placement] = await t.db.select().from(placements).where(eq(placements.applicationId, application.id))
  const [notification] = await t.db
    .insert(notifications)
    .values({ userId: learner.id, kind: 'test', title: 'Tes', body: 'Tes' })
    .returning()
  return {
    companyId,
    vacancyId,
    applicationId: application.id,
    fileId: learner.cv.id,
    learnerFileId: learner.cv.id,
    scheduleId: schedule.id,
    participantId: participants[0].id,
    placementId: placement.id,
    notificationId: notification.id,
  }
}

beforeAll(async () => {
  // Company A (with HR) and its records, company B (without HR) and its records, and the accounts.
  const a = await anHrdWithVacancy(t)
  fixture = await recordsOf(a.company.id, a.vacancy.id)
  const b = await aCompany(t)
  fixtureB = await recordsOf(b.id, (await aVacancy(t, { companyId: b.id })).id)
  accounts.superadmin = await aSuperadmin(t)
  accounts.admin = await anAdmin(t)
  accounts.hrd = await anHrd(t)
  accounts.siswa = await aStudent(t)
  accounts.alumni = await anAlumnus(t)
  for (const role of ROLES) {
    inactive[role] =
      role === 'hrd'
        ? await anHrd(t, { values: { isActive: false } })
        : role === 'siswa' || role === 'alumni'
          ? await anAccount(t, role, { isActive: false })
          : await anAccount(t, role, { isActive: false })
  }
  otherHrd = await anHrd(t)
  otherLearner = await aStudent(t)
})

const fill = (url: string, params: Record<string, number> = {}) =>
  url.replace(/:([A-Za-z]+)/g, (_, name: string) => String(params[name] ?? NO_SUCH_ID))

/** The registered routes; logout last, because it ends the session of the account that calls it. */
const registered = () =>
  t.app.routeList
    .filter((r) => !r.hidden)
    .map((r) => `${r.method} ${r.url}`)
    .sort((a, b) => Number(a === 'POST /api/logout') - Number(b === 'POST /api/logout'))

describe('the authorization matrix of every registered route', () => {
  it('has exactly one table entry per registered route', () => {
    const routes = registered()
    const missing = routes.filter((r) => !(r in ROUTES))
    const stale = Object.keys(ROUTES).filter((r) => !routes.includes(r))
    expect(missing, 'registered routes missing from test/security/route-table.ts').toEqual([])
    expect(stale, 'table entries without a registered route').toEqual([])
  })

  it('401 without a token, 401 for a deactivated account, 403 for every role it does not admit', async () => {
    const failures: string[] = []
    for (const key of registered()) {
      const rule = ROUTES[key]
      if (!rule || rule.allow === 'public') continue
      const [method, path] = key.split(' ') as [Method, string]
      const url = fill(path)
      const anon = await call(t, method, url, { body: {} })
      if (anon.status !== 401 || anon.body?.success !== false)
        failures.push(`${key} anonymous → ${anon.status}`)
      const admits = (role: Role) =>
        rule.allow === 'everyone' || (rule.allow as readonly Role[]).includes(role)
      for (const role of ROLES) {
        const dead = await call(t, method, url, { as: inactive[role], body: {} })
        if (dead.status !== 401) failures.push(`${key} deactivated ${role} → ${dead.status}`)
        const res = await call(t, method, url, { as: accounts[role], body: {} })
        if (admits(role)) {
          if (res.status === 401 || res.status === 403 || res.status >= 500)
            failures.push(`${key} ${role} (admitted) → ${res.status}`)
        } else if (res.status !== 403 || res.body?.success !== false) {
          failures.push(`${key} ${role} (refused) → ${res.status}`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it("404 for HR of another company on company A's records, and for another learner on the learner's", async () => {
    const failures: string[] = []
    for (const key of registered()) {
      const rule = ROUTES[key]
      if (!rule?.scope || !rule.params) continue
      const [method, path] = key.split(' ') as [Method, string]
      const url = fill(path, rule.params(fixture))
      for (const scope of rule.scope) {
        const as = scope === 'company' ? otherHrd : otherLearner
        const res = await call(t, method, url, { as, body: rule.body ?? {} })
        if (res.status !== 404)
          failures.push(
            `${key} as ${scope === 'company' ? 'another company' : 'another learner'} → ${res.status}`,
          )
      }
    }
    expect(failures).toEqual([])
  })

  it('staff on HR routes: 403 for company A (it has HR), let through for company B (no HR account)', async () => {
    const failures: string[] = []
    const hasHr = 'Perusahaan ini memiliki akun HRD; seleksi dilakukan oleh HRD-nya.'
    // Accounts of their own: the matrix above ends with a logout of every account.
    const staff = { admin: await anAdmin(t), superadmin: await aSuperadmin(t) }
    for (const key of registered()) {
      const rule = ROUTES[key]
      if (!rule?.staffActs) continue
      const [method, path] = key.split(' ') as [Method, string]
      for (const role of ['admin', 'superadmin'] as const) {
        for (const [name, f] of [
          ['A', fixture],
          ['B', fixtureB],
        ] as const) {
          const url = fill(path, rule.params?.(f))
          const res = await call(t, method, url, {
            as: staff[role],
            query: rule.params ? undefined : { company_id: f.companyId },
            body: rule.staffBody?.(f) ?? rule.body ?? {},
          })
          if (name === 'A' && (res.status !== 403 || res.body?.message !== hasHr))
            failures.push(`${key} ${role} on company A (with HR) → ${res.status}`)
          if (name === 'B' && ([401, 403, 404].includes(res.status) || res.status >= 500))
            failures.push(`${key} ${role} on company B (no HR) → ${res.status} ${res.body?.message}`)
        }
      }
    }
    expect(failures).toEqual([])
  })
})
