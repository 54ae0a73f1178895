import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
import { AppError } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { refuseInsaneInput } from '../../http/sane-input.js'

/**
 * Reading, judging and naming uploaded files: what every upload route shares (portfolio files now,
 * decision letters later). Nothing here touches the database or storage.
 */

/** The types a file may have, judged by its bytes; the value is the extension it is served with. */
export const ALLOWED_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
}

export interface UploadedFile {
  /** The whole file: at most the upload limit, so buffering it is bounded. */
  buffer: Buffer
  /** The name the client gave, untrusted: display text only (see `displayName`). */
  filename: string
}

export interface Upload {
  /** Text fields of the form; the first value of a repeated field wins. */
  fields: Record<string, string>
  /** The file sent in the expected field, or null when none was. */
  file: UploadedFile | null
}

const mb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10

export const fileTooLarge = (limit: number) =>
  new AppError(
    413,
    msg(
      `Ukuran berkas melebihi batas ${mb(limit)} MB.`,
      `The file is larger than the limit of ${mb(limit)} MB.`,
    ),
  )

const badForm = () =>
  new AppError(400, msg('Isi unggahan multipart tidak valid.', 'The multipart upload is malformed.'))

/**
 * Reads a `multipart/form-data` request: its text fields and the one file in `fileField`, in one of the
 * account's upload slots (src/modules/files/upload-slots.ts: 429 or 503 when none is free).
 * The size limit (the multipart plugin's `fileSize`) is enforced while the bytes stream in: a file
 * over it answers 413 and is never kept, in memory or anywhere else. Every part is consumed, so the
 * parser never stalls on a part we do not want.
 */
export async function readUpload(req: FastifyRequest, limit: number, fileField = 'file'): Promise<Upload> {
  if (!req.isMultipart())
    throw new AppError(
      415,
      msg(
        'Unggahan harus dikirim sebagai multipart/form-data.',
        'Uploads must be sent as multipart/form-data.',
      ),
    )
  // Held until the answer has gone: the file stays in memory while the route judges and stores it.
  req.server.uploadSlots.take(req)
  const fields: Record<string, string> = {}
  let file: UploadedFile | null = null
  let truncated = false
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        // Trimmed, as a JSON body's text is by the services: a field of blanks is empty (it clears), where
        // the validation's coercion would have read it as the number 0.
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = String(part.value ?? '').trim()
        continue
      }
      const chunks: Buffer[] = []
      for await (const chunk of part.file) if (!part.file.truncated) chunks.push(chunk)
      if (part.file.truncated) truncated = true
      else if (part.fieldname === fileField && !file)
        file = { buffer: Buffer.concat(chunks), filename: part.filename ?? '' }
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(limit)
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(422, msg('Data yang dikirim tidak valid.', 'The given data was invalid.'), {
        [fileField]: [msg('hanya satu berkas per unggahan', 'only one file per upload')],
      })
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(413, msg('Unggahan berisi terlalu banyak kolom.', 'The upload has too many fields.'))
    // Anything else the parser raises is a malformed body (no boundary, a part cut short, ...).
    req.log.info({ err }, 'malformed multipart upload')
    throw badForm()
  }
  if (truncated) throw fileTooLarge(limit)
  refuseInsaneInput(fields)
  return { fields, file }
}

/** The type of the bytes, when it is one we accept; 415 otherwise (whatever the name or header said). */
export async function sniff(buffer: Buffer): Promise<{ mime: string; ext: string }> {
  const type = buffer.length > 0 ? await fileTypeFromBuffer(buffer) : undefined
  const ext = type ? ALLOWED_TYPES[type.mime] : undefined
  if (!type || !ext)
    throw new AppError(
      415,
      msg(
        'Jenis berkas tidak diizinkan. Unggah PDF, JPG, PNG atau WebP.',
        'This file type is not allowed. Upload a PDF, JPG, PNG or WebP file.',
      ),
    )
  return { mime: type.mime, ext }
}

// C0 and C1 controls, and the bidirectional marks that can make `cv\u202Efdp.exe` read as `cv.exe.pdf`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
const MAX_NAME = 200

/**
 * The uploaded name as display text: path parts, control and direction characters and leading dots
 * removed, at most 200 characters (the extension kept). `../../etc/passwd` becomes `passwd`.
 * It is never used as a storage key or a path.
 */
export function displayName(raw: string | undefined, fallback = 'berkas'): string {
  const base = (raw ?? '').normalize('NFC').replace(UNSAFE_CHARS, '').split(/[\\/]/).pop() ?? ''
  const name = base.trim().replace(/^\.+/, '').trim() || fallback
  const chars = Array.from(name)
  if (chars.length <= MAX_NAME) return name
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? Array.from(name.slice(dot)) : []
  if (ext.length > 0 && ext.length <= 10) return chars.slice(0, MAX_NAME - ext.length).join('') + ext.join('')
  return chars.slice(0, MAX_NAME).join('')
}

/** A fresh storage key that says nothing about the file: `<prefix>/<year>/<uuid>`. */
export const newStorageKey = (prefix: string) => `${prefix}/${new Date().getUTCFullYear()}/${randomUUID()}`
/** A key `newStorageKey` makes: what the restore's check counts as a file of the service (not a start's probe). */
export const STORAGE_KEY_SHAPE =
  /^[a-z]+\/\d{4}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
