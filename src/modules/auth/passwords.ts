import { availableParallelism } from 'node:os'
import * as argon2 from '@node-rs/argon2'
import pLimit from 'p-limit'

/**
 * `Algorithm.Argon2id`: the package declares its enum as an ambient `const enum`, which `isolatedModules`
 * cannot read, so its value is written here.
 */
const ARGON2ID = 2 satisfies argon2.Algorithm.Argon2id

/**
 * OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 10 ms here). `@node-rs/argon2` (RustCrypto's
 * argon2 on libuv's pool) takes half the CPU of the `argon2` package for the same hash, and gives each hash's
 * 19 MiB back when it ends, where the other left it in the C allocator's arena of every pool thread that ever
 * hashed (docs/performance.md, "Passwords hashed in Rust"). Both write and read the same PHC strings, so the
 * hashes stored before it still verify.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

/**
 * Hashes at a time: one core fewer than the machine has (at least one). Each holds 19 MiB while it runs and
 * is CPU-bound, so a login burst keeps a core for every other request and for PostgreSQL on the same
 * machine: on two cores, with the student list asked meanwhile, the list ran at 1,072–1,107 req/s (p99
 * 50 ms) instead of 753–1,186 (p99 48–74), and the school-scale bench's service peak was 18–29 MB lower,
 * for 10–17% fewer logins a second (docs/performance.md, "One password hash at a time"). Without a limit,
 * a burst fills libuv's four worker threads with hashes (4 × 19 MiB) and leaves none for file reads.
 */
const hashesAtOnce = Math.max(1, availableParallelism() - 1)
const hashing = pLimit(hashesAtOnce)

export function hashPassword(plain: string): Promise<string> {
  return hashing(() => argon2.hash(plain, OPTIONS))
}

/**
 * Initial passwords of imported accounts are random (`temporaryPassword`: 12 characters of 57, about 70
 * bits), used once, and must be changed at first login: guessing one offline is out of reach whatever the
 * hash costs (2^70 guesses at a million a second is 37 million years), so they are hashed with argon2id
 * at a low cost (1 MiB, 1 pass: about 0.3 ms instead of 10-50 ms here) and 2,000 of them fit in a roster
 * import's time (docs/performance.md). A password a person chooses always gets `OPTIONS`. The parameters
 * travel in the hash, so `verifyPassword` needs nothing else.
 */
const INITIAL = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const

/**
 * Hashes many generated passwords through the same limit as every hash, a few at a time: a login that
 * arrives meanwhile waits behind one small batch, not behind the whole list.
 */
export async function hashInitialPasswords(plains: string[]): Promise<string[]> {
  const out: string[] = []
  for (let i = 0; i < plains.length; i += hashesAtOnce)
    out.push(
      ...(await Promise.all(
        plains.slice(i, i + hashesAtOnce).map((p) => hashing(() => argon2.hash(p, INITIAL))),
      )),
    )
  return out
}

let dummy: Promise<string> | undefined

/**
 * Whether verifying against `hash` costs less than against a hash of `OPTIONS` (an imported account's initial
 * password, `INITIAL`): then the dummy is verified too, or a quick 401 would tell that the e-mail has an
 * account still on its initial password (and imported logins follow the guessable `<nisn>@domain`).
 */
export function cheaperThanFullCost(hash: string): boolean {
  const cost = /\$m=(\d+),t=(\d+)/.exec(hash)
  return cost !== null && Number(cost[1]) * Number(cost[2]) < OPTIONS.memoryCost * OPTIONS.timeCost
}

/**
 * Verifies against the hash, or against a throw-away hash of full cost so that unknown e-mails take as long;
 * a hash of lower cost is followed by the throw-away one, so that it takes as long too. A stored value that is
 * no argon2 hash (an HR account made by approving a sign-up, whose contact has not set a password yet: no
 * password opens it) is answered after the throw-away one as well: refused at once, it told which e-mails
 * are such accounts.
 */
export async function verifyPassword(hash: string | undefined, plain: string): Promise<boolean> {
  dummy ??= hashPassword('bursa-timing-equaliser')
  const usable = hash?.startsWith('$argon2') === true
  try {
    const against = usable ? (hash as string) : await dummy
    const ok = await hashing(() => argon2.verify(against, plain))
    if (usable && cheaperThanFullCost(hash as string)) {
      const padding = await dummy
      await hashing(() => argon2.verify(padding, plain))
    }
    return usable && ok
  } catch {
    return false
  }
}
