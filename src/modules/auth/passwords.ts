import { availableParallelism } from 'node:os'
import argon2 from 'argon2'
import pLimit from 'p-limit'

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 20 ms here).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

/**
 * At most one hash per core at a time (at least two): each holds 19 MiB while it runs and hashing is
 * CPU-bound. Without this, a login burst fills libuv's four worker threads with hashes (4 × 19 MiB) and
 * leaves no thread for file reads meanwhile.
 */
const hashing = pLimit(Math.max(2, availableParallelism()))

export function hashPassword(plain: string): Promise<string> {
  return hashing(() => argon2.hash(plain, OPTIONS))
}

let dummy: Promise<string> | undefined

/** Verifies against the hash, or against a throw-away hash so that unknown e-mails take as long. */
export async function verifyPassword(hash: string | undefined, plain: string): Promise<boolean> {
  dummy ??= hashPassword('bursa-timing-equaliser')
  try {
    const against = hash ?? (await dummy)
    const ok = await hashing(() => argon2.verify(against, plain))
    return hash !== undefined && ok
  } catch {
    return false
  }
}
