import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

/**
 * A company's name as duplicates are told by: lower case, everything but letters and digits gone, so that
 * "PT. Maju Bersama", "PT Maju  Bersama" and "pt maju-bersama" are one name (the letterhead's "PT." and the
 * form's "PT" made two partner companies of one). Indexed on `companies` (companies_name_key_idx): the index and
 * the lookups spell the same expression.
 */
export const companyNameKey = (name: SQLWrapper | string): SQL =>
  sql`regexp_replace(lower(${name}), '[^[:alnum:]]+', '', 'g')`

/** `companyNameKey` in JavaScript, for a lock's key (letters and digits of any script). */
export const companyNameKeyOf = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
