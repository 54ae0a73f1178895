import { randomBytes } from 'node:crypto'
import { deflateSync } from 'node:zlib'

/** A file part of a form: its bytes, the name the client claims and the type the client claims. */
export interface FilePart {
  data: Buffer
  filename: string
  contentType?: string
}

export type FormValue = string | FilePart

/**
 * A `multipart/form-data` body built by hand, as a browser would send it. Fields go in the order
 * given (pass the file first to check that fields after it are read too).
 */
export function multipart(fields: Record<string, FormValue> | [string, FormValue][]): {
  body: Buffer
  headers: Record<string, string>
} {
  const boundary = `----bursa${randomBytes(8).toString('hex')}`
  const entries = Array.isArray(fields) ? fields : Object.entries(fields)
  const chunks: Buffer[] = []
  for (const [name, value] of entries) {
    chunks.push(Buffer.from(`--${boundary}\r\n`))
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n`))
      chunks.push(Buffer.from(value, 'utf8'))
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      )
      chunks.push(value.data)
    }
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A small but well-formed PDF (file-type recognises `%PDF`). */
export function tinyPdf(text = 'bursa'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  )
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const pngChunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A valid 1x1 RGBA PNG. */
export function tinyPng(): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(1, 0)
  ihdr.writeUInt32BE(1, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x20, 0x60, 0xa0, 0xff]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** The start of a Windows executable (`MZ` ... `PE\0\0`), whatever it is named. */
export function fakeExe(): Buffer {
  const buf = Buffer.alloc(512)
  buf.write('MZ', 0, 'ascii')
  buf.writeUInt32LE(0x80, 0x3c)
  buf.write('PE\0\0', 0x80, 'ascii')
  return buf
}
