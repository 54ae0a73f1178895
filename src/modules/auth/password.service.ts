import type { Actor } from '../../actor.js'
import type { Config } from '../../config.js'
import { audit } from '../../db/audit.js'
import type { Conn, Db } from '../../db/client.js'
import { type FieldErrors, forbidden, notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import {
  type Limiter,
  limiter,
  limitReached,
  type RateLimitStore,
  tooManyRequests,
} from '../../http/rate-limit.js'
import type { Outbox } from '../../jobs/outbox.js'
import { renderMessage } from '../messages/render.js'
import { revokeTokens } from '../users/queries.js'
import {
  findPasswordLink,
  issuePasswordLink,
  PASSWORD_LINK_MINUTES,
  usePasswordLink,
  voidPasswordLinks,
} from './password-links.js'
import { checkPassword } from './password-policy.js'
import { hashPassword, verifyPassword } from './passwords.js'
import * as q from './queries.js'
import { me } from './service.js'

/**
 * Forgot-password e-mails one account gets at most per hour, whichever addresses ask: beyond that the
 * request is answered as always but nothing is sent (someone asking from many addresses cannot flood a
 * mailbox). Per address the limit is `limits.passwordResetPerHour`.
 */
export const SELF_RESET_EMAILS_PER_HOUR = 5

export interface PasswordLimiter {
  /** Every forgot-password request, per address. */
  forgot: Limiter
  /** Attempts with a wrong, used or expired link (checking or using it), per address. */
  badLink: Limiter
}

/** Counters per address in the service's store, as the login's (src/modules/auth/service.ts). */
export function passwordLimiter(config: Config, store: RateLimitStore): PasswordLimiter {
  const points = config.limits.passwordResetPerHour
  return {
    forgot: limiter(store, { keyPrefix: 'password-forgot', points, duration: 3600 }),
    badLink: limiter(store, { keyPrefix: 'password-link', points, duration: 3600 }),
  }
}

const tooMany = (err: unknown) =>
  tooManyRequests(err, (seconds) => {
    const minutes = Math.ceil(seconds / 60)
    return msg(
      `Terlalu banyak permintaan atur ulang kata sandi dari alamat ini. Coba lagi dalam ${minutes} menit.`,
      `Too many password reset requests from this address. Try again in ${minutes} minutes.`,
    )
  })

/** The `password.reset` e-mail (in the school's wording) with its link. */
async function resetEmail(
  conn: Conn,
  account: { id: number; email: string; fullName: string },
  link: { url: string; minutes: number; expiresAt: Date },
) {
  const m = await renderMessage(conn, 'password.reset', {
    nama: account.fullName,
    email: account.email,
    tautan: link.url,
    berlaku_menit: link.minutes,
  })
  return { to: account.email, userId: account.id, subject: m.title, text: m.body, expiresAt: link.expiresAt }
}

export interface MailDeps {
  outbox: Outbox
  publicUrl: string
}

/** The one answer of `POST /api/forgot-password`, whatever the e-mail. */
export function forgotPasswordMessage(emailEnabled: boolean) {
  return emailEnabled
    ? msg(
        `Jika e-mail tersebut terdaftar pada akun yang aktif, kami telah mengirim tautan untuk mengatur ulang kata sandi. Tautan berlaku ${PASSWORD_LINK_MINUTES.reset} menit; periksa juga folder spam.`,
        `If the e-mail belongs to an active account, we have sent a link to reset its password. The link works for ${PASSWORD_LINK_MINUTES.reset} minutes; check the spam folder too.`,
      )
    : msg(
        'Sekolah ini belum mengaktifkan pengiriman e-mail, jadi tautan tidak dapat dikirim. Mintalah tautan atur ulang kata sandi kepada admin BKK sekolah.',
        "This school has not set up e-mail, so no link can be sent. Ask the school's career center for a password reset link.",
      )
}

/**
 * Forgot password: for an active account with this e-mail, a `reset` link by e-mail (when e-mail is set
 * up; without it nothing is issued, so a link staff handed over keeps working). Answers nothing: the
 * caller's answer is the same whether or not the account exists.
 */
export async function requestPasswordReset(
  db: Db,
  deps: MailDeps,
  limiter: PasswordLimiter,
  email: string,
  ip: string,
): Promise<void> {
  await limiter.forgot.consume(ip).catch(tooMany)
  if (!deps.outbox.enabled) return
  const account = await q.accountByEmail(db, email)
  if (!account?.isActive) return
  const queued = await db.transaction(async (tx) => {
    if ((await q.selfRequestedLinksLastHour(tx, account.id)) >= SELF_RESET_EMAILS_PER_HOUR) return false
    const link = await issuePasswordLink(tx, {
      userId: account.id,
      email: account.email,
      purpose: 'reset',
      createdBy: null,
      publicUrl: deps.publicUrl,
    })
    await deps.outbox.queue(tx, await resetEmail(tx, account, link))
    return true
  })
  if (queued) deps.outbox.kick()
}

const badLinkMessage = msg(
  'Tautan tidak valid, sudah dipakai, atau sudah kedaluwarsa. Minta tautan baru.',
  'The link is invalid, already used or expired. Ask for a new one.',
)
const badLink = (): never =>
  unprocessable(badLinkMessage, {
    token: [msg('tidak valid, sudah dipakai, atau sudah kedaluwarsa', 'is invalid, already used or expired')],
  })

/** A usable link, or 422; each wrong, used or expired one counts against the address. */
async function usableLink(db: Db, limiter: PasswordLimiter, email: string, token: string, ip: string) {
  const used = await limiter.badLink.get(ip)
  if (used && used.remainingPoints <= 0) tooMany(used)
  const link = await findPasswordLink(db, email, token)
  if (!link) {
    await limiter.badLink.consume(ip).catch(limitReached)
    return badLink()
  }
  return link
}

/** What the password page shows before the form: what the link is for and until when it works. */
export async function checkPasswordLink(
  db: Db,
  limiter: PasswordLimiter,
  input: { email: string; token: string },
  ip: string,
) {
  const link = await usableLink(db, limiter, input.email, input.token, ip)
  return { purpose: link.purpose, email: link.email, expiresAt: link.expiresAt.toISOString() }
}

const mismatch = msg('tidak sama dengan kata sandi baru', 'does not match the new password')

/**
 * Sets the password with a `reset` or `setup` link: the link is used up (with every other unused link of
 * the account), every token of the account is revoked, and the account no longer has to change its
 * password. A weak password leaves the link usable.
 */
export async function resetPasswordWithLink(
  db: Db,
  limiter: PasswordLimiter,
  input: { email: string; token: string; password: string; password_confirmation: string },
  ip: string,
) {
  const link = await usableLink(db, limiter, input.email, input.token, ip)
  const errors: FieldErrors = {}
  checkPassword(errors, input.password, link)
  if (input.password_confirmation !== input.password) errors.password_confirmation = [mismatch]
  if (Object.keys(errors).length > 0)
    unprocessable(msg('Kata sandi belum dapat disimpan.', 'The password cannot be saved yet.'), errors)
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    if (!(await usePasswordLink(tx, link.id))) return badLink()
    await q.setNewPassword(tx, link.userId, passwordHash)
    await voidPasswordLinks(tx, link.userId)
    const revoked = await revokeTokens(tx, link.userId)
    await audit(tx, { id: link.userId }, 'set_password_by_link', 'user', link.userId, {
      purpose: link.purpose,
      revoked,
    })
    return { email: link.email, purpose: link.purpose }
  })
}

/**
 * The account's own change: the current password, then the new one (the rule of password-policy.ts,
 * and not the current one again). Every other token of the account is revoked, unused links stop
 * working, and the account no longer has to change its password. Answers the account as `/api/me` does.
 */
export async function changePassword(
  db: Db,
  actor: Actor,
  input: { current_password: string; password: string; password_confirmation: string },
) {
  const account =
    (await q.passwordHashOf(db, actor.id)) ?? notFound(msg('Akun tidak ditemukan.', 'Account not found.'))
  const errors: FieldErrors = {}
  const currentOk = await verifyPassword(account.passwordHash, input.current_password)
  if (!currentOk) errors.current_password = [msg('salah', 'is wrong')]
  checkPassword(errors, input.password, account)
  if (input.password_confirmation !== input.password) errors.password_confirmation = [mismatch]
  if (currentOk && !errors.password && (await verifyPassword(account.passwordHash, input.password)))
    errors.password = [msg('harus berbeda dari kata sandi sekarang', 'must differ from the current password')]
  if (Object.keys(errors).length > 0)
    unprocessable(msg('Kata sandi belum dapat diganti.', 'The password cannot be changed yet.'), errors)
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    await q.setNewPassword(tx, actor.id, passwordHash)
    await voidPasswordLinks(tx, actor.id)
    const revoked = await revokeTokens(tx, actor.id, actor.tokenId)
    await audit(tx, actor, 'change_password', 'user', actor.id, { revoked })
  })
  return me(db, actor)
}

/**
 * Staff send an account a `reset` link: by e-mail when it is set up (the answer then holds no link),
 * otherwise the answer holds the link for staff to hand over in person. The career center (admin) may do
 * it for learners' and HR accounts; an admin's or a superadmin's account only a superadmin (a link shown
 * on screen is the account). An inactive account gets none (422): it could not log in.
 */
export async function sendPasswordLink(db: Db, deps: MailDeps, actor: Actor, userId: number) {
  const account =
    (await q.accountById(db, userId)) ?? notFound(msg('Akun tidak ditemukan.', 'Account not found.'))
  if (actor.role !== 'superadmin' && (account.role === 'admin' || account.role === 'superadmin'))
    forbidden(
      msg(
        'Hanya superadmin yang dapat mengirim tautan atur ulang kata sandi untuk akun admin.',
        "Only a superadmin may send a password reset link to an administrator's account.",
      ),
    )
  if (!account.isActive)
    unprocessable(
      msg(
        'Akun ini nonaktif. Aktifkan akunnya dulu sebelum mengirim tautan atur ulang kata sandi.',
        'This account is inactive. Activate it before sending a password reset link.',
      ),
    )
  const emailed = deps.outbox.enabled
  const link = await db.transaction(async (tx) => {
    const issued = await issuePasswordLink(tx, {
      userId: account.id,
      email: account.email,
      purpose: 'reset',
      createdBy: actor.id,
      publicUrl: deps.publicUrl,
    })
    if (emailed) await deps.outbox.queue(tx, await resetEmail(tx, account, issued))
    await audit(tx, actor, 'send_password_link', 'user', account.id, { emailed })
    return issued
  })
  if (emailed) deps.outbox.kick()
  return {
    emailed,
    email: account.email,
    link: emailed ? null : link.url,
    expiresAt: link.expiresAt.toISOString(),
    minutes: link.minutes,
  }
}
