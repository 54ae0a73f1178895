import { createRequire } from 'node:module'
import { addFieldError, type FieldErrors, unprocessable } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'

/**
 * The one rule for a password someone sets (an account created or reset by a superadmin, an HR account
 * or a learner's account created by the career center, `npm run create-admin`). Logging in never applies
 * it: an old password still works. Refused, with the first reason that applies:
 * - fewer than PASSWORD_MIN or more than PASSWORD_MAX characters;
 * - only spaces, or fewer than three different characters (`aaaaaaaa`, `abababab`);
 * - one of the ~49,000 most common passwords (zxcvbn-ts's list, which has Indonesian ones such as
 *   `bismillah` or `sayang`), compared in lower case, also once the digits and signs around it are
 *   taken off (`Password123!` is `password`);
 * - holding the account's e-mail, the part before the `@`, or a word of the account's name.
 * A Set lookup and a few string scans: microseconds, next to the ~20 ms of hashing.
 */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 200

let common: Set<string> | undefined

/**
 * zxcvbn-ts's common passwords, loaded when a password is first set (about 40 ms, once): they hold about
 * 4 MB of heap that a service whose day is logins and lists never needs (docs/performance.md, "Source maps
 * read when an error is logged"). Loaded synchronously (its CommonJS build) so the rule stays a plain check.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as {
      dictionary: Record<string, string[]>
    }
    common = new Set(dictionary['passwords-common'])
  }
  return common
}

/** Letters or digits of any script: what is left of `#Budi_2025!` is `budi`, `2025`. */
const WORDS = /[\p{L}\p{N}]+/gu

export interface PasswordOwner {
  email?: string | null
  fullName?: string | null
}

/** What of the account a password must not hold: e-mail, its local part and their words; name words. */
function personalParts(owner: PasswordOwner): string[] {
  const parts = new Set<string>()
  const email = owner.email?.trim().toLowerCase() ?? ''
  if (email) {
    parts.add(email)
    const local = email.split('@')[0]
    parts.add(local)
    for (const w of local.match(WORDS) ?? []) parts.add(w)
  }
  const name = owner.fullName?.trim().toLowerCase() ?? ''
  for (const w of name.match(WORDS) ?? []) parts.add(w)
  if (name) parts.add((name.match(WORDS) ?? []).join(''))
  return [...parts].filter((p) => p.length > 0)
}

const tooShortOrLong = msg(
  `panjangnya ${PASSWORD_MIN} sampai ${PASSWORD_MAX} karakter`,
  `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`,
)

/** Why this password may not be set for this account, or null when it may. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): Msg | null {
  const length = [...password].length
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return tooShortOrLong
  if (!password.trim()) return msg('tidak boleh hanya berisi spasi', 'must not be made of spaces only')
  if (new Set(password.toLowerCase()).size < 3)
    return msg(
      'terlalu sederhana: pakai lebih banyak karakter yang berbeda',
      'is too simple: use more different characters',
    )
  const lower = password.toLowerCase()
  // The password without the digits and signs around it: `Sayang2025!` -> `sayang`.
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  const known = commonPasswords()
  if (known.has(lower) || (core.length >= 4 && known.has(core)))
    return msg(
      'terlalu umum dan mudah ditebak; pilih kata sandi lain',
      'is too common and easy to guess; choose another one',
    )
  const letters = (lower.match(WORDS) ?? []).join('')
  for (const part of personalParts(owner)) {
    // Short words of a name (`Ani`) only count when they are the whole password's letters.
    if ((part.length >= 4 && lower.includes(part)) || letters === part || core === part)
      return msg(
        'tidak boleh memuat e-mail atau nama pemilik akun',
        "must not contain the account's e-mail or name",
      )
  }
  return null
}

/** Adds the password's problem, if any, to `errors` under `field`. */
export function checkPassword(
  errors: FieldErrors,
  password: string,
  owner: PasswordOwner,
  field = 'password',
): void {
  const problem = passwordProblem(password, owner)
  if (problem) addFieldError(errors, field, problem)
}

/** 422 on `field` when the password may not be set for this account. */
export function assertStrongPassword(password: string, owner: PasswordOwner, field = 'password') {
  const errors: FieldErrors = {}
  checkPassword(errors, password, owner, field)
  if (Object.keys(errors).length > 0)
    unprocessable(msg('Kata sandi terlalu lemah.', 'The password is too weak.'), errors)
}
