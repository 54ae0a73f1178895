import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The initial passwords of an import's new accounts, kept until the credentials sheet is downloaded:
 * AES-256-GCM with a key that is never in the database. The key is derived (HKDF-SHA256) from the
 * `CREDENTIALS_KEY` setting when there is one (several instances must share it), otherwise it is 32
 * random bytes in `DATA_DIR/credentials.key`, created with mode 0600 on first use. A copy of the
 * database alone (a backup, a dump, a leaked replica) therefore holds no password in a usable form.
 * Each run's ciphertext is bound to the run's id (associated data), so it cannot be moved to another run.
 */

const VERSION = 1
const KEY_FILE = 'credentials.key'

export interface KeySource {
  credentialsKey: string | null
  dataDir: string
}

const keys = new Map<string, Promise<Buffer>>()

/** The key for this configuration (read or made once per process). */
export function credentialsKey(source: KeySource): Promise<Buffer> {
  const id = source.credentialsKey ? `setting:${source.credentialsKey}` : `file:${source.dataDir}`
  let key = keys.get(id)
  if (!key) {
    key = source.credentialsKey ? Promise.resolve(derived(source.credentialsKey)) : keyFile(source.dataDir)
    key.catch(() => keys.delete(id))
    keys.set(id, key)
  }
  return key
}

function derived(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bursa', 'import-credentials-v1', 32))
}

/** Reads DATA_DIR/credentials.key, or creates it (0600) when it does not exist; two racing creators agree. */
async function keyFile(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, KEY_FILE)
  const read = async () => {
    const hex = (await readFile(path, 'utf8')).trim()
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${path} is not a 64-character hex key`)
    return Buffer.from(hex, 'hex')
  }
  try {
    return await read()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  await mkdir(dataDir, { recursive: true })
  try {
    await writeFile(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  return read()
}

const aad = (runId: number) => Buffer.from(`bursa import_runs ${runId}`)

/** base64(version | IV | tag | ciphertext) of the JSON of `value`. */
export function seal(key: Buffer, runId: number, value: unknown): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(aad(runId))
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]).toString('base64')
}

/** The value `seal` encrypted, or null when this key (or run) is not the one it was sealed with. */
export function open<T>(key: Buffer, runId: number, sealed: string): T | null {
  const raw = Buffer.from(sealed, 'base64')
  if (raw.length < 29 || raw[0] !== VERSION) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(1, 13))
    decipher.setAAD(aad(runId))
    decipher.setAuthTag(raw.subarray(13, 29))
    const text = Buffer.concat([decipher.update(raw.subarray(29)), decipher.final()]).toString('utf8')
    return JSON.parse(text) as T
  } catch {
    return null
  }
}
