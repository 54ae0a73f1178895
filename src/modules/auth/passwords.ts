import argon2 from 'argon2'

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 20 ms here).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, OPTIONS)
}

let dummy: Promise<string> | undefined

/** Verifies against the hash, or against a throw-away hash so that unknown e-mails take as long. */
export async function verifyPassword(hash: string | undefined, plain: string): Promise<boolean> {
  dummy ??= hashPassword('bursa-timing-equaliser')
  try {
    const ok = await argon2.verify(hash ?? (await dummy), plain)
    return hash !== undefined && ok
  } catch {
    return false
  }
}
