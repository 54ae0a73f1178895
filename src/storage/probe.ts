import { randomBytes } from 'node:crypto'
import type { Storage } from './storage.js'

/**
 * The key of the start's probe object: at the top of the bucket (or of `DATA_DIR/files`), where no file of the
 * service lives (theirs are `<kind>/<year>/<uuid>`, src/modules/files/upload.ts), named so that whoever lists
 * the bucket knows it. Removed right after; one left by a start killed midway is harmless.
 */
export const PROBE_KEY_PREFIX = 'bursa-start-probe-'

/**
 * What the store answered, in a line: S3's error code and message rather than its XML (which may echo the
 * access key id), else the error's own message.
 */
function answerOf(err: unknown): string {
  const message = String((err as Error)?.message ?? err)
  const code = /<Code>([^<]*)<\/Code>/.exec(message)?.[1]
  const status = /failed: (\d{3})\b/.exec(message)?.[1]
  if (code) {
    const said = /<Message>([^<]*)<\/Message>/.exec(message)?.[1]
    return `${status ? `${status} ` : ''}${code}${said ? ` (${said})` : ''}`
  }
  return message
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300)
}

/**
 * Whether the file storage takes a file, has it, and lets it be removed: a small probe object is written, looked
 * up and deleted, as every upload, download and removal will. Null when it works; else one message naming the
 * setting and the store's answer. A `STORAGE_URL` whose key the store refuses (a wrong key or secret, no right
 * on the bucket, a bucket that does not exist), or a `DATA_DIR/files` the service cannot write, otherwise
 * started a service that answered every upload and download with 503. Each step waits at most the storage's
 * own timeout (30 s on S3).
 */
export async function storageProblem(
  storage: Storage,
  where: { storageUrl: string | null; dataDir: string },
): Promise<string | null> {
  const setting = where.storageUrl
    ? 'the object storage of STORAGE_URL'
    : `the folder DATA_DIR/files (${where.dataDir}/files)`
  const key = `${PROBE_KEY_PREFIX}${randomBytes(8).toString('hex')}`
  let step = 'store a file in'
  try {
    await storage.put(key, Buffer.from('bursa start-up check: safe to delete\n'))
    step = 'find the file it stored in'
    if (!(await storage.exists(key))) throw new Error('the file just stored is not there')
    step = 'delete a file from'
    await storage.delete(key)
    return null
  } catch (err) {
    return `Refusing to start: cannot ${step} ${setting}: ${answerOf(err)}. ${
      where.storageUrl
        ? 'Check the access key and secret, their rights on the bucket (write, read, delete), the bucket name and the host in STORAGE_URL.'
        : 'Check that the folder is writable by the user the service runs as.'
    }`
  }
}
