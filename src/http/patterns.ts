import { type Msg, msg } from './i18n.js'

/**
 * The text patterns of request fields that people type (phone numbers, web addresses), each with the words a
 * 422 says when a value does not match: "formatnya tidak valid" told nobody what to write. `ajvMessage`
 * (errors.ts) looks a refused pattern up here; a pattern not listed keeps the generic words.
 */
export const PATTERNS = {
  /** A learner's mobile number as typed: digits, with the spaces, dots, dashes and brackets people write. */
  mobile: {
    pattern: '^\\s*\\+?[0-9][0-9 ().-]{6,29}\\s*$',
    words: msg(
      'harus nomor HP Indonesia, mis. 0812-3456-7890',
      'must be an Indonesian mobile number, e.g. 0812-3456-7890',
    ),
  },
  /** A company's phone: a landline or a mobile. */
  phone: {
    pattern: '^\\+?[0-9][0-9 ().-]{4,}$',
    words: msg(
      'harus nomor telepon (angka, boleh dengan spasi, titik, tanda hubung atau kurung), mis. 021-4603550',
      'must be a phone number (digits, with spaces, dots, dashes or brackets if any), e.g. 021-4603550',
    ),
  },
  webAddress: {
    pattern: '^https?://[^\\s]+$',
    words: msg(
      'harus alamat web lengkap yang diawali https:// atau http://, mis. https://contoh.co.id',
      'must be a full web address starting with https:// or http://, e.g. https://example.co.id',
    ),
  },
  /**
   * A learner's social media: a profile's address (with or without `https://`, as people copy it:
   * `instagram.com/andi_pratama`) or an account's name (`@andi.pratama`). Stored by `socialLink`.
   */
  social: {
    pattern: '^(https?://\\S+|[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+/\\S*|@?[A-Za-z0-9._-]+)$',
    words: msg(
      'harus alamat profil (mis. instagram.com/nama.akun atau https://www.linkedin.com/in/nama) atau nama akun (mis. @nama.akun)',
      'must be a profile address (e.g. instagram.com/account.name or https://www.linkedin.com/in/name) or an account name (e.g. @account.name)',
    ),
  },
} as const satisfies Record<string, { pattern: string; words: Msg }>

const WORDS = new Map<string, Msg>(Object.values(PATTERNS).map((p) => [p.pattern, p.words]))

/** The words for a value that does not match `pattern`, if it is one of `PATTERNS`. */
export const patternWords = (pattern: string): Msg | undefined => WORDS.get(pattern)

/**
 * A social-media profile as it is stored (the text cleaned; null or empty: none): an address without its scheme
 * gets `https://`; a name stays.
 */
export function socialLink(text: string | null | undefined): string | null {
  if (!text) return null
  return /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+\//.test(text) ? `https://${text}` : text
}

/**
 * An Indonesian mobile number as it is stored (`08…`, `628…` or `+628…`, digits only): the separators people
 * type dropped, a leading 0 lost by a spreadsheet put back; null when the text is none. The learner's profile,
 * staff's learner form and the roster import take it so.
 */
export function mobileNumber(text: string): string | null {
  // "+62 0812…": the trunk 0 written after the country code goes.
  let digits = text.replace(/[\s().-]/g, '').replace(/^(\+?62)0(?=8)/, '$1')
  if (/^8[0-9]{8,12}$/.test(digits)) digits = `0${digits}`
  return /^(\+62|62|0)8[0-9]{7,12}$/.test(digits) ? digits : null
}
