import type { Static } from '@sinclair/typebox'
import { eq, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Conn, Db } from '../../db/client.js'
import { companies } from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { conflict, type FieldErrors, invalidField, notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import type { Toggle } from '../../http/schemas.js'
import { assertVersion } from '../../http/versions.js'
import { assertStrongPassword } from '../auth/password-policy.js'
import { hashPassword } from '../auth/passwords.js'
import { forgetCompanyNotices, settleApplicantNotices, tellApplicants } from '../notifications/service.js'
import { cancelTestsOfCompany, type Mailing } from '../schedules/service.js'
import * as q from './companies.queries.js'
import type {
  CompanyListQuery,
  CompanyOptionsQuery,
  CreateCompanyBody,
  HrAccountBody,
  UpdateCompanyBody,
} from './companies.schemas.js'
import { nonBlank } from './departments.service.js'

const notFoundCompany = () => notFound(msg('Perusahaan tidak ditemukan.', 'Company not found.'))

const clean = (s: string | null | undefined) => (s == null ? s : s.trim() || null)
const lower = (s: string | null | undefined) => (s == null ? s : s.toLowerCase())

type ListRow = Omit<q.CompanyRow, 'hrAccounts'>

function companyItem(row: ListRow) {
  return {
    id: row.id,
    name: row.name,
    industry: row.industry,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    province: row.province,
    website: row.website,
    description: row.description,
    isActive: row.isActive,
    vacanciesNeedApproval: row.vacanciesNeedApproval,
    hrdCount: row.hrdCount,
    activeHrdCount: row.activeHrdCount,
    vacancyCount: row.vacancyCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function companyDetail(row: q.CompanyRow) {
  return {
    ...companyItem(row),
    hrAccounts: row.hrAccounts.map((a) => ({
      id: a.id,
      email: a.email,
      fullName: a.fullName,
      isActive: a.isActive,
    })),
  }
}

const detailOf = async (conn: Conn, id: number) => companyDetail((await q.companyById(conn, id))!)

/** The stored columns of a create or update; undefined leaves a column as it is. */
function columnsOf(input: Static<typeof UpdateCompanyBody>) {
  return {
    name: nonBlank(input.name, 'name'),
    industry: clean(input.industry),
    email: lower(clean(input.email)),
    phone: clean(input.phone),
    address: clean(input.address),
    city: clean(input.city),
    province: clean(input.province),
    website: clean(input.website),
    description: clean(input.description),
    isActive: input.is_active,
    vacanciesNeedApproval: input.vacancies_need_approval,
  }
}

/** A page of companies for the list's query as the route checked it. */
export async function listCompanies(db: Db, query: Static<typeof CompanyListQuery>) {
  const { search, is_active, city, province } = query
  const page = pageOf(query)
  const { rows, total } = await q.listCompanies(db, { search, isActive: is_active, city, province }, page)
  return { rows: rows.map(companyItem), total, page }
}

export function companyOptions(db: Db, query: Static<typeof CompanyOptionsQuery>) {
  return q.companyOptions(db, { includeInactive: query.include_inactive ?? false, search: query.search })
}

export async function getCompany(db: Db, id: number) {
  return companyDetail((await q.companyById(db, id)) ?? notFoundCompany())
}

export async function createCompany(db: Db, actor: Actor, input: Static<typeof CreateCompanyBody>) {
  const values = columnsOf(input)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({
        ...values,
        name: values.name!,
        isActive: values.isActive ?? true,
        vacanciesNeedApproval: false,
      })
      .returning({ id: companies.id })
    await audit(tx, actor, 'create', 'company', row.id, { ...input })
    return detailOf(tx, row.id)
  })
}

export async function updateCompany(
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof UpdateCompanyBody>,
  mailing: Mailing,
  versions?: string[],
) {
  const values = columnsOf(input)
  const company = await db.transaction(async (tx) => {
    const was = (await q.lockCompany(tx, id)) ?? notFoundCompany()
    assertVersion(was.updatedAt, versions)
    await tx
      .update(companies)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(companies.id, id))
    if (was.isActive && values.isActive === false) await deactivated(tx, actor, mailing, id)
    if (!was.isActive && values.isActive === true) await reactivated(tx, id)
    await audit(tx, actor, 'update', 'company', id, { ...input })
    return detailOf(tx, id)
  })
  mailing.outbox.kick()
  return company
}

/**
 * Activates or deactivates the company; its HR accounts lose or regain the HR routes at once. Deactivating
 * cancels its tests that have not begun (`deactivated`); activating tells the applicants it kept waiting
 * (`reactivated`).
 */
export async function toggleCompanyActive(
  db: Db,
  actor: Actor,
  id: number,
  { is_active: to }: Toggle,
  mailing: Mailing,
) {
  const company = await db.transaction(async (tx) => {
    const row = await q.setCompanyActive(tx, id, to)
    if (row) {
      if (!row.isActive) await deactivated(tx, actor, mailing, id)
      else await reactivated(tx, id)
      await audit(tx, actor, row.isActive ? 'activate' : 'deactivate', 'company', id, {
        isActive: row.isActive,
      })
    } else (await q.lockCompany(tx, id, 'share')) ?? notFoundCompany()
    return detailOf(tx, id)
  })
  mailing.outbox.kick()
  return company
}

/**
 * A company switched off: its tests that have not begun are cancelled, each participant told (with
 * `METHOD:CANCEL`), in the same transaction. While it is inactive nobody may hold, change or cancel them (its HR
 * and staff are refused its records), and they stayed in the learners' applications and calendars. Its
 * applications stay as they are: switched on again, the company goes on with them. Their applicants still waiting
 * (pending or in the selection) are told that the selection is on hold (`application.on_hold`), and their
 * application says so while the company is off (`onHold`): nobody can move it meanwhile, and it read "Menunggu
 * seleksi berkas" for as long as the company stayed off.
 */
async function deactivated(tx: Conn, actor: Actor, mailing: Mailing, id: number) {
  await cancelTestsOfCompany(tx, actor, mailing, id, COMPANY_DEACTIVATED)
  await tellApplicants(tx, 'application.on_hold', await q.openApplicationsOfCompany(tx, id))
}

/**
 * A company switched on again: its applicants still waiting, whose selection was on hold (`deactivated`), are told
 * that it goes on (`application.resumed`), in the same transaction; before, `onHold` cleared without a word. Their
 * on-hold notice, if still unread, is marked read: it no longer holds, and the bell counts the news once.
 */
async function reactivated(tx: Conn, id: number) {
  const open = await q.openApplicationsOfCompany(tx, id)
  await settleApplicantNotices(tx, 'application.on_hold', open)
  await tellApplicants(tx, 'application.resumed', open)
}

const COMPANY_DEACTIVATED = 'Perusahaan ini sedang nonaktif sebagai mitra BKK.'

export async function deleteCompany(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const current = (await q.lockCompany(tx, id)) ?? notFoundCompany()
    const used = await q.companyUsage(tx, id)
    if (used.vacancies > 0 || used.accounts > 0 || used.placements > 0) {
      const inId: string[] = []
      const inEn: string[] = []
      if (used.vacancies > 0) {
        inId.push(`${used.vacancies} lowongan`)
        inEn.push(`${used.vacancies} vacanc${used.vacancies === 1 ? 'y' : 'ies'}`)
      }
      if (used.accounts > 0) {
        inId.push(`${used.accounts} akun HRD`)
        inEn.push(`${used.accounts} HR account(s)`)
      }
      if (used.placements > 0) {
        inId.push(`${used.placements} data penempatan kerja`)
        inEn.push(`${used.placements} placement(s)`)
      }
      conflict(
        msg(
          `Perusahaan ${current.name} tidak dapat dihapus karena masih memiliki ${inId.join(' dan ')}. Nonaktifkan perusahaan ini sebagai gantinya.`,
          `Company ${current.name} cannot be deleted: it still has ${inEn.join(' and ')}. Deactivate it instead.`,
        ),
      )
    }
    await tx.delete(companies).where(eq(companies.id, id))
    await audit(tx, actor, 'delete', 'company', id, { name: current.name })
  })
}

function checkHrAccountInput(input: Static<typeof HrAccountBody>) {
  const errors: FieldErrors = {}
  for (const field of ['email', 'full_name', 'password'] as const) {
    if (input.user_id !== undefined && input[field] !== undefined)
      errors[field] = [
        msg(
          'tidak boleh diisi bila memilih akun HRD yang sudah ada',
          'must not be given when choosing an existing HR account',
        ),
      ]
    if (input.user_id === undefined && input[field] === undefined)
      errors[field] = [
        msg(
          'wajib diisi bila tidak memilih akun HRD yang sudah ada',
          'is required unless an existing HR account is chosen',
        ),
      ]
  }
  if (Object.keys(errors).length > 0)
    unprocessable(
      msg(
        'Pilih akun HRD yang sudah ada, atau isi e-mail, nama lengkap dan kata sandi untuk akun baru.',
        'Choose an existing HR account, or fill in the e-mail, full name and password of a new one.',
      ),
      errors,
    )
}

/**
 * Links an HR account to the company: an existing `hrd` account moves here from wherever it was,
 * or a new one is created (password hashed before the transaction).
 */
export async function linkHrAccount(
  db: Db,
  actor: Actor,
  companyId: number,
  input: Static<typeof HrAccountBody>,
) {
  checkHrAccountInput(input)
  const { user_id: userId } = input
  if (userId !== undefined) {
    return db.transaction(async (tx) => {
      if (!(await q.lockCompany(tx, companyId, 'share'))) notFoundCompany()
      const user =
        (await q.lockUser(tx, userId)) ??
        invalidField('user_id', msg('Akun tidak ditemukan.', 'The account does not exist.'))
      if (user.role !== 'hrd')
        invalidField('user_id', msg('Akun ini bukan akun HRD.', 'This account is not an HR account.'))
      if (user.companyId === companyId)
        conflict(
          msg(
            'Akun ini sudah terhubung dengan perusahaan ini.',
            'This account is already linked to this company.',
          ),
          { user_id: [msg('sudah terhubung dengan perusahaan ini', 'is already linked to this company')] },
        )
      const linked = (await q.setUserCompany(tx, userId, companyId))!
      if (user.companyId !== null) await forgetCompanyNotices(tx, userId, user.companyId)
      await audit(tx, actor, 'link_hr_account', 'company', companyId, {
        userId,
        fromCompanyId: user.companyId,
      })
      return linked
    })
  }
  const email = input.email!.trim().toLowerCase()
  const fullName = nonBlank(input.full_name!, 'full_name')
  assertStrongPassword(input.password!, { email, fullName })
  const passwordHash = await hashPassword(input.password!)
  return db.transaction(async (tx) => {
    if (!(await q.lockCompany(tx, companyId, 'share'))) notFoundCompany()
    const created =
      (await q.insertHrAccount(tx, { email, fullName, passwordHash, companyId })) ??
      conflict(msg('E-mail sudah terdaftar.', 'The e-mail is already registered.'), {
        email: [msg('sudah dipakai akun lain', 'is already used by another account')],
      })
    await audit(tx, actor, 'create_hr_account', 'company', companyId, { userId: created.id, email })
    return created
  })
}

export async function unlinkHrAccount(db: Db, actor: Actor, companyId: number, userId: number) {
  return db.transaction(async (tx) => {
    const account =
      (await q.unlinkUser(tx, companyId, userId)) ??
      notFound(msg('Akun HRD tidak ditemukan di perusahaan ini.', 'No such HR account in this company.'))
    await forgetCompanyNotices(tx, userId, companyId)
    await audit(tx, actor, 'unlink_hr_account', 'company', companyId, { userId })
    return account
  })
}
