import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseStorageUrl, s3Storage, signV4 } from '../../src/storage/s3.js'
import { createStorage, StorageNotFoundError } from '../../src/storage/storage.js'

/**
 * No real S3 is reachable here: the signer is checked against the example AWS publishes for
 * Signature Version 4 on S3, and the client against a small in-memory S3 stand-in that re-signs
 * every request it receives and refuses it unless the signatures agree.
 */

const EMPTY_SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

describe('signV4()', () => {
  it('reproduces the signature of the AWS documentation example (GET Object with Range)', async () => {
    const headers = await signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA,
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    })
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })
})

describe('parseStorageUrl()', () => {
  it('reads key, secret, host, bucket, region and path style', () => {
    expect(
      parseStorageUrl(
        's3://AK:s%2Fcr%2Bt@minio.local:9000/bursa-files?region=ap-southeast-3&forcePathStyle=true',
      ),
    ).toEqual({
      endpoint: 'https://minio.local:9000',
      bucket: 'bursa-files',
      region: 'ap-southeast-3',
      accessKeyId: 'AK',
      secretAccessKey: 's/cr+t',
      forcePathStyle: true,
    })
    expect(parseStorageUrl('s3://AK:SK@localhost:9000/b1b?ssl=false').endpoint).toBe('http://localhost:9000')
  })

  it('fails at start with a message naming what is wrong', () => {
    expect(() => parseStorageUrl('s3://host/bucket')).toThrow(/access key and secret/)
    expect(() => parseStorageUrl('http://a:b@host/bucket')).toThrow(/s3:\/\//)
    expect(() => parseStorageUrl('s3://a:b@host/')).toThrow(/bucket/)
    expect(() => createStorage({ storageUrl: 'nope', dataDir: '/tmp' })).toThrow(/STORAGE_URL/)
  })
})

describe('s3Storage()', () => {
  const objects = new Map<string, Buffer>()
  const seen: string[] = []
  let server: Server
  let port = 0

  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    return Buffer.concat(chunks)
  }

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await read(req)
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
      seen.push(`${req.method} ${url.pathname}`)
      // Re-sign what arrived; refuse unless it matches what the client sent.
      const auth = String(req.headers.authorization ?? '')
      const signedNames = auth.match(/SignedHeaders=([^,]+)/)?.[1].split(';') ?? []
      const extra = Object.fromEntries(
        signedNames
          .filter((h) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(h))
          .map((h) => [h, String(req.headers[h])]),
      )
      const expected = (
        await signV4({
          method: req.method ?? 'GET',
          url,
          headers: extra,
          payloadHash: createHash('sha256').update(body).digest('hex'),
          amzDate: String(req.headers['x-amz-date']),
          region: 'ap-southeast-3',
          accessKeyId: 'AK',
          secretAccessKey: 'SK/secret',
        })
      ).authorization
      if (
        auth !== expected ||
        req.headers['x-amz-content-sha256'] !== createHash('sha256').update(body).digest('hex')
      ) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>')
        return
      }
      const key = url.pathname
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        // ListObjectsV2, two keys a page, the continuation token being the next position.
        const all = [...objects.keys()].filter((k) => k.startsWith('/bursa/')).map((k) => k.slice(7))
        const from = Number(url.searchParams.get('continuation-token') ?? 0)
        const more = from + 2 < all.length
        res.writeHead(200, { 'content-type': 'application/xml' }).end(
          `<ListBucketResult>${all
            .slice(from, from + 2)
            .map((k) => `<Contents><Key>${k}</Key></Contents>`)
            .join(
              '',
            )}<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${from + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
        )
        return
      }
      if (req.method === 'PUT') {
        objects.set(key, body)
        res.writeHead(200).end()
      } else if (req.method === 'GET' || req.method === 'HEAD') {
        const obj = objects.get(key)
        if (!obj)
          res.writeHead(404).end(req.method === 'GET' ? '<Error><Code>NoSuchKey</Code></Error>' : undefined)
        else res.writeHead(200, { 'content-length': obj.length }).end(req.method === 'GET' ? obj : undefined)
      } else if (req.method === 'DELETE') {
        objects.delete(key)
        res.writeHead(204).end()
      } else res.writeHead(405).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const storage = () =>
    createStorage({
      storageUrl: `s3://AK:SK%2Fsecret@127.0.0.1:${port}/bursa?region=ap-southeast-3&forcePathStyle=true&ssl=false`,
      dataDir: '/nonexistent',
    })

  it('puts, gets, checks and deletes an object under a path-style URL, every request signed', async () => {
    const s = storage()
    const bytes = Buffer.from('%PDF-1.4 isi berkas')
    await s.put('portfolio/2026/abc-123', bytes)
    expect(objects.get('/bursa/portfolio/2026/abc-123')?.equals(bytes)).toBe(true)
    expect(await s.exists('portfolio/2026/abc-123')).toBe(true)
    const chunks: Buffer[] = []
    for await (const c of await s.get('portfolio/2026/abc-123')) chunks.push(Buffer.from(c))
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true)
    await s.delete('portfolio/2026/abc-123')
    expect(await s.exists('portfolio/2026/abc-123')).toBe(false)
    expect(seen).toContain('PUT /bursa/portfolio/2026/abc-123')
  })

  it('raises StorageNotFoundError for a missing object and an error for a refused request', async () => {
    await expect(storage().get('portfolio/none')).rejects.toBeInstanceOf(StorageNotFoundError)
    const wrong = s3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'bursa',
      region: 'ap-southeast-3',
      accessKeyId: 'AK',
      secretAccessKey: 'wrong',
      forcePathStyle: true,
    })
    await expect(wrong.put('portfolio/x', Buffer.from('x'))).rejects.toThrow(/403/)
  })

  it("lists every key, page after page (the restore's check of the files)", async () => {
    const s = storage()
    const keys = [
      'letters/2026/a-1',
      'portfolio/2026/b-2',
      'portfolio/2026/c-3',
      'portfolio/2026/d-4',
      'portfolio/2026/e-5',
    ]
    for (const key of keys) await s.put(key, Buffer.from(key))
    expect((await s.keys()).sort()).toEqual(keys)
    for (const key of keys) await s.delete(key)
  })

  it('refuses keys it did not make', async () => {
    await expect(storage().put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/unsafe/)
  })
})

describe('s3Storage().get: the timeout bounds waiting for S3, not the download', () => {
  // Timings leave each wait a wide margin (the suite runs on two loaded cores): a steady body's
  // gaps are 400 ms under a 1 s timeout, and the whole of it takes 1.6 s, well past the timeout.
  const TIMEOUT_MS = 1_000
  const CHUNKS = 5
  const chunk = Buffer.alloc(64 * 1024, 0x41)
  let server: Server
  let port = 0
  /** Sends the object's chunks `gapMs` apart, or, when `stall`, two at once and then nothing. */
  let pace = { gapMs: 400, stall: false }

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(chunk.length * CHUNKS) })
      if (pace.stall) {
        res.write(chunk)
        res.write(chunk)
        return
      }
      let sent = 0
      const next = () => {
        if (res.destroyed) return
        res.write(chunk)
        if (++sent === CHUNKS) res.end()
        else setTimeout(next, pace.gapMs)
      }
      next()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  const storage = () =>
    s3Storage(
      {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'bursa',
        region: 'us-east-1',
        accessKeyId: 'AK',
        secretAccessKey: 'SK',
        forcePathStyle: true,
      },
      TIMEOUT_MS,
    )
  const read = async (body: AsyncIterable<unknown>) => {
    const received: Buffer[] = []
    try {
      for await (const c of body) received.push(c as Buffer)
      return { bytes: Buffer.concat(received).length, error: null }
    } catch (err) {
      return { bytes: Buffer.concat(received).length, error: err as Error }
    }
  }

  it('a body that takes longer than the timeout, arriving steadily, is delivered whole', async () => {
    pace = { gapMs: 400, stall: false }
    const started = Date.now()
    const { bytes, error } = await read(await storage().get('portfolio/2026/slow'))
    expect(error).toBeNull()
    expect(bytes).toBe(chunk.length * CHUNKS)
    expect(Date.now() - started).toBeGreaterThan(TIMEOUT_MS)
  })

  it('a body that stops arriving for the timeout fails instead of hanging', async () => {
    pace = { gapMs: 0, stall: true }
    const started = Date.now()
    const { bytes, error } = await read(await storage().get('portfolio/2026/stalled'))
    expect(error?.name).toBe('TimeoutError')
    expect(bytes).toBe(chunk.length * 2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS)
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})
