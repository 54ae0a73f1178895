import { createHash } from 'node:crypto'
import { pipeline, Readable, Transform } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { AwsV4Signer } from 'aws4fetch'
import { type Storage, StorageNotFoundError } from './storage.js'

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, ...) over `fetch`, signed with AWS
 * Signature Version 4 by aws4fetch (one small, dependency-free package). Four calls are all bursa
 * needs (PUT, GET, DELETE, HEAD of one object, and the bucket's list for the restore's check), so this small client stands in for the AWS SDK and
 * its dependency tree. Files are at most the
 * upload limit, so a body is hashed whole before it is sent.
 */

export interface S3Options {
  /** `https://host[:port]` (or `http://` with `?ssl=false`), without the bucket. */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO needs it). */
  forcePathStyle: boolean
}

/**
 * `s3://KEY:SECRET@host[:port]/bucket?region=ap-southeast-3&forcePathStyle=true[&ssl=false]`.
 * The key and secret are URL-encoded when they hold `/`, `+` or `:`.
 */
export function parseStorageUrl(raw: string): S3Options {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error('STORAGE_URL is not a URL; expected s3://KEY:SECRET@host:port/bucket?region=...')
  }
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''))
  const problems: string[] = []
  if (url.protocol !== 's3:') problems.push('the scheme must be s3://')
  if (!url.username || !url.password) problems.push('access key and secret are missing (s3://KEY:SECRET@...)')
  if (!url.hostname) problems.push('the host is missing')
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problems.push('the bucket name is missing or invalid')
  if (problems.length > 0) throw new Error(`Invalid STORAGE_URL: ${problems.join('; ')}`)
  const ssl = url.searchParams.get('ssl') !== 'false'
  return {
    endpoint: `${ssl ? 'https' : 'http'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: url.searchParams.get('forcePathStyle') === 'true',
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
/** RFC 3986 encoding of one path segment, as S3 keys want it. */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

export interface SignInput {
  method: string
  url: URL
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>
  payloadHash: string
  /** `YYYYMMDDTHHMMSSZ` */
  amzDate: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/**
 * The headers of a SigV4-signed S3 request (`authorization`, `x-amz-date`, `x-amz-content-sha256`, ...),
 * signed by aws4fetch with every given header included.
 */
export async function signV4(input: SignInput): Promise<Record<string, string>> {
  const signer = new AwsV4Signer({
    method: input.method,
    url: input.url.toString(),
    headers: { ...input.headers, 'x-amz-content-sha256': input.payloadHash },
    accessKeyId: input.accessKeyId,
    secretAccessKey: input.secretAccessKey,
    service: 's3',
    region: input.region,
    datetime: input.amzDate,
    allHeaders: true,
  })
  const { headers } = await signer.sign()
  const out = Object.fromEntries(headers.entries())
  delete out.host
  return out
}

const amzDateOf = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

async function toBuffer(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

const KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const unescapeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!)

export function s3Storage(opts: S3Options, timeoutMs = 30_000): Storage {
  const base = new URL(opts.endpoint)
  const pathOf = (path: string) =>
    opts.forcePathStyle
      ? new URL(`${base.protocol}//${base.host}/${encodeSegment(opts.bucket)}/${path}`)
      : new URL(`${base.protocol}//${opts.bucket}.${base.host}/${path}`)
  const urlOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..') || key.includes('//'))
      throw new Error(`unsafe storage key: ${key}`)
    return pathOf(key.split('/').map(encodeSegment).join('/'))
  }

  /**
   * One signed request. The timeout bounds the wait for S3's answer (headers; for a PUT, the body sent
   * first); the caller's `stall` re-arms it for a body read afterwards. A deadline on the whole fetch would
   * also cut a GET's body while a slow downloader reads it, after the 200 has gone out.
   */
  async function send(method: string, key: string | URL, body?: Buffer) {
    const controller = new AbortController()
    const abort = () => controller.abort(new DOMException('S3 did not answer in time', 'TimeoutError'))
    const timer = setTimeout(abort, timeoutMs)
    try {
      const res = await request(method, key, body, controller.signal)
      return { res, stall: () => setTimeout(abort, timeoutMs) }
    } finally {
      clearTimeout(timer)
    }
  }

  async function request(method: string, key: string | URL, body: Buffer | undefined, signal: AbortSignal) {
    const url = typeof key === 'string' ? urlOf(key) : key
    const signed = await signV4({
      method,
      url,
      payloadHash: sha256(body ?? ''),
      amzDate: amzDateOf(new Date()),
      region: opts.region,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
    })
    return fetch(url, {
      method,
      headers: signed,
      body: body ? new Uint8Array(body) : undefined,
      signal,
    })
  }

  /** The error of a refused request, with the start of S3's explanation (read within the timeout). */
  const fail = async ({ res, stall }: Awaited<ReturnType<typeof send>>, what: string) => {
    const timer = stall()
    const text = await res.text().catch(() => '')
    clearTimeout(timer)
    return new Error(`S3 ${what} failed: ${res.status} ${text.slice(0, 300)}`)
  }

  return {
    async put(key, body) {
      const data = await toBuffer(body)
      const sent = await send('PUT', key, data)
      if (!sent.res.ok) throw await fail(sent, `PUT ${key}`)
      await sent.res.body?.cancel()
    },
    async get(key) {
      const sent = await send('GET', key)
      const { res, stall } = sent
      if (res.status === 404) {
        await res.body?.cancel()
        throw new StorageNotFoundError(key)
      }
      if (!res.ok || !res.body) throw await fail(sent, `GET ${key}`)
      // The body may take as long as the downloader reads; only S3 going silent for the timeout ends it.
      const timer = stall()
      const watch = new Transform({
        transform(chunk, _encoding, done) {
          timer.refresh()
          done(null, chunk)
        },
      })
      pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), watch, () => clearTimeout(timer))
      return watch
    },
    async delete(key) {
      const sent = await send('DELETE', key)
      if (!sent.res.ok && sent.res.status !== 404) throw await fail(sent, `DELETE ${key}`)
      await sent.res.body?.cancel()
    },
    async exists(key) {
      const { res } = await send('HEAD', key)
      await res.body?.cancel()
      if (res.status === 404) return false
      if (!res.ok) throw new Error(`S3 HEAD ${key} failed: ${res.status}`)
      return true
    },
    /** ListObjectsV2, a page of at most 1,000 keys at a time; keys bursa would not have made are left out. */
    async keys() {
      const found: string[] = []
      let token: string | null = null
      do {
        const url = pathOf('')
        url.searchParams.set('list-type', '2')
        if (token) url.searchParams.set('continuation-token', token)
        const sent = await send('GET', url)
        if (!sent.res.ok) throw await fail(sent, 'list')
        const timer = sent.stall()
        const xml = await sent.res.text().finally(() => clearTimeout(timer))
        for (const [, key] of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) {
          const k = unescapeXml(key as string)
          if (KEY.test(k) && !k.includes('..') && !k.includes('//')) found.push(k)
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? unescapeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') ||
            null
          : null
      } while (token)
      return found
    },
  }
}
