import type { Readable } from 'node:stream'
import type { Actor } from '../../actor.js'
import type { Db } from '../../db/client.js'
import { notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { type Storage, StorageNotFoundError } from '../../storage/storage.js'
import { type FileRow, readableFile } from './queries.js'
import { ALLOWED_TYPES } from './upload.js'

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
