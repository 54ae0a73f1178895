import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The rotating check-in code of a test: `<schedule id>-<8 characters>`, the characters being the first
 * 40 bits of HMAC-SHA256(secret, "<schedule id>:<window>") in Crockford's base32 (no I, L, O or U, so
 * nothing reads as another character), `window` the 30-second slot since the Unix epoch. The secret is
 * the schedule's own (`test_schedules.check_in_secret`, in the database, so every instance agrees), made
 * on first use. Short enough to type from a screen; 40 bits cannot be guessed within a minute.
 */

export const WINDOW_SECONDS = 30
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const LENGTH = 8

/** A new secret for a schedule (32 random bytes, hex). */
export const newSecret = () => randomBytes(32).toString('hex')

/** The 30-second window an instant falls in. */
export const windowOf = (at: Date) => Math.floor(at.getTime() / (WINDOW_SECONDS * 1000))

/** When a window ends (the next code takes over). */
export const windowEnd = (window: number) => new Date((window + 1) * WINDOW_SECONDS * 1000)

/** The 8 characters of the schedule's code in `window`. */
export function codeChars(secret: string, scheduleId: number, window: number): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'hex')).update(`${scheduleId}:${window}`).digest()
  let bits = 0n
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(mac[i])
  let out = ''
  for (let i = LENGTH - 1; i >= 0; i--) out += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)]
  return out
}

/** The code as shown and typed: `12-K7MX2QAB`. */
export const codeOf = (secret: string, scheduleId: number, window: number) =>
  `${scheduleId}-${codeChars(secret, scheduleId, window)}`

/**
 * A typed or scanned code read back: spaces and case do not matter, nor dashes after the first; O reads
 * as 0 and I or L as 1 (Crockford). Null when it cannot be a code.
 */
export function parseCode(input: string): { scheduleId: number; chars: string } | null {
  const m = /^(\d{1,10})-([0-9A-Z-]+)$/.exec(input.replace(/\s+/g, '').toUpperCase())
  if (!m) return null
  const scheduleId = Number(m[1])
  if (scheduleId < 1 || scheduleId > 2_147_483_647) return null
  const chars = m[2].replace(/-/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (chars.length !== LENGTH || [...chars].some((c) => !ALPHABET.includes(c))) return null
  return { scheduleId, chars }
}

/** Whether `chars` is the schedule's code in `window` (compared in constant time). */
export function isCodeOf(chars: string, secret: string, scheduleId: number, window: number) {
  return timingSafeEqual(Buffer.from(chars), Buffer.from(codeChars(secret, scheduleId, window)))
}
