import { randomInt } from 'node:crypto'
import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Conn, Db } from '../../db/client.js'
import type { Role } from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { conflict, type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'
import { isEmail, squeezed, type Toggle } from '../../http/schemas.js'
import { assertVersion } from '../../http/versions.js'
import { ADDRESS_CHANGED, giveUpEmailsTo } from '../../jobs/outbox.js'
import { voidPasswordLinks } from '../auth/password-links.js'
import { assertStrongPassword, checkPassword } from '../auth/password-policy.js'
import { hashPassword } from '../auth/passwords.js'
import { forgetFailedLogins } from '../auth/service.js'
import { forgetCompanyNotices, forgetStaffNotices } from '../notifications/service.js'
import * as q from './queries.js'
import type { CreateUserBody, ResetPasswordBody, UpdateUserBody, UserListQuery } from './schemas.js'
import { switchAccountOff } from './switch-off.js'

export const EMAIL_MAX = 254
export const NAME_MAX = 150
export const TEMPORARY_PASSWORD_LENGTH = 12

/** The body of `POST /api/admin/users` (schemas.ts), as the route checked it. */
type CreateUserInput = Static<typeof CreateUserBody>

const LEARNER_ROLES: readonly Role[] = ['siswa', 'alumni']

const invalid = msg('Data yang dikirim tidak valid.', 'The given data was invalid.')
const notFoundUser = () => notFound(msg('Akun tidak ditemukan.', 'Account not found.'))
const emailTaken = (): never =>
  conflict(msg('E-mail sudah terdaftar.', 'The e-mail is already registered.'), {
    email: [msg('sudah dipakai akun lain', 'is already used by another account')],
  })

function refuse(field: string, m: Msg, summary: Msg = invalid): never {
  return unprocessable(summary, { [field]: [m] })
}

/** E-mails are compared and stored trimmed and in lower case. */
const normaliseEmail = (email: string) => email.trim().toLowerCase()

export function userOut(row: q.UserRow) {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    isActive: row.isActive,
    companyId: row.companyId,
    companyName: row.companyName,
    companyCity: row.companyCity,
    companyIsActive: row.companyIsActive,
    studentId: row.studentId,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const detailOf = async (conn: Conn, id: number) => userOut((await q.userById(conn, id))!)

/** The code of a database error, looked for through drizzle's wrapping. */
function pgCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
    e = e.cause as typeof e
  }
  return undefined
}

/** Runs the transaction; a duplicate e-mail (the only unique key of users besides its id) becomes 409. */
async function withEmailCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if (pgCode(err) === '23505') emailTaken()
    throw err
  }
}

const companyRequired = msg('wajib diisi untuk akun HRD', 'is required for an HR account')
const companyRefused = msg('hanya boleh diisi untuk akun HRD', 'is only allowed for an HR account')

/** The checks of a new account that need no database; 422 naming every field at fault. */
function checkNewAccount(input: CreateUserInput) {
  const errors: FieldErrors = {}
  if (!input.full_name.trim()) errors.full_name = [msg('tidak boleh kosong', 'must not be empty')]
  if (input.role === 'hrd' && input.company_id == null) errors.company_id = [companyRequired]
  if (input.role !== 'hrd' && input.company_id != null) errors.company_id = [companyRefused]
  // An account of a learner is theirs through their record (portfolio, applications): without one it could sign
  // in and do nothing, and nothing would join it to the record later.
  if (LEARNER_ROLES.includes(input.role) && input.student_id == null) {
    const madeWithRecord = msg(
      'akun siswa/alumni dibuat bersama datanya: buka menu Siswa atau Alumni, lalu Buat akun untuk masuk',
      'a student or alumni account is made with its record: open the Students or Alumni menu, then create a sign-in account',
    )
    errors.student_id = [
      msg('wajib diisi untuk akun siswa atau alumni', 'is required for a student or alumni account'),
    ]
    // Said where the form that has no learner picker shows it (user management's role).
    errors.role = [madeWithRecord]
  }
  if (!LEARNER_ROLES.includes(input.role) && input.student_id != null)
    errors.student_id = [
      msg(
        'hanya boleh diisi untuk akun siswa atau alumni',
        'is only allowed for a student or alumni account',
      ),
    ]
  checkPassword(errors, input.password, { email: input.email, fullName: input.full_name })
  if (Object.keys(errors).length > 0) unprocessable(invalid, errors)
}

function nonBlankName(name: string): string {
  const trimmed = squeezed(name)
  if (!trimmed) refuse('full_name', msg('tidak boleh kosong', 'must not be empty'))
  return trimmed
}

async function checkCompany(tx: Conn, companyId: number) {
  if (!(await q.companyExists(tx, companyId)))
    refuse('company_id', msg('perusahaan tidak ditemukan', 'no such company'))
}

/** A learner record an account may take: it exists, has no account yet, and matches the role. */
async function claimStudent(tx: Conn, studentId: number, role: Role) {
  const student =
    (await q.lockStudent(tx, studentId)) ??
    refuse('student_id', msg('data siswa/alumni tidak ditemukan', 'no such student or alumnus'))
  if (student.userId !== null)
    conflict(
      msg('Data siswa/alumni ini sudah memiliki akun.', 'This student or alumnus already has an account.'),
      { student_id: [msg('sudah terhubung dengan akun lain', 'is already linked to another account')] },
    )
  if (student.leftOn !== null)
    refuse(
      'student_id',
      msg(
        `tercatat keluar/mutasi sejak ${student.leftOn}: tidak dapat diberi akun`,
        `recorded as having left school on ${student.leftOn}: cannot be given an account`,
      ),
    )
  const expected: Role = student.graduationYear === null ? 'siswa' : 'alumni'
  if (expected !== role)
    refuse(
      'student_id',
      expected === 'siswa'
        ? msg(
            'adalah data siswa; akunnya harus berperan siswa',
            'is a student; the account must be a student account',
          )
        : msg(
            'adalah data alumni; akunnya harus berperan alumni',
            'is an alumnus; the account must be an alumni account',
          ),
    )
}

/** A page of accounts, newest first, for the list's query as the route checked it. */
export async function listUsers(db: Db, query: Static<typeof UserListQuery>) {
  const page = pageOf(query)
  const { search, role, is_active: isActive, company_id: companyId } = query
  const { rows, total } = await q.listUsers(db, { search, role, isActive, companyId }, page)
  return { rows: rows.map(userOut), total, page }
}

export async function getUser(db: Db, id: number) {
  return userOut((await q.userById(db, id)) ?? notFoundUser())
}

/**
 * Creates an account. An `hrd` account needs its company; a `siswa` or `alumni` account takes an existing
 * learner record that has no account yet (`student_id`; learner records themselves are master data).
 */
export async function createUser(db: Db, actor: Actor, input: CreateUserInput) {
  checkNewAccount(input)
  const email = normaliseEmail(input.email)
  const fullName = squeezed(input.full_name)
  const companyId = input.role === 'hrd' ? input.company_id! : null
  const studentId = input.student_id ?? null
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    if (companyId !== null) await checkCompany(tx, companyId)
    if (studentId !== null) await claimStudent(tx, studentId, input.role)
    const row =
      (await q.insertUser(tx, { email, fullName, passwordHash, role: input.role, companyId })) ?? emailTaken()
    if (studentId !== null) await q.linkStudent(tx, studentId, row.id)
    await audit(tx, actor, 'create', 'user', row.id, { email, role: input.role, companyId, studentId })
    return detailOf(tx, row.id)
  })
}

/**
 * Nobody removes their own account from the superadmins, and the last active superadmin stays one: the
 * caller holds the locks of lockAccountAndSuperadmins, so concurrent changes are decided one at a time.
 * 422, on `field` when one is at fault.
 */
function guardSuperadmins(
  actor: Actor,
  account: q.LockedAccount,
  activeSuperadmins: number[],
  messages: { self: Msg; last: Msg },
  field?: string,
) {
  const fail = (m: Msg) => unprocessable(m, field ? { [field]: [m] } : undefined)
  if (account.id === actor.id) fail(messages.self)
  if (account.role === 'superadmin' && account.isActive && activeSuperadmins.length <= 1) fail(messages.last)
}

/**
 * Updates e-mail, name, role and company (only the fields sent). Leaving `hrd` clears the company;
 * an account linked to a learner record keeps the role that matches it (upgrades go through alumni), and its
 * learner record follows a new name or login (`followLearner`). A new e-mail address voids the account's
 * unused password links.
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof UpdateUserBody>,
  versions?: string[],
) {
  const email = input.email === undefined ? undefined : normaliseEmail(input.email)
  const fullName = input.full_name === undefined ? undefined : nonBlankName(input.full_name)
  return withEmailCheck(() =>
    db.transaction(async (tx) => {
      // A new name or login is carried to the learner record (`followLearner`): that row is locked first.
      if (email !== undefined || fullName !== undefined) await q.lockLearnerOf(tx, id)
      const { account, activeSuperadmins } = await q.lockAccountAndSuperadmins(tx, id)
      if (!account) return notFoundUser()
      assertVersion(account.updatedAt, versions)
      const role = input.role ?? account.role
      if (role !== account.role) {
        if (account.role === 'superadmin')
          guardSuperadmins(
            actor,
            account,
            activeSuperadmins,
            {
              self: msg(
                'Anda tidak dapat menurunkan peran akun Anda sendiri.',
                'You cannot demote your own account.',
              ),
              last: msg(
                'Superadmin aktif terakhir tidak dapat diturunkan perannya.',
                'The last active superadmin cannot be demoted.',
              ),
            },
            'role',
          )
        if (account.studentId !== null) {
          const expected: Role = account.graduationYear === null ? 'siswa' : 'alumni'
          const why = msg(
            `Akun ini terhubung dengan data ${expected}, jadi perannya harus ${expected}. Siswa menjadi alumni lewat menu Kelulusan.`,
            `This account is linked to ${expected === 'siswa' ? 'a student' : 'an alumnus'} record, so its role must be ${expected === 'siswa' ? 'Student' : 'Alumni'}. Students become alumni in the Graduation menu.`,
          )
          if (role !== expected) refuse('role', why, why)
        }
      }
      // An hrd account keeps its company unless one is sent; leaving hrd clears it.
      const companyId =
        role !== 'hrd' ? null : input.company_id === undefined ? account.companyId : input.company_id
      if (role !== 'hrd' && input.company_id != null) refuse('company_id', companyRefused)
      // An hrd account left without a company (unlinked) may still be renamed; becoming hrd needs one.
      if (role === 'hrd' && companyId === null && (role !== account.role || input.company_id !== undefined))
        refuse('company_id', companyRequired)
      if (companyId !== null && companyId !== account.companyId) await checkCompany(tx, companyId)
      await q.updateUser(tx, id, { email, fullName, role: input.role, companyId })
      if (account.companyId !== null && companyId !== account.companyId)
        await forgetCompanyNotices(tx, id, account.companyId)
      const staff = (r: Role) => r === 'admin' || r === 'superadmin'
      if (staff(account.role) && !staff(role)) await forgetStaffNotices(tx, id)
      if (account.studentId !== null)
        await q.followLearner(tx, account.studentId, { fullName, email, oldEmail: account.email })
      // A link sent to the old address must not set the password of the account at its new one, and what is
      // still owed to the old address is not sent there.
      if (email !== undefined && email !== account.email) {
        await voidPasswordLinks(tx, id)
        await giveUpEmailsTo(tx, id, ADDRESS_CHANGED)
      }
      await audit(tx, actor, 'update', 'user', id, {
        ...(email !== undefined ? { email } : {}),
        ...(fullName !== undefined ? { fullName } : {}),
        ...(role !== account.role ? { role, fromRole: account.role } : {}),
        ...(companyId !== account.companyId ? { companyId, fromCompanyId: account.companyId } : {}),
      })
      return detailOf(tx, id)
    }),
  )
}

/**
 * Activates or deactivates the account. Deactivating is `switchAccountOff` (switch-off.ts): all its sessions end and
 * the e-mails still owed to it are given up (a test invitation, a password link, sent once the SMTP server is back to
 * someone the school has just switched off; reactivating does not send them again), in the same transaction.
 */
export async function toggleUserActive(db: Db, actor: Actor, id: number, { is_active: to }: Toggle = {}) {
  return db.transaction(async (tx) => {
    const { account, activeSuperadmins } = await q.lockAccountAndSuperadmins(tx, id)
    if (!account) return notFoundUser()
    const isActive = to ?? !account.isActive
    if (isActive === account.isActive) return detailOf(tx, id)
    // The account of a learner who left school stays off: switched on, it applied to vacancies again in the name
    // of someone no longer the school's (found by the review of the "Keluar/Mutasi" change).
    if (isActive && account.leftOn)
      conflict(
        msg(
          `Akun ini milik siswa yang tercatat keluar/mutasi sejak ${account.leftOn}. Batalkan keluar/mutasi di halaman Siswa terlebih dahulu bila pencatatan itu keliru.`,
          `This account belongs to a student recorded as having left school on ${account.leftOn}. Undo that on the Students page first if it was a mistake.`,
        ),
      )
    if (!isActive)
      guardSuperadmins(actor, account, activeSuperadmins, {
        self: msg(
          'Anda tidak dapat menonaktifkan akun Anda sendiri.',
          'You cannot deactivate your own account.',
        ),
        last: msg(
          'Superadmin aktif terakhir tidak dapat dinonaktifkan.',
          'The last active superadmin cannot be deactivated.',
        ),
      })
    if (isActive) await q.setActive(tx, id, true)
    const { revoked } = isActive ? { revoked: 0 } : await switchAccountOff(tx, id)
    await audit(tx, actor, isActive ? 'activate' : 'deactivate', 'user', id, { isActive, revoked })
    return detailOf(tx, id)
  })
}

/** A random password of letters and digits, without look-alikes (0/O, 1/l/I). */
export function temporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  let out = ''
  for (let i = 0; i < length; i++) out += chars[randomInt(chars.length)]
  return out
}

/**
 * Sets a new password, or a generated one that is answered once (`temporaryPassword`), ends the account's
 * sessions (all but the caller's own, when superadmins reset their own password) and voids its unused
 * password links (one sent earlier would otherwise replace this password).
 */
export async function resetPassword(
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof ResetPasswordBody>,
) {
  if (input.password !== undefined) {
    const account = (await q.userById(db, id)) ?? notFoundUser()
    assertStrongPassword(input.password, account)
  }
  const generated = input.password === undefined ? temporaryPassword() : null
  const passwordHash = await hashPassword(input.password ?? generated!)
  return db.transaction(async (tx) => {
    const account = (await q.userById(tx, id)) ?? notFoundUser()
    // A password handed over for an account that cannot sign in sent its owner into "Akun Anda dinonaktifkan";
    // the password link refuses such an account too.
    if (!account.isActive)
      unprocessable(
        msg(
          'Akun ini nonaktif: aktifkan dulu, lalu buat kata sandinya. Kata sandi akun nonaktif tidak dapat dipakai masuk.',
          'This account is inactive: activate it first, then set its password. An inactive account cannot sign in.',
        ),
      )
    if (!(await q.setPasswordHash(tx, id, passwordHash))) notFoundUser()
    await voidPasswordLinks(tx, id)
    const revoked = await q.revokeTokens(tx, id, actor.tokenId)
    await audit(tx, actor, 'reset_password', 'user', id, { generated: generated !== null, revoked })
    return { user: await detailOf(tx, id), temporaryPassword: generated }
  })
}

/** Deletes the account (its tokens go with it; a linked learner record stays, without account). */
export async function deleteUser(db: Db, actor: Actor, id: number) {
  try {
    await db.transaction(async (tx) => {
      const { account, activeSuperadmins } = await q.lockAccountAndSuperadmins(tx, id)
      if (!account) return notFoundUser()
      guardSuperadmins(actor, account, activeSuperadmins, {
        self: msg('Anda tidak dapat menghapus akun Anda sendiri.', 'You cannot delete your own account.'),
        last: msg(
          'Superadmin aktif terakhir tidak dapat dihapus.',
          'The last active superadmin cannot be deleted.',
        ),
      })
      await q.deleteUser(tx, id)
      await giveUpEmailsTo(tx, id)
      await audit(tx, actor, 'delete', 'user', id, { email: account.email, role: account.role })
    })
  } catch (err) {
    // 23503: a foreign key without action; 23001: one declared ON DELETE RESTRICT.
    const code = pgCode(err)
    if (code === '23503' || code === '23001')
      conflict(
        msg(
          'Akun ini tidak dapat dihapus karena masih dipakai oleh data lain. Nonaktifkan akun ini sebagai gantinya.',
          'This account cannot be deleted because other records still refer to it. Deactivate it instead.',
        ),
      )
    throw err
  }
}

/**
 * `npm run create-admin`: creates a superadmin, or gives the account with that e-mail the new password
 * and makes it an active superadmin (its sessions end). Checks what the HTTP schemas check.
 */
export async function ensureSuperadmin(
  db: Db,
  input: { email: string; password: string; fullName?: string },
) {
  const email = normaliseEmail(input.email)
  const errors: FieldErrors = {}
  if (!isEmail(email))
    errors.email = [msg('harus berupa alamat e-mail yang valid', 'must be a valid e-mail address')]
  const fullName = input.fullName?.trim()
  checkPassword(errors, input.password, { email, fullName })
  if (fullName !== undefined && (!fullName || fullName.length > NAME_MAX))
    errors.full_name = [msg(`1 sampai ${NAME_MAX} karakter`, `must be 1 to ${NAME_MAX} characters long`)]
  if (Object.keys(errors).length > 0) unprocessable(invalid, errors)
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const row =
      (await q.upsertSuperadmin(tx, {
        email,
        passwordHash,
        fullName: fullName ?? null,
        defaultName: 'Superadmin',
      })) ??
      refuse(
        'email',
        msg(
          'E-mail ini milik akun siswa/alumni yang terhubung dengan data siswa; pakai e-mail lain.',
          'This e-mail belongs to a student or alumni account linked to a learner record; use another e-mail.',
        ),
      )
    const revoked = row.created ? 0 : await q.revokeTokens(tx, row.id)
    await forgetFailedLogins(tx, email)
    await audit(tx, null, row.created ? 'create' : 'promote', 'user', row.id, {
      email,
      role: 'superadmin',
      via: 'create-admin',
      revoked,
    })
    return { ...(await detailOf(tx, row.id)), created: row.created }
  })
}
