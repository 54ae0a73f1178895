import { randomBytes } from 'node:crypto'
import type { Static } from '@sinclair/typebox'
import { eq, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Config } from '../../config.js'
import { audit } from '../../db/audit.js'
import type { Conn, Db } from '../../db/client.js'
import { companies, companyRegistrations, type RegistrationStatus, users } from '../../db/schema/index.js'
import type { Page } from '../../http/envelope.js'
import { addFieldError, conflict, type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'
import { type Limiter, limiter, type RateLimitStore, tooManyRequests } from '../../http/rate-limit.js'
import { squeezed } from '../../http/schemas.js'
import type { Outbox } from '../../jobs/outbox.js'
import { wordsOf } from '../../vocabulary/index.js'
import { hashLinkSecret, issuePasswordLink, PASSWORD_LINK_MINUTES } from '../auth/password-links.js'
import { renderMessage } from '../messages/render.js'
import { notifyStaff, settleStaffNotices } from '../notifications/service.js'
import * as q from './queries.js'
import type { RegistrationBody, RejectBody } from './schemas.js'

/** What a change here needs besides the database: the e-mail outbox and the settings (links, limits). */
export interface Deps {
  db: Db
  outbox: Outbox
  config: Config
}

/** How long the e-mail confirmation link works. */
export const CONFIRM_HOURS = 72
/** The web client's page that takes the confirmation link (web/src/features/company-registrations). */
export const CONFIRM_PAGE = '/daftar-perusahaan/konfirmasi'

type RegistrationInput = Static<typeof RegistrationBody>

/** Registrations per address and hour (`REGISTRATION_MAX_PER_HOUR`), in the service's store like logins. */
export function registrationLimiter(config: Config, store: RateLimitStore) {
  return limiter(store, {
    keyPrefix: 'company-registration-ip',
    points: config.limits.registrationPerHour,
    duration: 60 * 60,
  })
}

/** Counts one request from `ip`; over the limit, 429 in the envelope with `Retry-After`. */
export async function countRegistration(limit: Limiter, ip: string) {
  try {
    await limit.consume(ip)
  } catch (err) {
    tooManyRequests(err, (seconds) => {
      const minutes = Math.ceil(seconds / 60)
      return msg(
        `Terlalu banyak pendaftaran dari alamat ini. Coba lagi dalam ${minutes} menit.`,
        `Too many registrations from this address. Try again in ${minutes} minutes.`,
      )
    })
  }
}

/**
 * Confirmation e-mails one contact address gets at most per hour, whichever client addresses send the form
 * (as forgot-password's per account): the per-address limit alone let forms from many addresses (an IPv6
 * /64 holds 2^64) make the school's SMTP mail a stranger without end.
 */
export const CONFIRM_EMAILS_PER_HOUR = 5

const REQUIRED = msg('wajib diisi', 'is required')
const trimmed = (s: string | null | undefined) => (s == null ? null : s.trim() || null)

/**
 * The stored columns of a request: text trimmed, blank optional text null, e-mails in lower case; the company's
 * and the contact's names squeezed (`squeezed`), as the company and its HR account are stored once approved
 * and as a search or the duplicate check compares them.
 */
function columnsOf(input: RegistrationInput) {
  const errors: FieldErrors = {}
  const required = (field: keyof RegistrationInput) => {
    const value = trimmed(input[field])
    if (!value) errors[field] = [REQUIRED]
    return value ?? ''
  }
  const values = {
    name: squeezed(required('name')),
    industry: required('industry'),
    email: trimmed(input.email)?.toLowerCase() ?? null,
    phone: trimmed(input.phone),
    address: required('address'),
    city: required('city'),
    province: required('province'),
    website: trimmed(input.website),
    description: trimmed(input.description),
    contactName: squeezed(required('contact_name')),
    contactEmail: required('contact_email').toLowerCase(),
    contactPhone: required('contact_phone'),
  }
  if (Object.keys(errors).length > 0)
    unprocessable(msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), errors)
  return values
}

/**
 * The public form: stores the request and, when e-mail is on, sends the contact a confirmation link
 * (the request reaches the career center's queue once confirmed). With e-mail off nothing can be
 * confirmed: the request goes straight to the queue, shown there as "e-mail not verified".
 * Duplicates are not refused here (that would tell anyone which companies and e-mails are registered);
 * staff see them flagged.
 */
export async function submitRegistration(deps: Deps, input: RegistrationInput) {
  const values = columnsOf(input)
  const confirmByEmail = deps.outbox.enabled
  const secret = confirmByEmail ? randomBytes(32).toString('base64url') : null
  await deps.db.transaction(async (tx) => {
    // Beyond the cap the form is answered as always, and nothing is stored or sent.
    if (
      confirmByEmail &&
      (await q.requestsToContactLastHour(tx, values.contactEmail)) >= CONFIRM_EMAILS_PER_HOUR
    )
      return
    const [row] = await tx
      .insert(companyRegistrations)
      .values({
        ...values,
        status: confirmByEmail ? 'unconfirmed' : 'pending',
        confirmTokenHash: secret ? hashLinkSecret(secret) : null,
        confirmExpiresAt: secret ? sql`now() + make_interval(hours => ${CONFIRM_HOURS})` : null,
      })
      .returning({ id: companyRegistrations.id, confirmExpiresAt: companyRegistrations.confirmExpiresAt })
    await audit(tx, null, 'submit', 'company_registration', row.id, { confirmByEmail })
    // With e-mail off it is in the queue already.
    if (!secret) {
      await tellStaff(tx, { id: row.id, ...values })
      return
    }
    const query = new URLSearchParams({ token: secret })
    const message = await renderMessage(tx, 'registration.confirm_email', {
      nama: values.contactName,
      perusahaan: values.name,
      tautan: `${deps.config.publicUrl}${CONFIRM_PAGE}?${query}`,
      berlaku_jam: CONFIRM_HOURS,
    })
    await deps.outbox.queue(tx, {
      to: values.contactEmail,
      subject: message.title,
      text: message.body,
      expiresAt: row.confirmExpiresAt ?? undefined,
    })
  })
  if (confirmByEmail) deps.outbox.kick()
  return {
    status: (confirmByEmail ? 'unconfirmed' : 'pending') as RegistrationStatus,
    emailConfirmation: confirmByEmail,
    contactEmail: values.contactEmail,
  }
}

/**
 * A request has just entered the staff queue (`pending`): every active admin and superadmin is told in-app
 * (`registration.pending`), in the same transaction. Not when another request of the same contact already waits
 * there: a form sent again is the same company, which staff were pointed at (approving one closes the others).
 */
async function tellStaff(
  tx: Conn,
  reg: { id: number; name: string; contactName: string; contactEmail: string },
) {
  if (await q.contactWaitsInQueue(tx, reg)) return
  await staffNoticeOf(tx, reg)
}

const staffNoticeOf = (tx: Conn, reg: { id: number; name: string; contactName: string }) =>
  notifyStaff(
    tx,
    'registration.pending',
    { perusahaan: reg.name, narahubung: reg.contactName },
    { registrationId: reg.id },
  )

const badToken = (m: Msg): never => unprocessable(m, { token: [m] })

/**
 * The link in the confirmation e-mail: the request joins the queue. Confirming again (a second click)
 * answers the same, saying so; an expired link is refused (the company registers again).
 */
export async function confirmRegistration(db: Db, token: string) {
  const tokenHash = hashLinkSecret(token.trim())
  return db.transaction(async (tx) => {
    const reg =
      (await q.lockRegistrationByToken(tx, tokenHash)) ??
      badToken(
        msg(
          'Tautan konfirmasi tidak dikenal. Pastikan tautan disalin lengkap dari e-mail.',
          'The confirmation link is not known. Make sure the whole link was copied from the e-mail.',
        ),
      )
    // Closed before it was confirmed: staff decided another request of the same contact meanwhile.
    if (reg.status !== 'unconfirmed' && reg.confirmedAt === null) {
      const closed = msg(
        'Pendaftaran ini sudah ditutup tanpa dikonfirmasi: pendaftaran lain dari kontak yang sama sudah diputuskan petugas BKK. Hasilnya dikirim ke e-mail Anda.',
        'This registration was closed without being confirmed: the career center decided another registration of the same contact. The decision was sent to your e-mail.',
      )
      conflict(closed, { token: [closed] })
    }
    if (reg.status !== 'unconfirmed')
      return { status: reg.status, companyName: reg.name, alreadyConfirmed: true }
    const [done] = await tx
      .update(companyRegistrations)
      .set({ status: 'pending', confirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(sql`${companyRegistrations.id} = ${reg.id} and ${companyRegistrations.confirmExpiresAt} > now()`)
      .returning({ status: companyRegistrations.status })
    if (!done)
      badToken(
        msg(
          `Tautan konfirmasi sudah kedaluwarsa (berlaku ${CONFIRM_HOURS} jam). Silakan daftar kembali.`,
          `The confirmation link has expired (it works for ${CONFIRM_HOURS} hours). Please register again.`,
        ),
      )
    await audit(tx, null, 'confirm_email', 'company_registration', reg.id)
    await tellStaff(tx, reg)
    return { status: done.status, companyName: reg.name, alreadyConfirmed: false }
  })
}

const notFoundRegistration = () =>
  notFound(msg('Pendaftaran perusahaan tidak ditemukan.', 'Company registration not found.'))

function registrationItem(row: q.RegistrationRow) {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    industry: row.industry,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    province: row.province,
    website: row.website,
    description: row.description,
    contact: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone },
    emailConfirmed: row.confirmedAt !== null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.deciderId === null ? null : { id: row.deciderId, fullName: row.deciderName ?? '' },
    rejectReason: row.rejectReason,
    company: row.companyId === null ? null : { id: row.companyId, name: row.companyName ?? '' },
    account: row.accountId === null ? null : { id: row.accountId, email: row.accountEmail ?? '' },
    duplicates: { name: row.nameTaken, email: row.emailTaken },
  }
}

export async function listRegistrations(db: Db, filter: q.RegistrationFilter, page: Page) {
  const [{ rows, total }, counts] = await Promise.all([
    q.listRegistrations(db, filter, page),
    q.countsByStatus(db),
  ])
  return { rows: rows.map(registrationItem), total, counts }
}

/** The request with the companies and the account it would duplicate. */
export async function getRegistration(db: Db, id: number) {
  const row = (await q.registrationById(db, id)) ?? notFoundRegistration()
  const of = {
    name: row.name,
    email: row.email,
    contactEmail: row.contactEmail,
    companyId: row.companyId,
    userId: row.accountId,
  }
  const [found, account] = await Promise.all([q.matchingCompanies(db, of), q.matchingAccount(db, of)])
  return {
    ...registrationItem(row),
    matches: {
      companies: found.map((c) => ({
        id: c.id,
        name: c.name,
        email: c.email,
        isActive: c.isActive,
        sameName: c.byName,
        sameEmail: c.byEmail,
      })),
      account: account
        ? {
            id: account.id,
            email: account.email,
            fullName: account.fullName,
            role: account.role,
            company:
              account.companyId === null ? null : { id: account.companyId, name: account.companyName ?? '' },
          }
        : null,
    },
  }
}

function decided(reg: q.StoredRegistration): never {
  return unprocessable(
    reg.status === 'approved'
      ? msg('Pendaftaran ini sudah disetujui.', 'This registration has already been approved.')
      : msg('Pendaftaran ini sudah ditolak.', 'This registration has already been rejected.'),
  )
}

/**
 * Approving what would duplicate a partner company or an account is refused (409), naming what exists:
 * staff reject the request, or link the contact to the existing company from the company's screen.
 */
function refuseDuplicates(
  reg: q.StoredRegistration,
  found: Awaited<ReturnType<typeof q.matchingCompanies>>,
  account: Awaited<ReturnType<typeof q.matchingAccount>>,
) {
  const errors: FieldErrors = {}
  const id: string[] = []
  const en: string[] = []
  const add = (field: string, inIndonesian: string, inEnglish: string) => {
    addFieldError(errors, field, msg(inIndonesian, inEnglish))
    id.push(inIndonesian)
    en.push(inEnglish)
  }
  for (const c of found) {
    if (c.byName)
      add(
        'name',
        `Perusahaan "${c.name}" (ID ${c.id}) sudah terdaftar dengan nama yang sama.`,
        `Company "${c.name}" (ID ${c.id}) is already registered under the same name.`,
      )
    if (c.byEmail) {
      const email = c.email ?? ''
      add(
        email.toLowerCase() === reg.contactEmail ? 'contact_email' : 'email',
        `E-mail ${email} sudah dipakai perusahaan "${c.name}" (ID ${c.id}).`,
        `The e-mail ${email} is already used by company "${c.name}" (ID ${c.id}).`,
      )
    }
  }
  if (account) {
    const role = wordsOf('role', account.role)
    const at = account.companyName ? ` (${account.companyName})` : ''
    add(
      'contact_email',
      `E-mail ${account.email} sudah dipakai akun ${role.id} ${account.fullName}${at} (ID ${account.id}).`,
      `The e-mail ${account.email} is already used by the ${role.en} account ${account.fullName}${at} (ID ${account.id}).`,
    )
  }
  if (id.length === 0) return
  conflict(
    msg(
      `Pendaftaran tidak dapat disetujui tanpa membuat data ganda. ${id.join(' ')} Tolak pendaftaran ini, atau hubungkan narahubung ke perusahaan yang sudah ada lewat menu Perusahaan.`,
      `The registration cannot be approved without creating a duplicate. ${en.join(' ')} Reject it, or link the contact to the existing company from the Companies screen.`,
    ),
    errors,
  )
}

/** A password hash nothing verifies against: the HR account gets its password through the setup link. */
const unusablePasswordHash = () => `!unusable:${randomBytes(24).toString('base64url')}`

const days = (minutes: number) => Math.round(minutes / (24 * 60))

/**
 * Creates the company (active; its vacancies wait for approval) and the contact's `hrd` account in one
 * transaction with the decision and its audit rows, and sends the contact a link to set the password
 * (with e-mail off, the answer carries the link for staff to hand over).
 */
export async function approveRegistration(deps: Deps, actor: Actor, id: number) {
  const result = await deps.db.transaction(async (tx) => {
    const reg = (await q.lockRegistration(tx, id)) ?? notFoundRegistration()
    if (reg.status !== 'pending') decided(reg)
    await q.lockCompanyName(tx, reg.name)
    const [found, account] = await Promise.all([q.matchingCompanies(tx, reg), q.matchingAccount(tx, reg)])
    refuseDuplicates(reg, found, account)

    const [company] = await tx
      .insert(companies)
      .values({
        name: reg.name,
        industry: reg.industry,
        email: reg.email,
        phone: reg.phone,
        address: reg.address,
        city: reg.city,
        province: reg.province,
        website: reg.website,
        description: reg.description,
        isActive: true,
        vacanciesNeedApproval: true,
      })
      .returning({ id: companies.id })
    const [user] = await tx
      .insert(users)
      .values({
        email: reg.contactEmail,
        fullName: reg.contactName,
        role: 'hrd',
        passwordHash: unusablePasswordHash(),
        companyId: company.id,
      })
      .onConflictDoNothing()
      .returning({ id: users.id })
    // The account check above holds the row's e-mail; only a concurrent insert gets here.
    if (!user)
      conflict(
        msg(
          'E-mail narahubung sudah dipakai akun lain.',
          'The contact e-mail is already used by another account.',
        ),
        {
          contact_email: [msg('sudah dipakai akun lain', 'is already used by another account')],
        },
      )
    const link = await issuePasswordLink(tx, {
      userId: user.id,
      email: reg.contactEmail,
      purpose: 'setup',
      createdBy: actor.id,
      publicUrl: deps.config.publicUrl,
    })
    await tx
      .update(companyRegistrations)
      .set({
        status: 'approved',
        decidedBy: actor.id,
        decidedAt: sql`now()`,
        companyId: company.id,
        userId: user.id,
        updatedAt: sql`now()`,
      })
      .where(eq(companyRegistrations.id, id))
    await audit(tx, actor, 'approve', 'company_registration', id, { companyId: company.id, userId: user.id })
    await audit(tx, actor, 'create', 'company', company.id, {
      registrationId: id,
      vacanciesNeedApproval: true,
    })
    await audit(tx, actor, 'create_hr_account', 'company', company.id, {
      userId: user.id,
      email: reg.contactEmail,
    })
    // The same contact's other requests (a form sent twice, or again while waiting) are done with: closed
    // without an e-mail, where a rejection by hand would tell the company just approved that it was refused.
    const reason = `Permintaan ganda: pendaftaran #${id} dari narahubung yang sama sudah disetujui.`
    const closed = await q.closeRequestsOfContact(tx, reg, { by: actor.id, reason })
    for (const other of closed)
      await audit(tx, actor, 'reject', 'company_registration', other, { reason, duplicateOf: id })
    await settleStaffNotices(tx, 'registration.pending', [id, ...closed])
    if (deps.outbox.enabled) {
      const message = await renderMessage(tx, 'registration.approved', {
        nama: reg.contactName,
        perusahaan: reg.name,
        email: reg.contactEmail,
        tautan: link.url,
        berlaku_hari: days(PASSWORD_LINK_MINUTES.setup),
      })
      // The setup link of the HR account just made: that account's e-mail.
      await deps.outbox.queue(tx, {
        to: reg.contactEmail,
        userId: user.id,
        subject: message.title,
        text: message.body,
        expiresAt: link.expiresAt,
      })
    }
    return link
  })
  deps.outbox.kick()
  return {
    ...(await getRegistration(deps.db, id)),
    emailQueued: deps.outbox.enabled,
    setPasswordLink: deps.outbox.enabled
      ? null
      : { url: result.url, expiresAt: result.expiresAt.toISOString() },
  }
}

/** Refuses the request with a reason, which the contact receives by e-mail (when e-mail is on). */
export async function rejectRegistration(
  deps: Deps,
  actor: Actor,
  id: number,
  input: Static<typeof RejectBody>,
) {
  const reason = input.reason.trim()
  if (!reason)
    unprocessable(msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), {
      reason: [REQUIRED],
    })
  await deps.db.transaction(async (tx) => {
    const reg = (await q.lockRegistration(tx, id)) ?? notFoundRegistration()
    if (reg.status !== 'pending') decided(reg)
    await tx
      .update(companyRegistrations)
      .set({
        status: 'rejected',
        decidedBy: actor.id,
        decidedAt: sql`now()`,
        rejectReason: reason,
        updatedAt: sql`now()`,
      })
      .where(eq(companyRegistrations.id, id))
    await audit(tx, actor, 'reject', 'company_registration', id, { reason })
    await settleStaffNotices(tx, 'registration.pending', [id])
    // Staff were told of the contact's first request only; one of theirs still waiting is told now.
    const next = await q.waitingRequestOfContact(tx, reg)
    if (next) await staffNoticeOf(tx, next)
    if (deps.outbox.enabled) {
      const message = await renderMessage(tx, 'registration.rejected', {
        nama: reg.contactName,
        perusahaan: reg.name,
        alasan: reason,
      })
      await deps.outbox.queue(tx, { to: reg.contactEmail, subject: message.title, text: message.body })
    }
  })
  deps.outbox.kick()
  return {
    ...(await getRegistration(deps.db, id)),
    emailQueued: deps.outbox.enabled,
    setPasswordLink: null,
  }
}
