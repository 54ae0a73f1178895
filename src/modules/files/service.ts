import type { Readable } from 'node:stream'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import { notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { type Storage, StorageNotFoundError } from '../../storage/storage.js'
import {
  dueRemovals,
  type FileRow,
  keysNamed,
  oweRemoval,
  readableFile,
  removalFailed,
  removalsDone,
} from './queries.js'
import { ALLOWED_TYPES, STORAGE_KEY_SHAPE } from './upload.js'

const notFoundFile = () => notFound(msg('Berkas tidak ditemukan.', 'File not found.'))

/**
 * The name a download is saved under: the display name, with the extension of the sniffed type
 * appended when the name does not already end with it (a PNG uploaded as `cv.pdf` is saved as
 * `cv.pdf.png`, so the saved file opens as what it is).
 */
export function downloadName(file: Pick<FileRow, 'originalName' | 'mimeType'>): string {
  const ext = ALLOWED_TYPES[file.mimeType]
  const name = file.originalName || 'berkas'
  if (!ext) return name
  const lower = name.toLowerCase()
  const same = ext === 'jpg' ? ['.jpg', '.jpeg'] : [`.${ext}`]
  return same.some((e) => lower.endsWith(e)) ? name : `${name}.${ext}`
}

/**
 * RFC 6266 / 5987: an ASCII fallback for old clients and the exact UTF-8 name for the rest. The fallback
 * holds no `*`, `=` or `;`: a client that looks for `filename*=` anywhere in the header (as the web client
 * once did) must not find one the uploader wrote into the name.
 */
export function contentDisposition(name: string): string {
  let ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\*=;]/g, '_')
    .trim()
  // A name with nothing ASCII before its extension (`日本.pdf`) still gets a stem.
  if (!ascii || ascii.startsWith('.')) ascii = `berkas${ascii}`
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/**
 * A file the caller may read, with its bytes and the headers to send them under. The bytes are
 * always served as an attachment of their sniffed type, never sniffed again by the browser.
 */
export async function openDownload(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
): Promise<{ body: Readable; headers: Record<string, string> }> {
  const file = (await readableFile(db, id, actor)) ?? notFoundFile()
  let body: Readable
  try {
    body = await storage.get(file.storageKey)
  } catch (err) {
    if (err instanceof StorageNotFoundError)
      notFound(msg('Isi berkas tidak tersedia lagi.', 'The contents of the file are no longer available.'))
    throw err
  }
  return {
    body,
    headers: {
      'content-type': file.mimeType,
      'content-length': String(file.size),
      'content-disposition': contentDisposition(downloadName(file)),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Stored bytes owed a removal

/*
 * A file's row deleted leaves its key owed a removal (`storage_deletions`) in the same transaction (the `files`
 * delete trigger, migration 0022, so a cascade from an erased learner counts too); the bytes are removed right
 * after the commit (`removeStored`), and the sweep tries again what the storage refused, until it confirms.
 * Before, a failed removal was ignored: the school was told a learner's CV was deleted, or the learner erased,
 * while the bytes stayed in the storage for good, with no row left naming them.
 */

/** The first wait after a failed removal; each further failure waits four times as long, at most `MAX_WAIT`. */
const FIRST_WAIT_SECONDS = 60
const MAX_WAIT_SECONDS = 6 * 3600
/** Removals tried by one sweep; the rest wait for the next one. */
const SWEEP_BATCH = 200

/**
 * Removes the bytes of `keys` (owed a removal) from the storage: a key removed is owed no more, one the storage
 * refused stays owed, due again after a wait, with the error. Never throws: what failed is the sweep's. Returns
 * how many were removed and how many failed.
 */
export async function removeStored(db: Db, storage: Storage, keys: string[]) {
  if (keys.length === 0) return { removed: 0, failed: 0 }
  const results = await Promise.all(
    keys.map((key) =>
      storage.delete(key).then(
        () => ({ key, error: null }),
        (err: unknown) => ({ key, error: String((err as Error)?.message ?? err).slice(0, 500) }),
      ),
    ),
  )
  const removed = results.filter((r) => r.error === null).map((r) => r.key)
  try {
    await removalsDone(db, removed)
    for (const { key, error } of results)
      if (error !== null) await removalFailed(db, key, error, FIRST_WAIT_SECONDS, MAX_WAIT_SECONDS)
  } catch {
    // The database failing here leaves the removals owed as they were: the sweep tries them again.
  }
  return { removed: removed.length, failed: results.length - removed.length }
}

/** One sweep: the removals that are due, tried again. */
export async function sweepStorageDeletions(db: Db, storage: Storage) {
  return removeStored(db, storage, await dueRemovals(db, SWEEP_BATCH))
}

/**
 * The bytes of an upload whose row was never written (its transaction failed): removed now, or owed a removal
 * when the storage refuses (the sweep tries again).
 */
export async function discardUpload(db: Conn, storage: Storage, key: string) {
  await storage.delete(key).catch(() => oweRemoval(db, [key]).catch(() => undefined))
}

/**
 * The database's files against the storage's keys (after a restore: the backup holds no bytes, the storage is of
 * another day). `missing`: rows whose bytes the storage lacks (a download answers 404 "Isi berkas tidak tersedia
 * lagi"); `orphans`: stored files (keys the service makes; not a start's probe, nor anything else in a shared
 * bucket) that no row names nor a removal owes: nobody can reach them. One listing of the storage, not a look-up
 * per file.
 */
export async function checkStorage(db: Db, storage: Storage) {
  const [{ named, owed }, stored] = await Promise.all([keysNamed(db), storage.keys()])
  const held = new Set(stored)
  const known = new Set([...named.map((f) => f.key), ...owed])
  return {
    named: named.length,
    missing: named.filter((f) => !held.has(f.key)),
    orphans: stored.filter((key) => STORAGE_KEY_SHAPE.test(key) && !known.has(key)).sort(),
  }
}
